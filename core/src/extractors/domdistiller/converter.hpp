// DOM Distiller: conversion of the Document into text runs and elements
// (DomConverter + WebDocumentBuilder + TextBuilder).
#pragma once
#include "extractors/domdistiller/domdistiller.hpp"

namespace wce::domdistiller {

// ---------------------------------------------------------------------------
// Conversion: DomConverter + WebDocumentBuilder + TextBuilder.

// webdoc/text.go: one run of text between two flushes.
struct Text {
  uint32_t seq_begin = 0, seq_end = 0;  // its nodes: seq[seq_begin, seq_end) (text and br)
  uint32_t first_word_node = 0, last_word_node = 0;  // DOM node indices
  int words = 0, anchor_words = 0, tag_level = 0, offset = 0, group = 0;
  uint16_t labels = 0;
  std::string text;
  bool content = false, title = false;
};

// webdoc.Element: a Text, or an element without text runs (embed, data table).
struct Element {
  bool is_text;
  uint32_t index;  // Text index, or DOM node of the embed / table
  bool has_text;   // non-text element whose subtree text is output (figure, table)
};

struct Action {
  bool flush = false, changes_level = false, anchor = false;
  uint16_t labels = 0, all_labels = 0;  // own; own and every open ancestor's
};

class Converter {
 public:
  Converter(const Document& doc, const Facts& f, Counter counter, bool skip_unlikelies)
      : doc_(doc), f_(f), counter_(counter), skip_unlikelies_(skip_unlikelies) {}

  void run() {
    std::vector<uint32_t> open;
    const uint32_t n = static_cast<uint32_t>(doc_.size());
    for (uint32_t i = 1; i < n;) {
      while (!open.empty() && f_.end[open.back()] <= i) {
        exit(open.back());
        open.pop_back();
      }
      if (doc_.is_text(i)) {
        add_text_node(i);
        ++i;
        continue;
      }
      switch (visit(i)) {
        case Visit::Enter:
          open.push_back(i);
          ++i;
          break;
        case Visit::Skip:
          i = f_.end[i];
          break;
        case Visit::SkipSiblings:  // the rest of the parent's children too
          i = f_.end[doc_.nodes[i].parent];
          break;
      }
    }
    while (!open.empty()) {
      exit(open.back());
      open.pop_back();
    }
    flush_block(group_);  // Build
  }

  std::vector<Text> texts;
  std::vector<Element> elements;
  std::vector<uint32_t> seq;  // nodes added to text runs, in order
  // Text nodes the Go port moves out of their javascript: link: node -> new parent.
  std::vector<std::pair<uint32_t, uint32_t>> moved;

 private:
  std::string_view cls(uint32_t i) const { return doc_.str(doc_.nodes[i].cls); }

  bool is_byline(uint32_t i, std::string_view node_data) const {
    const std::string_view itemprop = doc_.str(doc_.nodes[i].itemprop);
    if (!(doc_.nodes[i].flags & kRelAuthor) && (itemprop.empty() || !rules().itemprop_author.search(itemprop)) &&
        !readability_regexps::compiled().byline.search(node_data))
      return false;
    // isValidByline: 0 < trimmed length < 100 (length untrimmed here).
    return f_.has_text[i] && f_.chars[i] < kMaxBylineChars;
  }

  bool is_unlikely(uint32_t i, std::string_view node_data) const {
    const Node& nd = doc_.nodes[i];
    const readability_regexps::Compiled& re = readability_regexps::compiled();
    if (re.unlikely_candidates.search(node_data) && !re.ok_maybe.search(node_data) &&
        !f_.in_table[i] && nd.tag != Tag::Body && nd.tag != Tag::A)
      return true;
    std::string_view role = doc_.str(nd.role);
    return re.unlikely_roles.search(role);
  }

  // DomConverter.visitElementNodeHandler: enter the children or not (false
  // there), and the javascript: link case below.
  enum class Visit { Enter, Skip, SkipSiblings };
  Visit visit(uint32_t i) {
    const Visit kSkip = Visit::Skip;
    const Node& nd = doc_.nodes[i];
    const Tag t = nd.tag;
    if ((nd.flags & kHidden) || default_display(t) == Display::None) return kSkip;
    std::string_view c = cls(i);
    if (rules().sharing_classes.search(c)) return kSkip;
    std::string node_data = std::string(c) + " " + std::string(doc_.str(nd.id));
    if (is_byline(i, node_data)) return kSkip;
    if (skip_unlikelies_ && is_unlikely(i, node_data)) return kSkip;
    switch (t) {
      case Tag::Div: case Tag::Section: case Tag::Header: case Tag::H1: case Tag::H2: case Tag::H3:
      case Tag::H4: case Tag::H5: case Tag::H6: {
        // isElementWithoutContent: no text, and element children only br/hr.
        uint32_t children = 0;
        for (uint32_t k = nd.first_child; k != kNone; k = doc_.nodes[k].next_sibling)
          children += doc_.nodes[k].kind == NodeKind::Element;
        uint32_t br_hr = f_.br_hr[i];
        if (!f_.has_text[i] && (children == 0 || children == br_hr)) return kSkip;
        break;
      }
      default:
        break;
    }
    // Embeds (extractor/embed): images, figures with an image, Wikipedia's
    // lazy images, embedded tweets.
    bool embed = t == Tag::Img || t == Tag::Picture || (t == Tag::Figure && f_.has_image[i]) ||
                 (t == Tag::Span && rules().lazy_image.search(c)) ||
                 (t == Tag::Blockquote && rules().twitter_tweet.search(c) &&
                  f_.has_link[i]);
    if (embed || t == Tag::Video) {
      flush_block(group_);
      // Figures (their caption) and tweets (the blockquote) are output with text.
      elements.push_back({false, i, t == Tag::Figure || t == Tag::Blockquote});
      return kSkip;
    }
    if (is_nesting_tag(t)) flush_block(group_);  // AddTag(start)
    switch (t) {
      case Tag::A: {
        // A javascript: link whose only child is text becomes that text; the
        // Go port detaches the link while walking its parent's children, so
        // the walk also ends there (the following siblings are not seen).
        uint32_t k = nd.first_child;
        if ((nd.flags & kJavascriptHref) && k != kNone && doc_.is_text(k) && doc_.nodes[k].next_sibling == kNone) {
          add_text_node(k);
          moved.emplace_back(k, nd.parent);
          return Visit::SkipSiblings;
        }
        break;
      }
      case Tag::Span:
        if (c == "mw-editsection") return kSkip;
        break;
      case Tag::Br:
        if (flush_) {
          flush_block(group_);
          ++group_;
          flush_ = false;
        }
        seq.push_back(i);
        buf_ += '\n';
        return kSkip;
      case Tag::Table:
        if (f_.data_table[i]) {
          flush_block(group_);
          elements.push_back({false, i, true});
          return kSkip;
        }
        break;
      case Tag::Option: case Tag::Object: case Tag::Embed: case Tag::Input: case Tag::Button:
      case Tag::Form: case Tag::Textarea: case Tag::Select:
        flush_ = true;  // SkipNode
        return kSkip;
      case Tag::Head: case Tag::Style: case Tag::Script: case Tag::Link: case Tag::Noscript:
      case Tag::Iframe: case Tag::Svg:
        return kSkip;
      default:
        break;
    }
    start_node(i);
    return Visit::Enter;
  }

  // ElementAction.GetActionForElement.
  Action action_for(uint32_t i) const {
    const Node& nd = doc_.nodes[i];
    Action a;
    switch (default_display(nd.tag)) {
      case Display::None: case Display::Inline: break;
      case Display::InlineBlock: a.changes_level = true; break;
      case Display::Block: a.flush = a.changes_level = true; break;
    }
    if (f_.in_li[i]) a.flush = a.changes_level = false;
    if (nd.tag != Tag::Html && nd.tag != Tag::Body && nd.tag != Tag::Article) {
      std::string_view c = cls(i);
      if ((has_comment_word(doc_.str(nd.id)) || has_comment_word(c)) &&
          class_count(c) <= kMaxCommentClassCount)
        a.labels |= kStrictlyNotContent;
      switch (nd.tag) {
        case Tag::Aside: case Tag::Nav: a.labels |= kStrictlyNotContent; break;
        case Tag::Li: a.labels |= kLi; break;
        case Tag::H1: case Tag::H2: case Tag::H3: case Tag::H4: case Tag::H5: case Tag::H6:
          a.labels |= kHeading;
          break;
        case Tag::A:
          a.changes_level = true;
          a.anchor = (nd.flags & kHasHref) != 0;
          break;
        default:
          break;
      }
    }
    return a;
  }

  void start_node(uint32_t i) {
    Action a = action_for(i);
    a.all_labels = a.labels | (actions_.empty() ? 0 : actions_.back().all_labels);
    actions_.push_back(a);
    if (a.changes_level) ++tag_level_;
    if (a.anchor) {
      in_anchor_ = true;
      buf_ += ' ';
    }
    flush_ = flush_ || a.flush;
  }

  void exit(uint32_t i) {
    if (is_nesting_tag(doc_.nodes[i].tag)) flush_block(group_);  // AddTag(end)
    if (actions_.empty()) return;
    const Action a = actions_.back();
    if (a.changes_level) --tag_level_;
    if (flush_ || a.flush) {
      flush_block(group_);
      ++group_;
    }
    if (a.anchor) {
      in_anchor_ = false;
      buf_ += ' ';
    }
    actions_.pop_back();
  }

  void add_text_node(uint32_t i) {
    if (flush_) {
      flush_block(group_);
      ++group_;
      flush_ = false;
    }
    std::string_view s = doc_.text(i);
    if (s.empty()) return;
    buf_ += s;
    seq.push_back(i);
    if (!f_.has_text[i]) return;
    int w = count_words(s, counter_);
    words_ += w;
    if (in_anchor_) anchor_words_ += w;
    last_word_ = i;
    if (!have_word_) {
      have_word_ = true;
      first_word_ = i;
    }
    if (block_level_ == -1) block_level_ = tag_level_;
  }

  void reset() {
    buf_.clear();
    words_ = anchor_words_ = 0;
    first_ = static_cast<uint32_t>(seq.size());
    block_level_ = -1;
    have_word_ = false;
  }

  // WebDocumentBuilder.flushBlock + TextBuilder.Build.
  void flush_block(int group) {
    if (first_ == seq.size()) return;
    if (!have_word_) {
      reset();
      return;
    }
    Text t;
    t.seq_begin = first_;
    t.seq_end = static_cast<uint32_t>(seq.size());
    t.first_word_node = first_word_;
    t.last_word_node = last_word_;
    t.words = words_;
    t.anchor_words = anchor_words_;
    t.tag_level = block_level_;
    t.offset = next_text_++;
    t.group = group;
    t.labels = actions_.empty() ? 0 : actions_.back().all_labels;
    t.text = std::move(buf_);
    elements.push_back({true, static_cast<uint32_t>(texts.size()), false});
    texts.push_back(std::move(t));
    reset();
  }

  const Document& doc_;
  const Facts& f_;
  Counter counter_;
  bool skip_unlikelies_;
  std::vector<Action> actions_;
  int tag_level_ = 0, group_ = 0, next_text_ = 0;
  bool flush_ = false;
  // TextBuilder
  std::string buf_;
  int words_ = 0, anchor_words_ = 0, block_level_ = -1;
  bool in_anchor_ = false, have_word_ = false;
  uint32_t first_ = 0, first_word_ = 0, last_word_ = 0;
};

}  // namespace wce::domdistiller
