// Declared dependencies between extractors (ExtractorInfo::needs): the
// registry's check on hand-made registries (missing names, cycles, self,
// duplicates), the real registry's needs, and the Context refusing an
// extractor that asks for a member it did not declare.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "wce/wce.hpp"

namespace {

struct Case {
  const char* what;
  std::vector<wce::ExtractorInfo> infos;
  std::vector<std::string> expect_substrings;  // one per expected problem; empty: sound
};

wce::ExtractorInfo info(const char* name, std::vector<std::string> needs) {
  wce::ExtractorInfo i;
  i.name = name;
  i.needs = std::move(needs);
  return i;
}

const std::vector<Case> kCases = {
    {"sound chain", {info("a", {}), info("b", {"a"}), info("c", {"a", "b"})}, {}},
    {"missing name", {info("a", {}), info("b", {"zz"})}, {"\"b\" needs \"zz\", which is not registered"}},
    {"itself", {info("a", {"a"})}, {"\"a\" needs itself"}},
    {"duplicate", {info("a", {}), info("a", {})}, {"\"a\" is registered twice"}},
    {"two-cycle", {info("a", {"b"}), info("b", {"a"})}, {"a cycle of needs: a -> b -> a"}},
    {"long cycle behind a sound part",
     {info("x", {}), info("a", {"x", "b"}), info("b", {"c"}), info("c", {"a"})},
     {"a cycle of needs: a -> b -> c -> a"}},
};

TEST(RegistryNeeds, ProblemsOfHandMadeRegistries) {
  for (const Case& c : kCases) {
    std::vector<const wce::ExtractorInfo*> ptrs;
    for (const auto& i : c.infos) ptrs.push_back(&i);
    const std::vector<std::string> got = wce::registry_problems(ptrs);
    ASSERT_EQ(got.size(), c.expect_substrings.size()) << c.what;
    for (size_t k = 0; k < got.size(); ++k)
      EXPECT_NE(got[k].find(c.expect_substrings[k]), std::string::npos) << c.what << ": " << got[k];
  }
}

TEST(RegistryNeeds, TheRegistryIsSoundAndResolvesEveryNeed) {
  std::vector<const wce::ExtractorInfo*> ptrs;
  for (const auto& e : wce::extractors()) ptrs.push_back(&e->info());
  EXPECT_TRUE(wce::registry_problems(ptrs).empty());
  for (const auto& e : wce::extractors()) {
    ASSERT_EQ(e->members().size(), e->info().needs.size()) << e->info().name;
    for (size_t k = 0; k < e->members().size(); ++k)
      EXPECT_EQ(e->members()[k]->info().name, e->info().needs[k]);
  }
}

TEST(RegistryNeeds, DeclaredNeedsOfTheCombiningExtractors) {
  const auto needs = [](const char* name) { return wce::require_extractor(name).info().needs; };
  EXPECT_EQ(needs("trafilatura"), std::vector<std::string>{"readability"});
  EXPECT_EQ(needs("news_please"), std::vector<std::string>{"goose"});
  EXPECT_EQ(needs("vote_best").size(), 9u);
  EXPECT_EQ(needs("vote_all"), wce::vote_all_rule_members());
  EXPECT_FALSE(needs("ensemble").empty());
  EXPECT_TRUE(needs("readability").empty());
}

TEST(RegistryNeeds, ContextRefusesAnUndeclaredMember) {
  wce::Document doc = wce::parse_html("<p>one two three</p><p>four five</p>", "utf-8");
  // Outside any extractor, a name cannot be resolved: front ends pass the Extractor.
  wce::Context outside(doc);
  EXPECT_THROW(outside.labels(std::string("readability")), std::logic_error);
  EXPECT_NO_THROW(outside.labels(wce::require_extractor("readability")));
  // Inside an extractor, only what its info declares (this one declares nothing).
  class Asker final : public wce::Extractor {
   public:
    explicit Asker(bool by_name) : by_name_(by_name) { info_.name = "asker"; }
    const wce::ExtractorInfo& info() const override { return info_; }
    wce::Labels run(wce::Context& ctx) const override {
      return by_name_ ? ctx.labels(std::string("readability")) : ctx.labels(wce::require_extractor("readability"));
    }

   private:
    wce::ExtractorInfo info_;
    bool by_name_;
  };
  for (bool by_name : {true, false}) {
    wce::Context ctx(doc);
    const Asker asker(by_name);
    try {
      ctx.labels(asker);
      ADD_FAILURE() << "an undeclared member was given";
    } catch (const std::logic_error& e) {
      EXPECT_NE(std::string(e.what()).find("does not declare"), std::string::npos) << e.what();
    }
  }
  // A declared member is given: trafilatura asks for readability.
  wce::Context ctx(doc);
  EXPECT_NO_THROW(ctx.labels(wce::require_extractor("trafilatura")));
}

}  // namespace
