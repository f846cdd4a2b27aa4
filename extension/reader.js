/*
 * reader.js: the reader view page (reader.html). Asks the background for the
 * document that content.js built from the tab's live DOM (reader_model.js) and
 * renders it: title, headings, paragraphs, lists, quotes, preformatted text and,
 * if the option is on, images. Everything is built with createElement and
 * textContent: no page markup is parsed here, no page script or style comes
 * along, and nothing is fetched (images aside, when asked for).
 *
 * Address: reader.html?id=<doc id>&tab=<source tab id>&extractor=<name>; if the
 * background no longer holds the document (worker restarted) it is rebuilt
 * from the source tab.
 */
(function () {
  'use strict';
  const api = self.wcePlatform.api;
  const $ = (id) => document.getElementById(id);

  function el(tag, text) {
    const e = document.createElement(tag);
    if (text !== undefined) e.textContent = text;
    return e;
  }

  // Consecutive list items share one list; consecutive quoted blocks one blockquote.
  function render(doc) {
    const out = document.createDocumentFragment();
    let list = null;
    let quote = null;
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
        node = el('h' + Math.min(6, Math.max(2, b.level + 1)), b.text);
      } else if (b.type === 'item') {
        if (!list) {
          list = { ordered: b.ordered, el: el(b.ordered ? 'ol' : 'ul') };
          parent.appendChild(list.el);
        }
        list.el.appendChild(el('li', b.text));
        continue;
      } else if (b.type === 'pre') {
        node = el('pre', b.text);
      } else if (b.type === 'image') {
        node = el('figure');
        const img = el('img');
        img.alt = b.alt || '';
        img.src = b.src;
        img.loading = 'lazy';
        img.referrerPolicy = 'no-referrer';
        node.appendChild(img);
        if (b.alt) node.appendChild(el('figcaption', b.alt));
      } else {
        node = el('p', b.text);
      }
      parent.appendChild(node);
    }
    return out;
  }

  function show(doc) {
    document.title = (doc.title || 'Untitled') + ' (reader view)';
    if (doc.lang) document.documentElement.lang = doc.lang;
    if (doc.dir === 'rtl' || doc.dir === 'ltr') document.documentElement.dir = doc.dir;
    $('title').textContent = doc.title || 'Untitled';
    if (/^https?:/i.test(doc.url)) {
      const a = el('a', doc.url);
      a.href = doc.url;
      a.rel = 'noreferrer';
      $('source').appendChild(a);
    } else {
      $('source').textContent = doc.url || '';
    }
    $('content').appendChild(render(doc));
    $('footer').textContent = doc.words + ' words, main content chosen by the ' +
      doc.extractor + ' extractor, built offline from the page as it was displayed.';
    if (doc.blocks.length === 0) fail('the extractor found no main content on this page.');
  }

  function fail(text) {
    $('error').textContent = text;
    $('error').hidden = false;
  }

  async function init() {
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

  init();
})();
