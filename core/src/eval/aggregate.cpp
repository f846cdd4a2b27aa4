#include "wce/aggregate.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <stdexcept>
#include <utility>

namespace wce {
namespace {

constexpr const char* kUnknownGroup = "(unknown)";
// Order of the complexity groups in the table.
constexpr const char* kLevelOrder[] = {"low", "medium", "high", kUnknownGroup};

bool ends_with(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

void remember(std::vector<std::string>& order, const std::string& s) {
  if (std::find(order.begin(), order.end(), s) == order.end()) order.push_back(s);
}

// The pages of one extractor in one group, for one measure.
Row summarize_pages(const std::vector<const PageResult*>& pages, size_t measure, const MeasureSpec& spec) {
  Row row;
  row.measure = spec.name;
  row.prf = spec.prf;
  row.pages = pages.size();
  std::vector<double> p, r, f;
  double ms = 0, ms_with_kb = 0, kb = 0;
  size_t timed = 0;
  for (const PageResult* page : pages) {
    const Score& s = page->scores[measure];
    p.push_back(s.p);
    r.push_back(s.r);
    f.push_back(s.f);
    if (std::isnan(page->ms)) continue;
    ++timed;
    ms += page->ms;
    if (page->kb > 0) { ms_with_kb += page->ms; kb += page->kb; }
  }
  if (spec.prf) { row.p = summarize(p); row.r = summarize(r); }
  row.f = summarize(f);
  if (timed) row.ms_per_page = ms / static_cast<double>(timed);
  if (kb > 0) row.ms_per_kb = ms_with_kb / kb;
  return row;
}

// Unweighted mean of each statistic over the per-dataset rows; NaN values
// (untimed datasets) are left out of the time means.
Row macro_row(const std::vector<Row>& per_dataset) {
  Row m = per_dataset.front();
  m.group = "(macro)";
  m.pages = 0;
  m.p = m.r = m.f = Summary{};
  const double n = static_cast<double>(per_dataset.size());
  double ms = 0, ms_kb = 0;
  size_t n_ms = 0, n_kb = 0;
  for (const Row& d : per_dataset) {
    m.pages += d.pages;
    for (auto [dst, src] : {std::pair{&m.p, &d.p}, {&m.r, &d.r}, {&m.f, &d.f}}) {
      dst->n += src->n;
      dst->mean += src->mean / n;
      dst->median += src->median / n;
      dst->q1 += src->q1 / n;
      dst->q3 += src->q3 / n;
      dst->stdev += src->stdev / n;
    }
    if (!std::isnan(d.ms_per_page)) { ms += d.ms_per_page; ++n_ms; }
    if (!std::isnan(d.ms_per_kb)) { ms_kb += d.ms_per_kb; ++n_kb; }
  }
  m.ms_per_page = n_ms ? ms / static_cast<double>(n_ms) : std::nan("");
  m.ms_per_kb = n_kb ? ms_kb / static_cast<double>(n_kb) : std::nan("");
  return m;
}

}  // namespace

std::vector<MeasureSpec> measures_of_columns(const std::vector<std::string>& columns) {
  auto has = [&](const std::string& c) { return std::find(columns.begin(), columns.end(), c) != columns.end(); };
  std::vector<MeasureSpec> out;
  for (const std::string& col : columns) {
    if (ends_with(col, "_p")) {
      std::string family = col.substr(0, col.size() - 2);
      if (has(family + "_r") && has(family + "_f1")) {
        out.push_back({family, true});
        continue;
      }
    }
    if (ends_with(col, "_r") || ends_with(col, "_f1")) {
      const std::string family = col.substr(0, col.rfind('_'));
      if (has(family + "_p") && has(family + "_r") && has(family + "_f1")) continue;
    }
    out.push_back({col, false});
  }
  return out;
}

std::vector<MeasureSpec> all_measures() { return measures_of_columns(measure_names()); }

std::vector<Score> scores_from_columns(const std::vector<std::string>& columns, const double* values,
                                      const std::vector<MeasureSpec>& specs) {
  auto value = [&](const std::string& name) {
    auto it = std::find(columns.begin(), columns.end(), name);
    if (it == columns.end()) throw std::invalid_argument("no column '" + name + "' for measure");
    return values[it - columns.begin()];
  };
  std::vector<Score> out;
  out.reserve(specs.size());
  for (const MeasureSpec& spec : specs) {
    if (spec.prf) out.push_back({value(spec.name + "_p"), value(spec.name + "_r"), value(spec.name + "_f1")});
    else out.push_back({std::nan(""), std::nan(""), value(spec.name)});
  }
  return out;
}

std::vector<MeasureSpec> parse_measures(const std::string& list) {
  const std::vector<MeasureSpec> known = all_measures();
  if (list == "all") return known;
  std::vector<MeasureSpec> out;
  size_t start = 0;
  while (start <= list.size()) {
    size_t comma = std::min(list.find(',', start), list.size());
    std::string name = list.substr(start, comma - start);
    start = comma + 1;
    if (name.empty()) continue;
    if (name == "rouge") name = "rouge_lsum";
    if (name == kSnippetsWithMeasure || name == kSnippetsWithoutMeasure) {
      if (std::any_of(out.begin(), out.end(), [&](const MeasureSpec& m) { return m.name == name; }))
        throw std::invalid_argument("measure '" + name + "' given twice");
      out.push_back({name, false});
      continue;
    }
    if (name == kBlockMeasure) {
      if (std::any_of(out.begin(), out.end(), [&](const MeasureSpec& m) { return m.name == name; }))
        throw std::invalid_argument("measure '" + name + "' given twice");
      out.push_back({kBlockMeasure, true});
      continue;
    }
    auto it = std::find_if(known.begin(), known.end(), [&](const MeasureSpec& m) { return m.name == name; });
    if (it == known.end()) {
      std::string names;
      for (const MeasureSpec& m : known) names += (names.empty() ? "" : ", ") + m.name;
      throw std::invalid_argument("unknown measure '" + name + "' (known: rouge, " + names +
                                  ", block, snippets_with, snippets_without, all)");
    }
    if (std::any_of(out.begin(), out.end(), [&](const MeasureSpec& m) { return m.name == name; }))
      throw std::invalid_argument("measure '" + name + "' given twice");
    out.push_back(*it);
  }
  if (out.empty()) throw std::invalid_argument("no measure given");
  return out;
}

std::vector<Score> score_page(std::string_view predicted, std::string_view gold, const std::string& lang,
                              const std::vector<MeasureSpec>& specs, const PageSnippets& snippets) {
  std::vector<Score> out;
  out.reserve(specs.size());
  bool others = std::any_of(specs.begin(), specs.end(), [](const MeasureSpec& s) {
    return s.name != "rouge_lsum" && s.name != kBlockMeasure && s.name != kSnippetsWithMeasure &&
           s.name != kSnippetsWithoutMeasure;
  });
  PageMeasures m;
  if (others) {
    MeasureOptions opt;
    opt.lang = lang;
    m = measure_page(predicted, gold, opt);
  }
  for (const MeasureSpec& spec : specs) {
    if (spec.name == "rouge_lsum") {
      PRF s = rouge_lsum(predicted, gold);
      out.push_back({s.precision, s.recall, s.f1});
    } else if (spec.name == kSnippetsWithMeasure) {
      out.push_back({std::nan(""), std::nan(""), snippet_rate(predicted, snippets.with)});
    } else if (spec.name == kSnippetsWithoutMeasure) {
      out.push_back({std::nan(""), std::nan(""), snippet_rate(predicted, snippets.without)});
    } else if (spec.name == kBlockMeasure) {
      out.push_back({std::nan(""), std::nan(""), std::nan("")});  // set_block_score fills it
    } else if (spec.prf) {
      out.push_back({*measure_value(m, spec.name + "_p"), *measure_value(m, spec.name + "_r"),
                     *measure_value(m, spec.name + "_f1")});
    } else {
      out.push_back({std::nan(""), std::nan(""), *measure_value(m, spec.name)});
    }
  }
  return out;
}

bool wants_block(const std::vector<MeasureSpec>& specs) {
  return std::any_of(specs.begin(), specs.end(), [](const MeasureSpec& s) { return s.name == kBlockMeasure; });
}

void set_block_score(std::vector<Score>& scores, const std::vector<MeasureSpec>& specs, const PRF& block) {
  for (size_t i = 0; i < specs.size() && i < scores.size(); ++i)
    if (specs[i].name == kBlockMeasure) scores[i] = {block.precision, block.recall, block.f1};
}

const char* group_by_name(GroupBy by) {
  switch (by) {
    case GroupBy::Dataset: return "dataset";
    case GroupBy::Complexity: return "complexity";
    case GroupBy::Language: return "language";
    case GroupBy::PageType: return "page_type";
  }
  return "dataset";
}

std::string group_of(const PageResult& page, GroupBy by, const ComplexityLevels& levels) {
  switch (by) {
    case GroupBy::Dataset: return page.dataset;
    case GroupBy::Complexity:
      if (std::isnan(page.complexity)) return kUnknownGroup;
      return complexity_level_name(complexity_level(page.complexity, levels));
    case GroupBy::Language: return page.lang.empty() ? kUnknownGroup : page.lang;
    case GroupBy::PageType: return page.page_type.empty() ? kUnknownGroup : page.page_type;
  }
  return page.dataset;
}

ComplexityLevels complexity_levels(const std::vector<PageResult>& pages) {
  std::set<std::pair<std::string, std::string>> seen;
  std::vector<double> scores;
  for (const PageResult& p : pages)
    if (!std::isnan(p.complexity) && seen.insert({p.dataset, p.id}).second) scores.push_back(p.complexity);
  return levels_from_scores(std::move(scores));
}

std::vector<Row> aggregate(const std::vector<PageResult>& pages, const std::vector<MeasureSpec>& specs,
                           GroupBy by, const ComplexityLevels& levels) {
  std::vector<std::string> extractors, groups, datasets;
  std::map<std::pair<std::string, std::string>, std::vector<const PageResult*>> by_group, by_dataset;
  std::map<std::string, std::vector<const PageResult*>> by_extractor;
  for (const PageResult& p : pages) {
    std::string g = group_of(p, by, levels);
    remember(extractors, p.extractor);
    remember(groups, g);
    remember(datasets, p.dataset);
    by_group[{p.extractor, g}].push_back(&p);
    by_dataset[{p.extractor, p.dataset}].push_back(&p);
    by_extractor[p.extractor].push_back(&p);
  }
  if (by == GroupBy::Complexity) {
    std::vector<std::string> ordered;
    for (const char* level : kLevelOrder)
      if (std::find(groups.begin(), groups.end(), level) != groups.end()) ordered.push_back(level);
    groups = ordered;
  }

  std::vector<Row> rows;
  for (const std::string& ex : extractors) {
    for (size_t m = 0; m < specs.size(); ++m) {
      auto add = [&](const std::vector<const PageResult*>& group, const std::string& label) {
        Row row = summarize_pages(group, m, specs[m]);
        row.extractor = ex;
        row.group = label;
        return row;
      };
      size_t shown = 0;
      for (const std::string& g : groups) {
        auto it = by_group.find({ex, g});
        if (it == by_group.end()) continue;
        rows.push_back(add(it->second, g));
        ++shown;
      }
      std::vector<Row> per_dataset;
      for (const std::string& d : datasets) {
        auto it = by_dataset.find({ex, d});
        if (it != by_dataset.end()) per_dataset.push_back(add(it->second, d));
      }
      if (per_dataset.size() > 1) rows.push_back(macro_row(per_dataset));
      if (per_dataset.size() > 1 || shown > 1) rows.push_back(add(by_extractor[ex], "(micro)"));
    }
  }
  return rows;
}

}  // namespace wce
