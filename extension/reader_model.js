/*
 * reader_model.js: the reader view's document, built from the live DOM and an
 * extractor's labels (one per text node of WCEEncoder.encodeDom, same order).
 *
 *   WCEReader.build(document, textNodes, labels, {threshold, images})
 *     -> {title, url, lang, dir, blocks: [{type, text, ...}], words}
 *
 * Block types: 'heading' {level}, 'item' {ordered}, 'pre', 'para', each with
 * {quote} (inside a <blockquote>), and 'image' {src, alt} when images are asked
 * for. The chosen text nodes are grouped by their nearest block-level ancestor,
 * in document order; inline markup inside a block becomes plain text. Only data
 * is returned: the page is read, never changed, and the reader page renders
 * the result with textContent (no page markup is ever parsed again).
 *
 * One iterative walk with a stack of per-element contexts: linear in the page
 * size, any nesting depth (100,000-deep pages are tested).
 *
 * Runs as a classic script (self.WCEReader, in the tab's isolated world) and
 * under Node (module.exports, for the Jest tests with jsdom).
 */
(function (root, factory) {
  'use strict';
  const api = factory();
  if (typeof module === 'object' && module !== null && module.exports) module.exports = api;
  else root.WCEReader = api;
})(typeof self !== 'undefined' ? self : globalThis, function () {
  'use strict';

  const THRESHOLD = 0.5; // the highlight's threshold (content.js): same text

  // Block-level elements: "Block-level content" list of MDN's HTML reference
  // (developer.mozilla.org/en-US/docs/Glossary/Block-level_content), plus
  // table parts, whose cells are read as paragraphs. Others are inline: their
  // text joins the enclosing block.
  const BLOCK_TAGS = new Set([
    'address', 'article', 'aside', 'blockquote', 'body', 'caption', 'dd', 'details', 'dialog',
    'div', 'dl', 'dt', 'fieldset', 'figcaption', 'figure', 'footer', 'form', 'h1', 'h2', 'h3',
    'h4', 'h5', 'h6', 'header', 'hgroup', 'hr', 'html', 'li', 'main', 'nav', 'ol', 'p', 'pre',
    'section', 'summary', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr', 'ul',
  ]);
  const HEADING_LEVEL = { h1: 1, h2: 2, h3: 3, h4: 4, h5: 5, h6: 6 };
  // Never document text (the encoder does not descend into them either).
  const SKIP_TAGS = new Set(['script', 'style', 'noscript', 'template', 'head', 'svg', 'math']);
  // Images this small (width or height attribute, CSS px) are tracking pixels or spacers.
  const MIN_IMAGE_SIDE = 24;
  const IMAGE_SCHEMES = /^(https?|data):/i;
  // An <h1> among the first blocks (or an <h2> opening the text) is the
  // article's own title: it replaces <title>, which usually carries the site name.
  const TITLE_SEARCH_BLOCKS = 3;

  const ELEMENT_NODE = 1;
  const TEXT_NODE = 3;
  const CDATA_SECTION_NODE = 4;

  const collapse = (s) => s.replace(/\s+/g, ' ');

  function childContext(parent, el, tag) {
    const ctx = {
      block: parent.block, tag: parent.tag, ordered: parent.ordered,
      listOrdered: parent.listOrdered, quote: parent.quote, pre: parent.pre,
    };
    if (BLOCK_TAGS.has(tag)) {
      ctx.block = el;
      ctx.tag = tag;
      if (tag === 'li') ctx.ordered = parent.listOrdered;
    }
    if (tag === 'ul' || tag === 'ol') ctx.listOrdered = tag === 'ol';
    if (tag === 'blockquote') ctx.quote = true;
    if (tag === 'pre') ctx.pre = true;
    return ctx;
  }

  function blockFor(ctx) {
    const b = { type: 'para', text: '' };
    if (HEADING_LEVEL[ctx.tag]) {
      b.type = 'heading';
      b.level = HEADING_LEVEL[ctx.tag];
    } else if (ctx.tag === 'li') {
      b.type = 'item';
      b.ordered = ctx.ordered === true;
    } else if (ctx.pre) {
      b.type = 'pre';
    }
    if (ctx.quote) b.quote = true;
    return b;
  }

  function imageBlock(img) {
    const src = img.currentSrc || img.src || '';
    if (!IMAGE_SCHEMES.test(src)) return null;
    for (const side of ['width', 'height']) {
      const v = parseInt(img.getAttribute(side), 10);
      if (!Number.isNaN(v) && v < MIN_IMAGE_SIDE) return null;
    }
    return { type: 'image', src, alt: collapse(img.getAttribute('alt') || '').trim() };
  }

  function build(doc, textNodes, labels, options) {
    const opts = options || {};
    const threshold = typeof opts.threshold === 'number' ? opts.threshold : THRESHOLD;
    if (!doc || !doc.documentElement) throw new TypeError('WCEReader.build: expected a Document');
    if (!textNodes || !labels || textNodes.length !== labels.length) {
      throw new Error('WCEReader.build: one label per text node expected');
    }
    const chosen = new Set();
    for (let k = 0; k < labels.length; k++) {
      if (labels[k] >= threshold && textNodes[k] && /\S/.test(textNodes[k].data)) chosen.add(textNodes[k]);
    }

    const blocks = [];
    let current = null;      // the open block
    let currentEl = null;    // its block element
    let pendingImages = [];  // images after the last chosen text: kept if more text follows
    let seenText = false;

    function finish() {
      if (current) {
        current.text = current.type === 'pre' ? current.text.replace(/^\n+|\s+$/g, '')
          : current.text.replace(/ *\n */g, '\n').replace(/ {2,}/g, ' ').trim();
        if (current.text) blocks.push(current);
      }
      current = null;
      currentEl = null;
    }

    const rootEl = doc.body || doc.documentElement;
    const base = { block: null, tag: 'body', ordered: false, listOrdered: false, quote: false, pre: false };
    const stack = [];
    let node = rootEl;
    while (node) {
      const type = node.nodeType;
      let descend = false;
      let ctx = null;
      if (type === ELEMENT_NODE) {
        const tag = (node.localName || '').toLowerCase();
        if (!SKIP_TAGS.has(tag)) {
          ctx = childContext(stack.length ? stack[stack.length - 1] : base, node, tag);
          descend = node.firstChild !== null;
          if (tag === 'img' && opts.images && seenText) {
            const im = imageBlock(node);
            if (im) pendingImages.push(im);
          } else if (tag === 'br' && current && currentEl === ctx.block) {
            current.text += '\n';
          }
        }
      } else if ((type === TEXT_NODE || type === CDATA_SECTION_NODE) && chosen.has(node)) {
        const top = stack.length ? stack[stack.length - 1] : base;
        if (pendingImages.length) {
          finish();
          for (const im of pendingImages) blocks.push(im);
          pendingImages = [];
        }
        if (!current || currentEl !== top.block) {
          finish();
          current = blockFor(top);
          currentEl = top.block;
        }
        current.text += top.pre ? node.data : collapse(node.data);
        seenText = true;
      }
      if (descend) {
        stack.push(ctx);
        node = node.firstChild;
        continue;
      }
      if (node === rootEl) break;
      while (node.nextSibling === null) {
        node = node.parentNode;
        stack.pop();
        if (node === rootEl || node === null) { node = null; break; }
      }
      if (node) node = node.nextSibling;
    }
    finish();

    let title = collapse(doc.title || '').trim();
    for (let i = 0; i < Math.min(TITLE_SEARCH_BLOCKS, blocks.length); i++) {
      const b = blocks[i];
      if (b.type === 'heading' && (b.level === 1 || (i === 0 && b.level === 2))) {
        title = b.text;
        blocks.splice(i, 1);
        break;
      }
    }
    let words = 0;
    for (const b of blocks) if (b.text) words += (b.text.match(/\S+/g) || []).length;
    const html = doc.documentElement;
    return {
      title,
      url: typeof doc.URL === 'string' ? doc.URL : '',
      lang: (html.getAttribute && html.getAttribute('lang')) || '',
      dir: (html.getAttribute && html.getAttribute('dir')) || '',
      blocks,
      words,
    };
  }

  return { build, BLOCK_TAGS, THRESHOLD };
});
