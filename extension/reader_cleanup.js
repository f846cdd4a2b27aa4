/*
 * reader_cleanup.js: what the reader view drops from the main content that
 * a reader never wants to read there, as Firefox Reader View does: "Continue
 * reading the main story", a lone "Photo" label, a "Related stories" box and
 * its headlines, social prompts, a bare time ("3:30 AM ET"), video titles with
 * their durations, and the byline or date repeated inside the text (the
 * header shows them once). The rules are data (RULES); cleanBlocks applies
 * them to reader_model.js's blocks. Only short blocks are ever dropped: a
 * rule never removes a paragraph of the article itself.
 *
 * Runs as a classic script (self.WCEReaderCleanup, in the tab's isolated
 * world, before reader_model.js uses it) and under Node (module.exports).
 */
(function (root, factory) {
  'use strict';
  const api = factory();
  if (typeof module === 'object' && module !== null && module.exports) module.exports = api;
  else root.WCEReaderCleanup = api;
})(typeof self !== 'undefined' ? self : globalThis, function () {
  'use strict';

  // Blocks longer than this are text, whatever they say.
  const MAX_CHARS = 200;

  // {name, test: a regular expression on the block's whole text (white
  // space collapsed, trimmed), then: 'block' (drop it) or 'rest' (drop it and
  // every block after it, when at most REST_MAX blocks follow: a box at the end)}.
  const RULES = Object.freeze([
    { name: 'continue reading', test: /^continue reading( the (main|full) (story|article))?\W*$/i, then: 'block' },
    { name: 'read more', test: /^(read|see) (more|the full story)\W*$/i, then: 'block' },
    { name: 'photo label', test: /^(photo|image|video|graphic|illustration)s?\W*$/i, then: 'block' },
    { name: 'related box', test: /^(related|more) (stories|articles|coverage|content|links|news)\b\W*$/i, then: 'rest' },
    // "More From Forbes", "More on this story": the site's own box of other articles.
    { name: 'more from box', test: /^more (from|on) [\p{L}\p{N}.'’& -]{1,40}\W*$/iu, then: 'rest' },
    { name: 'social prompt', test: /\b(hit ['"‘“]?like['"’”]?|like us on facebook|follow us on (twitter|x|instagram|facebook)|share (this|on) (story|article|facebook|twitter)|sign up for (our|the) newsletter|want up-to-the-minute)/i, then: 'block' },
    { name: 'bare time', test: /^(updated:?\s*)?\d{1,2}:\d{2}\s*(am|pm|a\.m\.|p\.m\.)?\s*(et|pt|ct|mt|edt|est|pdt|pst|gmt|utc|bst|cet)?$/i, then: 'block' },
    { name: 'video with duration', test: /^(video|watch)\b.{0,120}\(?\b\d{1,2}:\d{2}\)?$|^.{0,120}\(\d{1,2}:\d{2}\)$/i, then: 'block' },
  ]);
  const REST_MAX = 6;

  const clean = (s) => String(s || '').replace(/\s+/g, ' ').trim();
  const letters = (s) => clean(s).toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();

  // The byline or the date again inside the text: "By Jane Doe", "Jane Doe,
  // April 8, 2017", "Published April 8, 2017".
  function repeatsHeader(text, info) {
    const t = letters(text).replace(/^(by|published|updated|posted)\s+/, '');
    if (!t) return false;
    const byline = letters(info.byline);
    if (byline && (t === byline || t.startsWith(byline + ' '))) {
      const rest = t.slice(byline.length).trim();
      return rest === '' || dayOf(rest, info) || /^(and |staff|reporter|correspondent|writer|editor)/.test(rest);
    }
    return dayOf(t, info);
  }
  // Whether s reads as the page's publication day (info.date, 'YYYY-MM-DD',
  // the day of the core's date).
  function dayOf(s, info) {
    return Boolean(info.date) && dayOfText(s) === info.date;
  }

  // The day a short text names, 'YYYY-MM-DD', or '': only to recognise the
  // header's date repeated in the body ("April 8, 2017", "2017-04-08T05:38",
  // "Sat, 08 Apr 2017 05:38:00 GMT"). The header's own date is the core's
  // (core/src/metadata/dates.cpp), never parsed here. An ISO day at the start
  // is read as it is; other forms by Date; a numeric form without a year of
  // four digits ("12/05") is ambiguous and not read.
  const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})/;
  // A time of day with its zone, as news pages write it beside the day
  // ("updated 4:36 p.m. ET July 23, 2012"; "4 36 p m et" once punctuation is
  // gone) is taken out before Date reads the day.
  const TIME_OF_DAY = /\b\d{1,2}(?::\d{2}(?::\d{2})?\b(?:\s*[ap]\.?\s?m\b\.?)?|\s\d{2}\s[ap]\s?m\b)(?:\s*(?:et|pt|ct|mt|edt|est|cdt|cst|pdt|pst|gmt|utc|bst|cet|cest)\b)?/gi;
  function dayOfText(raw) {
    const s = clean(raw);
    if (!s) return '';
    let y, m, d;
    const iso = ISO_DAY.exec(s);
    if (iso) {
      [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
      const t = new Date(Date.UTC(y, m - 1, d));
      if (t.getUTCMonth() !== m - 1 || t.getUTCDate() !== d) return '';
    } else {
      if (!/[a-z]/i.test(s) && !/\d{4}/.test(s)) return '';
      // Without the time first: Date reads "4 36 p m et july 23 2012" as some other day.
      let t = new Date(s.replace(TIME_OF_DAY, ' ').replace(/^\W+|\W+$/g, ''));
      if (Number.isNaN(t.getTime())) t = new Date(s);
      if (Number.isNaN(t.getTime())) return '';
      [y, m, d] = [t.getFullYear(), t.getMonth() + 1, t.getDate()];
    }
    if (y < 1900 || y > 2100) return '';
    const two = (n) => String(n).padStart(2, '0');
    return y + '-' + two(m) + '-' + two(d);
  }

  // blocks: reader_model.js's blocks; info: {byline, date: 'YYYY-MM-DD' or
  // ''}. Returns {blocks, dropped: [{rule, text}]}.
  function cleanBlocks(blocks, info) {
    const inf = info || {};
    const out = [];
    const dropped = [];
    for (let i = 0; i < blocks.length; i++) {
      const b = blocks[i];
      const text = typeof b.text === 'string' ? clean(b.text) : '';
      if (!text || text.length > MAX_CHARS || b.type === 'pre' || b.type === 'table') {
        out.push(b);
        continue;
      }
      let rule = null;
      for (const r of RULES) {
        if (r.test.test(text)) { rule = r; break; }
      }
      if (rule && rule.then === 'rest' && blocks.length - i - 1 <= REST_MAX) {
        for (let j = i; j < blocks.length; j++) dropped.push({ rule: rule.name, text: clean(blocks[j].text) });
        break;
      }
      if (rule && rule.then === 'block') {
        dropped.push({ rule: rule.name, text });
        continue;
      }
      if ((b.type === 'para' || b.type === 'caption') && repeatsHeader(text, inf)) {
        dropped.push({ rule: 'byline or date again', text });
        continue;
      }
      out.push(b);
    }
    return { blocks: out, dropped };
  }

  return { RULES, cleanBlocks, dayOfText, MAX_CHARS };
});
