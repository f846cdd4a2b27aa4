/*
 * reader.js: the reader view page (reader.html). Asks the background for the
 * document that content.js built from the tab's live DOM (reader_model.js) and
 * renders it: site name, title, byline, date and reading time, then headings,
 * paragraphs, lists, quotes, code, tables, captions and, if the option is on,
 * images. Everything is built with createElement and textContent: no page
 * markup is parsed here, no page script or style comes along, and nothing is
 * fetched (images aside, when asked for), so it works offline.
 *
 * Controls (remembered in the settings): text size, column width, theme
 * (auto, light, sepia, dark); print; save as one self-contained HTML file;
 * copy or save as Markdown (the core's Markdown of the same labels).
 *
 * Address: reader.html?id=<doc id>&tab=<source tab id>&extractor=<name>; if the
 * background no longer holds the document (worker restarted) it is rebuilt
 * from the source tab.
 */
(function () {
  'use strict';
  const api = self.wcePlatform.api;
  const settings = self.wceSettings;
  const $ = (id) => document.getElementById(id);
  let shown = null; // the document on screen

  function el(tag, text) {
    const e = document.createElement(tag);
    if (text !== undefined) e.textContent = text;
    return e;
  }

  // The reader page runs at the extension's origin: whatever the page put in
  // its document arrives here as data and is written with DOM calls, and only
  // these addresses are used (reader_model.js checks them too).
  const LINK_URL = /^(https?|mailto):/i;
  const IMAGE_URL = /^(https?:|data:image\/(png|jpe?g|gif|webp|avif|bmp);)/i;

  // A block's text with its links and emphasis (runs), or its plain text.
  function inline(tag, b) {
    const e = el(tag);
    if (!Array.isArray(b.runs) || !b.runs.length) {
      e.textContent = b.text;
      return e;
    }
    for (const r of b.runs) {
      let node = document.createTextNode(String(r.text));
      if (r.code === true) { const c = el('code'); c.appendChild(node); node = c; }
      if (r.em === true) { const c = el('em'); c.appendChild(node); node = c; }
      if (r.strong === true) { const c = el('strong'); c.appendChild(node); node = c; }
      if (typeof r.href === 'string' && LINK_URL.test(r.href)) {
        const a = el('a');
        a.href = r.href;
        a.rel = 'noopener noreferrer';
        a.appendChild(node);
        node = a;
      }
      e.appendChild(node);
    }
    return e;
  }

  function tableOf(b) {
    const wrap = el('div');
    wrap.className = 'table';
    const t = el('table');
    for (const r of b.rows) {
      const tr = el('tr');
      for (const c of r.cells) tr.appendChild(el(c.header ? 'th' : 'td', c.text));
      t.appendChild(tr);
    }
    wrap.appendChild(t);
    return wrap;
  }

  // Consecutive list items share one list; consecutive quoted blocks one
  // blockquote; a caption right after an image joins its figure.
  function render(doc) {
    const out = document.createDocumentFragment();
    let list = null;
    let quote = null;
    let figure = null;
    for (const b of doc.blocks) {
      if (b.type !== 'item' || (list && list.ordered !== b.ordered)) list = null;
      if (!b.quote) quote = null;
      let parent = out;
      if (b.quote) {
        if (!quote) { quote = el('blockquote'); out.appendChild(quote); }
        parent = quote;
      }
      let node;
      if (b.type === 'heading') {
        node = inline('h' + Math.min(6, Math.max(2, b.level + 1)), b);
      } else if (b.type === 'item') {
        if (!list) {
          list = { ordered: b.ordered, el: el(b.ordered ? 'ol' : 'ul') };
          parent.appendChild(list.el);
        }
        list.el.appendChild(inline('li', b));
        figure = null;
        continue;
      } else if (b.type === 'pre') {
        node = el('pre');
        node.appendChild(el('code', b.text));
      } else if (b.type === 'table') {
        node = tableOf(b);
      } else if (b.type === 'caption') {
        if (figure) {
          figure.appendChild(inline('figcaption', b));
          figure = null;
          continue;
        }
        node = inline('p', b);
        node.className = 'caption';
      } else if (b.type === 'image') {
        if (typeof b.src !== 'string' || !IMAGE_URL.test(b.src)) continue;
        node = el('figure');
        const img = el('img');
        img.alt = b.alt || '';
        img.src = b.src;
        img.loading = 'lazy';
        img.referrerPolicy = 'no-referrer';
        node.appendChild(img);
        parent.appendChild(node);
        figure = node;
        continue;
      } else {
        node = inline('p', b);
      }
      figure = null;
      parent.appendChild(node);
    }
    return out;
  }

  // 'YYYY-MM-DD' (the day of the core's date: reader_model.js header) in the reader's own locale
  // ("8 April 2017", "April 8, 2017"); '' stays '' (a malformed date is
  // dropped, never shown raw).
  function formatDate(day) {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day || '');
    if (!m) return '';
    const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
    try {
      return d.toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
    } catch (e) {
      return day;
    }
  }

  function show(doc) {
    shown = doc;
    document.title = doc.title || 'Untitled';
    if (doc.lang) document.documentElement.lang = doc.lang;
    if (doc.dir === 'rtl' || doc.dir === 'ltr') document.documentElement.dir = doc.dir;
    $('site').textContent = doc.siteName || '';
    $('title').textContent = doc.title || 'Untitled';
    const byline = $('byline');
    const parts = [];
    if (doc.byline) parts.push(['author', doc.byline]);
    const date = formatDate(doc.date);
    if (date) parts.push(['date', date]);
    if (doc.minutes) parts.push(['time', doc.minutes + ' min read']);
    for (const [cls, text] of parts) {
      const s = el('span', text);
      s.className = cls;
      byline.appendChild(s);
    }
    $('content').appendChild(render(doc));
    if (/^https?:/i.test(doc.url)) {
      const a = el('a', doc.url);
      a.href = doc.url;
      a.rel = 'noreferrer';
      $('source').append('Original: ', a);
    }
    $('about').textContent = doc.words + ' words. Main content chosen by the ' + doc.extractor +
      ' method, built on this computer from the page as it was displayed.';
    if (doc.blocks.length === 0) fail('No main content was found on this page. Another method may find some.');
    const md = typeof doc.markdown === 'string' && doc.markdown.trim() !== '';
    $('copy-md').disabled = !md;
    $('save-md').disabled = !md;
  }

  function fail(text) {
    $('error').textContent = text;
    $('error').hidden = false;
  }

  // ------------------------------------------------------------ controls
  function applyLook(s) {
    const root = document.documentElement;
    root.dataset.theme = s.readerTheme;
    root.dataset.width = s.readerWidth;
    root.style.setProperty('--size', s.readerFontSize + 'px');
    for (const b of document.querySelectorAll('[data-theme]:not(html)')) {
      b.setAttribute('aria-pressed', String(b.dataset.theme === s.readerTheme));
    }
    for (const b of document.querySelectorAll('[data-width]:not(html)')) {
      b.setAttribute('aria-pressed', String(b.dataset.width === s.readerWidth));
    }
    const sizes = settings.READER_FONT_SIZES;
    $('smaller').disabled = s.readerFontSize <= sizes[0];
    $('larger').disabled = s.readerFontSize >= sizes[sizes.length - 1];
  }

  async function change(patch) {
    try {
      applyLook(await settings.save(patch));
    } catch (e) {
      applyLook(settings.normalise(Object.assign({}, current, patch))); // storage failed: still show it
    }
    current = Object.assign({}, current, patch);
  }
  let current = settings.DEFAULTS;

  function stepSize(dir) {
    const sizes = settings.READER_FONT_SIZES;
    const i = sizes.indexOf(current.readerFontSize);
    const next = sizes[Math.max(0, Math.min(sizes.length - 1, (i < 0 ? 2 : i) + dir))];
    return change({ readerFontSize: next });
  }

  // One HTML file with the style sheet inlined and no script: the article as
  // shown, readable anywhere without the extension.
  function savedHtml() {
    let css = '';
    for (const sheet of document.styleSheets) {
      try {
        for (const rule of sheet.cssRules) css += rule.cssText + '\n';
      } catch (e) { /* not ours */ }
    }
    const root = document.documentElement;
    const main = $('reader').cloneNode(true);
    main.removeAttribute('aria-busy');
    const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
    return '<!DOCTYPE html>\n<html lang="' + esc(root.lang || '') + '" dir="' + esc(root.dir || 'ltr') +
      '" data-theme="' + esc(root.dataset.theme || 'auto') + '" data-width="' + esc(root.dataset.width || 'medium') +
      '" style="--size:' + esc(root.style.getPropertyValue('--size') || '20px') + '">\n<head>\n<meta charset="utf-8">\n' +
      '<meta name="viewport" content="width=device-width, initial-scale=1">\n<title>' + esc(document.title) +
      '</title>\n<style>\n' + css + '</style>\n</head>\n<body>\n' + main.outerHTML + '\n</body>\n</html>\n';
  }

  // A file name from the article's title: no path or reserved characters,
  // at most 80 characters, 'article' when nothing is left.
  function fileName(ext) {
    const name = (shown && shown.title ? shown.title : 'article').replace(/[\\/:*?"<>|\u0000-\u001f]+/g, ' ')
      .replace(/\s+/g, ' ').trim().slice(0, 80).trim();
    return (name || 'article') + ext;
  }

  function download(text, type, name) {
    const blob = new Blob([text], { type });
    const a = el('a');
    a.href = URL.createObjectURL(blob);
    a.download = name;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 60000);
  }

  function save() {
    download(savedHtml(), 'text/html;charset=utf-8', fileName('.html'));
  }

  // ------------------------------------------------------------ Markdown
  // The core's Markdown of the same labels as the page's highlight and this
  // view (background.js asks wce.classify for it with the labels; links
  // kept, images when the reader shows them), with the header's title, byline
  // and date above it and the address below: the same text that
  // `wce extract --format markdown` gives for these labels.
  function markdownOf(doc) {
    const body = typeof doc.markdown === 'string' ? doc.markdown.replace(/\s+$/, '') : '';
    const escape = (s) => s.replace(/([\\`*_[\]#<>|])/g, '\\$1');
    // The title once: the body may open with it (the article's <h1>, kept).
    const first = body.split('\n', 1)[0];
    const plain = (x) => String(x).replace(/\\/g, '').replace(/\s+/g, ' ').trim().toLowerCase();
    const opensWithTitle = /^#\s/.test(first) && plain(first.replace(/^#\s+/, '')) === plain(doc.title || '');
    const lines = [];
    if (doc.title && !opensWithTitle) lines.push('# ' + escape(doc.title), '');
    const meta = [];
    if (doc.byline) meta.push(escape(doc.byline));
    const date = formatDate(doc.date);
    if (date) meta.push(escape(date));
    if (meta.length) lines.push('*' + meta.join(' · ') + '*', '');
    if (body) lines.push(body, '');
    if (/^https?:/i.test(doc.url)) lines.push('Source: <' + doc.url.replace(/[<>\s]/g, encodeURIComponent) + '>', '');
    return lines.join('\n');
  }

  let statusTimer = 0;
  function say(text) {
    const s = $('toolbar-status');
    s.textContent = text;
    clearTimeout(statusTimer);
    statusTimer = setTimeout(() => { s.textContent = ''; }, 6000);
  }

  async function copyMarkdown() {
    if (!shown) return;
    const text = markdownOf(shown);
    try {
      if (!navigator.clipboard || typeof navigator.clipboard.writeText !== 'function') {
        throw new Error('this browser gives the page no clipboard');
      }
      await navigator.clipboard.writeText(text);
      say('Copied as Markdown.');
    } catch (e) {
      say('Could not copy to the clipboard (' + (e && e.message ? e.message : String(e)) +
        '). Use "Save as Markdown" instead.');
    }
  }

  function saveMarkdown() {
    if (!shown) return;
    download(markdownOf(shown), 'text/markdown;charset=utf-8', fileName('.md'));
    say('Saved as ' + fileName('.md') + '.');
  }

  function wireControls() {
    $('smaller').addEventListener('click', () => stepSize(-1));
    $('larger').addEventListener('click', () => stepSize(1));
    for (const b of document.querySelectorAll('#toolbar [data-theme]')) {
      b.addEventListener('click', () => change({ readerTheme: b.dataset.theme }));
    }
    for (const b of document.querySelectorAll('#toolbar [data-width]')) {
      b.addEventListener('click', () => change({ readerWidth: b.dataset.width }));
    }
    $('print').addEventListener('click', () => window.print());
    $('save').addEventListener('click', save);
    $('copy-md').addEventListener('click', copyMarkdown);
    $('save-md').addEventListener('click', saveMarkdown);
  }

  async function init() {
    try {
      current = await settings.load();
    } catch (e) { /* defaults */ }
    applyLook(current);
    wireControls();
    const q = new URLSearchParams(location.search);
    const tab = q.get('tab');
    const msg = { type: 'wce:readerDoc', id: q.get('id') || '' };
    if (tab !== null && /^\d+$/.test(tab)) msg.tabId = Number(tab);
    if (q.get('extractor')) msg.extractor = q.get('extractor');
    let res;
    try {
      res = await api.runtime.sendMessage(msg);
    } catch (e) {
      res = { ok: false, error: e && e.message ? e.message : String(e) };
    }
    if (!res || !res.ok) fail('No reader view: ' + (res && res.error ? res.error : 'no answer'));
    else show(res.doc);
    $('reader').setAttribute('aria-busy', 'false');
    document.body.dataset.ready = 'true';
  }

  self.wceReader = { savedHtml, markdownOf };
  init();
})();
