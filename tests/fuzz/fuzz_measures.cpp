// Harness (c): two texts -> every evaluation measure (eval.hpp). The bytes
// give the language, the segmentation, the CleanEval autojunk switch and
// small work limits (so that the bounded LCS / alignment fallbacks are
// reached on short inputs too), then the two texts.
#include <cmath>
#include <string>

#include "byte_reader.hpp"
#include "check.hpp"
#include "targets.hpp"

namespace wce::fuzz {
namespace {

const char* const kLangs[] = {"", "en", "zh", "ja-JP", "th", "de", "yue", "km", "xx-invalid"};

void check_prf(const PRF& p, const char* name) {
  for (double v : {p.precision, p.recall, p.f1})
    if (!(v >= 0.0 && v <= 1.0 + 1e-9)) broken(std::string(name) + ": " + std::to_string(v) + " outside [0,1]");
}

}  // namespace

int measures_target(const uint8_t* data, size_t size) {
  ByteReader in(data, size);
  MeasureOptions opt;
  opt.lang = kLangs[in.range(0, sizeof kLangs / sizeof kLangs[0] - 1)];
  opt.segmentation = static_cast<Segmentation>(in.range(0, 2));
  opt.cleaneval_autojunk = in.flag();
  if (in.flag()) {
    opt.lcs_work_limit = in.range(0, 4096);
    opt.cleaneval_work_limit = in.range(0, 4096);
  }
  std::string predicted = in.string(size);
  std::string gold = in.rest();

  PageMeasures m = measure_page(predicted, gold, opt);
  check_prf(m.rouge_lsum, "rouge_lsum");
  check_prf(m.chars, "chars");
  check_prf(m.word_lcs, "word_lcs");
  check_prf(m.bag, "bag");
  check_prf(m.set, "set");
  check_prf(m.cleaneval, "cleaneval");
  check_prf(m.voc, "voc");
  check_prf(m.occ, "occ");
  for (const std::string& name : measure_names()) {
    auto v = measure_value(m, name);
    if (!v) broken("measure_value has no column " + name);
    if (std::isnan(*v)) broken(name + " is NaN");
  }
  check_prf(rouge_lsum(predicted, gold), "rouge_lsum()");
  // (The LCS alignment itself is internal since the run-layer refactor
  // (core/src/eval/sequence_match.hpp): it is reached through measure_page.)
  return 0;
}

}  // namespace wce::fuzz
