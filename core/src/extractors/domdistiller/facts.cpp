// DOM Distiller: per-node facts, computed once with forward (top-down) and
// backward (subtree) passes over the pre-order arena; data-table
// classification (tableclass/classifier.go).
#include "extractors/domdistiller/domdistiller.hpp"

namespace wce::domdistiller {

bool only_space(std::string_view s) {
  for (size_t i = 0; i < s.size();)
    if (!unicode::is_space(unicode::next(s, i))) return false;
  return true;
}

// tableclass/classifier.go, on the facts the Document has: nested table ->
// layout; <= 1 row or column -> layout; caption with text, thead, tfoot,
// colgroup, col or th -> data; >= 5 columns or >= 20 rows -> data; <= 10
// cells -> layout; embed/object/iframe -> layout; else data. (ARIA roles are
// read from the role attribute; summary/datatable/abbr/headers/scope
// attributes are not in the Document.)
void classify_tables(const Document& doc, Facts& f) {
  const uint32_t n = static_cast<uint32_t>(doc.size());
  std::vector<uint32_t> table_of(n, kNone), row_of(n, kNone);
  struct TableStats {
    int rows = 0, max_cols = 0, cells = 0;
    bool nested = false, header = false, objects = false, role_data = false, role_layout = false;
  };
  std::vector<TableStats> stats;
  std::vector<uint32_t> stat_of(n, kNone);
  std::vector<int> row_cells;
  std::vector<uint32_t> row_table;
  for (uint32_t i = 1; i < n; ++i) {
    const Node& nd = doc.nodes[i];
    uint32_t p = nd.parent;
    uint32_t tbl = p == kNone ? kNone : table_of[p];
    uint32_t row = p == kNone ? kNone : row_of[p];
    if (nd.kind != NodeKind::Element) continue;
    if (nd.tag == Tag::Table) {
      if (tbl != kNone) stats[stat_of[tbl]].nested = true;
      stat_of[i] = static_cast<uint32_t>(stats.size());
      stats.emplace_back();
      std::string role = to_ascii_lower(doc.str(nd.role));
      if (role == "presentation") stats.back().role_layout = true;
      if (role == "table" || role == "grid" || role == "treegrid") stats.back().role_data = true;
      table_of[i] = i;
      row_of[i] = kNone;
      continue;
    }
    table_of[i] = tbl;
    row_of[i] = row;
    if (tbl == kNone) continue;
    TableStats& s = stats[stat_of[tbl]];
    std::string role = to_ascii_lower(doc.str(nd.role));
    if (role == "row" || role == "gridcell" || role == "cell" || role == "columnheader" ||
        role == "rowheader")
      s.role_data = true;
    switch (nd.tag) {
      case Tag::Tr:
        ++s.rows;
        row_of[i] = static_cast<uint32_t>(row_cells.size());
        row_cells.push_back(0);
        row_table.push_back(tbl);
        break;
      case Tag::Td:
        ++s.cells;
        if (row != kNone) {
          int c = ++row_cells[row];
          s.max_cols = std::max(s.max_cols, c);
        }
        break;
      case Tag::Thead: case Tag::Tfoot: case Tag::Colgroup: case Tag::Col: case Tag::Th:
        s.header = true;
        break;
      case Tag::Caption:
        if (f.has_text[i]) s.header = true;
        break;
      case Tag::Embed: case Tag::Object: case Tag::Iframe:
        s.objects = true;
        break;
      default:
        break;
    }
  }
  for (uint32_t i = 1; i < n; ++i) {
    if (stat_of[i] == kNone) continue;
    const TableStats& s = stats[stat_of[i]];
    bool data;
    if (s.role_layout) data = false;
    else if (s.role_data) data = true;
    else if (s.nested || s.rows <= 1 || s.max_cols <= 1) data = false;
    else if (s.header) data = true;
    else if (s.max_cols >= kDataTableMinColumns || s.rows >= kDataTableMinRows) data = true;
    else if (s.cells <= kLayoutTableMaxCells) data = false;
    else data = !s.objects;
    f.data_table[i] = data;
  }
}

Facts compute_facts(const Document& doc) {
  const uint32_t n = static_cast<uint32_t>(doc.size());
  Facts f;
  f.end.assign(n, 0);
  f.in_li.assign(n, 0);
  f.in_table.assign(n, 0);
  f.has_text.assign(n, 0);
  f.chars.assign(n, 0);
  f.br_hr.assign(n, 0);
  f.has_image.assign(n, 0);
  f.has_link.assign(n, 0);
  f.data_table.assign(n, 0);
  for (uint32_t i = 1; i < n; ++i) {
    uint32_t p = doc.nodes[i].parent;
    if (p == kNone) continue;
    const Node& pn = doc.nodes[p];
    bool p_elem = pn.kind == NodeKind::Element;
    f.in_li[i] = f.in_li[p] || (p_elem && (pn.tag == Tag::Li || pn.tag == Tag::Summary));
    f.in_table[i] = f.in_table[p] || (p_elem && pn.tag == Tag::Table);
  }
  for (uint32_t i = n; i-- > 0;) {
    const Node& nd = doc.nodes[i];
    if (f.end[i] == 0) f.end[i] = i + 1;
    if (nd.kind == NodeKind::Text) {
      std::string_view s = doc.text(i);
      f.has_text[i] = !only_space(s);
      f.chars[i] = static_cast<uint32_t>(char_count(s));
    } else if (nd.tag == Tag::Br || nd.tag == Tag::Hr) {
      f.br_hr[i] += 1;
    }
    uint32_t p = nd.parent;
    if (p == kNone) continue;
    f.end[p] = std::max(f.end[p], f.end[i]);
    f.has_text[p] = f.has_text[p] || f.has_text[i];
    f.chars[p] += f.chars[i];
    f.br_hr[p] += f.br_hr[i];
    if (f.has_image[i] || (nd.kind == NodeKind::Element && (nd.tag == Tag::Img || nd.tag == Tag::Picture)))
      f.has_image[p] = 1;
    if (f.has_link[i] || (nd.kind == NodeKind::Element && (nd.flags & kHasHref))) f.has_link[p] = 1;
  }
  classify_tables(doc, f);
  return f;
}

}  // namespace wce::domdistiller
