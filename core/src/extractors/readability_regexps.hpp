// Readability.js 0.6.0's REGEXPS on class and id, in the rule-pattern
// encoding (rule_pattern.hpp): the readability port and DOM Distiller (whose
// dom-converter.go runs the same expressions, through re2go) both use them.
// Capturing groups are written (?:...); the rest is verbatim.
#pragma once
#include <string_view>

#include "extractors/rule_pattern.hpp"

namespace wce::readability_regexps {

// Case-insensitive (JavaScript's /i without /u folds ASCII only).
constexpr std::string_view kUnlikelyCandidates =
    "-ad-|ai2html|banner|breadcrumbs|combx|comment|community|cover-wrap|disqus|extra|footer|gdpr|"
    "header|legends|menu|related|remark|replies|rss|shoutbox|sidebar|skyscraper|social|sponsor|"
    "supplemental|ad-break|agegate|pagination|pager|popup|yom-remote";
constexpr std::string_view kOkMaybeItsACandidate = "and|article|body|column|content|main|shadow";
constexpr std::string_view kPositive =
    "article|body|content|entry|hentry|h-entry|main|page|pagination|post|text|blog|story";
constexpr std::string_view kNegative =
    "-ad-|hidden|^hid$| hid$| hid |^hid |banner|combx|comment|com-|contact|footer|gdpr|masthead|"
    "media|meta|outbrain|promo|related|scroll|share|shoutbox|sidebar|skyscraper|sponsor|shopping|"
    "tags|widget";
constexpr std::string_view kByline = "byline|author|dateline|writtenby|p-author";
constexpr std::string_view kShareElements = "(?:\\b|_)(?:share|sharedaddy)(?:\\b|_)";
// UNLIKELY_ROLES: the whole role attribute, case-sensitive.
constexpr std::string_view kUnlikelyRoles =
    "^(?:menu|menubar|complementary|navigation|alert|alertdialog|dialog)$";
// REGEXPS.adWords and REGEXPS.loadingWords (/iu on an element's inner
// text): matched on the text lower-cased by the caller (the /u folding of
// non-ASCII letters is not the rule pattern's), so case-sensitive here.
constexpr std::string_view kAdWords =
    "^(?:ad(?:vertising|vertisement)?|pub(?:licit\\xc3\\xa9)?|werb(?:ung)?|\\xe5\\xb9\\xbf\\xe5\\x91\\x8a|"
    "\\xd1\\x80\\xd0\\xb5\\xd0\\xba\\xd0\\xbb\\xd0\\xb0\\xd0\\xbc\\xd0\\xb0|anuncio)$";
constexpr std::string_view kLoadingWords =
    "^(?:loading|\\xe6\\xad\\xa3\\xe5\\x9c\\xa8\\xe5\\x8a\\xa0\\xe8\\xbd\\xbd|"
    "\\xd0\\xb7\\xd0\\xb0\\xd0\\xb3\\xd1\\x80\\xd1\\x83\\xd0\\xb7\\xd0\\xba\\xd0\\xb0|chargement|cargando)"
    "(?:\\xe2\\x80\\xa6|\\.\\.\\.)?$";

// _isValidByline's itemprop test: the attribute contains "author"
// (case-sensitive in Readability.js; DOM Distiller lower-cases it first).
constexpr std::string_view kItempropAuthor = "author";
// _isProbablyVisible: aria-hidden does not hide an element whose class
// contains "fallback-image" (case-sensitive).
constexpr std::string_view kFallbackImage = "fallback-image";

struct Compiled {
  RulePattern unlikely_candidates{kUnlikelyCandidates, true}, ok_maybe{kOkMaybeItsACandidate, true};
  RulePattern positive{kPositive, true}, negative{kNegative, true};
  RulePattern byline{kByline, true}, share_elements{kShareElements, true};
  RulePattern unlikely_roles{kUnlikelyRoles};
  RulePattern ad_words{kAdWords}, loading_words{kLoadingWords};
  RulePattern itemprop_author{kItempropAuthor};
  RulePattern fallback_image{kFallbackImage};
};
// Compiled once, on first use.
const Compiled& compiled();

}  // namespace wce::readability_regexps
