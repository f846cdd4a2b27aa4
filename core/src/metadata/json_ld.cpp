// JSON-LD (schema.org) blocks -> Metadata. Every object of every block is
// looked at (top level, arrays, @graph, nested values); the page's main
// object is the best-ranked type below, its WebPage and WebSite fill the gaps,
// and {"@id": ...} references are followed once.
#include <string>
#include <unordered_map>
#include <vector>

#include "metadata/json_reader.hpp"
#include "metadata/parts.hpp"

namespace wce::metadata {
namespace {

// The main object's type, best first: the content itself, then the page.
const char* const kMainTypes[] = {
    "NewsArticle", "Article", "BlogPosting", "ReportageNews", "AnalysisNewsArticle", "OpinionNewsArticle",
    "BackgroundNewsArticle", "ReviewNewsArticle", "TechArticle", "ScholarlyArticle", "MedicalScholarlyArticle",
    "LiveBlogPosting", "Report", "SocialMediaPosting", "DiscussionForumPosting", "Question", "Recipe", "HowTo",
    "Review", "VideoObject", "PodcastEpisode", "Product", "SoftwareApplication", "Course", "Event", "Book",
    "Movie", "CreativeWork"};
const char* const kPageTypes[] = {"WebPage", "ItemPage", "CollectionPage", "AboutPage", "FAQPage", "QAPage",
                                  "ProfilePage", "SearchResultsPage", "MedicalWebPage", "ContactPage",
                                  "CheckoutPage", "RealEstateListing"};
const char* const kOrganizationTypes[] = {"Organization", "NewsMediaOrganization", "Corporation",
                                          "LocalBusiness", "OnlineStore", "EducationalOrganization"};
const char* const kSiteTypes[] = {"WebSite"};
constexpr size_t kMaxObjects = 5000;
constexpr int kNoRank = 1 << 20;

std::string clean(std::string_view s) { return collapse_space(decode_entities(s)); }

std::vector<std::string> types_of(const JsonValue& o) { return json_ld_types(o); }

template <size_t N>
int rank_in(const std::vector<std::string>& types, const char* const (&list)[N]) {
  int best = kNoRank;
  for (const auto& t : types)
    for (size_t k = 0; k < N; ++k)
      if (t == list[k] && static_cast<int>(k) < best) best = static_cast<int>(k);
  return best;
}

void collect(const JsonValue& v, std::vector<const JsonValue*>& objs) { json_ld_objects(v, objs, kMaxObjects); }

class Graph {
 public:
  explicit Graph(const std::vector<const JsonValue*>& objs) {
    for (const JsonValue* o : objs) {
      const JsonValue* id = o->get("@id");
      // A node, not a bare reference: more than its @id.
      if (id && id->is_string() && o->members.size() > 1) by_id_.emplace(id->text, o);
    }
  }
  // The object itself, or the one its {"@id"} refers to.
  const JsonValue* resolve(const JsonValue* v) const {
    if (!v || !v->is_object() || v->members.size() != 1) return v;
    const JsonValue* id = v->get("@id");
    if (!id || !id->is_string()) return v;
    auto it = by_id_.find(id->text);
    return it == by_id_.end() ? v : it->second;
  }

 private:
  std::unordered_map<std::string, const JsonValue*> by_id_;
};

// A string value, or an object's name / @value, or an array's first.
std::string text_of(const JsonValue* v, const Graph& g) {
  v = g.resolve(v);
  if (!v) return {};
  if (v->is_string()) return clean(v->text);
  if (v->is_object()) {
    for (const char* k : {"name", "@value", "text"})
      if (const JsonValue* n = v->get(k))
        if (n->is_string()) return clean(n->text);
  }
  if (v->is_array())
    for (const auto& i : v->items) {
      std::string s = text_of(&i, g);
      if (!s.empty()) return s;
    }
  return {};
}

std::string url_of(const JsonValue* v, const Graph& g) {
  v = g.resolve(v);
  if (!v) return {};
  if (v->is_string()) return clean(v->text);
  if (v->is_object()) {
    for (const char* k : {"url", "contentUrl", "@id"})
      if (const JsonValue* n = v->get(k))
        if (n->is_string()) return clean(n->text);
  }
  if (v->is_array())
    for (const auto& i : v->items) {
      std::string s = url_of(&i, g);
      if (!s.empty()) return s;
    }
  return {};
}

void authors_of(const JsonValue* v, const Graph& g, std::vector<std::string>& out, int depth = 0) {
  v = g.resolve(v);
  if (!v || depth > 3 || out.size() >= 16) return;
  if (v->is_string()) {
    out.push_back(clean(v->text));
  } else if (v->is_object()) {
    // An organization as the author is the site, not a byline.
    for (const auto& t : types_of(*v))
      if (t.find("Organization") != std::string::npos || t == "Corporation" || t == "WebSite" ||
          t == "LocalBusiness")
        return;
    std::string name = text_of(v->get("name"), g);
    if (name.empty()) {
      std::string given = text_of(v->get("givenName"), g), family = text_of(v->get("familyName"), g);
      name = collapse_space(given + " " + family);
    }
    if (!name.empty()) out.push_back(name);
  } else if (v->is_array()) {
    for (const auto& i : v->items) authors_of(&i, g, out, depth + 1);
  }
}

const JsonValue* first_of(const JsonValue* o, std::initializer_list<const char*> keys) {
  if (!o) return nullptr;
  for (const char* k : keys)
    if (const JsonValue* v = o->get(k)) return v;
  return nullptr;
}

std::string strip_schema(const std::string& t) {
  size_t slash = t.find_last_of("/:");
  return slash == std::string::npos ? t : t.substr(slash + 1);
}

}  // namespace

std::vector<std::string> json_ld_types(const JsonValue& o) {
  std::vector<std::string> out;
  const JsonValue* t = o.get("@type");
  if (!t) t = o.get("type");
  if (!t) return out;
  if (t->is_string()) out.push_back(strip_schema(t->text));
  for (const auto& i : t->items)
    if (i.is_string()) out.push_back(strip_schema(i.text));
  return out;
}

void json_ld_objects(const JsonValue& v, std::vector<const JsonValue*>& objs, size_t max_objects) {
  // Iterative: the reader bounds the depth, this bounds the count.
  std::vector<const JsonValue*> stack{&v};
  while (!stack.empty() && objs.size() < max_objects) {
    const JsonValue* cur = stack.back();
    stack.pop_back();
    if (cur->is_object()) {
      objs.push_back(cur);
      for (auto it = cur->members.rbegin(); it != cur->members.rend(); ++it) stack.push_back(&it->second);
    } else if (cur->is_array()) {
      for (auto it = cur->items.rbegin(); it != cur->items.rend(); ++it) stack.push_back(&*it);
    }
  }
}

Metadata from_json_ld(const PageScan& scan) {
  Metadata m;
  std::vector<JsonValue> roots;
  for (std::string_view block : scan.json_ld) {
    std::vector<JsonValue> values = read_json_values(block);
    for (auto& v : values) roots.push_back(std::move(v));
  }
  std::vector<const JsonValue*> objs;
  for (const auto& r : roots) collect(r, objs);
  if (objs.empty()) return m;
  Graph g(objs);

  const JsonValue *main = nullptr, *page = nullptr, *site = nullptr, *org = nullptr;
  int main_rank = kNoRank, page_rank = kNoRank, main_count = 0;
  for (const JsonValue* o : objs) {
    std::vector<std::string> types = types_of(*o);
    if (types.empty()) continue;
    int r = rank_in(types, kMainTypes);
    if (r < main_rank) {
      main = o;
      main_rank = r;
      main_count = 1;
    } else if (r == main_rank && r != kNoRank) {
      ++main_count;
    }
    int p = rank_in(types, kPageTypes);
    if (p < page_rank) {
      page = o;
      page_rank = p;
    }
    if (!site && rank_in(types, kSiteTypes) != kNoRank) site = o;
    if (!org && rank_in(types, kOrganizationTypes) != kNoRank) org = o;
  }
  // Several objects of the best type (a grid of Products, a list of posts):
  // none of them is the page's, so their names and authors are not taken.
  if (main_count > 1) main = nullptr;

  auto pick = [&](std::initializer_list<const char*> keys, bool from_page) {
    std::string s = text_of(first_of(main, keys), g);
    if (s.empty() && from_page) s = text_of(first_of(page, keys), g);
    return s;
  };
  m.title = pick({"headline", "name", "alternativeHeadline"}, true);
  std::vector<std::string> authors;
  authors_of(first_of(main, {"author", "creator"}), g, authors);
  if (authors.empty()) authors_of(first_of(page, {"author", "creator"}), g, authors);
  std::string joined;
  for (const auto& a : authors) joined += (joined.empty() ? "" : "; ") + a;
  m.author = clean_author(joined);
  m.date = parse_date(pick({"datePublished", "dateCreated", "uploadDate", "startDate"}, true));
  m.modified = parse_date(pick({"dateModified"}, true));
  m.site = text_of(first_of(main, {"publisher"}), g);
  if (m.site.empty() && site) m.site = text_of(site->get("name"), g);
  if (m.site.empty()) m.site = text_of(first_of(page, {"isPartOf", "publisher"}), g);
  if (m.site.empty() && org) m.site = text_of(org->get("name"), g);
  m.description = pick({"description"}, true);
  m.image = url_of(first_of(main, {"image", "thumbnailUrl"}), g);
  if (m.image.empty()) m.image = url_of(first_of(page, {"primaryImageOfPage", "image", "thumbnailUrl"}), g);
  m.url = url_of(first_of(main, {"url", "mainEntityOfPage"}), g);
  if (m.url.empty()) m.url = url_of(first_of(page, {"url"}), g);
  m.lang = pick({"inLanguage"}, true);
  if (m.lang.empty() && site) m.lang = text_of(site->get("inLanguage"), g);
  return m;
}

}  // namespace wce::metadata
