// The page type's structured-data features (page_type_structured.hpp): one
// pass over the Document's kept attributes. JSON-LD blocks are read by the
// metadata module's tolerant reader (metadata/json_reader.hpp), with tighter
// limits than the metadata's: the classifier needs the types, not the text.
// Type and platform lists are data, at the top.
#include "classify/page_type_structured.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <string_view>
#include <unordered_map>

#include "metadata/json_reader.hpp"

namespace wce {
namespace {

// schema.org types per signal (JSON-LD @type and microdata itemtype alike).
struct TypeGroup {
  const char* name;
  std::vector<const char*> types;
};
const std::vector<TypeGroup> kTypeGroups = {
    {"product", {"Product", "ProductGroup", "ProductModel", "IndividualProduct", "SomeProducts", "Offer",
                 "AggregateOffer", "Car", "Vehicle", "MerchantReturnPolicy", "OfferShippingDetails",
                 "UnitPriceSpecification", "PriceSpecification"}},
    {"rating", {"AggregateRating", "Review", "Rating"}},
    {"forum", {"DiscussionForumPosting", "SocialMediaPosting", "Comment", "QAPage", "UserComments"}},
    {"question", {"Question", "Answer"}},
    {"faq", {"FAQPage"}},
    {"collection", {"CollectionPage", "OfferCatalog", "ProductCollection"}},
    {"list", {"ItemList", "SearchResultsPage"}},
    {"docs", {"TechArticle", "APIReference", "SoftwareSourceCode"}},
    {"article", {"Article", "NewsArticle", "BlogPosting", "Report", "ReportageNews", "AnalysisNewsArticle",
                 "OpinionNewsArticle", "BackgroundNewsArticle", "ReviewNewsArticle", "ScholarlyArticle",
                 "LiveBlogPosting", "MedicalScholarlyArticle", "SatiricalArticle", "Blog"}},
    {"organization", {"Organization", "Corporation", "LocalBusiness", "ProfessionalService", "NGO",
                      "EducationalOrganization", "CollegeOrUniversity", "GovernmentOrganization",
                      "MedicalOrganization", "Store", "OnlineStore", "LegalService", "FinancialService",
                      "HomeAndConstructionBusiness", "AutomotiveBusiness", "HealthAndBeautyBusiness"}},
    {"service", {"Service", "FinancialProduct", "BroadcastService", "GovernmentService"}},
    {"about", {"AboutPage", "ContactPage", "ProfilePage"}},
    {"webpage", {"WebPage", "ItemPage", "MedicalWebPage"}},
    {"website", {"WebSite"}},
    {"breadcrumb", {"BreadcrumbList"}},
    {"person", {"Person"}},
    {"event", {"Event", "Course", "EducationEvent", "BusinessEvent", "CourseInstance"}},
    {"software", {"SoftwareApplication", "WebApplication", "MobileApplication", "WebAPI"}},
    {"howto", {"HowTo", "Recipe", "VideoObject"}},
};
// og:type values (lowercase, exact) per signal; any other value is "other".
const std::vector<std::pair<const char*, std::vector<const char*>>> kOgTypes = {
    {"article", {"article", "blog", "news", "newsarticle"}},
    {"product", {"product", "product.item", "og:product", "products"}},
    {"product_group", {"product.group"}},
    {"website", {"website"}},
};
// Generator <meta> content (lowercase substrings) per platform kind.
const std::vector<std::pair<const char*, std::vector<const char*>>> kGenerators = {
    {"forum", {"discourse", "phpbb", "vbulletin", "xenforo", "invision", "mybb", "simple machines", "nodebb",
               "flarum", "vanilla", "bbpress", "discuz", "khoros", "lithium", "jive"}},
    {"docs", {"sphinx", "mkdocs", "docusaurus", "gitbook", "docfx", "vuepress", "vitepress", "nextra", "mintlify",
              "read the docs", "readthedocs", "antora", "starlight", "doxygen", "javadoc", "rustdoc", "jsdoc",
              "docsify", "redoc", "confluence", "readme.io", "hugo", "jekyll"}},
    {"shop", {"woocommerce", "shopify", "magento", "prestashop", "bigcommerce", "opencart", "shopware",
              "oscommerce", "volusion", "ecwid"}},
    {"blog", {"wordpress", "ghost", "blogger", "medium", "substack", "typepad", "movable type", "hexo", "pelican",
              "eleventy"}},
    {"builder", {"wix", "squarespace", "webflow", "hubspot", "framer", "elementor", "duda", "weebly", "divi",
                 "wpbakery", "visual composer", "jimdo", "godaddy", "carrd", "unbounce", "leadpages",
                 "slider revolution"}},
    {"cms", {"drupal", "joomla", "typo3", "sitecore", "adobe experience", "craft cms", "contentful", "umbraco",
             "sitefinity", "kentico", "concrete"}},
    {"wiki", {"mediawiki", "dokuwiki", "tiddlywiki", "xwiki", "wiki.js"}},
};
// JSON-LD reading bounds: the first MB of a block, at most this many values
// and typed objects in all (a 10 MB block costs what its first MB costs).
const metadata::JsonLimits kJsonLimits = {40, 20000, 1u << 20};
constexpr size_t kMaxObjects = 5000;
constexpr double kMaxBreadcrumbDepth = 20;

double lg(double v) { return std::log1p(std::max(0.0, v)); }

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return out;
}
std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\n' || s.front() == '\r')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\n' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

// schema.org type name -> bit set of kTypeGroups.
uint32_t type_groups(std::string_view type) {
  static const std::unordered_map<std::string_view, uint32_t> groups = [] {
    std::unordered_map<std::string_view, uint32_t> m;
    for (size_t g = 0; g < kTypeGroups.size(); ++g)
      for (const char* t : kTypeGroups[g].types) m[t] |= 1u << g;
    return m;
  }();
  // "https://schema.org/Product", "schema:Product" -> "Product".
  const size_t cut = type.find_last_of("/:");
  if (cut != std::string_view::npos) type = type.substr(cut + 1);
  const auto it = groups.find(trim(type));
  return it == groups.end() ? 0 : it->second;
}

template <typename List>
int group_of(const List& lists, std::string_view value, bool substring) {
  for (size_t g = 0; g < lists.size(); ++g)
    for (const char* w : lists[g].second)
      if (substring ? value.find(w) != std::string_view::npos : value == w) return static_cast<int>(g);
  return -1;
}

bool has_word(std::string_view rel, std::string_view word) {
  size_t i = 0;
  while (i < rel.size()) {
    while (i < rel.size() && rel[i] == ' ') ++i;
    size_t e = rel.find(' ', i);
    if (e == std::string_view::npos) e = rel.size();
    if (rel.substr(i, e - i) == word) return true;
    i = e + 1;
  }
  return false;
}

struct Counts {
  double known = 0, blocks = 0, list_items = 0, breadcrumb_depth = 0;
  std::vector<double> ld = std::vector<double>(kTypeGroups.size(), 0.0);
  std::vector<double> md = std::vector<double>(kTypeGroups.size(), 0.0);
  std::vector<double> og = std::vector<double>(kOgTypes.size() + 1, 0.0);  // + other
  std::vector<double> generator = std::vector<double>(kGenerators.size(), 0.0);
  double price = 0, product = 0, article = 0, written_by = 0, reading_time = 0, rel_next = 0, amphtml = 0;
  double links = 0, slug_links = 0, dated_links = 0;
};

// A link's path looks like an article's: a segment of kSlugWords or more
// words joined by '-' or '_' ("how-to-fix-the-boot-loop"); dated: a
// /YYYY/ segment. A listing links to many of them.
constexpr size_t kSlugWords = 4;
void read_href(std::string_view href, Counts& c) {
  c.links += 1;
  size_t start = href.find("://");
  start = start == std::string_view::npos ? 0 : href.find('/', start + 3);
  if (start == std::string_view::npos) return;
  // One pass over the path (up to '?' or '#'), segment by segment.
  bool slug = false, dated = false;
  size_t len = 0, words = 0;  // of the segment so far
  bool digits = true;         // its bytes are all digits
  char first = 0;
  for (size_t i = start;; ++i) {
    const bool end = i == href.size() || href[i] == '?' || href[i] == '#';
    if (end || href[i] == '/') {
      if (len > 0 && words + 1 >= kSlugWords) slug = true;
      if (len == 4 && (first == '1' || first == '2') && digits) dated = true;
      if (end) break;
      len = words = 0, digits = true;
      continue;
    }
    const char ch = href[i];
    if (len++ == 0) first = ch;
    words += ch == '-' || ch == '_';
    digits = digits && ch >= '0' && ch <= '9';
  }
  c.slug_links += slug;
  c.dated_links += dated;
}

void read_json_ld(std::string_view block, Counts& c, size_t& objects_seen) {
  c.blocks += 1;
  static const uint32_t breadcrumb = type_groups("BreadcrumbList");
  const std::vector<metadata::JsonValue> roots = metadata::read_json_values(block, kJsonLimits);
  std::vector<const metadata::JsonValue*> objects;
  for (const auto& r : roots) {
    if (objects_seen + objects.size() >= kMaxObjects) break;
    metadata::json_ld_objects(r, objects, kMaxObjects - objects_seen);
  }
  objects_seen += objects.size();
  for (const metadata::JsonValue* o : objects) {
    uint32_t groups = 0;
    for (const std::string& t : metadata::json_ld_types(*o)) groups |= type_groups(t);
    for (size_t g = 0; g < kTypeGroups.size(); ++g) c.ld[g] += groups >> g & 1;
    if (const metadata::JsonValue* items = o->get("itemListElement"); items && items->is_array()) {
      const double n = static_cast<double>(items->items.size());
      if (groups & breadcrumb) c.breadcrumb_depth = std::max(c.breadcrumb_depth, std::min(n, kMaxBreadcrumbDepth));
      else c.list_items += n;
    }
  }
}

void read_meta(std::string_view key_raw, std::string_view content_raw, Counts& c) {
  const std::string key = lower(trim(key_raw));
  if (key.empty()) return;
  // Only these keys read the content: lowercased for them alone (a page's
  // descriptions and keywords are long).
  const bool reads_content = key == "og:type" || key == "generator" || key.rfind("twitter:label", 0) == 0;
  const std::string content = reads_content ? lower(trim(content_raw)) : std::string();
  if (key == "og:type") {
    const int g = group_of(kOgTypes, content, false);
    if (!content.empty()) c.og[g < 0 ? kOgTypes.size() : static_cast<size_t>(g)] = 1;
  } else if (key == "generator") {
    const int g = group_of(kGenerators, content, true);
    if (g >= 0) c.generator[g] = 1;
  } else if (key.rfind("shopify", 0) == 0) {
    static const int shop = group_of(kGenerators, "shopify", false);  // the shops' group
    c.generator[static_cast<size_t>(shop)] = 1;
  } else if (key.rfind("product:price", 0) == 0 || key.rfind("og:price", 0) == 0 ||
             key.rfind("product:sale_price", 0) == 0) {
    c.price += 1;
  } else if (key.rfind("product:", 0) == 0) {
    c.product += 1;
  } else if (key.rfind("article:", 0) == 0) {
    c.article += 1;
  } else if (key.rfind("twitter:label", 0) == 0) {
    // Yoast SEO's labels: "Written by" on posts, "Est. reading time" on posts and pages.
    if (content.find("written by") != std::string::npos) c.written_by = 1;
    if (content.find("reading time") != std::string::npos) c.reading_time = 1;
  }
}

}  // namespace

const std::vector<std::string>& page_type_structured_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> n = {"sd_known", "sd_ld_blocks", "sd_ld_list_items", "sd_ld_breadcrumb_depth"};
    for (const auto& g : kTypeGroups) n.push_back("sd_ld_" + std::string(g.name));
    for (const auto& g : kTypeGroups) n.push_back("sd_md_" + std::string(g.name));
    for (const auto& g : kOgTypes) n.push_back("sd_og_" + std::string(g.first));
    n.emplace_back("sd_og_other");
    for (const auto& g : kGenerators) n.push_back("sd_generator_" + std::string(g.first));
    for (const char* s : {"sd_meta_price", "sd_meta_product", "sd_meta_article", "sd_written_by", "sd_reading_time",
                          "sd_rel_next", "sd_rel_amphtml", "sd_slug_links", "sd_slug_link_share", "sd_dated_links"})
      n.emplace_back(s);
    return n;
  }();
  return names;
}

void append_page_type_structured(const Document& doc, std::vector<double>& x) {
  Counts c;
  size_t objects_seen = 0;
  const auto& attrs = doc.attributes;
  c.known = attrs.empty() ? 0.0 : 1.0;
  // The attributes are grouped by node, in node order.
  for (size_t a = 0; a < attrs.size();) {
    const uint32_t node = attrs[a].node;
    std::string_view name, property, content, rel, script, itemtype, href;
    for (; a < attrs.size() && attrs[a].node == node; ++a) {
      const std::string_view v = doc.str(attrs[a].value);
      switch (attrs[a].name) {
        case Attr::Name: name = v; break;
        case Attr::Property: property = v; break;
        case Attr::Content: content = v; break;
        case Attr::Rel: rel = v; break;
        case Attr::ScriptText: script = v; break;
        case Attr::Itemtype: itemtype = v; break;
        case Attr::Href: href = v; break;
        default: break;
      }
    }
    if (!script.empty() && objects_seen < kMaxObjects) read_json_ld(script, c, objects_seen);
    if (!name.empty()) read_meta(name, content, c);
    if (!property.empty() && property != name) read_meta(property, content, c);
    if (!href.empty() && doc.nodes[node].tag == Tag::A) read_href(href, c);
    if (!rel.empty()) {
      const std::string r = lower(rel);
      if (has_word(r, "next") || has_word(r, "prev")) c.rel_next = 1;
      if (has_word(r, "amphtml")) c.amphtml = 1;
    }
    if (!itemtype.empty()) {
      // Several types, space-separated, count once per group.
      uint32_t groups = 0;
      size_t i = 0;
      while (i < itemtype.size()) {
        size_t e = itemtype.find(' ', i);
        if (e == std::string_view::npos) e = itemtype.size();
        if (e > i) groups |= type_groups(itemtype.substr(i, e - i));
        i = e + 1;
      }
      for (size_t g = 0; g < kTypeGroups.size(); ++g) c.md[g] += groups >> g & 1;
    }
  }
  x.push_back(c.known);
  x.push_back(lg(c.blocks));
  x.push_back(lg(c.list_items));
  x.push_back(c.breadcrumb_depth);
  for (double v : c.ld) x.push_back(lg(v));
  for (double v : c.md) x.push_back(lg(v));
  for (double v : c.og) x.push_back(v);
  for (double v : c.generator) x.push_back(v);
  x.push_back(lg(c.price));
  x.push_back(lg(c.product));
  x.push_back(lg(c.article));
  x.push_back(c.written_by);
  x.push_back(c.reading_time);
  x.push_back(c.rel_next);
  x.push_back(c.amphtml);
  x.push_back(lg(c.slug_links));
  x.push_back(c.links > 0 ? c.slug_links / c.links : 0.0);
  x.push_back(lg(c.dated_links));
}

}  // namespace wce
