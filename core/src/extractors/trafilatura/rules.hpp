// Rule lists of the trafilatura extractor (extractors/trafilatura/) as data: the
// XPath expressions of trafilatura 2.3.1 (trafilatura/xpaths.py,
// settings.py) rewritten as tag sets plus attribute rules (attr_rule.hpp:
// one rule pattern per attribute, any may hold).
//
// An expression of xpaths.py has the shape
//   .//*[self::div or self::section ...][ @class='x' or contains(@id, 'y') or re:test(@class, 'a|^b') ... ]
// which becomes {Class, "^x$|a|^b"}, {Id, "y"}. The tests are
// case-sensitive, as in XPath/EXSLT, except where xpaths.py folds case with
// translate() or the 'i' flag ("(?i:...)"). `re:test(@id|@class, ...)` tests
// the attribute that comes first in the source, which the Document does not
// record: both are tested. data-* and style attributes are not in the Document; the inline
// style tests (display:none, visibility hidden) and aria-hidden use the
// Document's hidden flag instead.
#pragma once
#include <cstdint>
#include <string_view>

#include "extractors/attr_rule.hpp"

namespace wce::trafilatura_rules {

// The element kinds of trafilatura's converted tree (htmlprocessing.py
// convert_tags): lists are "list", their li/dd/dt "item", h1-h6 "head",
// br/hr "lb", blockquote/q (and pre without code) "quote", ...
enum Kind : uint8_t {
  kOther = 0, kDiv, kSection, kArticle, kMain, kSpan, kP, kList, kItem, kHead, kLb, kQuote, kCode,
  kDel, kTable, kTr, kCell, kRef, kCaption, kDetails, kKindCount
};
constexpr uint32_t bit(Kind k) { return 1u << k; }
constexpr uint32_t kAnyKind = 0xFFFFFFFFu;

// --- BODY_XPATH (xpaths.py), tried in this order; the first element (document
// order) matching an expression is the content container.
constexpr uint32_t kContainerKinds = bit(kArticle) | bit(kDiv) | bit(kMain) | bit(kSection);
inline constexpr AttrPattern kBody1[] = {
    {RuleAttr::Id,
     "^articleContent$|entry-content|article-content|art-content|article__content|"
     "article-body|article__body|articlebody|articleBody|body-text"},
    {RuleAttr::Class,
     "^post$|^entry$|post-text|post_text|post-body|post-entry|postentry|post-content|"
     "post_content|postcontent|postContent|post_inner_wrapper|article-text|articletext|"
     "articleText|entry-content|page-content|text-content|article-content|art-content|"
     "article__content|article-body|article__body|articlebody|articleBody|ArticleContent|"
     "body-text|article__container"},
    {RuleAttr::Itemprop, "^articleBody$"},
};
// BODY_XPATH[1] is (.//article)[1]: no predicates.
inline constexpr AttrPattern kBody3[] = {
    {RuleAttr::Id, "^article$|^story$|^primary|story-body"},
    {RuleAttr::Class,
     "^postarea$|^art-postcontent$|^text$|^cell$|^story$|(?i:fulltext)|^article |"
     "post-bodycopy|story-content|storycontent|theme-content|blog-content|section-content|"
     "single-content|single-post|main-column|wpb_text_column|story-body|field-body"},
    {RuleAttr::Role, "^article$"},
};
inline constexpr AttrPattern kBody4[] = {
    {RuleAttr::Id, "^content$|content-main|content-body|contentBody|(?i:main-content)"},
    {RuleAttr::Class,
     "^content$|content-main|content_main|content-body|content__body|(?i:main-content)|"
     "(?i:page-content)"},
};
// BODY_XPATH[4]: article/div/section starting with "main", or the first <main>.
inline constexpr AttrPattern kBody5[] = {
    {RuleAttr::Id, "^main"},
    {RuleAttr::Class, "^main"},
    {RuleAttr::Role, "^main"},
};

// --- COMMENTS_XPATH, tried in order; the first with text is the comments section.
constexpr uint32_t kCommentKinds = bit(kDiv) | bit(kList) | bit(kSection);
inline constexpr AttrPattern kComments1[] = {
    {RuleAttr::Id, "comment-list|commentlist"},
    {RuleAttr::Class, "comment-list|commentlist|comment-page|comments-content|post-comments"},
};
inline constexpr AttrPattern kComments2[] = {
    {RuleAttr::Id, "^comments|^comment-"},
    {RuleAttr::Class, "^comments|^comment-|^Comments|article-comments"},
};
inline constexpr AttrPattern kComments3[] = {
    {RuleAttr::Id, "^comol|^disqus_thread|^dsq-comments"},
};
inline constexpr AttrPattern kComments4[] = {
    {RuleAttr::Id, "^social"},
    {RuleAttr::Class, "comment"},
};

// --- OVERALL_DISCARD_XPATH[0]: navigation, footers, sharing, related posts, ...
constexpr uint32_t kDiscardKinds = bit(kDiv) | bit(kItem) | bit(kList) | bit(kP) | bit(kSection) | bit(kSpan);
inline constexpr AttrPattern kOverallDiscard1[] = {
    {RuleAttr::Id,
     "cookie|^shar|social|viral|newsletter|syndication|tags|sidebar|banner|breadcrumb|"
     "bread-crumb|button|author|^jp-|^dpsp-content|bmdh|footer|Footer|share|Share|nav|Nav|"
     "menu|related|message-container|premium|^ad-"},
    {RuleAttr::Class,
     "cookie|^shar|social|viral|newsletter|syndication|tags|sidebar|banner|breadcrumb|"
     "bread-crumb|button|author|^nav|^post-nav|^ZendeskForm|subnav|avigation|navbar|"
     "navbox|menu|bar| ad |-ad-|^ad-| ad-|dfpAd|dfpad|outbrain|taboola|criteo|"
     "paid-content|paidcontent|widget|footer|Footer|byline|Byline|share-|sociable|"
     "embedded|embed|tag-list|consent|modal-content|permission|elated|next-|-stories|"
     "most-popular|more-on|meta|rating|attachment|timestamp|user-info|user-profile|-icon|"
     "article-infos|message-container|slide|viewport|overlay|options|expand|obfuscated|"
     "blurred|mol-factbox|yin|zlylin|nfoline"},
    {RuleAttr::Role, "nav|Nav"},
};
// OVERALL_DISCARD_XPATH[1]: comment debris and hidden parts, any element
// (the style / aria-hidden tests are the Document's hidden flag).
inline constexpr AttrPattern kOverallDiscard2[] = {
    {RuleAttr::Id, "^reply-|hidden|reader-comments|akismet"},
    {RuleAttr::Class,
     "^comments-title$|^reply-|^hide-|comments-title|nocomments|-reply-|message|akismet|"
     "suggest-links|-hide-|hide-print| hidden| hide|noprint|notloaded"},
};
// TEASER_DISCARD_XPATH (translate(@id|@class, 'T', 't'))
inline constexpr AttrPattern kTeaserDiscard[] = {
    {RuleAttr::Id, "teaser|Teaser"},
    {RuleAttr::Class, "teaser|Teaser"},
};
// DISCARD_IMAGE_ELEMENTS (images are not extracted by default)
inline constexpr AttrPattern kDiscardImage[] = {
    {RuleAttr::Id, "caption"},
    {RuleAttr::Class, "caption"},
};
// COMMENTS_DISCARD_XPATH (besides cite/quote elements and the hidden flag)
inline constexpr AttrPattern kCommentsDiscardAny[] = {
    {RuleAttr::Id, "^reply-|akismet"},
    {RuleAttr::Class, "^comments-title$|comments-title|nocomments|-reply-|message|signin|^reply-|akismet"},
};
inline constexpr AttrPattern kCommentsDiscardRespond[] = {
    {RuleAttr::Id, "^respond"},
};

// REMOVE_COMMENTS_XPATH (re:test(@id, '^(?:[Cc]omment(?!ary)|comol|disqus_thread|dsq-comments)'),
// re:test(@class, '^[Cc]omment(?!ary)|(?:article|post)-comments')): "commentary" is
// excluded in code (trafilatura.cpp), the rest are plain prefixes and words.
inline constexpr AttrPattern kRemoveComments[] = {
    {RuleAttr::Id, "^comment|^Comment|^comol|^disqus_thread|^dsq-comments"},
    {RuleAttr::Class, "^comment|^Comment|article-comments|post-comments"},
};
// The (?!ary) of REMOVE_COMMENTS_XPATH: an element whose id or class starts
// with "commentary" is a comment section only by its class's
// (?:article|post)-comments.
inline constexpr AttrPattern kCommentary[] = {
    {RuleAttr::Id, "^[Cc]ommentary"},
    {RuleAttr::Class, "^[Cc]ommentary"},
};
inline constexpr AttrPattern kArticleComments[] = {
    {RuleAttr::Class, "article-comments|post-comments"},
};
// convert_tags (trafilatura.cpp's cleaning stage): a <strong> whose class
// contains "schema-faq-question" is a heading.
inline constexpr AttrPattern kFaqQuestion[] = {
    {RuleAttr::Class, "schema-faq-question"},
};
// The main extractor (handle_textelem and the recovery of wild text): a div
// whose class contains "w3-code" is code.
inline constexpr AttrPattern kCodeDiv[] = {
    {RuleAttr::Class, "w3-code"},
};

// settings.py BASIC_CLEAN_XPATH (baseline, html2txt, the justext input):
// div[contains(@class|@id, 'footer')] and the cookie-banner expression
// _COOKIE_CONSENT_RE (a rule pattern, case-insensitive, on "class id").
inline constexpr AttrPattern kBasicCleanDiv[] = {
    {RuleAttr::Id, "footer"},
    {RuleAttr::Class, "footer"},
};
inline constexpr std::string_view kCookieConsent =
    "cookie[-_]?(?:banner|bar|consent|law|notice|policy|description)|notice[-_]?[-_]?cookie|"
    "consent[-_]?(?:banner|manager|sdk)|borlabs|cookiebot|cmplz|onetrust|moove[-_]?gdpr";

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
