// Factories of every extractor; registry.cpp lists them in registry order.
// (An explicit list, not static self-registration, which the linker would
// drop from a static library.)
#pragma once
#include <memory>

#include "wce/extractor.hpp"

namespace wce {

std::unique_ptr<Extractor> make_all_text();
std::unique_ptr<Extractor> make_rendering();
std::unique_ptr<Extractor> make_lxml_cleaner();
std::unique_ptr<Extractor> make_crunch();
std::unique_ptr<Extractor> make_bte();
std::unique_ptr<Extractor> make_lqf25();
std::unique_ptr<Extractor> make_lqf50();
std::unique_ptr<Extractor> make_lqf75();
std::unique_ptr<Extractor> make_dsc();
std::unique_ptr<Extractor> make_ccb();
std::unique_ptr<Extractor> make_cetr();
std::unique_ptr<Extractor> make_cetr_lines();
std::unique_ptr<Extractor> make_cetd();
std::unique_ptr<Extractor> make_boilerpipe();
std::unique_ptr<Extractor> make_boilerpipe_article();
std::unique_ptr<Extractor> make_boilerpipe_largest();
std::unique_ptr<Extractor> make_boilerpipe_keepall();
std::unique_ptr<Extractor> make_justext();
std::unique_ptr<Extractor> make_readability();
std::unique_ptr<Extractor> make_goose();
std::unique_ptr<Extractor> make_trafilatura();
std::unique_ptr<Extractor> make_domdistiller();
std::unique_ptr<Extractor> make_resiliparse();
std::unique_ptr<Extractor> make_boilernet();        // registered only when its weights are built in
std::unique_ptr<Extractor> make_boilernet_small();
std::unique_ptr<Extractor> make_dragnet();
std::unique_ptr<Extractor> make_web2text();
// Ensembles (vote.cpp, news_please.cpp).
std::unique_ptr<Extractor> make_vote_all();
std::unique_ptr<Extractor> make_vote_best();
std::unique_ptr<Extractor> make_vote_best_weighted();
std::unique_ptr<Extractor> make_news_please();
std::unique_ptr<Extractor> make_learned_ensemble();  // learned_ensemble.cpp
std::unique_ptr<Extractor> make_agreement();         // agreement.cpp

}  // namespace wce
