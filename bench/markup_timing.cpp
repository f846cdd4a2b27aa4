// The cost of the metadata and the structured output beside `extract`
// (issue 28: metadata plus Markdown may add at most 10 % to extract's time
// per page natively):
//
//   markup_timing [--extractor NAME] [--max-pages N] DATA.jsonl.gz...
//
// Per page: parse, the extractor (default ensemble) on the page's Context (as
// `wce extract` runs it, so that the metadata shares what it computed), then
// render_text, the page's metadata (PageRun::metadata: fields and page type,
// as `wce extract --format json` and every --jsonl line compute it),
// render_markdown (links and images on) and render_html on its labels, each timed in the thread's CPU time (on a shared machine wall time
// also counts waiting for a core). Prints the totals over all pages, and the
// metadata's and each render's share of parse + extract + render_text (what `wce extract` does
// per page), in total and as the median of the per-page shares; then the
// metadata's two parts (extract_metadata's fields; classify_page_type with
// the URL and structured data), each run and timed once more after the renders.
#include <algorithm>
#include <cstdio>
#include <ctime>
#include <iostream>
#include <string>
#include <vector>

#include "io/dataset.hpp"
#include "wce/wce.hpp"

namespace {

double cpu_ms() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
  std::string name = "ensemble";
  size_t max_pages = 0;
  std::vector<std::string> inputs;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--extractor" && i + 1 < argc) name = argv[++i];
    else if (a == "--max-pages" && i + 1 < argc) max_pages = std::stoul(argv[++i]);
    else inputs.push_back(a);
  }
  if (inputs.empty()) {
    std::cerr << "usage: markup_timing [--extractor NAME] [--max-pages N] DATA.jsonl.gz...\n";
    return 2;
  }
  const wce::Extractor* ex = wce::find_extractor(name);
  if (!ex) {
    std::cerr << "markup_timing: unknown extractor " << name << "\n";
    return 2;
  }
  double parse = 0, extract = 0, text = 0, meta = 0, md = 0, html = 0, fields = 0, type = 0;
  std::vector<double> meta_share, md_share, html_share, meta_md_share;
  size_t pages = 0, md_bytes = 0, text_bytes = 0;
  struct Enough {};
  for (const std::string& path : inputs) {
    std::vector<wce::io::DatasetProblem> problems;
    size_t here = 0;
    try {
      wce::io::read_dataset(
          path,
          [&](wce::io::Page&& p) {
            double t0 = cpu_ms();
            wce::PageRun run = wce::PageRun::parse(wce::io::page_source(p));
            double t1 = cpu_ms();
            wce::ExtractorRun r = run.run(*ex, false);
            double t2 = cpu_ms();
            if (!r.ok()) return;
            std::string t = wce::render_text(run.doc(), r.labels, ex->info().render);
            double t3 = cpu_ms();
            (void)run.metadata(p.url);  // its result is what --format json prints
            const double tm = cpu_ms() - t3;
            t3 += tm;  // the renders' clocks start after the metadata
            std::string m = wce::render_markdown(run.doc(), r.labels, {true, true});
            double t4 = cpu_ms();
            std::string h = wce::render_html(run.doc(), r.labels);
            double t5 = cpu_ms();
            // The metadata's two parts, each timed again (not counted above):
            // the fields, and the page type with the URL and structured data
            // (its document features are the Context's already, as in metadata()).
            (void)wce::extract_metadata(run.doc(), p.url);
            double t6 = cpu_ms();
            (void)wce::classify_page_type(run.context(), p.url);
            double t7 = cpu_ms();
            fields += t6 - t5, type += t7 - t6;
            parse += t1 - t0, extract += t2 - t1, text += t3 - tm - t2, meta += tm, md += t4 - t3, html += t5 - t4;
            double base = (t1 - t0) + (t2 - t1) + (t3 - tm - t2);
            if (base > 0) {
              meta_share.push_back(tm / base);
              meta_md_share.push_back((tm + t4 - t3) / base);
              md_share.push_back((t4 - t3) / base);
              html_share.push_back((t5 - t4) / base);
            }
            md_bytes += m.size(), text_bytes += t.size();
            ++pages;
            if (max_pages && ++here == max_pages) throw Enough{};
          },
          problems, wce::io::Need::Html);
    } catch (const Enough&) {
    }
  }
  const double base = parse + extract + text;
  std::printf("pages %zu, extractor %s (CPU ms, totals)\n", pages, name.c_str());
  std::printf("  parse %.0f  extract %.0f  render_text %.0f  metadata %.0f  render_markdown %.0f  render_html %.0f\n",
              parse, extract, text, meta, md, html);
  std::printf("  share of parse+extract+render_text: metadata %.2f%% (median per page %.2f%%), metadata + markdown "
              "%.2f%% (median %.2f%%)\n",
              100 * meta / base, 100 * median(meta_share), 100 * (meta + md) / base, 100 * median(meta_md_share));
  std::printf("  share of parse+extract+render_text: markdown %.2f%% (median per page %.2f%%), html %.2f%% "
              "(median %.2f%%)\n",
              100 * md / base, 100 * median(md_share), 100 * html / base, 100 * median(html_share));
  std::printf("  metadata's parts, timed again after the renders: fields (extract_metadata) %.0f (%.2f%%), page type "
              "(URL, structured data, trees) %.0f (%.2f%%)\n",
              fields, 100 * fields / base, type, 100 * type / base);
  std::printf("  output bytes: markdown %zu, text %zu\n", md_bytes, text_bytes);
  return 0;
}
