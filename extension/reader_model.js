/*
 * reader_model.js: the reader view's document, built from the live DOM and an
 * extractor's labels (one per text node of WCEEncoder.encodeDom, same order).
 *
 *   WCEReader.build(document, textNodes, labels, {threshold, images, children, metadata})
 *     -> {title, siteName, byline, published, date, lang, pageType, url, dir,
 *         blocks: [{type, text, ...}], words, minutes}
 *
 * The header (title, site name, byline, date, language) comes from
 * `metadata`, the core's metadata of the same page (header()); without it
 * the header is empty but for an <h1> kept among the first blocks.
 *
 * Block types: 'heading' {level}, 'item' {ordered}, 'pre', 'para', 'caption',
 * each with {quote} (inside a <blockquote>), 'table' {rows}, and 'image'
 * {src, alt} when images are asked for. The chosen text nodes are grouped by
 * their nearest block-level ancestor, in document order. A block's text is
 * also given as runs, [{text, href?, em?, strong?, code?}]: its links (only
 * http(s): and mailto: addresses) and emphasis; runs.join = text. Only data
 * is returned: the page is read, never changed, and the reader page renders
 * the result with DOM calls (no page markup is ever parsed again).
 * Then reader_cleanup.js drops what a reader does not want (its rules).
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
  // table parts. Others are inline: their text joins the enclosing block.
  const BLOCK_TAGS = new Set([
    'address', 'article', 'aside', 'blockquote', 'body', 'caption', 'dd', 'details', 'dialog',
    'div', 'dl', 'dt', 'fieldset', 'figcaption', 'figure', 'footer', 'form', 'h1', 'h2', 'h3',
    'h4', 'h5', 'h6', 'header', 'hgroup', 'hr', 'html', 'li', 'main', 'nav', 'ol', 'p', 'pre',
    'section', 'summary', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr', 'ul',
  ]);
  // Inline elements that browsers draw as separate boxes (a row of share
  // buttons, form labels): their texts are separate words even when the
  // markup has no space between them.
  const SEPARATE_INLINE_TAGS = new Set(['button', 'label', 'select', 'option', 'input', 'img']);
  const HEADING_LEVEL = { h1: 1, h2: 2, h3: 3, h4: 4, h5: 5, h6: 6 };
  const BOLD_TAGS = new Set(['strong', 'b']);
  // Never document text (the encoder does not descend into them either).
  const SKIP_TAGS = new Set(['script', 'style', 'noscript', 'template', 'head', 'svg', 'math', 'rt', 'rp', 'rtc']);
  // Images this small (width or height attribute, CSS px) are tracking pixels or spacers.
  const MIN_IMAGE_SIDE = 24;
  // Pictures that are the page's furniture, not the article's: a word of the
  // picture's file path (not its host), class or id names an interface icon,
  // a button, an avatar, a spacer or a logo (vBulletin's "statusicon/user-
  // offline.png", "misc/quote_icon.png", "buttons/viewpost-right.png", a
  // "spacer.gif"). Emoticons ("smilies/") are the writer's and stay.
  const FURNITURE_IMAGE_WORDS = new Set(['icon', 'icons', 'statusicon', 'button', 'buttons', 'btn', 'avatar',
    'avatars', 'customavatars', 'spacer', 'blank', 'pixel', 'sprite', 'sprites', 'logo', 'logos', 'badge', 'badges']);
  // Addresses the reader view may show: pictures from the web or inline
  // pictures; links to the web or to a mail program. No javascript:, no
  // other data: (an HTML or SVG document), no blob: (the page's memory).
  const IMAGE_URL = /^(https?:|data:image\/(png|jpe?g|gif|webp|avif|bmp);)/i;
  const LINK_URL = /^(https?|mailto):/i;
  // Where lazy-loading scripts keep the real picture until it scrolls into view.
  const LAZY_SRC_ATTRS = ['data-src', 'data-lazy-src', 'data-original', 'data-url', 'data-hi-res-src'];
  const LAZY_SRCSET_ATTRS = ['data-srcset', 'data-lazy-srcset', 'srcset'];
  // Pictures in the kept region only (the walk's pending pictures): a picture
  // is shown when the next text after it is kept and either the text before it
  // was kept too (it sits between kept texts) or that next text is in the
  // picture's own block or figure (the lead picture of a kept paragraph, a
  // figure whose caption is kept). Unkept text between a picture and the kept
  // text (a user name beside an avatar, a row of buttons) makes it page
  // furniture; the unkept caption of its own figure does not, and is shown
  // under the picture (Firefox Reader View keeps a figure whole), up to
  // CAPTION_MAX_CHARS.
  // Links and emphasis inside kept text: the model judges each text node, and
  // a link or an italic word inside a kept paragraph is often left out
  // ("<a>Link zum Artikel</a>" at the end of a forum post, a URL in a
  // sentence), which cuts the sentence and loses the link. Unkept text of a
  // block that has kept text is shown: between two kept texts of one line
  // any text (a date inside a sentence); else (before the first kept text,
  // after the last, a line of its own) only text inside links or emphasis:
  // a line of plain text between kept lines is a part the model rejected
  // (a related headline with its date). At most GAP_MAX_CHARS characters in
  // a row (more is a part the model rejected, not a word it missed), never
  // what reader_cleanup.js's rules would drop ("Read more").
  const GAP_MAX_CHARS = 200;
  const CAPTION_MAX_CHARS = 400;
  const EM_TAGS = new Set(['em', 'i', 'cite', 'dfn']);
  const CODE_TAGS = new Set(['code', 'kbd', 'samp', 'tt']);
  // An <h1> among the first blocks (or an <h2> opening the text) is the
  // article's own heading: the header shows it (build).
  const TITLE_SEARCH_BLOCKS = 3;
  // A paragraph that is all bold and at most this long is a subhead
  // (<p><strong>Subhead</strong></p>, a common CMS pattern).
  const BOLD_SUBHEAD_MAX_CHARS = 120;
  const BOLD_SUBHEAD_LEVEL = 3;
  // A table is a data table (kept as a table) if it holds no other table and
  // its cells are short on average; else it is layout and its cells are read
  // as paragraphs. (Readability.js's _markDataTables asks similar questions.)
  const DATA_TABLE_MAX_CHARS_PER_CELL = 160;
  // Reading speed: 230 words a minute (Brysbaert 2019, silent reading of
  // English non-fiction: 238); CJK text is counted in characters, 500 a minute.
  const WORDS_PER_MINUTE = 230;
  const CJK_CHARS_PER_MINUTE = 500;
  const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]/g;
  const RTL_LANGS = /^(ar|he|iw|fa|ur|ps|sd|yi|dv|ug|ckb)\b/i;

  const ELEMENT_NODE = 1;
  const TEXT_NODE = 3;
  const CDATA_SECTION_NODE = 4;

  const collapse = (s) => s.replace(/\s+/g, ' ');
  const clean = (s) => collapse(s || '').trim();

  function childContext(parent, el, tag) {
    const ctx = {
      block: parent.block, tag: parent.tag, ordered: parent.ordered,
      listOrdered: parent.listOrdered, quote: parent.quote, pre: parent.pre,
      bold: parent.bold, table: parent.table, row: parent.row, header: parent.header,
      href: parent.href, em: parent.em, strong: parent.strong, code: parent.code, figure: parent.figure,
      inCaption: parent.inCaption,
    };
    if (tag === 'figure') ctx.figure = el;
    if (tag === 'figcaption') ctx.inCaption = true;
    if (BLOCK_TAGS.has(tag)) {
      ctx.block = el;
      ctx.tag = tag;
      ctx.bold = false;
      if (tag === 'li') ctx.ordered = parent.listOrdered;
    }
    if (tag === 'ul' || tag === 'ol') ctx.listOrdered = tag === 'ol';
    if (tag === 'blockquote') ctx.quote = true;
    if (tag === 'pre') ctx.pre = true;
    if (BOLD_TAGS.has(tag) || HEADING_LEVEL[tag]) ctx.bold = true;
    if (tag === 'table') ctx.table = isDataTable(el) ? el : null;
    if (tag === 'tr') ctx.row = el;
    if (tag === 'th' || tag === 'td') ctx.header = tag === 'th';
    if (tag === 'a') ctx.href = linkOf(el);
    if (EM_TAGS.has(tag)) ctx.em = true;
    if (BOLD_TAGS.has(tag)) ctx.strong = true;
    if (CODE_TAGS.has(tag)) ctx.code = true;
    return ctx;
  }

  // An <a>'s address, absolute, if the reader may link to it; else null.
  function linkOf(a) {
    const raw = a.getAttribute('href');
    if (raw === null) return null;
    let url;
    try { url = new URL(raw.trim(), a.baseURI || undefined).href; } catch (e) { return null; }
    return LINK_URL.test(url) ? url : null;
  }

  // The runs of a block: text with the same link and emphasis stays one run.
  function addRun(b, text, ctx) {
    const last = b.runs[b.runs.length - 1];
    const href = ctx && ctx.href ? ctx.href : null;
    const em = !!(ctx && ctx.em), strong = !!(ctx && ctx.strong), code = !!(ctx && ctx.code && !ctx.pre);
    if (last && (last.href || null) === href && !!last.em === em && !!last.strong === strong && !!last.code === code) {
      last.text += text;
      return;
    }
    const run = { text };
    if (href) run.href = href;
    if (em) run.em = true;
    if (strong) run.strong = true;
    if (code) run.code = true;
    b.runs.push(run);
  }
  // White space added between runs (a word gap, a line break) joins the last run.
  function addSpace(b, s) {
    if (b.runs.length) b.runs[b.runs.length - 1].text += s;
    else b.runs.push({ text: s });
  }
  // The runs normalised as the block's text is; if they do not join into
  // exactly that text, one plain run.
  function normaliseRuns(b) {
    let runs = b.runs.map((r) => Object.assign({}, r, {
      text: b.type === 'pre' ? r.text : r.text.replace(/ *\n */g, '\n').replace(/ {2,}/g, ' '),
    }));
    if (b.type !== 'pre') {
      for (let i = 1; i < runs.length; i++) {
        if (/[ \n]$/.test(runs[i - 1].text)) runs[i].text = runs[i].text.replace(/^ +/, '');
      }
      if (runs.length) {
        runs[0].text = runs[0].text.replace(/^\s+/, '');
        runs[runs.length - 1].text = runs[runs.length - 1].text.replace(/\s+$/, '');
      }
    } else if (runs.length) {
      runs[0].text = runs[0].text.replace(/^\n+/, '');
      runs[runs.length - 1].text = runs[runs.length - 1].text.replace(/\s+$/, '');
    }
    runs = runs.filter((r) => r.text !== '');
    if (runs.map((r) => r.text).join('') !== b.text) runs = [{ text: b.text }];
    b.runs = runs;
  }

  function isDataTable(table) {
    if (typeof table.querySelector !== 'function' || table.querySelector('table') !== null) return false;
    const cells = table.querySelectorAll('td, th').length;
    if (cells < 2) return false;
    return (table.textContent || '').length / cells <= DATA_TABLE_MAX_CHARS_PER_CELL;
  }

  function blockFor(ctx) {
    const b = { type: 'para', text: '', runs: [] };
    if (HEADING_LEVEL[ctx.tag]) {
      b.type = 'heading';
      b.level = HEADING_LEVEL[ctx.tag];
    } else if (ctx.tag === 'li') {
      b.type = 'item';
      b.ordered = ctx.ordered === true;
    } else if (ctx.pre) {
      b.type = 'pre';
    } else if (ctx.tag === 'figcaption' || ctx.tag === 'caption') {
      b.type = 'caption';
    }
    if (ctx.quote) b.quote = true;
    return b;
  }

  // The best candidate of a srcset: the widest (w) or densest (x) one.
  function bestOfSrcset(srcset) {
    let best = null;
    let bestScore = -1;
    for (const part of srcset.split(/,\s+/)) {
      const [url, size] = part.trim().split(/\s+/);
      if (!url) continue;
      const score = size ? parseFloat(size) || 0 : 1;
      if (score > bestScore) { best = url; bestScore = score; }
    }
    return best;
  }
  // The picture's real address: a lazy-loading script's data-src or srcset
  // first (the src is then a placeholder), else what the browser shows.
  function imageSource(img) {
    const candidates = [];
    for (const a of LAZY_SRC_ATTRS) if (img.getAttribute(a)) candidates.push(img.getAttribute(a));
    for (const a of LAZY_SRCSET_ATTRS) {
      const v = img.getAttribute(a);
      if (v) { const b = bestOfSrcset(v); if (b) candidates.push(b); }
    }
    candidates.push(img.currentSrc || '', img.getAttribute('src') || '');
    for (const c of candidates) {
      if (!c) continue;
      let url;
      try { url = new URL(c.trim(), img.baseURI || undefined).href; } catch (e) { continue; }
      // An inline placeholder (a small data:image/gif) only as the last resort.
      const placeholder = /^data:/i.test(url) && url.length < 200 && c !== candidates[candidates.length - 1];
      if (IMAGE_URL.test(url) && !placeholder) return url;
    }
    return '';
  }

  function isFurniture(img, src) {
    let file = '';
    try { file = /^data:/i.test(src) ? '' : new URL(src).pathname; } catch (e) { file = ''; }
    const names = (file + ' ' + (img.getAttribute('class') || '') + ' ' + (img.getAttribute('id') || '')).toLowerCase();
    return names.split(/[^a-z0-9]+/).some((w) => FURNITURE_IMAGE_WORDS.has(w));
  }

  function imageBlock(img) {
    const src = imageSource(img);
    if (!IMAGE_URL.test(src) || isFurniture(img, src)) return null;
    for (const side of ['width', 'height']) {
      const v = parseInt(img.getAttribute(side), 10);
      if (!Number.isNaN(v) && v < MIN_IMAGE_SIDE) return null;
    }
    return { type: 'image', src, alt: clean(img.getAttribute('alt')) };
  }

  // ------------------------------------------------------------ the header
  // The header from the core's metadata (wce.classify {metadata: true} on the
  // page's flat DOM and URL, or wce.metadata: title without the site's part,
  // checked against the <h1>; authors; ISO 8601 date; site name as the site
  // writes it; language): nothing here reads the page's metadata again.
  // What stays here is how the reader shows it: the authors as one line, the
  // day of the date (the reader page writes it in the reader's locale), the
  // host when the page names no site.
  const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})/;
  const MAX_BYLINE_CHARS = 200;
  function header(metadata, url) {
    const m = metadata && typeof metadata === 'object' ? metadata : {};
    const str = (v) => (typeof v === 'string' ? clean(v) : '');
    let host = '';
    try { host = new URL(url).hostname.replace(/^www\./, ''); } catch (e) { host = ''; }
    const published = str(m.date);
    const day = ISO_DAY.exec(published);
    return {
      title: str(m.title),
      siteName: str(m.site) || host,
      byline: str(m.author).split(/\s*;\s*/).filter(Boolean).join(', ').slice(0, MAX_BYLINE_CHARS),
      published,
      date: day ? day[1] + '-' + day[2] + '-' + day[3] : '',
      lang: str(m.lang),
      pageType: str(m.page_type),
    };
  }

  function readingMinutes(blocks) {
    let words = 0;
    let cjk = 0;
    for (const b of blocks) {
      const t = b.text || (b.rows ? b.rows.map((r) => r.cells.map((c) => c.text).join(' ')).join(' ') : '');
      const c = (t.match(CJK) || []).length;
      cjk += c;
      words += (t.replace(CJK, ' ').match(/\S+/g) || []).length;
    }
    return { words: words + cjk, minutes: Math.max(1, Math.round(words / WORDS_PER_MINUTE + cjk / CJK_CHARS_PER_MINUTE)) };
  }

  // ------------------------------------------------------------ the walk
  function build(doc, textNodes, labels, options) {
    const opts = options || {};
    const threshold = typeof opts.threshold === 'number' ? opts.threshold : THRESHOLD;
    if (!doc || !doc.documentElement) throw new TypeError('WCEReader.build: expected a Document');
    if (!textNodes || !labels || textNodes.length !== labels.length) {
      throw new Error('WCEReader.build: one label per text node expected');
    }
    // What a reader does not want (reader_cleanup.js's rules).
    const cleanup = typeof WCEReaderCleanup !== 'undefined' ? WCEReaderCleanup // eslint-disable-line no-undef
      : (typeof require === 'function' ? require('./reader_cleanup.js') : null);
    const chosen = new Set();
    for (let k = 0; k < labels.length; k++) {
      if (labels[k] >= threshold && textNodes[k] && /\S/.test(textNodes[k].data)) chosen.add(textNodes[k]);
    }

    const blocks = [];
    let current = null;      // the open block
    let currentEl = null;    // its block element
    // Pictures since the last text: [{im, block, figure, afterKept, caption}],
    // shown when the next text is kept (see the rule at the top); caption: the
    // unkept caption of its figure, a caption block.
    let pendingImages = [];
    let lastKept = false;    // whether the last text read was chosen
    // Unkept text of one block since its last chosen text, shown if the block
    // keeps text around it: {block, items: [{data, ctx, gapBefore} or {br}],
    // chars}; `over` once it holds more than GAP_MAX_CHARS, `lineBreak` once a
    // line break precedes or splits it.
    const noUnkept = () => ({ block: null, items: [], chars: 0, over: false, lineBreak: false });
    let unkept = noUnkept();
    let table = null;        // the open table block {type: 'table', rows, el}
    let gap = false;         // a word boundary since the last text of the open block

    function finish() {
      // Links and emphasis after the block's last kept text end it.
      if (current && unkept.block === currentEl) restoreUnkept(false);
      if (current) {
        current.text = current.type === 'pre' ? current.text.replace(/^\n+|\s+$/g, '')
          : current.text.replace(/ *\n */g, '\n').replace(/ {2,}/g, ' ').trim();
        normaliseRuns(current);
        if (current.type === 'para' && current.allBold && current.text.length <= BOLD_SUBHEAD_MAX_CHARS &&
            !current.text.includes('\n')) {
          current.type = 'heading';
          current.level = BOLD_SUBHEAD_LEVEL;
        }
        delete current.allBold;
        if (current.text) {
          if (current.cellOf) addCell(current);
          else { table = null; blocks.push(current); }
        }
      }
      current = null;
      currentEl = null;
    }

    // A finished cell block goes into its table's row.
    function addCell(b) {
      if (!table || table.el !== b.cellOf.table) {
        table = { type: 'table', rows: [], el: b.cellOf.table, rowEl: null };
        blocks.push(table);
      }
      if (table.rowEl !== b.cellOf.row) {
        table.rows.push({ cells: [] });
        table.rowEl = b.cellOf.row;
      }
      table.rows[table.rows.length - 1].cells.push({ text: b.text, header: b.cellOf.header === true });
      delete b.runs;
    }

    // The cleanup rules (reader_cleanup.js): restored text they would drop stays out.
    const cleanupRules = cleanup ? cleanup.RULES : [];
    // Text goes into the open block, or opens the block of its context.
    function appendText(data, top) {
      if (!current || currentEl !== top.block) {
        finish();
        current = blockFor(top);
        current.allBold = true;
        if (top.table && top.row && (top.tag === 'td' || top.tag === 'th')) {
          current.cellOf = { table: top.table, row: top.row, header: top.header };
        }
        currentEl = top.block;
        gap = false;
      }
      addText(current, top.pre ? data : collapse(data), top, gap);
      if (!top.bold) current.allBold = false;
      gap = false;
    }
    // Appends text t (in context top) to block b, after a space when `spaced`
    // and neither side has one.
    function addText(b, t, top, spaced) {
      if (spaced && b.text && !/\s$/.test(b.text) && !/^\s/.test(t)) {
        b.text += ' ';
        addSpace(b, ' ');
      }
      b.text += t;
      addRun(b, t, top);
    }
    // The unkept text of the open block goes in: all of it between two kept
    // texts (between), else only if it is all links or emphasis.
    function restoreUnkept(between) {
      const u = unkept;
      unkept = noUnkept();
      const texts = u.items.filter((x) => !x.br);
      const text = clean(texts.map((x) => x.data).join(' '));
      const ok = texts.length > 0 && !u.over && text.length <= GAP_MAX_CHARS &&
        (between || texts.every((x) => x.ctx.href || x.ctx.em || x.ctx.strong || x.ctx.code)) &&
        !cleanupRules.some((r) => r.test.test(text));
      const after = gap;
      for (const x of u.items) {
        // A line break of the open block stays where it was, text or not.
        if (x.br) {
          if (current !== null && currentEl === u.block) { current.text += '\n'; addSpace(current, '\n'); }
          continue;
        }
        if (!ok) continue;
        gap = x.gapBefore;
        appendText(x.data, x.ctx);
      }
      // Left out, it still parted the words around it.
      gap = after || (!ok && u.items.some((x) => x.gapBefore));
    }

    const rootEl = doc.body || doc.documentElement;
    const base = { block: null, tag: 'body', ordered: false, listOrdered: false, quote: false, pre: false,
      bold: false, table: null, row: null, header: false, href: null, em: false, strong: false, code: false };
    // opts.children(el, tag) -> {first, list}: where an element's children
    // come from (WCEEncoder.composedChildren: shadow roots, slots, frames, as
    // the encoder read them); by default its own child nodes.
    const childrenOf = typeof opts.children === 'function' ? opts.children : null;
    const stack = [];        // the context of each open element
    // The open child lists, one per open element plus the root's: the next
    // sibling to read, or an array and a position.
    const stNext = [rootEl];
    const stList = [null];
    const stIdx = [0];
    const stTag = ['']; // the tag of the element whose children each level reads
    let sp = 0;
    while (sp >= 0) {
      let node;
      const list = stList[sp];
      if (list !== null) node = stIdx[sp] < list.length ? list[stIdx[sp]++] : null;
      else {
        node = stNext[sp];
        if (node !== null) stNext[sp] = sp === 0 ? null : node.nextSibling;
      }
      if (node === null) {
        // The level's element is done. Leaving a separate inline box (a
        // button...) ends a word too.
        if (sp > 0) {
          stack.pop();
          if (SEPARATE_INLINE_TAGS.has(stTag[sp])) gap = true;
        }
        sp--;
        continue;
      }
      const type = node.nodeType;
      if (type === ELEMENT_NODE) {
        const tag = (node.localName || '').toLowerCase();
        if (!SKIP_TAGS.has(tag)) {
          const ctx = childContext(stack.length ? stack[stack.length - 1] : base, node, tag);
          if (SEPARATE_INLINE_TAGS.has(tag)) gap = true;
          if (tag === 'img' && opts.images) {
            const im = imageBlock(node);
            if (im) pendingImages.push({ im, block: ctx.block, figure: ctx.figure, afterKept: lastKept });
          } else if (tag === 'br' && unkept.block === ctx.block && unkept.items.length) {
            unkept.items.push({ br: true }); // in its place among the unkept text
            unkept.lineBreak = true;
          } else if (tag === 'br' && current && currentEl === ctx.block) {
            current.text += '\n';
            addSpace(current, '\n');
          }
          const from = childrenOf ? childrenOf(node, tag) : { first: node.firstChild, list: null };
          if (from.first !== null || from.list !== null) {
            stack.push(ctx);
            sp++;
            stNext[sp] = from.first;
            stList[sp] = from.list;
            stIdx[sp] = 0;
            stTag[sp] = tag;
          }
        }
      } else if (type === TEXT_NODE || type === CDATA_SECTION_NODE) {
        const top = stack.length ? stack[stack.length - 1] : base;
        if (chosen.has(node)) {
          // The unkept text before it in its block: between two kept texts
          // of the block, or leading links and emphasis.
          if (unkept.block === top.block) restoreUnkept(current !== null && currentEl === top.block && !unkept.lineBreak);
          else if (current !== null && unkept.block === currentEl) restoreUnkept(false); // trailing, of the open block
          else unkept = noUnkept();
          if (pendingImages.length) {
            const shown = pendingImages.filter((p) => p.afterKept || p.block === top.block ||
              (p.figure && p.figure === top.figure));
            pendingImages = [];
            if (shown.length) {
              finish();
              for (const p of shown) {
                blocks.push(p.im);
                if (p.caption && p.caption.text.length <= CAPTION_MAX_CHARS) {
                  p.caption.text = p.caption.text.replace(/ {2,}/g, ' ').trim();
                  normaliseRuns(p.caption);
                  if (p.caption.text) blocks.push(p.caption);
                }
              }
            }
          }
          appendText(node.data, top);
          lastKept = true;
        } else if (/\S/.test(node.data)) {
          // Unkept text: pictures before it are page furniture unless it is
          // their own figure's caption; it may come back as a word the model
          // missed inside a kept block (restoreUnkept).
          lastKept = false;
          if (pendingImages.length) {
            pendingImages = pendingImages.filter((p) => p.figure && p.figure === top.figure);
            // The caption of the last picture of its figure.
            const p = pendingImages[pendingImages.length - 1];
            if (p && top.inCaption && (!p.caption || p.caption.text.length <= CAPTION_MAX_CHARS)) {
              if (!p.caption) p.caption = { type: 'caption', text: '', runs: [] };
              addText(p.caption, collapse(node.data), top, true);
            }
          }
          if (unkept.block !== top.block) {
            if (current !== null && unkept.block === currentEl) restoreUnkept(false); // trailing, of the open block
            unkept = noUnkept();
            unkept.block = top.block;
          }
          const sameBlock = current !== null && currentEl === top.block;
          if (!unkept.items.length && (!sameBlock || current.text.endsWith('\n'))) unkept.lineBreak = true;
          if (top.pre && node.data.includes('\n')) unkept.lineBreak = true;
          unkept.chars += clean(node.data).length;
          // Too long to come back: only its line breaks are held.
          if (unkept.chars > GAP_MAX_CHARS) unkept.over = true;
          if (!unkept.over) unkept.items.push({ data: node.data, ctx: top, gapBefore: sameBlock ? gap : false });
          if (sameBlock) gap = false;
        } else if (node.data.length > 0 && ((current && currentEl === top.block) || unkept.block === top.block)) {
          // White space between two inline elements ("<a>Share</a> <a>Email</a>")
          // separates words even though the extractor did not choose it.
          gap = true;
        }
      }
    }
    finish();
    for (const b of blocks) if (b.type === 'table') { delete b.el; delete b.rowEl; }

    const url = typeof doc.URL === 'string' ? doc.URL : '';
    const info = header(opts.metadata, url);
    // The page's address as a line of text is not content.
    while (blocks.length && blocks[0].text && (blocks[0].text === url || /^https?:\/\/\S+$/.test(blocks[0].text))) blocks.shift();

    // The article's own heading among the first blocks is the header's title:
    // shown once. It is the title when the core found none.
    const same = (x, y) => clean(x).toLowerCase() === clean(y).toLowerCase();
    let title = info.title;
    for (let i = 0; i < Math.min(TITLE_SEARCH_BLOCKS, blocks.length); i++) {
      const b = blocks[i];
      if (b.type === 'heading' && (b.level === 1 || (i === 0 && b.level === 2))) {
        if (!title || same(b.text, title)) {
          title = title || b.text;
          blocks.splice(i, 1);
        }
        break;
      }
    }
    // A byline the extractor kept as the first paragraph is shown once, in the header.
    if (info.byline && blocks.length && blocks[0].type === 'para' &&
        clean(blocks[0].text).replace(/^by\s+/i, '').startsWith(info.byline)) {
      info.byline = clean(blocks[0].text).replace(/^by\s+/i, '');
      blocks.shift();
    }
    // What a reader does not want (reader_cleanup.js's rules).
    let kept = blocks;
    let dropped = [];
    if (cleanup && opts.cleanup !== false) {
      const c = cleanup.cleanBlocks(blocks, { byline: info.byline, date: info.date });
      kept = c.blocks;
      dropped = c.dropped;
    }
    if (kept !== blocks) {
      blocks.length = 0;
      for (const b of kept) blocks.push(b);
    }
    const reading = readingMinutes(blocks);
    const html = doc.documentElement;
    const lang = info.lang;
    let dir = ((html.getAttribute && html.getAttribute('dir')) || (doc.body && doc.body.getAttribute('dir')) || '').toLowerCase();
    if (dir !== 'rtl' && dir !== 'ltr') dir = RTL_LANGS.test(lang) ? 'rtl' : '';
    return {
      title,
      url,
      lang,
      dir,
      siteName: info.siteName,
      byline: info.byline,
      published: info.published,
      date: info.date,
      pageType: info.pageType,
      blocks,
      dropped,
      words: reading.words,
      minutes: reading.minutes,
    };
  }

  return { build, header, BLOCK_TAGS, THRESHOLD };
});
