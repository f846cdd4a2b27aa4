// Rule lists of the trafilatura extractor (extractors/trafilatura/) as data: the
// XPath expressions of trafilatura 2.3.1 (trafilatura/xpaths.py,
// settings.py) rewritten as tag sets plus attribute predicates.
//
// An expression of xpaths.py has the shape
//   .//*[self::div or self::section ...][ @class='x' or contains(@id, 'y') or re:test(@class, 'a|^b') ... ]
// Every re:test() there is an alternation of plain words, of words anchored
// with ^, and of small optional groups ("post[-_]?content"); those are
// expanded here into the plain words they match (contains / starts-with).
// The tests are case-sensitive, as in XPath/EXSLT, except where xpaths.py
// folds case with translate() or the 'i' flag (Op::ContainsFold: ASCII
// case-insensitive). `re:test(@id|@class, ...)` tests the attribute that
// comes first in the source, which the Document does not record: both are
// tested. data-* and style attributes are not in the Document; the inline
// style tests (display:none, visibility hidden) and aria-hidden use the
// Document's hidden flag instead.
#pragma once
#include <cstdint>
#include <string_view>

namespace wce::trafilatura_rules {

// Attributes the Document keeps.
enum class Attr : uint8_t { Id, Class, Role, Itemprop, IdOrClass };
enum class Op : uint8_t { Equals, Contains, StartsWith, ContainsFold };

struct Pred {
  Attr attr;
  Op op;
  std::string_view value;
};

// The element kinds of trafilatura's converted tree (htmlprocessing.py
// convert_tags): lists are "list", their li/dd/dt "item", h1-h6 "head",
// br/hr "lb", blockquote/q (and pre without code) "quote", ...
enum Kind : uint8_t {
  kOther = 0, kDiv, kSection, kArticle, kMain, kSpan, kP, kList, kItem, kHead, kLb, kQuote, kCode,
  kDel, kTable, kTr, kCell, kRef, kCaption, kDetails, kKindCount
};
constexpr uint32_t bit(Kind k) { return 1u << k; }
constexpr uint32_t kAnyKind = 0xFFFFFFFFu;

// One expression: the element kinds it selects, and predicates of which one
// must hold (an empty list: any element of those kinds).
struct Rule {
  uint32_t kinds;
  const Pred* preds;
  uint32_t count;
};

// --- BODY_XPATH (xpaths.py), tried in this order; the first element (document
// order) matching an expression is the content container.
constexpr uint32_t kContainerKinds = bit(kArticle) | bit(kDiv) | bit(kMain) | bit(kSection);
inline constexpr Pred kBody1[] = {
    {Attr::Class, Op::Equals, "post"}, {Attr::Class, Op::Equals, "entry"},
    {Attr::Itemprop, Op::Equals, "articleBody"}, {Attr::Id, Op::Equals, "articleContent"},
    // _ARTICLE_CONTENT_ID_TOKENS
    {Attr::Id, Op::Contains, "entry-content"}, {Attr::Id, Op::Contains, "article-content"},
    {Attr::Id, Op::Contains, "art-content"}, {Attr::Id, Op::Contains, "article__content"},
    {Attr::Id, Op::Contains, "article-body"}, {Attr::Id, Op::Contains, "article__body"},
    {Attr::Id, Op::Contains, "articlebody"}, {Attr::Id, Op::Contains, "articleBody"},
    {Attr::Id, Op::Contains, "body-text"},
    // _ARTICLE_CONTENT_CLASS_TOKENS
    {Attr::Class, Op::Contains, "post-text"}, {Attr::Class, Op::Contains, "post_text"},
    {Attr::Class, Op::Contains, "post-body"}, {Attr::Class, Op::Contains, "post-entry"},
    {Attr::Class, Op::Contains, "postentry"}, {Attr::Class, Op::Contains, "post-content"},
    {Attr::Class, Op::Contains, "post_content"}, {Attr::Class, Op::Contains, "postcontent"},
    {Attr::Class, Op::Contains, "postContent"},
    {Attr::Class, Op::Contains, "post_inner_wrapper"}, {Attr::Class, Op::Contains, "article-text"},
    {Attr::Class, Op::Contains, "articletext"}, {Attr::Class, Op::Contains, "articleText"},
    {Attr::Class, Op::Contains, "entry-content"}, {Attr::Class, Op::Contains, "page-content"},
    {Attr::Class, Op::Contains, "text-content"}, {Attr::Class, Op::Contains, "article-content"},
    {Attr::Class, Op::Contains, "art-content"}, {Attr::Class, Op::Contains, "article__content"},
    {Attr::Class, Op::Contains, "article-body"}, {Attr::Class, Op::Contains, "article__body"},
    {Attr::Class, Op::Contains, "articlebody"}, {Attr::Class, Op::Contains, "articleBody"},
    {Attr::Class, Op::Contains, "ArticleContent"}, {Attr::Class, Op::Contains, "body-text"},
    {Attr::Class, Op::Contains, "article__container"},
};
// BODY_XPATH[1] is (.//article)[1]: no predicates.
inline constexpr Pred kBody3[] = {
    {Attr::Role, Op::Equals, "article"}, {Attr::Id, Op::Equals, "article"}, {Attr::Id, Op::Equals, "story"},
    {Attr::Class, Op::Equals, "postarea"}, {Attr::Class, Op::Equals, "art-postcontent"},
    {Attr::Class, Op::Equals, "text"}, {Attr::Class, Op::Equals, "cell"}, {Attr::Class, Op::Equals, "story"},
    // _STORY_ID_TOKENS
    {Attr::Id, Op::StartsWith, "primary"}, {Attr::Id, Op::Contains, "story-body"},
    {Attr::Class, Op::ContainsFold, "fulltext"},
    // _STORY_CLASS_TOKENS
    {Attr::Class, Op::StartsWith, "article "}, {Attr::Class, Op::Contains, "post-bodycopy"},
    {Attr::Class, Op::Contains, "story-content"}, {Attr::Class, Op::Contains, "storycontent"},
    {Attr::Class, Op::Contains, "theme-content"}, {Attr::Class, Op::Contains, "blog-content"},
    {Attr::Class, Op::Contains, "section-content"}, {Attr::Class, Op::Contains, "single-content"},
    {Attr::Class, Op::Contains, "single-post"}, {Attr::Class, Op::Contains, "main-column"},
    {Attr::Class, Op::Contains, "wpb_text_column"}, {Attr::Class, Op::Contains, "story-body"},
    {Attr::Class, Op::Contains, "field-body"},
};
inline constexpr Pred kBody4[] = {
    {Attr::Id, Op::Equals, "content"}, {Attr::Class, Op::Equals, "content"},
    // _MAIN_CONTENT_ID_TOKENS / _MAIN_CONTENT_CLASS_TOKENS
    {Attr::Id, Op::Contains, "content-main"}, {Attr::Id, Op::Contains, "content-body"},
    {Attr::Id, Op::Contains, "contentBody"}, {Attr::Class, Op::Contains, "content-main"},
    {Attr::Class, Op::Contains, "content_main"}, {Attr::Class, Op::Contains, "content-body"},
    {Attr::Class, Op::Contains, "content__body"},
    // translate(@id|@class, 'CM', 'cm') / translate(@class, 'CP', 'cp'): folded
    {Attr::Id, Op::ContainsFold, "main-content"}, {Attr::Class, Op::ContainsFold, "main-content"},
    {Attr::Class, Op::ContainsFold, "page-content"},
};
// BODY_XPATH[4]: article/div/section starting with "main", or the first <main>.
inline constexpr Pred kBody5[] = {
    {Attr::Class, Op::StartsWith, "main"}, {Attr::Id, Op::StartsWith, "main"},
    {Attr::Role, Op::StartsWith, "main"},
};

// --- COMMENTS_XPATH, tried in order; the first with text is the comments section.
constexpr uint32_t kCommentKinds = bit(kDiv) | bit(kList) | bit(kSection);
inline constexpr Pred kComments1[] = {
    {Attr::IdOrClass, Op::Contains, "comment-list"}, {Attr::IdOrClass, Op::Contains, "commentlist"},
    {Attr::Class, Op::Contains, "comment-page"}, {Attr::Class, Op::Contains, "comments-content"},
    {Attr::Class, Op::Contains, "post-comments"},
};
inline constexpr Pred kComments2[] = {
    {Attr::IdOrClass, Op::StartsWith, "comments"}, {Attr::IdOrClass, Op::StartsWith, "comment-"},
    {Attr::Class, Op::StartsWith, "Comments"}, {Attr::Class, Op::Contains, "article-comments"},
};
inline constexpr Pred kComments3[] = {
    {Attr::Id, Op::StartsWith, "comol"}, {Attr::Id, Op::StartsWith, "disqus_thread"},
    {Attr::Id, Op::StartsWith, "dsq-comments"},
};
inline constexpr Pred kComments4[] = {
    {Attr::Id, Op::StartsWith, "social"}, {Attr::Class, Op::Contains, "comment"},
};

// --- OVERALL_DISCARD_XPATH[0]: navigation, footers, sharing, related posts, ...
constexpr uint32_t kDiscardKinds = bit(kDiv) | bit(kItem) | bit(kList) | bit(kP) | bit(kSection) | bit(kSpan);
inline constexpr Pred kOverallDiscard1[] = {
    {Attr::Role, Op::Contains, "nav"}, {Attr::Role, Op::Contains, "Nav"},
    {Attr::IdOrClass, Op::Contains, "cookie"},  // _CONSENT_ID_CLASS_TOKENS
    // _OVERALL_DISCARD_BOTH_TOKENS on @id
    {Attr::Id, Op::StartsWith, "shar"}, {Attr::Id, Op::Contains, "social"}, {Attr::Id, Op::Contains, "viral"},
    {Attr::Id, Op::Contains, "newsletter"}, {Attr::Id, Op::Contains, "syndication"},
    {Attr::Id, Op::Contains, "tags"}, {Attr::Id, Op::Contains, "sidebar"}, {Attr::Id, Op::Contains, "banner"},
    {Attr::Id, Op::Contains, "breadcrumb"}, {Attr::Id, Op::Contains, "bread-crumb"},
    {Attr::Id, Op::Contains, "button"}, {Attr::Id, Op::Contains, "author"},
    // _OVERALL_DISCARD_ID_TOKENS
    {Attr::Id, Op::StartsWith, "jp-"}, {Attr::Id, Op::StartsWith, "dpsp-content"}, {Attr::Id, Op::Contains, "bmdh"},
    {Attr::Id, Op::Contains, "footer"}, {Attr::Id, Op::Contains, "Footer"}, {Attr::Id, Op::Contains, "share"},
    {Attr::Id, Op::Contains, "Share"}, {Attr::Id, Op::Contains, "nav"}, {Attr::Id, Op::Contains, "Nav"},
    {Attr::Id, Op::Contains, "menu"}, {Attr::Id, Op::Contains, "related"},
    {Attr::Id, Op::Contains, "message-container"}, {Attr::Id, Op::Contains, "premium"},
    {Attr::Id, Op::StartsWith, "ad-"},
    // _OVERALL_DISCARD_BOTH_TOKENS on @class
    {Attr::Class, Op::StartsWith, "shar"}, {Attr::Class, Op::Contains, "social"},
    {Attr::Class, Op::Contains, "viral"}, {Attr::Class, Op::Contains, "newsletter"},
    {Attr::Class, Op::Contains, "syndication"}, {Attr::Class, Op::Contains, "tags"},
    {Attr::Class, Op::Contains, "sidebar"}, {Attr::Class, Op::Contains, "banner"},
    {Attr::Class, Op::Contains, "breadcrumb"}, {Attr::Class, Op::Contains, "bread-crumb"},
    {Attr::Class, Op::Contains, "button"}, {Attr::Class, Op::Contains, "author"},
    // _NAV_CLASS_TOKENS
    {Attr::Class, Op::StartsWith, "nav"}, {Attr::Class, Op::StartsWith, "post-nav"},
    {Attr::Class, Op::StartsWith, "ZendeskForm"}, {Attr::Class, Op::Contains, "subnav"},
    {Attr::Class, Op::Contains, "avigation"}, {Attr::Class, Op::Contains, "navbar"},
    {Attr::Class, Op::Contains, "navbox"}, {Attr::Class, Op::Contains, "menu"}, {Attr::Class, Op::Contains, "bar"},
    // _AD_CLASS_TOKENS
    {Attr::Class, Op::Contains, " ad "}, {Attr::Class, Op::Contains, "-ad-"}, {Attr::Class, Op::StartsWith, "ad-"},
    {Attr::Class, Op::Contains, " ad-"}, {Attr::Class, Op::Contains, "dfpAd"}, {Attr::Class, Op::Contains, "dfpad"},
    {Attr::Class, Op::Contains, "outbrain"}, {Attr::Class, Op::Contains, "taboola"},
    {Attr::Class, Op::Contains, "criteo"}, {Attr::Class, Op::Contains, "paid-content"},
    {Attr::Class, Op::Contains, "paidcontent"}, {Attr::Class, Op::Contains, "widget"},
    // _FOOTER_CLASS_TOKENS, _AUTHOR_CLASS_TOKENS, _SHARE_CLASS_TOKENS, _TAGS_CLASS_TOKENS
    {Attr::Class, Op::Contains, "footer"}, {Attr::Class, Op::Contains, "Footer"},
    {Attr::Class, Op::Contains, "byline"}, {Attr::Class, Op::Contains, "Byline"},
    {Attr::Class, Op::Contains, "share-"}, {Attr::Class, Op::Contains, "sociable"},
    {Attr::Class, Op::Contains, "embedded"}, {Attr::Class, Op::Contains, "embed"},
    {Attr::Class, Op::Contains, "tag-list"},
    // _CONSENT_CLASS_TOKENS, _RELATED_CLASS_TOKENS
    {Attr::Class, Op::Contains, "consent"}, {Attr::Class, Op::Contains, "modal-content"},
    {Attr::Class, Op::Contains, "permission"}, {Attr::Class, Op::Contains, "elated"},
    {Attr::Class, Op::Contains, "next-"}, {Attr::Class, Op::Contains, "-stories"},
    {Attr::Class, Op::Contains, "most-popular"}, {Attr::Class, Op::Contains, "more-on"},
    // _UI_META_CLASS_TOKENS, _MISC_CLASS_TOKENS, _LEGACY_SITE_CLASS_TOKENS
    {Attr::Class, Op::Contains, "meta"}, {Attr::Class, Op::Contains, "rating"},
    {Attr::Class, Op::Contains, "attachment"}, {Attr::Class, Op::Contains, "timestamp"},
    {Attr::Class, Op::Contains, "user-info"}, {Attr::Class, Op::Contains, "user-profile"},
    {Attr::Class, Op::Contains, "-icon"}, {Attr::Class, Op::Contains, "article-infos"},
    {Attr::Class, Op::Contains, "message-container"}, {Attr::Class, Op::Contains, "slide"},
    {Attr::Class, Op::Contains, "viewport"}, {Attr::Class, Op::Contains, "overlay"},
    {Attr::Class, Op::Contains, "options"}, {Attr::Class, Op::Contains, "expand"},
    {Attr::Class, Op::Contains, "obfuscated"}, {Attr::Class, Op::Contains, "blurred"},
    {Attr::Class, Op::Contains, "mol-factbox"}, {Attr::Class, Op::Contains, "yin"},
    {Attr::Class, Op::Contains, "zlylin"}, {Attr::Class, Op::Contains, "nfoline"},
};
// OVERALL_DISCARD_XPATH[1]: comment debris and hidden parts, any element
// (the style / aria-hidden tests are the Document's hidden flag).
inline constexpr Pred kOverallDiscard2[] = {
    {Attr::Class, Op::Equals, "comments-title"}, {Attr::IdOrClass, Op::StartsWith, "reply-"},
    {Attr::Id, Op::Contains, "hidden"}, {Attr::Id, Op::Contains, "reader-comments"},
    {Attr::Id, Op::Contains, "akismet"}, {Attr::Class, Op::StartsWith, "hide-"},
    {Attr::Class, Op::Contains, "comments-title"}, {Attr::Class, Op::Contains, "nocomments"},
    {Attr::Class, Op::Contains, "-reply-"}, {Attr::Class, Op::Contains, "message"},
    {Attr::Class, Op::Contains, "akismet"}, {Attr::Class, Op::Contains, "suggest-links"},
    {Attr::Class, Op::Contains, "-hide-"}, {Attr::Class, Op::Contains, "hide-print"},
    {Attr::Class, Op::Contains, " hidden"}, {Attr::Class, Op::Contains, " hide"},
    {Attr::Class, Op::Contains, "noprint"}, {Attr::Class, Op::Contains, "notloaded"},
};
// TEASER_DISCARD_XPATH (translate(@id|@class, 'T', 't'))
inline constexpr Pred kTeaserDiscard[] = {
    {Attr::Id, Op::Contains, "teaser"}, {Attr::Id, Op::Contains, "Teaser"},
    {Attr::Class, Op::Contains, "teaser"}, {Attr::Class, Op::Contains, "Teaser"},
};
// DISCARD_IMAGE_ELEMENTS (images are not extracted by default)
inline constexpr Pred kDiscardImage[] = {
    {Attr::Id, Op::Contains, "caption"}, {Attr::Class, Op::Contains, "caption"},
};
// COMMENTS_DISCARD_XPATH (besides cite/quote elements and the hidden flag)
inline constexpr Pred kCommentsDiscardAny[] = {
    {Attr::Class, Op::Equals, "comments-title"}, {Attr::Class, Op::Contains, "comments-title"},
    {Attr::Class, Op::Contains, "nocomments"}, {Attr::Class, Op::Contains, "-reply-"},
    {Attr::Class, Op::Contains, "message"}, {Attr::Class, Op::Contains, "signin"},
    {Attr::IdOrClass, Op::StartsWith, "reply-"}, {Attr::IdOrClass, Op::Contains, "akismet"},
};
inline constexpr Pred kCommentsDiscardRespond[] = {{Attr::Id, Op::StartsWith, "respond"}};

// REMOVE_COMMENTS_XPATH (re:test(@id, '^(?:[Cc]omment(?!ary)|comol|disqus_thread|dsq-comments)'),
// re:test(@class, '^[Cc]omment(?!ary)|(?:article|post)-comments')): "commentary" is
// excluded in code (trafilatura.cpp), the rest are plain prefixes and words.
inline constexpr Pred kRemoveComments[] = {
    {Attr::Id, Op::StartsWith, "comment"}, {Attr::Id, Op::StartsWith, "Comment"},
    {Attr::Id, Op::StartsWith, "comol"}, {Attr::Id, Op::StartsWith, "disqus_thread"},
    {Attr::Id, Op::StartsWith, "dsq-comments"}, {Attr::Class, Op::StartsWith, "comment"},
    {Attr::Class, Op::StartsWith, "Comment"}, {Attr::Class, Op::Contains, "article-comments"},
    {Attr::Class, Op::Contains, "post-comments"},
};

// settings.py BASIC_CLEAN_XPATH (baseline, html2txt, the justext input):
// div[contains(@class|@id, 'footer')] and the cookie-banner expression
// _COOKIE_CONSENT_RE (case-insensitive), expanded.
inline constexpr Pred kBasicCleanDiv[] = {{Attr::IdOrClass, Op::Contains, "footer"}};
inline constexpr std::string_view kCookieConsent[] = {
    "cookie-banner", "cookie_banner", "cookiebanner", "cookie-bar", "cookie_bar", "cookiebar",
    "cookie-consent", "cookie_consent", "cookieconsent", "cookie-law", "cookie_law", "cookielaw",
    "cookie-notice", "cookie_notice", "cookienotice", "cookie-policy", "cookie_policy", "cookiepolicy",
    "cookie-description", "cookie_description", "cookiedescription", "noticecookie", "notice-cookie",
    "notice_cookie", "notice--cookie", "notice__cookie", "notice-_cookie", "notice_-cookie",
    "consent-banner", "consent_banner", "consentbanner", "consent-manager", "consent_manager",
    "consentmanager", "consent-sdk", "consent_sdk", "consentsdk", "borlabs", "cookiebot", "cmplz",
    "onetrust", "moove-gdpr", "moove_gdpr", "moovegdpr",
};

// utils.py RE_FILTER: a line that is only one of these words (after leading
// non-word characters), case-insensitive, is social-media / print debris.
inline constexpr std::string_view kFilterWords[] = {
    "drucken", "e-mail", "email", "facebook", "flipboard", "google", "instagram", "linkedin", "mail", "pdf",
    "pinterest", "pocket", "print", "qq", "reddit", "twitter", "wechat", "weibo", "whatsapp", "xing",
    "mehr zum thema", "mehr zum thema:",
};
inline constexpr std::string_view kFilterMoreOnThis = "more on this";  // + at most 8 characters
constexpr uint32_t kFilterMoreOnThisTail = 8;

}  // namespace wce::trafilatura_rules
