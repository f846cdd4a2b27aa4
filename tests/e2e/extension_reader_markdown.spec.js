// The reader view's header and its Markdown come from the core (issue 28,
// item 5; issue 30, item 2): the page sends its flat DOM with the attribute
// section, and the worker answers the labels with the core's metadata and
// Markdown of the same labels.
//   - on a page whose author and date are only in JSON-LD, the header shows
//     the core's title (without the site's part), author, day in the
//     reader's locale and site name: what wce.metadata gives for the page's
//     flat DOM in the worker;
//   - "Copy as Markdown" puts the core's Markdown (headings, lists, links)
//     on the clipboard, and "Save as Markdown" saves the same text in a .md
//     file named from the title; a clipboard that refuses gives a message;
//   - the highlight and the reader view leave the page byte-identical.
'use strict';
const { test, expect } = require('@playwright/test');
const fs = require('node:fs');
const path = require('node:path');
const { startExtensionBrowser } = require('./lib/extension_browser.js');

const PARA = 'The harbour reopened on Tuesday after engineers had checked every pier, crane and mooring line ' +
  'that the storm of the weekend had damaged, and the first ferry left at noon with a full deck.';
const ARTICLE = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">
<title>Harbour reopens after the storm | Coast Daily</title>
<script type="application/ld+json">{"@context": "https://schema.org", "@graph": [
  {"@type": "WebSite", "@id": "#site", "name": "Coast Daily"},
  {"@type": "NewsArticle", "headline": "Harbour reopens after the storm", "isPartOf": {"@id": "#site"},
   "author": {"@type": "Person", "name": "Mara Quinn"}, "datePublished": "2024-03-05T09:30:00+01:00"}]}</script>
</head><body>
<nav><a href="/">Home</a> <a href="/sport">Sport</a> <a href="/weather">Weather</a></nav>
<article><h1>Harbour reopens after the storm</h1>
<p>${PARA}</p>
<h2>What changed for travellers</h2>
<ul><li>Ferries run again every hour, from six in the morning.</li><li>Fishing boats may leave at dawn again.</li></ul>
<p>${PARA} The port authority said the <a href="/report">full report</a> comes next week.</p>
<h2>What comes next</h2>
<ol><li>Repairs to the north pier start in April.</li><li>A new sea wall is planned for the winter.</li></ol>
<p>${PARA}</p>
</article><footer>© Coast Daily · <a href="/about">About</a></footer></body></html>`;

let env;
test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  test.setTimeout(180_000);
  env = await startExtensionBrowser(new Map([['/harbour', ARTICLE]]));
  await env.worker.evaluate(() => chrome.storage.local.clear());
});
test.afterAll(async () => { if (env) await env.close(); });

const outerHTML = (page) => page.evaluate(() => document.documentElement.outerHTML);

// The core's metadata for the page's flat DOM, encoded in the page as the
// extension encodes it (attribute section included), computed in the worker.
const ENCODER = fs.readFileSync(path.join(__dirname, '..', '..', 'wasm', 'dom_encoder.js'), 'utf8');
async function coreMetadata(page, url) {
  const flat = await page.evaluate((src) => {
    const scope = {};
    new Function('self', src)(scope);
    const f = scope.WCEEncoder.encodeDom(document, { composed: true });
    return { nodes: Array.from(f.nodes), strings: f.strings, attrs: Array.from(f.attrs), attrStrings: f.attrStrings };
  }, ENCODER);
  return env.worker.evaluate(async ({ f, u }) => (await self.wce.getExtractor()).metadata(f, { url: u }), { f: flat, u: url });
}

async function openReader(tabId) {
  const [reader, opened] = await Promise.all([
    env.context.waitForEvent('page'),
    env.worker.evaluate((id) => self.wce.openReader(id, 'readability'), tabId),
  ]);
  expect(opened.ok, JSON.stringify(opened)).toBe(true);
  await reader.waitForSelector('body[data-ready="true"]', { timeout: 60_000 });
  return reader;
}

test('the reader header is the core\'s metadata; Copy and Save as Markdown give the core\'s Markdown', async () => {
  const { page, url, tabId, errors } = await env.openPage('/harbour');
  const before = await outerHTML(page);
  const meta = await coreMetadata(page, url);
  // JSON-LD only: the core reads it from the attribute section.
  expect(meta.author).toBe('Mara Quinn');
  expect(meta.date.slice(0, 10)).toBe('2024-03-05');
  expect(meta.site).toBe('Coast Daily');
  expect(meta.title).toBe('Harbour reopens after the storm');

  const reader = await openReader(tabId);
  const head = await reader.evaluate(() => ({
    site: document.getElementById('site').textContent,
    title: document.getElementById('title').textContent,
    byline: Object.fromEntries([...document.querySelectorAll('#byline span')].map((s) => [s.className, s.textContent])),
    // The day as the reader's locale writes it.
    day: new Date(Date.UTC(2024, 2, 5)).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }),
    h1InBody: [...document.querySelectorAll('#content h1, #content h2')].map((h) => h.textContent),
    copyDisabled: document.getElementById('copy-md').disabled,
  }));
  expect(head.site).toBe(meta.site);
  expect(head.title).toBe(meta.title);
  expect(head.byline.author).toBe(meta.author);
  expect(head.byline.date).toBe(head.day);
  expect(head.h1InBody).not.toContain(meta.title); // the title once, in the header
  expect(head.copyDisabled).toBe(false);

  // Copy as Markdown: the clipboard gets the core's Markdown of the article
  // (a real click: the write needs the user's gesture, no permission). The
  // clipboard is read back from the local server's page, the one origin a
  // permission can be granted to (an extension origin cannot get one).
  await reader.bringToFront();
  await reader.click('#copy-md');
  await expect(reader.locator('#toolbar-status')).toHaveText('Copied as Markdown.');
  await env.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.base });
  await page.bringToFront();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  await reader.bringToFront();
  expect(copied).toMatch(/^# Harbour reopens after the storm\n/);
  expect(copied).toContain('*Mara Quinn · ' + head.day + '*');
  expect(copied).toMatch(/^## What changed for travellers$/m);
  expect(copied).toMatch(/^## What comes next$/m);
  expect(copied).toMatch(/^[-*] Ferries run again every hour, from six in the morning\.$/m);
  expect(copied).toMatch(/^[-*] Fishing boats may leave at dawn again\.$/m);
  expect(copied).toMatch(/^1\. Repairs to the north pier start in April\.$/m);
  expect(copied).toMatch(/^2\. A new sea wall is planned for the winter\.$/m);
  expect(copied).toContain('[full report](' + env.base + '/report)');
  expect(copied).not.toContain('Weather'); // the navigation is not content
  expect(copied).toContain('Source: <' + url + '>');
  // The body is the worker's Markdown of the reader's labels.
  const doc = await reader.evaluate(async () => {
    const q = new URLSearchParams(location.search);
    return (await chrome.runtime.sendMessage({ type: 'wce:readerDoc', id: q.get('id') })).doc;
  });
  expect(copied).toContain(doc.markdown.replace(/\s+$/, ''));

  // Save as Markdown: the same text, in a file named from the title.
  const [download] = await Promise.all([reader.waitForEvent('download'), reader.click('#save-md')]);
  expect(download.suggestedFilename()).toBe('Harbour reopens after the storm.md');
  expect(fs.readFileSync(await download.path(), 'utf8')).toBe(copied);

  // A clipboard that refuses: a message in words, nothing thrown.
  await reader.evaluate(() => {
    navigator.clipboard.writeText = () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError'));
  });
  await reader.click('#copy-md');
  await expect(reader.locator('#toolbar-status')).toHaveText(/^Could not copy to the clipboard \(Write permission denied\.\)/);
  await reader.close();

  // The page was only read.
  expect(await outerHTML(page)).toBe(before);
  expect(errors).toEqual([]);
  await page.close();
});

test('the highlight (which now sends the attribute section) and its removal leave the page byte-identical', async () => {
  const { page, tabId, errors } = await env.openPage('/harbour');
  const before = await outerHTML(page);
  for (const opts of [{ on: true, pageType: true }, { on: true, confidence: true }]) {
    const on = await env.worker.evaluate(({ id, o }) => self.wce.setHighlight(id, o), { id: tabId, o: opts });
    expect(on.state, JSON.stringify(on)).toBe('on');
    if (opts.pageType) expect(on.pageType && on.pageType.name).toBe('article');
    const off = await env.worker.evaluate((id) => self.wce.setHighlight(id, { on: false }), tabId);
    expect(off.state).toBe('off');
    expect(await outerHTML(page) === before).toBe(true);
  }
  // The reader view after the highlight: the page again unchanged.
  const reader = await openReader(tabId);
  expect(await reader.textContent('#title')).toBe('Harbour reopens after the storm');
  await reader.close();
  expect(await outerHTML(page) === before).toBe(true);
  expect(errors).toEqual([]);
  await page.close();
});
