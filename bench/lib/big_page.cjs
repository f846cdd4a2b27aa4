// Big pages for the extension's scaling measurements: one page of about
// `targetBytes` of HTML made of many news stories, each with the boilerplate
// of a real page around it (a link list, a share bar, a "related" box).
//   - datasetStories(dir, n): the <body> content of the first n pages of
//     readability.jsonl.gz and l3s-gn1.jsonl.gz (news and blog pages) with 10
//     to 60 kB of it, scripts, styles and comments taken out (a page's
//     scripts would run n times);
//   - syntheticStories(n): generated stories (tests: no dataset needed);
//   - bigPage(stories, targetBytes): the page, deterministic for its input.
// CommonJS so that the bench (.js) and the tests (Playwright) load it.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');

const STORY_FILES = ['readability.jsonl.gz', 'l3s-gn1.jsonl.gz'];
// Stories of 10 to 60 kB of markup: a 1 MB page holds dozens of them, so
// every size has the same mix of stories (the time per MB is comparable).
const MIN_STORY = 10000;
const MAX_STORY = 60000;

function bodyOf(html) {
  const open = /<body[^>]*>/i.exec(html);
  let s = open ? html.slice(open.index + open[0].length) : html;
  const close = s.search(/<\/body>/i);
  if (close >= 0) s = s.slice(0, close);
  return s.replace(/<script\b[\s\S]*?<\/script>/gi, '')
    .replace(/<style\b[\s\S]*?<\/style>/gi, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<\/?(html|head|body|frameset|noscript)\b[^>]*>/gi, '');
}

// An element whose content the parser reads as raw text (an <iframe> with
// no end tag) would swallow the rest of the page: such stories are skipped.
const RAW_TEXT = ['iframe', 'textarea', 'xmp', 'title', 'noembed', 'noframes', 'plaintext'];
function balancedRawText(s) {
  return RAW_TEXT.every((t) => (s.match(new RegExp('<' + t + '\\b', 'gi')) || []).length ===
    (s.match(new RegExp('</' + t + '\\s*>', 'gi')) || []).length);
}

// The story parsed alone and written out again: its elements are all
// closed, so that an unclosed <b> or <font> of one story does not spread
// into every later one (the parser reopens unclosed formatting elements
// in each new block: a page made of many such stories grows quadratically).
function closeElements(body) {
  const { JSDOM } = require('jsdom');
  const dom = new JSDOM('<!DOCTYPE html><body><article>' + body + '</article></body>');
  const html = dom.window.document.querySelector('article').innerHTML;
  dom.window.close();
  return html;
}

function datasetStories(dir, n) {
  const out = [];
  for (const f of STORY_FILES) {
    const file = path.join(dir, f);
    if (!fs.existsSync(file)) continue;
    for (const line of zlib.gunzipSync(fs.readFileSync(file)).toString('utf8').split('\n')) {
      if (out.length >= n) break;
      if (!line.trim()) continue;
      const r = JSON.parse(line);
      if (typeof r.html !== 'string' || r.html.length < 5000) continue;
      const body = bodyOf(r.html);
      if (body.length >= MIN_STORY && body.length <= MAX_STORY && balancedRawText(body)) out.push(closeElements(body));
    }
  }
  if (!out.length) throw new Error(`no stories in ${dir} (${STORY_FILES.join(', ')})`);
  return out;
}

// A deterministic word stream (no randomness: the same page every run).
const WORDS = ('the council said on tuesday that its plan for the harbour would go ahead after a long ' +
  'debate about costs and the views of residents who live near the old lighthouse and fear the noise ' +
  'of building work during the summer months when visitors come to the coast').split(' ');
function sentence(seed, n) {
  const w = [];
  for (let i = 0; i < n; i++) w.push(WORDS[(seed * 7 + i * 13) % WORDS.length]);
  w[0] = w[0][0].toUpperCase() + w[0].slice(1);
  return w.join(' ') + '.';
}
function syntheticStories(n) {
  const out = [];
  for (let s = 0; s < n; s++) {
    const paras = [];
    for (let p = 0; p < 8; p++) {
      paras.push(`<p>${sentence(s + p, 18)} ${sentence(s + p + 1, 22)} <a href="/s/${s}/${p}">${sentence(p, 3)}</a> ` +
        `${sentence(s * 3 + p, 15)} <em>${sentence(s + 2 * p, 6)}</em></p>`);
    }
    out.push(`<div class="story"><h2>${sentence(s, 7)}</h2><p class="byline">By A. Writer</p>${paras.join('\n')}</div>`);
  }
  return out;
}

function chrome(k) {
  const links = [];
  for (let i = 0; i < 8; i++) links.push(`<li><a href="/section/${k}/${i}">Section ${i}</a></li>`);
  return {
    before: `<nav class="menu"><ul>${links.join('')}</ul></nav>` +
      `<div class="share"><a href="/share/${k}">Share</a> <a href="/tweet/${k}">Tweet</a></div>`,
    after: `<aside class="related"><h3>Related stories</h3><ul>${links.slice(0, 4).join('')}</ul></aside>`,
  };
}

// Stories are used in turn (again from the first when all are used) until
// the page reaches targetBytes (UTF-8).
function bigPage(stories, targetBytes) {
  const head = '<!DOCTYPE html><html><head><meta charset="utf-8"><title>Big page</title></head><body>\n' +
    '<header><h1>The Daily Big Page</h1></header>\n<main>\n';
  const tail = '</main>\n<footer><p>Copyright the Daily Big Page.</p></footer>\n</body></html>\n';
  const parts = [head];
  let bytes = Buffer.byteLength(head) + Buffer.byteLength(tail);
  for (let k = 0; bytes < targetBytes; k++) {
    const c = chrome(k);
    const s = `<section class="item" id="item-${k}">${c.before}\n<article>${stories[k % stories.length]}</article>\n${c.after}</section>\n`;
    parts.push(s);
    bytes += Buffer.byteLength(s);
  }
  parts.push(tail);
  return parts.join('');
}

module.exports = { datasetStories, syntheticStories, bigPage };
