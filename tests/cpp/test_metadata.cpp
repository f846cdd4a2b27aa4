// extract_metadata (wce/metadata.hpp): one table per concern: each source
// and the order of trust, the title's clean-up, authors, the date formats
// (through <meta name=date>, the public way in), and bad input.
#include <gtest/gtest.h>

#include <string>

#include "wce/wce.hpp"

using namespace wce;

namespace {

std::string repeat(const std::string& s, size_t n) {
  std::string out;
  out.reserve(s.size() * n);
  for (size_t i = 0; i < n; ++i) out += s;
  return out;
}

Metadata of(const std::string& html, std::string_view url = {}) { return extract_metadata(parse_html(html), url); }

std::string ld(const std::string& json) { return "<script type='application/ld+json'>" + json + "</script>"; }

}  // namespace

TEST(MetadataSources, EachSourceAndItsTrust) {
  enum F { Title, Author, Date, Modified, Site, Lang, Description, Url, Image };
  const struct { std::string html; const char* url; F field; const char* want; } cases[] = {
      // JSON-LD: plain, @graph with references, arrays, nested author objects.
      {ld(R"({"@context":"https://schema.org","@type":"NewsArticle","headline":"Rain in Spain",)"
          R"("author":{"@type":"Person","name":"Ann Lee"},"datePublished":"2024-03-05T10:00:00Z"})"),
       "", Author, "Ann Lee"},
      {ld(R"({"@type":"NewsArticle","headline":"Rain in Spain","datePublished":"2024-03-05T10:00:00Z"})"), "", Date,
       "2024-03-05T10:00:00Z"},
      {ld(R"({"@graph":[{"@type":"WebSite","@id":"#site","name":"Daily"},{"@type":"Person","@id":"#p1",)"
          R"("name":"Bo Chen"},{"@type":"BlogPosting","headline":"Hi","author":{"@id":"#p1"}}]})"),
       "", Author, "Bo Chen"},
      {ld(R"({"@graph":[{"@type":"WebSite","@id":"#site","name":"Daily"},{"@type":"BlogPosting","headline":"Hi"}]})"),
       "", Site, "Daily"},
      {ld(R"([{"@type":"Organization","name":"Org"},{"@type":["Article"],"headline":"T",)"
          R"("author":[{"@type":"Person","name":"A One"},{"@type":"Person","name":"B Two"}]}])"),
       "", Author, "A One; B Two"},
      {ld(R"({"@type":"Article","headline":"T","author":"Cy Doe","publisher":{"@type":"Organization","name":"Pub"}})"),
       "", Site, "Pub"},
      {ld(R"({"@type":"Article","headline":"T","image":{"@type":"ImageObject","url":"/i.jpg"}})"),
       "https://e.org/a/b", Image, "https://e.org/i.jpg"},
      {ld(R"({"@type":"WebPage","name":"About us","inLanguage":"fr"})"), "", Lang, "fr"},
      // JSON-LD wins over OpenGraph, OpenGraph over Dublin Core, Dublin Core over other names.
      {ld(R"({"@type":"Article","headline":"From LD"})") + "<meta property='og:title' content='From OG'>", "", Title,
       "From LD"},
      {"<meta name='dc.title' content='From DC'><meta property='og:title' content='From OG'>", "", Title, "From OG"},
      {"<meta name='twitter:title' content='From names'><meta name='DC.title' content='From DC'>", "", Title,
       "From DC"},
      {"<meta name='author' content='Names Author'><meta name='dc.creator' content='DC Author'>", "", Author,
       "DC Author"},
      {"<meta property='article:published_time' content='2023-11-02T08:00:00+01:00'>", "", Date,
       "2023-11-02T08:00:00+01:00"},
      {"<meta property='article:modified_time' content='2023-11-03'>", "", Modified, "2023-11-03"},
      {"<meta property='og:site_name' content='The Site'>", "", Site, "The Site"},
      // A machine name is not how the site writes itself: the next source's name, else the <title>'s site part.
      {"<title>Storm hits the coast | Inquirer News</title><meta property='og:site_name' content='INQUIRERDOTNET'>",
       "", Site, "Inquirer News"},
      {ld(R"({"@type":"Article","headline":"T","publisher":{"@type":"Organization","name":"INQUIRER_NET"}})") +
           "<meta property='og:site_name' content='Inquirer.net'>",
       "", Site, "Inquirer.net"},
      {"<title>Storm hits the coast</title><meta property='og:site_name' content='INQUIRERDOTNET'>", "", Site,
       "INQUIRERDOTNET"},
      {"<title>A story | BBC</title><meta property='og:site_name' content='BBC'>", "", Site, "BBC"},
      {"<meta property='og:locale' content='en_GB'><p>x</p>", "", Lang, "en-GB"},
      {"<html lang=de-CH><meta property='og:locale' content='en_GB'><p>x</p></html>", "", Lang, "de-CH"},
      {"<meta name='description' content='A page about &amp; things'>", "", Description, "A page about & things"},
      {"<link rel=canonical href='/c'><meta property='og:url' content='https://e.org/og'>", "https://e.org/x", Url,
       "https://e.org/c"},
      {"<meta property='og:image' content='//cdn.e.org/i.png'>", "https://e.org/x", Image, "https://cdn.e.org/i.png"},
      // article:author is often a profile URL: not a name.
      {"<meta property='article:author' content='https://facebook.com/x'><meta name=author content='Real Name'>", "",
       Author, "Real Name"},
      // Microdata.
      {"<article itemscope itemtype='https://schema.org/Article'><h1 itemprop=headline>Micro T</h1>"
       "<span itemprop=author itemscope itemtype='https://schema.org/Person'><span itemprop=name>Dee Ray</span>"
       "</span><time itemprop=datePublished datetime='2022-01-31'>Jan 31</time></article>",
       "", Author, "Dee Ray"},
      {"<article itemscope itemtype='https://schema.org/Article'><meta itemprop=datePublished content='2022-01-31'>"
       "<p>x</p></article>",
       "", Date, "2022-01-31"},
      {"<div itemscope itemtype='https://schema.org/Product'><h2 itemprop=name>Blue Kettle</h2></div>", "", Title,
       "Blue Kettle"},
      // Visible bylines and <time>.
      {"<h1>T</h1><div class=byline>By Eve Stone | March 5, 2024</div><p>text</p>", "", Author, "Eve Stone"},
      {"<h1>T</h1><div class=byline>By Eve Stone | March 5, 2024</div><p>text</p>", "", Date, "2024-03-05"},
      {"<h1>T</h1><a rel=author href=/u/f>Fay Wu</a><p>text</p>", "", Author, "Fay Wu"},
      {"<h1>T</h1><p>By Gus Hale</p><p>Some text of the story.</p>", "", Author, "Gus Hale"},
      {"<h1>T</h1><time datetime='2021-07-09T12:00:00Z'>July 9</time><p>x</p>", "", Date, "2021-07-09T12:00:00Z"},
      {"<h1>T</h1><span class=post-date>9 July 2021</span><p>x</p>", "", Date, "2021-07-09"},
      // Bylines in comments are other people's.
      {"<h1>T</h1><p>x</p><div class=comments><div class=comment-author>Troll</div></div>", "", Author, ""},
      // So are a quoted post's (a forum's "Zitat von Name" in the quote's box).
      {"<h1>T</h1><div class=quote_container><div class=bbcode_postedby>Zitat von <strong>Zaadi</strong></div>"
       "<div class=message>x</div></div><p>Reply text.</p>", "", Author, ""},
      // The URL's date comes last.
      {"<p>x</p>", "https://e.org/2020/02/29/story", Date, "2020-02-29"},
  };
  for (const auto& c : cases) {
    Metadata m = of(c.html, c.url);
    const std::string* got[] = {&m.title, &m.author, &m.date, &m.modified, &m.site,
                                &m.lang,  &m.description, &m.url, &m.image};
    EXPECT_EQ(*got[c.field], c.want) << c.html;
  }
}

TEST(MetadataTitle, SiteNameAndHeading) {
  const struct { std::string html; const char* url; const char* want; } cases[] = {
      {"<title>How to Bake Bread | Kitchen Daily</title><meta property='og:site_name' content='Kitchen Daily'>", "",
       "How to Bake Bread"},
      {"<title>Kitchen Daily - How to Bake Bread</title><meta property='og:site_name' content='Kitchen Daily'>", "",
       "How to Bake Bread"},
      // No site name given: the URL's host names it.
      {"<title>Data Analysis Tools \xE2\x80\x93 Splunk</title>", "https://www.splunk.com/blog/x",
       "Data Analysis Tools"},
      {"<title>News story | Section | BBC</title>", "https://www.bbc.co.uk/news/1", "News story"},
      // The <h1> decides between the parts left.
      {"<title>News story | Section | BBC</title><h1>News story</h1>", "https://www.bbc.co.uk/news/1", "News story"},
      // A separator inside the title is kept when no part names the site.
      {"<title>Rock - Paper - Scissors</title>", "https://games.example/x", "Rock - Paper - Scissors"},
      {"<title>Spider-Man: Homecoming</title>", "", "Spider-Man: Homecoming"},
      // No title at all: the <h1>.
      {"<h1>Only a heading</h1><p>x</p>", "", "Only a heading"},
      {"<meta property='og:title' content='Clean &amp; Simple'>", "", "Clean & Simple"},
      // A lone <h1> that shares words with the <title> is the title...
      {"<title>Best Hiking Boots of 2024 | Trail Shop</title><h1>The Best Hiking Boots</h1>",
       "https://trailshop.example/boots", "The Best Hiking Boots"},
      // ... one that shares few (a slogan) gives way to the <title> it was measured against.
      {"<title>Calm Notes | Private Journaling App</title><meta property='og:title' content='Calm Notes'>"
       "<h1>Write it down.</h1>",
       "https://calmnotes.example/", "Private Journaling App"},
      {"<title>Garden Tools for Small Yards | Greenway</title><h1>Spring is here</h1>",
       "https://greenway.example/tools", "Garden Tools for Small Yards"},
  };
  for (const auto& c : cases) EXPECT_EQ(of(c.html, c.url).title, c.want) << c.html;
}

TEST(MetadataAuthor, CleanUp) {
  const struct { const char* content; const char* want; } cases[] = {
      {"By Jane Doe", "Jane Doe"},
      {"Jane Doe and John Roe", "Jane Doe; John Roe"},
      {"Jane Doe, John Roe & Max Moe", "Jane Doe; John Roe; Max Moe"},
      {"Written by: Jane Doe", "Jane Doe"},
      {"Von Anna Schmidt", "Anna Schmidt"},
      {"Par Jean Dupont", "Jean Dupont"},
      {"Jane Doe | March 5, 2024", "Jane Doe"},
      {"Jane Doe - Staff Writer", "Jane Doe"},
      {"jane doe", "jane doe"},
      {"@janedoe", ""},
      {"https://example.com/author/jane", ""},
      {"admin", ""},
      {"This is a long sentence that is surely not the name of anybody at all", ""},
  };
  for (const auto& c : cases)
    EXPECT_EQ(of(std::string("<meta name=author content='") + c.content + "'>").author, c.want) << c.content;
}

// Whose name is the page's author: one case per rule (byline.cpp, meta_tags.cpp,
// microdata.cpp, metadata.cpp); "" where the page has no author of its own.
TEST(MetadataAuthor, WhoseNameIsThePages) {
  const struct { const char* why; std::string html; const char* url; const char* want; } cases[] = {
      {"a list of posts: its bylines name different people",
       "<h1>Latest posts</h1><div class=post><h2>One</h2><span class=byline>By Ann Lee</span></div>"
       "<div class=post><h2>Two</h2><span class=byline>By Bo Chen</span></div>",
       "", ""},
      {"a list of posts read from bare 'By' texts",
       "<h1>News</h1><div><h2>One</h2><p>By Ann Lee</p></div><div><h2>Two</h2><p>By Bo Chen</p></div>", "", ""},
      {"one byline repeated (author box, links inside the byline) is one author",
       "<h1>Story</h1><div class=byline>By <a href=/a>Ann Lee</a> and <a href=/b>Bo Chen</a></div><p>text</p>"
       "<div class=author-name>Ann Lee</div>",
       "", "Ann Lee; Bo Chen"},
      {"one citation_author tag per author, written 'Last, First'",
       "<meta name=citation_author content='Lee, Ann'><meta name=citation_author content='Chen, Bo Wei'>"
       "<meta name=citation_author content='Lee, Ann'>",
       "", "Ann Lee; Bo Wei Chen"},
      {"several names in one 'Last, First' value stay a list",
       "<meta name=citation_author content='Ann Lee, Bo Chen'>", "", "Ann Lee; Bo Chen"},
      {"repeated author tags", "<meta name=author content='Ann Lee'><meta name=author content='Bo Chen'>", "",
       "Ann Lee; Bo Chen"},
      {"a different key later is not a second author",
       "<meta name=author content='Ann Lee'><meta name=parsely-author content='Bo Chen'>", "", "Ann Lee"},
      {"a shop's 'From Brand' line is not a byline",
       "<h1>Blue Kettle</h1><div class=byline-info><a href=/acme>From Acme</a></div><p>x</p>", "", ""},
      {"class words in capitals mark a byline as lowercase ones do",
       "<h1>T</h1><div class=Post-BYLINE><a href=/ann>Ann Lee</a></div><p>text</p>", "", "Ann Lee"},
      {"a byline inside comments named by the id, in capitals, is the commenter's",
       "<h1>T</h1><p>text</p><div class=x id=Comment-List><div class=byline><a href=/bo>Bo Chen</a></div></div>", "",
       ""},
      {"an itemprop in capitals names another's item",
       "<h1>T</h1><p>text</p><div itemprop=Review><div class=byline><a href=/bo>Bo Chen</a></div></div>", "", ""},
      {"an authorization form is not a byline",
       "<h1>Payments</h1><div class=authorization-boost><span>Authorization Boost</span></div><p>x</p>", "", ""},
      {"microdata authors in comments are the commenters'",
       "<article itemscope itemtype='https://schema.org/Article'><h1 itemprop=headline>T</h1>"
       "<span itemprop=author>Ann Lee</span><p>text</p><div class=comments>"
       "<div itemprop=comment><span itemprop=author>Bo Chen</span></div></div></article>",
       "", "Ann Lee"},
      {"a product review's author did not write the page",
       "<div itemscope itemtype='https://schema.org/Product'><h1 itemprop=name>Blue Kettle</h1>"
       "<div itemprop=review itemscope itemtype='https://schema.org/Review'>"
       "<span itemprop=author>Bo Chen</span><p itemprop=reviewBody>Great.</p></div></div>",
       "", ""},
      {"the site's name in a list of people is dropped",
       ld(R"({"@type":"NewsArticle","headline":"T","author":[{"@type":"Person","name":"Ann Lee"},)"
          R"({"@type":"Person","name":"Daily Planet"}],"publisher":{"@type":"Organization","name":"Daily Planet"}})"),
       "https://www.dailyplanet.example/news/1", "Ann Lee"},
      {"the site's name as the author gives way to a visible byline naming a person",
       "<meta name=author content='Daily Planet'><meta property=og:site_name content='Daily Planet'>"
       "<h1>T</h1><div class=byline>By Ann Lee</div><p>text</p>",
       "https://dailyplanet.example/a", "Ann Lee"},
      {"the site's name alone stays: a company blog signed by the company",
       "<meta name=author content='Daily Planet'><meta property=og:site_name content='Daily Planet'><h1>T</h1>",
       "https://dailyplanet.example/a", "Daily Planet"},
  };
  for (const auto& c : cases) EXPECT_EQ(of(c.html, c.url).author, c.want) << c.why;
}

TEST(MetadataDates, Formats) {
  const struct { const char* text; const char* lang; const char* want; } cases[] = {
      // ISO 8601 and RFC 2822
      {"2024-03-05", "", "2024-03-05"},
      {"2024-03-05T10:30:00.123+01:00", "", "2024-03-05T10:30:00+01:00"},
      {"2024-03-05 10:30", "", "2024-03-05T10:30"},
      {"2024-03-05T10:30+0530", "", "2024-03-05T10:30+05:30"},
      {"2024-03-05T10:30-05", "", "2024-03-05T10:30-05:00"},
      // A zone that is not one is dropped, the day and time kept.
      {"2017-04-08T05:38-500", "", "2017-04-08T05:38"},
      {"2017-04-08T05:38+25:00", "", "2017-04-08T05:38"},
      {"Tue, 05 Mar 2024 10:00:00 +0000", "", "2024-03-05"},
      // Numeric
      {"2024/03/05", "", "2024-03-05"},
      {"05.03.2024", "de", "2024-03-05"},
      {"05/03/2024", "en", "2024-05-03"},
      {"05/03/2024", "en-GB", "2024-03-05"},
      {"05/03/2024", "fr", "2024-03-05"},
      {"25/03/2024", "en", "2024-03-25"},
      {"2024. 3. 5.", "ko", "2024-03-05"},
      {"2024\xE5\xB9\xB4" "3\xE6\x9C\x88" "5\xE6\x97\xA5", "ja", "2024-03-05"},
      // English month names
      {"March 5, 2024", "", "2024-03-05"},
      {"Mar. 5th, 2024", "", "2024-03-05"},
      {"5 March 2024", "", "2024-03-05"},
      {"5th of March, 2024", "", "2024-03-05"},
      {"Published on September 30, 2023 at 9:00 am", "", "2023-09-30"},
      // German, French, Spanish, Italian, Portuguese, Dutch
      {"5. M\xC3\xA4rz 2024", "de", "2024-03-05"},
      {"5. M\xC3\x84RZ 2024", "de", "2024-03-05"},
      {"12. Dezember 2023", "de", "2023-12-12"},
      {"le 5 f\xC3\xA9vrier 2024", "fr", "2024-02-05"},
      {"1er ao\xC3\xBBt 2022", "fr", "2022-08-01"},
      {"5 de marzo de 2024", "es", "2024-03-05"},
      {"5 settembre 2024", "it", "2024-09-05"},
      {"5 de mar\xC3\xA7o de 2024", "pt", "2024-03-05"},
      {"5 maart 2024", "nl", "2024-03-05"},
      // Not dates, or impossible ones
      {"0000-00-00", "", ""},
      {"9999-12-31", "", ""},
      {"2023-02-29", "", ""},
      {"March 2024", "", ""},
      {"Call 555-1234 now", "", ""},
      {"", "", ""},
  };
  for (const auto& c : cases) {
    std::string html = std::string("<html lang='") + c.lang + "'><meta name=date content='" + c.text + "'><p>x</p>";
    EXPECT_EQ(of(html).date, c.want) << c.text;
  }
}

TEST(MetadataBadInput, SaneResults) {
  const std::string big_string = repeat("a", 10u << 20);
  const struct { const char* name; std::string html; const char* title; } cases[] = {
      {"empty page", "", ""},
      {"no metadata", "<p>Just text.</p>", ""},
      {"10 MB JSON-LD", ld("{\"@type\":\"Article\",\"headline\":\"Big\",\"description\":\"" + big_string + "\"}"), "Big"},
      {"malformed JSON-LD", ld("{\"@type\":\"Article\",,\"headline\":\"Half\", \"author\": {\"name\": \"X") +
           "<p>x</p>", "Half"},
      {"trailing commas and comments", ld("<!-- {\"@type\":\"Article\", /* c */ \"headline\":'Tolerant',} -->"),
       "Tolerant"},
      {"JSON-LD nested 10,000 deep", ld("{\"@type\":\"Article\",\"headline\":\"Deep\",\"x\":" + repeat("[", 10000) +
           repeat("]", 10000) + "}"), "Deep"},
      {"unclosed nesting", ld("{\"@type\":\"Article\",\"headline\":\"Open\",\"x\":" + repeat("{\"a\":", 10000)),
       "Open"},
      {"JSON-LD that is not JSON", ld("var x = function() { return 1; };"), ""},
      {"1,000 <meta> tags", repeat("<meta name=author content='A B'><meta property=og:title content=T>", 1000), "T"},
      {"a title of 1 MB", "<title>" + repeat("word ", 200000) + "</title>", nullptr},
  };
  for (const auto& c : cases) {
    Metadata m = of(c.html, "https://e.org/p");
    if (c.title) EXPECT_EQ(m.title, c.title) << c.name;
    EXPECT_LE(m.title.size(), 2000u) << c.name;
    EXPECT_LE(m.description.size(), 2000u) << c.name;
  }
}
