#include <map>
#include <stdexcept>

#include "extractors/registry_list.hpp"
#include "nn/model_file.hpp"

namespace wce {

const char* family_name(Family family) {
  switch (family) {
    case Family::Baseline: return "baseline";
    case Family::Heuristic: return "heuristic";
    case Family::Learned: return "learned";
    case Family::Ensemble: return "ensemble";
  }
  return "heuristic";
}

const std::vector<std::unique_ptr<Extractor>>& extractors() {
  static const std::vector<std::unique_ptr<Extractor>> all = [] {
    std::vector<std::unique_ptr<Extractor>> v;
    v.push_back(make_all_text());
    v.push_back(make_rendering());
    v.push_back(make_lxml_cleaner());
    v.push_back(make_crunch());
    v.push_back(make_bte());
    v.push_back(make_lqf25());
    v.push_back(make_lqf50());
    v.push_back(make_lqf75());
    v.push_back(make_dsc());
    v.push_back(make_ccb());
    v.push_back(make_cetr());
    v.push_back(make_cetr_lines());
    v.push_back(make_cetd());
    v.push_back(make_boilerpipe());
    v.push_back(make_boilerpipe_article());
    v.push_back(make_boilerpipe_largest());
    v.push_back(make_boilerpipe_keepall());
    v.push_back(make_justext());
    v.push_back(make_readability());
    v.push_back(make_goose());
    v.push_back(make_trafilatura());
    v.push_back(make_domdistiller());
    v.push_back(make_resiliparse());
    // BoilerNet at the paper's size only where its weights are compiled in
    // (the WebAssembly build leaves them out: CMake WCE_NATIVE_ONLY_MODELS).
    if (!nn::embedded_model("boilernet").empty()) v.push_back(make_boilernet());
    v.push_back(make_boilernet_small());
    v.push_back(make_dragnet());
    v.push_back(make_web2text());
    v.push_back(make_vote_all());
    v.push_back(make_vote_best());
    v.push_back(make_vote_best_weighted());
    v.push_back(make_news_please());
    v.push_back(make_learned_ensemble());
    v.push_back(make_agreement());
    std::vector<const ExtractorInfo*> infos;
    for (const auto& e : v) infos.push_back(&e->info());
    const std::vector<std::string> problems = registry_problems(infos);
    if (!problems.empty()) {
      std::string msg = "the extractor registry is inconsistent:";
      for (const std::string& p : problems) msg += "\n  " + p;
      throw std::logic_error(msg);
    }
    for (const auto& e : v)
      for (const std::string& need : e->info().needs)
        for (const auto& m : v)
          if (m->info().name == need) e->members_.push_back(m.get());
    return v;
  }();
  return all;
}

std::string missing_extractor_reason(const std::string& name) {
  if (name == "boilernet" && nn::embedded_model("boilernet").empty())
    return "boilernet (BoilerNet at the paper's size, 5.8 MB of weights) is native-only: this build "
           "(e.g. the WebAssembly module) leaves its weights out; use boilernet_small";
  return {};
}

const Extractor* Extractor::member(const std::string& name) const {
  for (const Extractor* m : members_)
    if (m->info().name == name) return m;
  return nullptr;
}

std::vector<std::string> registry_problems(const std::vector<const ExtractorInfo*>& infos) {
  std::vector<std::string> out;
  std::map<std::string, size_t> index;
  for (size_t i = 0; i < infos.size(); ++i)
    if (!index.emplace(infos[i]->name, i).second) out.push_back("\"" + infos[i]->name + "\" is registered twice");
  for (const ExtractorInfo* info : infos)
    for (const std::string& need : info->needs) {
      if (need == info->name) out.push_back("\"" + info->name + "\" needs itself");
      else if (!index.count(need)) out.push_back("\"" + info->name + "\" needs \"" + need + "\", which is not registered");
    }
  if (!out.empty()) return out;
  // A cycle: depth-first search with colours (0 unseen, 1 on the path, 2 done),
  // iterative so that no registry can exhaust the stack.
  std::vector<uint8_t> colour(infos.size(), 0);
  for (size_t start = 0; start < infos.size(); ++start) {
    if (colour[start]) continue;
    std::vector<std::pair<size_t, size_t>> path = {{start, 0}};  // (extractor, next need)
    colour[start] = 1;
    while (!path.empty()) {
      auto& [at, next] = path.back();
      if (next == infos[at]->needs.size()) {
        colour[at] = 2;
        path.pop_back();
        continue;
      }
      const size_t to = index.at(infos[at]->needs[next++]);
      if (colour[to] == 1) {
        std::string cycle;
        bool on = false;
        for (const auto& step : path) {
          on = on || step.first == to;
          if (on) cycle += infos[step.first]->name + " -> ";
        }
        out.push_back("a cycle of needs: " + cycle + infos[to]->name);
        return out;
      }
      if (colour[to] == 0) {
        colour[to] = 1;
        path.emplace_back(to, 0);
      }
    }
  }
  return out;
}

const Extractor* find_extractor(const std::string& name) {
  for (const auto& e : extractors())
    if (e->info().name == name) return e.get();
  return nullptr;
}

}  // namespace wce
