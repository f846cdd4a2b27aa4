// Readability: _prepArticle (the cleaning of the article: data tables,
// share elements, headers, _cleanConditionally).
#include "extractors/readability/readability.hpp"

namespace wce::readability {

// _prepArticle, the parts that decide which text stays.
void Readability::prep_article(uint32_t a) {
  // No node has its short text of this _prepArticle yet (see fresh()).
  ++short_epoch_;
  short_ep_.resize(t_.v.size(), 0);
  if (dirty_.size() < t_.v.size()) dirty_.resize(t_.v.size(), 0);
  mark_data_tables(a);
  clean_conditionally(a, Tag::Form);
  clean_conditionally(a, Tag::Fieldset);
  clean(a, {Tag::Object, Tag::Embed, Tag::Footer, Tag::Link, Tag::Aside});
  clean_share_elements(a);
  clean(a, {Tag::Iframe, Tag::Input, Tag::Textarea, Tag::Select, Tag::Button});
  clean_headers(a);
  clean_conditionally(a, Tag::Table);
  clean_conditionally(a, Tag::Ul);
  clean_conditionally(a, Tag::Div);
  // The rest of _prepArticle (h1 -> h2, empty paragraphs, <br> before <p>,
  // single-cell tables) and _postProcessContent do not change the text.
}

// _markDataTables (without the summary/datatable/rowspan/colspan attributes).
void Readability::mark_data_tables(uint32_t a) {
  // Below the new article node every subtree is as last folded (after the
  // walk, or the new top candidate's fold): the gathered siblings moved
  // whole, and a sibling's new tag matters only to the article's own fold.
  t_.preorder(a, order_);
  fold(a, false);
  for (uint32_t x : order_) {
    const WNode& w = t_.v[x];
    if (w.text || w.tag != Tag::Table) continue;
    const Agg& g = agg_[x];
    bool data;
    if (w.orig != kNone && doc_.str(doc_.nodes[w.orig].role) == "presentation") data = false;
    else if (g.caption == 2) data = true;
    else if (g.cnt[kCntDataTag] > 0) data = true;
    else if (g.cnt[kCntTable] > 0) data = false;
    else {
      uint32_t rows = g.cnt[kCntTr], columns = g.max_td;
      if (columns == 1 || rows == 1) data = false;
      else if (rows >= kDataTableMinRows || columns > kDataTableMaxColumns) data = true;
      else data = rows * columns > kDataTableMinCells;
    }
    data_table_[x] = data ? 1 : 0;
    if (data) touch(w.parent);  // its ancestors fold data_table_desc again
  }
}

// _clean: every element with one of these tags goes (embedded videos would
// be kept, but the Document has no src attributes to recognise them).
void Readability::clean(uint32_t a, std::initializer_list<Tag> tags) {
  t_.preorder(a, order_);
  for (uint32_t x : order_)
    if (x != a && !t_.v[x].text && std::find(tags.begin(), tags.end(), t_.v[x].tag) != tags.end()) remove(x);
}

// Elements with "share" in their class/id and under 500 characters, below
// each child of the article.
void Readability::clean_share_elements(uint32_t a) {
  bool folded = false;  // the fold waits for the first match (most pages have none)
  for (uint32_t top = t_.first_el(a); top != kNone; top = t_.next_el(top)) {
    uint32_t x = t_.first_el(top);
    uint32_t end = t_.next_node(top, true);
    while (x != kNone && x != end) {
      bool share = share_element(cls_lc(x)) || share_element(id_lc(x));
      if (share && !folded) {
        compute(a, false);  // nothing removed yet: the facts of the tree as it came
        folded = true;
      }
      if (share && agg_[x].t.len < kShareElementChars) {
        uint32_t nx = t_.next_node(x, true);
        remove(x);
        x = nx;
      } else {
        x = t_.next_node(x, false);
      }
    }
  }
}

// _cleanHeaders: h1/h2 with a negative class weight.
void Readability::clean_headers(uint32_t a) {
  t_.preorder(a, order_);
  for (uint32_t x : order_)
    if (x != a && !t_.v[x].text && (t_.v[x].tag == Tag::H1 || t_.v[x].tag == Tag::H2) && class_weight(x) < 0)
      remove(x);
}

// _cleanConditionally: the filter is applied from the last element to the
// first, so that descendants are decided (and gone) before their ancestors;
// one backward fold gives every element its facts after those removals
// (only the nodes that are not fresh(): the first pass with work folds them
// all, a later one what the removals since have changed).
void Readability::clean_conditionally(uint32_t a, Tag tag) {
  if (!(flags_ & kFlagCleanConditionally)) return;
  t_.preorder(a, order_);
  // No such element below a: nothing to remove. The fold can be skipped too,
  // as every later reader of agg_/short_ folds again first.
  bool any = false;
  for (size_t i = 1; i < order_.size() && !any; ++i)
    any = !t_.v[order_[i]].text && t_.v[order_[i]].tag == tag;
  if (!any) return;
  std::vector<uint32_t>& order = cc_order_;
  order = order_;
  // Ancestor facts (top-down): inside a data table; distance to the nearest
  // <code> / <figure> ancestor (within 4 = _hasAncestorTag's default depth).
  const size_t n = order.size();
  std::vector<uint8_t>& in_dt = cc_in_dt_;
  std::vector<uint32_t>&code_d = cc_code_d_, &fig_d = cc_fig_d_, &pos = cc_pos_;
  in_dt.assign(n, 0);
  code_d.assign(n, 1000);
  fig_d.assign(n, 1000);
  pos.resize(t_.v.size());  // read only at the positions set below
  for (size_t i = 0; i < n; ++i) pos[order[i]] = static_cast<uint32_t>(i);
  for (size_t i = 1; i < n; ++i) {
    uint32_t x = order[i], p = t_.v[x].parent;
    uint32_t pi = pos[p];
    const WNode& pw = t_.v[p];
    in_dt[i] = in_dt[pi] || (pw.tag == Tag::Table && data_table_[p]);
    code_d[i] = pw.tag == Tag::Code ? 1 : std::min<uint32_t>(code_d[pi] + 1, 1000);
    fig_d[i] = pw.tag == Tag::Figure ? 1 : std::min<uint32_t>(fig_d[pi] + 1, 1000);
  }
  const uint32_t max_dist = kHasAncestorMaxDepth + 1;
  for (size_t i = n; i-- > 0;) {
    uint32_t x = order[i];
    if (!fresh(x)) {
      fold(x, true);
      dirty_[x] = 0;  // its children are folded: the marked set stays closed upwards
      short_ep_[x] = short_epoch_;
    }
    if (i == 0 || t_.v[x].text || t_.v[x].tag != tag) continue;
    if (should_clean(x, tag, in_dt[i], code_d[i] <= max_dist, fig_d[i] <= max_dist)) remove(x);
  }
}

bool Readability::should_clean(uint32_t x, Tag tag, bool in_data_table, bool code_near, bool figure_near) {
  const Agg& g = agg_[x];
  const uint32_t len = inner_len(g.t);
  bool is_list = tag == Tag::Ul || tag == Tag::Ol;
  if (!is_list) is_list = static_cast<double>(g.list) / len > kCleanListRatio;  // NaN/inf as in JS
  if (tag == Tag::Table && data_table_[x]) return false;
  if (in_data_table) return false;
  if (code_near) return false;
  if (g.data_table_desc) return false;
  const int weight = class_weight(x);
  if (weight < 0) return true;
  if (g.t.ascii_commas >= kCleanMinCommas) return false;
  const double p = g.cnt[kCntP], img = g.cnt[kCntImg];
  const double li = static_cast<double>(g.cnt[kCntLi]) - kCleanLiAllowance;
  const double input = g.cnt[kCntInput];
  const double heading_density = len == 0 ? 0 : static_cast<double>(g.heads) / len;
  const uint32_t embeds = g.cnt[kCntEmbed];
  const ShortText& st = short_[x];
  if (!st.long_text && ad_or_loading_words(inner_text(st.view()))) return true;
  const double link_density = len == 0 ? 0 : static_cast<double>(g.link) / len;
  const double text_density = len == 0 ? 0 : static_cast<double>(g.textish) / len;
  bool remove = false;
  if (!figure_near && img > 1 && p / img < 0.5) remove = true;
  if (!is_list && li > p) remove = true;
  if (input > std::floor(p / 3)) remove = true;
  if (!is_list && !figure_near && heading_density < kCleanHeadingDensity && len < kCleanShortContent &&
      (img == 0 || img > 2) && link_density > 0)
    remove = true;
  if (!is_list && weight < kClassWeight && link_density > kCleanLowWeightLinkDensity) remove = true;
  if (weight >= kClassWeight && link_density > kCleanHighWeightLinkDensity) remove = true;
  if ((embeds == 1 && len < kCleanEmbedContent) || embeds > 1) remove = true;
  if (img == 0 && text_density == 0) remove = true;
  // Lists of images may stay.
  if (is_list && remove) {
    for (uint32_t c = t_.first_el(x); c != kNone; c = t_.next_el(c))
      if (t_.element_children(c) > 1) return true;
    if (img == g.cnt[kCntLi]) return false;
  }
  return remove;
}

}  // namespace wce::readability
