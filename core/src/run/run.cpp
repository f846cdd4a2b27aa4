#include "wce/run.hpp"

#include <chrono>
#include <exception>
#include <stdexcept>

#include "wce/render.hpp"

namespace wce {
namespace {

using Clock = std::chrono::steady_clock;
double ms_since(Clock::time_point t) { return std::chrono::duration<double, std::milli>(Clock::now() - t).count(); }

}  // namespace

PageRun PageRun::parse(const PageSource& page) {
  PageRun r;
  auto t0 = Clock::now();
  r.doc_ = std::make_unique<Document>(parse_html(page.html, page.charset));
  r.parse_ms_ = ms_since(t0);
  r.lang_ = std::string(page.lang);
  r.ctx_ = std::make_unique<Context>(*r.doc_);
  r.ctx_->set_language_hint(page.lang);
  return r;
}

PageRun PageRun::decode(const FlatDom& flat, std::string_view lang) {
  PageRun r;
  auto t0 = Clock::now();
  r.doc_ = std::make_unique<Document>(decode_flat_dom(flat));
  r.parse_ms_ = ms_since(t0);
  r.lang_ = std::string(lang);
  r.ctx_ = std::make_unique<Context>(*r.doc_);
  r.ctx_->set_language_hint(lang);
  return r;
}

ExtractorRun PageRun::run(const Extractor& ex, bool render, bool fresh) {
  ExtractorRun out;
  out.extractor = &ex;
  try {
    auto t0 = Clock::now();
    if (fresh) {
      Context own(*doc_);
      own.set_language_hint(lang_);
      out.labels = own.labels(ex);
    } else {
      out.labels = ctx_->labels(ex);
    }
    auto t1 = Clock::now();
    out.extract_ms = std::chrono::duration<double, std::milli>(t1 - t0).count();
    if (render) {
      out.text = render_text(*doc_, out.labels, ex.info().render);
      out.render_ms = ms_since(t1);
    }
  } catch (const std::exception& e) {
    out.labels.clear();
    out.text.clear();
    out.error = e.what();
  } catch (...) {
    out.labels.clear();
    out.text.clear();
    out.error = "unknown exception";
  }
  return out;
}

const Extractor& require_extractor(const std::string& name) {
  if (const Extractor* ex = find_extractor(name)) return *ex;
  std::string names;
  for (const auto& e : extractors()) names += (names.empty() ? "" : ", ") + e->info().name;
  throw std::invalid_argument("unknown extractor \"" + name + "\" (valid: " + names + ")");
}

}  // namespace wce
