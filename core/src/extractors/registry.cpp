#include "extractors/registry_list.hpp"

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
    v.push_back(make_boilernet());
    v.push_back(make_dragnet());
    v.push_back(make_vote_all());
    v.push_back(make_vote_best());
    v.push_back(make_vote_best_weighted());
    v.push_back(make_news_please());
    v.push_back(make_learned_ensemble());
    return v;
  }();
  return all;
}

const Extractor* find_extractor(const std::string& name) {
  for (const auto& e : extractors())
    if (e->info().name == name) return e.get();
  return nullptr;
}

}  // namespace wce
