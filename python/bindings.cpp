// The Python module wce._wce (nanobind), installed by `pip install .`
// (pyproject.toml, scikit-build-core). A thin layer over the run layer
// (wce/run.hpp): the same parse, Context, extractors and rendering as the CLI,
// with the GIL released while a page is parsed and extracted, so that threads
// extract in parallel. Bad input raises ValueError with the CLI's message
// (limits included), an input of another type TypeError.
#include <nanobind/nanobind.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "wce/wce.hpp"

namespace nb = nanobind;

namespace {

// A page as the run layer takes it. A str is text already decoded (charset
// "utf-8", as `wce extract --jsonl` treats a record's html); bytes are the raw
// page, charset sniffed as `wce extract FILE` does, unless `charset` names one
// (as the CLI's --charset).
struct PageInput {
  std::string bytes, charset, lang;
  wce::PageSource source() const { return {bytes, charset, lang}; }
};

PageInput page_input(nb::handle html, const std::optional<std::string>& charset,
                     const std::optional<std::string>& lang) {
  PageInput in;
  if (PyUnicode_Check(html.ptr())) {
    // Lone surrogates pass through as bytes that the decoder turns into U+FFFD.
    nb::object utf8 = nb::steal(PyUnicode_AsEncodedString(html.ptr(), "utf-8", "surrogatepass"));
    if (!utf8.is_valid()) throw nb::python_error();
    in.bytes.assign(PyBytes_AS_STRING(utf8.ptr()), static_cast<size_t>(PyBytes_GET_SIZE(utf8.ptr())));
    in.charset = "utf-8";
    if (charset) throw std::invalid_argument("charset applies to bytes: a str is already decoded text");
  } else if (PyBytes_Check(html.ptr())) {
    in.bytes.assign(PyBytes_AS_STRING(html.ptr()), static_cast<size_t>(PyBytes_GET_SIZE(html.ptr())));
  } else if (PyByteArray_Check(html.ptr())) {
    in.bytes.assign(PyByteArray_AS_STRING(html.ptr()), static_cast<size_t>(PyByteArray_GET_SIZE(html.ptr())));
  } else {
    throw nb::type_error(("html must be str or bytes, not " + std::string(Py_TYPE(html.ptr())->tp_name)).c_str());
  }
  if (charset) in.charset = wce::require_charset(*charset);
  if (lang) in.lang = *lang;
  return in;
}

// The page limits of the CLI's --max-input-mb, --max-nodes, --max-text-mb and
// --page-timeout-ms (None: the default; 0: no limit), as ParseOptions.
struct Limits {
  std::optional<double> max_input_mb, max_text_mb, timeout_ms;
  std::optional<int64_t> max_nodes;
};

wce::ParseOptions parse_options(const Limits& l) {
  constexpr double kMB = 1 << 20;
  auto non_negative = [](const char* name, double v) {
    if (!(v >= 0)) throw std::invalid_argument(std::string(name) + " must be a number >= 0");
    return v;
  };
  wce::ParseOptions o;
  if (l.max_input_mb) o.max_input_bytes = static_cast<uint64_t>(non_negative("max_input_mb", *l.max_input_mb) * kMB);
  if (l.max_text_mb) o.max_text_bytes = static_cast<uint64_t>(non_negative("max_text_mb", *l.max_text_mb) * kMB);
  if (l.max_nodes) o.max_nodes = static_cast<uint64_t>(non_negative("max_nodes", static_cast<double>(*l.max_nodes)));
  if (l.timeout_ms) non_negative("timeout_ms", *l.timeout_ms);
  return o;
}

// Parses the page, runs `extractor` ("" = none; its text rendered when
// `render`) and calls `use` on the page and the run, all without the GIL. A
// page refused (not HTML) or past a limit raises ValueError with the CLI's
// message; an extractor that fails, RuntimeError.
template <class Use>
void with_page(const PageInput& in, const std::string& extractor, const Limits& limits, bool render, Use use) {
  const wce::Extractor* ex = extractor.empty() ? nullptr : &wce::require_extractor(extractor);
  wce::ParseOptions options = parse_options(limits);
  std::string failed;
  {
    nb::gil_scoped_release unlocked;
    options.deadline = wce::Deadline::after_ms(limits.timeout_ms.value_or(0));
    try {
      wce::PageRun page = wce::PageRun::parse(in.source(), options);
      wce::ExtractorRun x;
      if (ex) x = page.run(*ex, render);
      if (x.ok()) use(page, x);
      else if (!x.limit.empty()) throw wce::PageLimitError(x.limit, x.error);
      else failed = x.error;
    } catch (const wce::PageLimitError& e) {
      throw std::invalid_argument(e.what());
    }
  }
  if (!failed.empty()) throw std::runtime_error("extractor " + extractor + " failed: " + failed);
}

// One extractor's run on the page (errors as with_page).
wce::ExtractorRun run_page(const PageInput& in, const std::string& extractor, bool render, const Limits& limits) {
  wce::ExtractorRun out;
  with_page(in, extractor, limits, render, [&](wce::PageRun&, const wce::ExtractorRun& x) { out = x; });
  return out;
}

// Metadata as a dict: the fields of wce::metadata_fields, then page_type_probability.
nb::dict metadata_dict(const wce::Metadata& m) {
  nb::dict d;
  for (const auto& [key, value] : wce::metadata_fields(m)) d[key] = *value;
  d["page_type_probability"] = m.page_type_probability;
  return d;
}

// The page's main content in `output` ("text", "markdown", "html", or "json":
// the metadata with "text" as a JSON string, as `wce extract --format json`).
std::string extract(nb::handle html, const std::string& extractor, const std::optional<std::string>& lang,
                    const std::optional<std::string>& charset, std::optional<double> max_input_mb,
                    std::optional<int64_t> max_nodes, std::optional<double> max_text_mb,
                    std::optional<double> timeout_ms, const std::string& output, bool links, bool images,
                    const std::optional<std::string>& url) {
  const bool json = output == "json";
  const wce::OutputFormat format = json ? wce::OutputFormat::Text : wce::parse_output_format(output);
  const PageInput in = page_input(html, charset, lang);
  const Limits limits{max_input_mb, max_text_mb, timeout_ms, max_nodes};
  if (!json && format == wce::OutputFormat::Text) return run_page(in, extractor, true, limits).text;
  wce::MarkupOptions markup;
  markup.links = links;
  markup.images = images;
  markup.base_url = url.value_or("");  // links and images absolute, as the metadata's URLs
  std::string text;
  wce::Metadata meta;
  with_page(in, extractor, limits, false, [&](wce::PageRun& page, const wce::ExtractorRun& x) {
    text = page.render(x, format, markup);
    if (json) meta = page.metadata(url.value_or(""));
  });
  if (!json) return text;
  nb::dict d = metadata_dict(meta);
  d["extractor"] = extractor;
  d["text"] = text;
  return nb::cast<std::string>(nb::module_::import_("json").attr("dumps")(d, nb::arg("ensure_ascii") = false));
}

nb::dict metadata(nb::handle html, const std::optional<std::string>& url, const std::optional<std::string>& lang,
                  const std::optional<std::string>& charset, std::optional<double> max_input_mb,
                  std::optional<int64_t> max_nodes, std::optional<double> max_text_mb,
                  std::optional<double> timeout_ms) {
  const PageInput in = page_input(html, charset, lang);
  wce::Metadata meta;
  with_page(in, "", {max_input_mb, max_text_mb, timeout_ms, max_nodes}, false,
            [&](wce::PageRun& page, const wce::ExtractorRun&) { meta = page.metadata(url.value_or("")); });
  nb::dict d = metadata_dict(meta);
  return d;
}

std::vector<float> labels(nb::handle html, const std::string& extractor, const std::optional<std::string>& lang,
                          const std::optional<std::string>& charset, std::optional<double> max_input_mb,
                          std::optional<int64_t> max_nodes, std::optional<double> max_text_mb,
                          std::optional<double> timeout_ms) {
  return run_page(page_input(html, charset, lang), extractor, false,
                  {max_input_mb, max_text_mb, timeout_ms, max_nodes}).labels;
}

nb::list extractors() {
  nb::list out;
  for (const auto& e : wce::extractors()) {
    const wce::ExtractorInfo& i = e->info();
    nb::dict d;
    d["name"] = i.name;
    d["family"] = wce::family_name(i.family);
    d["reference"] = i.reference;
    d["description"] = i.description;
    d["render"] = i.render == wce::RenderStyle::Layout ? "layout" : "plain";
    out.append(d);
  }
  return out;
}

// measures: "rouge,kl", "all" or a list of names, as the CLI's --measures.
nb::dict evaluate(const std::string& predicted, const std::string& gold, nb::handle measures,
                  const std::optional<std::string>& lang) {
  std::string list;
  if (PyUnicode_Check(measures.ptr())) {
    list = nb::cast<std::string>(measures);
  } else {
    for (nb::handle m : measures) list += (list.empty() ? "" : ",") + nb::cast<std::string>(m);
  }
  std::vector<wce::MeasureSpec> specs = wce::parse_measures(list);  // ValueError as the CLI's
  std::vector<wce::Score> scores;
  {
    nb::gil_scoped_release unlocked;
    scores = wce::score_page(predicted, gold, lang.value_or(""), specs);
  }
  nb::dict out;
  for (size_t i = 0; i < specs.size(); ++i) {
    if (specs[i].prf) {
      nb::dict prf;
      prf["precision"] = scores[i].p;
      prf["recall"] = scores[i].r;
      prf["f1"] = scores[i].f;
      out[specs[i].name.c_str()] = prf;
    } else {
      out[specs[i].name.c_str()] = scores[i].f;
    }
  }
  return out;
}
// The charset raw bytes are read with when none is given (wce::sniff_charset).
std::string sniff_charset(nb::handle html) {
  if (PyUnicode_Check(html.ptr())) throw nb::type_error("sniff_charset takes bytes: a str is already decoded text");
  const PageInput in = page_input(html, std::nullopt, std::nullopt);
  nb::gil_scoped_release unlocked;
  return wce::sniff_charset(in.bytes);
}

}  // namespace

NB_MODULE(_wce, m) {
  m.doc() = "wce: web main-content extraction (the C++ core's run layer)";
  m.attr("__version__") = WCE_VERSION;
  m.attr("DEFAULT_EXTRACTOR") = wce::kDefaultExtractor;  // the CLI's, npm's and the extension's
  m.def("extract", &extract, nb::arg("html").none(), nb::arg("extractor") = wce::kDefaultExtractor, nb::kw_only(),
        nb::arg("lang") = nb::none(), nb::arg("charset") = nb::none(), nb::arg("max_input_mb") = nb::none(),
        nb::arg("max_nodes") = nb::none(), nb::arg("max_text_mb") = nb::none(), nb::arg("timeout_ms") = nb::none(),
        nb::arg("output") = "text", nb::arg("links") = false, nb::arg("images") = false, nb::arg("url") = nb::none(),
        "The main content of a page as text, one block per line (output=\"text\"), Markdown\n"
        "(\"markdown\": GFM headings, lists, tables, code, quotes, emphasis; links / images when asked),\n"
        "cleaned HTML (\"html\"), or \"json\": a JSON string of the metadata (see metadata()) with\n"
        "\"extractor\" and \"text\", as `wce extract --format json`.\n\n"
        "html: str (decoded text) or bytes (raw page; charset sniffed: BOM, <meta>, UTF-8\n"
        "validity, a guess from the bytes, unless `charset` names one). lang: the page's stated language (jusText's\n"
        "stop list). max_input_mb, max_nodes, max_text_mb, timeout_ms: the page limits of the CLI's\n"
        "--max-input-mb, --max-nodes, --max-text-mb, --page-timeout-ms (None: the default, 0: none).\n"
        "Raises ValueError with the CLI's message for input that is not HTML (an image, an archive),\n"
        "a page past a limit, an unknown extractor or charset; TypeError for an input that is not\n"
        "str or bytes. The GIL is released while the page is parsed and extracted.");
  m.def("metadata", &metadata, nb::arg("html").none(), nb::kw_only(), nb::arg("url") = nb::none(),
        nb::arg("lang") = nb::none(), nb::arg("charset") = nb::none(), nb::arg("max_input_mb") = nb::none(),
        nb::arg("max_nodes") = nb::none(), nb::arg("max_text_mb") = nb::none(), nb::arg("timeout_ms") = nb::none(),
        "The page's metadata: a dict with title, author, date, modified, site, lang, description,\n"
        "url, image, page_type (\"\" when the page gives none) and page_type_probability.\n"
        "url: where the page came from (relative URLs are resolved against it). Other arguments\n"
        "and errors as extract().");
  m.def("labels", &labels, nb::arg("html").none(), nb::arg("extractor") = wce::kDefaultExtractor, nb::kw_only(),
        nb::arg("lang") = nb::none(), nb::arg("charset") = nb::none(), nb::arg("max_input_mb") = nb::none(),
        nb::arg("max_nodes") = nb::none(), nb::arg("max_text_mb") = nb::none(), nb::arg("timeout_ms") = nb::none(),
        "One score in [0, 1] per text node of the page, in document order (>= 0.5: main content).\n"
        "Arguments and errors as extract().");
  m.def("sniff_charset", &sniff_charset, nb::arg("html").none(),
        "The charset extract() reads raw bytes with when none is given: the WHATWG name of the\n"
        "BOM's, the <meta>'s, \"utf-8\" for valid UTF-8, else a guess from the bytes\n"
        "(\"shift_jis\", \"gbk\", \"windows-1251\", ...; \"windows-1252\" when unsure).");
  m.def("extractors", &extractors,
        "The registered extractors: dicts with name, family, reference, description, render.");
  m.def("evaluate", &evaluate, nb::arg("predicted"), nb::arg("gold"), nb::arg("measures") = "rouge",
        nb::kw_only(), nb::arg("lang") = nb::none(),
        "Scores predicted text against gold text. measures: names as `wce bench --measures`\n"
        "(\"rouge,kl\", \"all\" or a list). Returns {name: {precision, recall, f1}} for the\n"
        "precision/recall measures and {name: value} for kl, cosine, euclidean, near_empty.");
}
