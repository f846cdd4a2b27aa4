#include "wce/run.hpp"

#include <chrono>
#include <exception>
#include <new>
#include <stdexcept>

#include "input/parse_html.hpp"
#include "wce/metadata.hpp"
#include "wce/page_type.hpp"
#include "wce/render.hpp"

namespace wce {
namespace {

using Clock = std::chrono::steady_clock;
double ms_since(Clock::time_point t) { return std::chrono::duration<double, std::milli>(Clock::now() - t).count(); }

}  // namespace

PageRun PageRun::parse(const PageSource& page, const ParseOptions& limits) {
  PageRun r;
  auto t0 = Clock::now();
  require_text(page.html, page.charset);  // an image is not read as windows-1252 text
  r.doc_ = std::make_unique<Document>(parse_html(page.html, page.charset, limits, r.charset_));
  r.finish_build(t0, page.lang, limits);
  return r;
}

PageRun PageRun::decode(const FlatDom& flat, std::string_view lang, const ParseOptions& limits) {
  PageRun r;
  auto t0 = Clock::now();
  r.doc_ = std::make_unique<Document>(decode_flat_dom(flat, limits));
  r.charset_ = "utf-8";  // a live DOM's strings, encoded by the flat DOM
  r.finish_build(t0, lang, limits);
  return r;
}

void PageRun::finish_build(std::chrono::steady_clock::time_point t0, std::string_view lang,
                           const ParseOptions& limits) {
  parse_ms_ = ms_since(t0);
  lang_ = std::string(lang);
  budget_ms_ = limits.deadline.active() ? limits.deadline.budget_ms() : 0;
  ctx_ = std::make_unique<Context>(*doc_);
  ctx_->set_language_hint(lang);
  ctx_->set_deadline(limits.deadline);
}

ExtractorRun PageRun::run(const Extractor& ex, bool render, bool fresh) {
  ExtractorRun out;
  out.extractor = &ex;
  try {
    auto t0 = Clock::now();
    if (fresh) {
      Context own(*doc_);
      own.set_language_hint(lang_);
      // This run's budget started when the parse did, as if just parsed.
      const auto parse_time = std::chrono::duration_cast<Clock::duration>(
          std::chrono::duration<double, std::milli>(parse_ms_));
      own.set_deadline(Deadline::after_ms(budget_ms_, t0 - parse_time));
      out.labels = own.labels(ex);
      own.deadline().check(ex.info().name.c_str());
    } else {
      out.labels = ctx_->labels(ex);
      ctx_->deadline().check(ex.info().name.c_str());
    }
    auto t1 = Clock::now();
    out.extract_ms = std::chrono::duration<double, std::milli>(t1 - t0).count();
    if (render) {
      out.text = render_text(*doc_, out.labels, ex.info().render);
      out.render_ms = ms_since(t1);
    }
  } catch (const PageLimitError& e) {
    out.labels.clear();
    out.text.clear();
    out.error = e.what();
    out.limit = e.limit();
  } catch (const std::bad_alloc&) {  // WebAssembly memory that cannot grow (bindings.cpp)
    out.labels.clear();
    out.text.clear();
    out.error = "out of memory";
    out.limit = "memory";
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

Metadata PageRun::metadata(std::string_view url) {
  Metadata m = extract_metadata(*doc_, url);
  if (m.lang.empty()) m.lang = lang_;  // the language the caller stated (a record's "lang")
  if (m.url.empty()) m.url = std::string(url);  // no canonical URL: where the page came from
  const PageTypeResult t = classify_page_type(*ctx_, url);
  m.page_type = t.name();
  m.page_type_probability = t.probability;
  return m;
}

std::string PageRun::render(const ExtractorRun& x, OutputFormat format, const MarkupOptions& options) const {
  if (format == OutputFormat::Text && !x.text.empty()) return x.text;
  return wce::render(*doc_, x.labels, format, x.extractor->info().render, options);
}

const Extractor& require_extractor(const std::string& name) {
  if (const Extractor* ex = find_extractor(name)) return *ex;
  const std::string reason = missing_extractor_reason(name);
  if (!reason.empty()) throw std::invalid_argument(reason);
  std::string names;
  for (const auto& e : extractors()) names += (names.empty() ? "" : ", ") + e->info().name;
  throw std::invalid_argument("unknown extractor \"" + name + "\" (valid: " + names + ")");
}

}  // namespace wce
