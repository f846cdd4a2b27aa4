// Boilerpipe's block model and stages (internal header of extractors/boilerpipe/,
// also used by tests/internal/test_boilerpipe.cpp). See boilerpipe.cpp for the
// algorithm, its source and its constants.
#pragma once
#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "wce/document.hpp"

namespace wce::boilerpipe {

// labels/DefaultLabels used by the pipelines, as bit flags. Bits from
// kLabelFirstFree up are free for other block pipelines (extractors/domdistiller/).
enum : uint16_t {
  kLabelTitle = 1, kLabelEndOfText = 2, kLabelMightBeContent = 4, kLabelFirstFree = 8
};

// document/TextBlock: one text block and its shallow text features.
struct Block {
  int words = 0;          // numWords: tokens with a letter or digit
  int anchor_words = 0;   // numWordsInAnchorText
  int wrapped_words = 0;  // numWordsInWrappedLines
  int wrapped_lines = 0;  // numWrappedLines (80-character lines)
  float text_density = 0, link_density = 0;
  int offset_start = 0, offset_end = 0;  // segmenter block offsets covered
  int tag_level = 0;
  bool content = false;
  uint16_t labels = 0;
  std::vector<uint32_t> atoms;  // the segmenter blocks merged into this one

  // TextBlock.initDensities (float arithmetic as in Java).
  void init_densities() {
    if (wrapped_words == 0) {
      wrapped_words = words;
      wrapped_lines = 1;
    }
    text_density = static_cast<float>(wrapped_words) / static_cast<float>(wrapped_lines);
    link_density = words == 0 ? 0.0f : static_cast<float>(anchor_words) / static_cast<float>(words);
  }
  // TextBlock.mergeNext.
  void merge_next(const Block& o) {
    words += o.words;
    anchor_words += o.anchor_words;
    wrapped_words += o.wrapped_words;
    wrapped_lines += o.wrapped_lines;
    offset_start = std::min(offset_start, o.offset_start);
    offset_end = std::max(offset_end, o.offset_end);
    init_densities();
    content = content || o.content;
    labels |= o.labels;
    tag_level = std::min(tag_level, o.tag_level);
    atoms.insert(atoms.end(), o.atoms.begin(), o.atoms.end());
  }
};
using Blocks = std::vector<Block>;

// document/TextDocument plus what we need to label text nodes.
struct TextDocument {
  std::string title;                      // getTitle (empty: none)
  Blocks blocks;
  std::vector<std::string> atom_text;     // TextBlock.getText of each segmenter block
  std::vector<uint32_t> atom_node_begin;  // atom a's text nodes: atom_nodes[begin[a], begin[a+1])
  std::vector<uint32_t> atom_nodes;       // text-node indices (Document::text_nodes order)
};

// util/UnicodeTokenizer.tokenize (anchor markers are ordinary tokens here).
std::vector<std::string> tokenize(std::string_view text);
// sax/BoilerpipeHTMLContentHandler replayed over the Document.
TextDocument segment(const Document& doc);

// The classifiers: is `curr` content, given its neighbours?
bool density_rules(const Block& prev, const Block& curr, const Block& next);
bool num_words_rules(const Block& prev, const Block& curr, const Block& next);
// The filters, each named after its Java class.
void simple_block_fusion(Blocks& bs);
void block_proximity_fusion(Blocks& bs, int max_distance, bool content_only);
void density_rules_classifier(Blocks& bs);
void num_words_rules_classifier(Blocks& bs);
void terminating_blocks_finder(Blocks& bs, const TextDocument& d);
// Its text patterns ("comments", "add your comment", ...), any case.
bool matches_terminating_patterns(std::string_view text);
std::vector<std::string> potential_titles(std::string_view title);
void document_title_match_classifier(Blocks& bs, const TextDocument& d);
void ignore_blocks_after_content(Blocks& bs, int min_words);
void boilerplate_block_filter(Blocks& bs);
void keep_largest_block(Blocks& bs);
void expand_title_to_content(Blocks& bs);

enum class Pipeline { Default, Article, Largest, KeepEverything };
// Runs an extractor's filter chain on d.blocks.
void run_pipeline(TextDocument& d, Pipeline p);

}  // namespace wce::boilerpipe
