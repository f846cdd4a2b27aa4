// The popup's page-type line ("Page type: Forum thread (99%)") on hand-made
// pages: it names what the extension's own WebAssembly classifier says for
// the page at its address (the tab's URL is passed: the line's percentage is
// the with-URL figure), it comes back when the popup is reopened on the
// highlighted page, and it is not shown when nothing is highlighted (removed,
// or nothing found).
'use strict';
const { test, expect } = require('@playwright/test');
const fs = require('fs');
const path = require('path');
const { startExtensionBrowser } = require('./lib/extension_browser.js');

const repeat = (n, f) => Array.from({ length: n }, (_, i) => f(i)).join('');

const FORUM = '<!DOCTYPE html><html lang="en"><head><title>Boot loop after the update - Example Forum</title></head><body>' +
  '<nav><a href="/">Forum</a> › <a href="/c/help">Help</a></nav><h1>Boot loop after the update</h1>' +
  repeat(8, (i) => `<div class="post" id="post-${i + 1}"><div class="post-author"><span class="username">user${17 * i + 3}</span> ` +
    `Joined: Mar 2019 · Posts: ${40 + 31 * i}</div><div class="post-body"><p>I had the same problem after the ` +
    `update (reply #${i + 1}). Holding the power button for ten seconds fixed it for me; reply here if it works ` +
    'for you too, or quote the error you see on the screen.</p></div><a class="reply" href="#">Reply</a> ' +
    '<a class="quote" href="#">Quote</a></div>') +
  '<form class="reply-form"><textarea name="message"></textarea><button>Post reply</button></form></body></html>';

const PRODUCT = '<!DOCTYPE html><html lang="en"><head><title>Trail Runner Shoe | Example Shop</title></head><body>' +
  '<nav><a href="/">Shop</a> › <a href="/collections/shoes">Shoes</a></nav>' +
  '<div class="product" itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">Trail Runner Shoe</h1>' +
  '<div class="product-gallery"><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" alt="Shoe"></div>' +
  '<div class="product-price" itemprop="offers" itemscope><span itemprop="price">$129.99</span> ' +
  '<span itemprop="availability">In stock</span></div>' +
  '<form class="add-to-cart"><select name="size">' + repeat(6, (i) => `<option>${38 + i}</option>`) + '</select>' +
  '<input name="quantity" value="1"><button class="add-to-cart-button">Add to cart</button></form>' +
  '<p>Free shipping on orders over $50. SKU: TR-1299.</p><h2>Description</h2><p>A light shoe for long trail runs, ' +
  'with a grippy sole, a breathable upper and a rock plate that keeps sharp stones away from your feet.</p>' +
  '<h2>Specifications</h2><table><tr><td>Weight</td><td>280 g</td></tr><tr><td>Drop</td><td>6 mm</td></tr></table>' +
  '<h2>Reviews</h2>' + repeat(3, (i) => `<div class="review" itemprop="review"><span class="rating">${5 - i} stars</span> ` +
    'Great fit and grip on wet rocks.</div>') + '</div></body></html>';

const NO_CONTENT = '<!DOCTYPE html><html><head><title>Links</title></head><body><ul>' +
  '<li><a href="/a">Home</a></li><li><a href="/b">News</a></li><li><a href="/c">Sport</a></li></ul></body></html>';

const FORUM_PATH = '/t/boot-loop-after-the-update/1234';
const PRODUCT_PATH = '/products/trail-runner-shoe';
const routes = new Map([[FORUM_PATH, FORUM], [PRODUCT_PATH, PRODUCT], ['/nocontent', NO_CONTENT]]);

test.describe.configure({ mode: 'serial' });
let env;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  env = await startExtensionBrowser(routes);
});
test.afterAll(async () => { if (env) await env.close(); });

const openPage = (route) => env.openPage(route);

const openPopup = (tabId) => env.openPopup(tabId);

const pageTypeLine = (popup) => popup.$eval('#pageType', (p) => ({ hidden: p.hidden, text: p.textContent, name: p.dataset.name,
  probability: p.dataset.probability }));
const shownAs = (t) => ({ hidden: false, text: lineOf(t), name: t.name, probability: String(t.probability) });
const NONE = { hidden: true, text: '', name: '', probability: '' };

// What the extension's own classifier says for this page at this address
// (and without one), in its background context, on the input the extension
// gives it: the page's flat DOM as the highlight sends it (nodes and strings
// with the attribute section, whose structured data, such as the product
// page's microdata, the classifier reads), encoded in the page without
// changing its DOM.
const ENCODER = fs.readFileSync(path.join(__dirname, '..', '..', 'wasm', 'dom_encoder.js'), 'utf8');
const classifierSays = async (page, url) => {
  const flat = await page.evaluate((src) => {
    const scope = {};
    new Function('self', src)(scope);  // the encoder's UMD defines scope.WCEEncoder
    const f = scope.WCEEncoder.encodeDom(document, { composed: true });
    return { nodes: Array.from(f.nodes), strings: f.strings, attrs: Array.from(f.attrs), attrStrings: f.attrStrings };
  }, ENCODER);
  return env.worker.evaluate(async ({ f, u }) => {
    const wce = await self.wce.getExtractor();
    return { withUrl: wce.classify(f, { pageType: true, url: u }).pageType, withoutUrl: wce.classify(f, { pageType: true }).pageType };
  }, { f: flat, u: url });
};

const lineOf = (t) => `Page type: ${t.label} (${Math.min(99, Math.round(100 * t.probability))}%)`;

test('the popup names the page type its classifier gives, with the tab URL, and clears it with the highlight', async () => {
  await env.worker.evaluate(() => chrome.storage.local.clear());
  const urlMatters = [];
  for (const [route, html, unambiguous] of [[FORUM_PATH, FORUM, 'forum'], [PRODUCT_PATH, PRODUCT, null]]) {
    const { page, url, tabId, errors } = await openPage(route);
    const says = await classifierSays(page, url);
    urlMatters.push(says.withUrl.probability !== says.withoutUrl.probability);
    if (unambiguous) expect(says.withUrl.name).toBe(unambiguous);

    // The popup highlights on open, and shows the line under the status.
    const popup = await openPopup(tabId);
    expect(await popup.textContent('#highlight')).toBe('Remove highlight');
    const shown = await pageTypeLine(popup);
    console.log(`${route}: "${shown.text}" (classifier: ${says.withUrl.name} ${says.withUrl.probability.toFixed(4)} with the URL, ` +
      `${says.withoutUrl.name} ${says.withoutUrl.probability.toFixed(4)} without)`);
    expect(shown).toEqual(shownAs(says.withUrl));
    await popup.close();

    // Reopened on the highlighted page: the page's status carries it.
    const again = await openPopup(tabId);
    expect(await again.textContent('#status')).toMatch(/^Highlighted with/);
    expect(await pageTypeLine(again)).toEqual(shownAs(says.withUrl));

    // Removed with the highlight.
    await again.click('#highlight');
    await again.waitForFunction(() => document.body.dataset.state === 'off');
    expect(await pageTypeLine(again)).toEqual(NONE);
    await again.close();

    // A reloaded page highlighted by the shortcut (no popup to show it): the
    // page type is not classified, and a popup opened then shows no line;
    // its own Highlight click does. (On the page above, the shortcut would
    // reuse the labels and the type of the popup's run: the page has not
    // changed.)
    await page.reload({ waitUntil: 'load' });
    const res = await env.worker.evaluate((id) => self.wce.setHighlight(id, { on: true }), tabId);
    expect(res.state).toBe('on');
    expect(res.pageType).toBe(null);
    const later = await openPopup(tabId);
    expect(await later.textContent('#highlight')).toBe('Remove highlight');
    expect(await pageTypeLine(later)).toEqual(NONE);
    await later.click('#highlight');
    await later.waitForFunction(() => document.body.dataset.state === 'off');
    await later.click('#highlight');
    await later.waitForFunction(() => document.body.dataset.state === 'on');
    expect(await pageTypeLine(later)).toEqual(shownAs(says.withUrl));
    await later.close();

    // Reopened, then removed with the highlight.
    const last = await openPopup(tabId);
    expect(await pageTypeLine(last)).toEqual(shownAs(says.withUrl));
    await last.click('#highlight');
    await last.waitForFunction(() => document.body.dataset.state === 'off');
    expect(await pageTypeLine(last)).toEqual(NONE);
    await last.close();

    // Highlight off, popup opened without highlighting: no line.
    await env.worker.evaluate(() => chrome.storage.local.set({ autoHighlight: false }));
    const off = await openPopup(tabId);
    expect(await off.textContent('#highlight')).toBe('Highlight');
    expect((await pageTypeLine(off)).hidden).toBe(true);
    await off.close();
    await env.worker.evaluate(() => chrome.storage.local.clear());
    expect(errors).toEqual([]);
    await page.close();
  }
  // The line's probability is the with-URL figure, and the URL changes it
  // on at least one of the pages: so the tab's URL did reach the classifier.
  expect(urlMatters).toContain(true);
});

test('nothing found: no page-type line', async () => {
  await env.worker.evaluate(() => chrome.storage.local.set({ extractor: 'justext' }));
  const { page, tabId } = await openPage('/nocontent');
  const popup = await openPopup(tabId);
  expect(await popup.textContent('#status')).toMatch(/^No main content found/);
  expect(await pageTypeLine(popup)).toEqual(NONE);
  await popup.close();
  await env.worker.evaluate(() => chrome.storage.local.clear());
  await page.close();
});

test('"ready before you click": the page type is classified at load, and the popup\'s click reuses it', async () => {
  await env.worker.evaluate(() => chrome.storage.local.clear());
  const registered = () => env.worker.evaluate(async () => (await chrome.scripting.getRegisteredContentScripts()).map((s) => s.id));
  // The test build has the host permission for 127.0.0.1 already.
  await env.worker.evaluate(() => chrome.storage.local.set({ instant: true, extractor: 'ensemble' }));
  await expect.poll(registered).toEqual(['wce-instant']);
  const { page, url, tabId } = await openPage(FORUM_PATH);
  const injected = () => env.worker.evaluate(async (id) => (await chrome.scripting.executeScript({
    target: { tabId: id }, func: () => typeof globalThis.wceContent === 'object' })) [0].result, tabId);
  await expect.poll(injected).toBe(true);
  const says = await classifierSays(page, url);
  // The popup's click (what its Highlight sends): labelled at load with the
  // type, so the click neither encodes nor asks the background again.
  const res = await env.worker.evaluate((id) => self.wce.setHighlight(id, { on: true, pageType: true }), tabId);
  expect(res.state, JSON.stringify(res)).toBe('on');
  expect(res.timing.unchanged, JSON.stringify(res.timing)).toBe(true);
  expect(res.pageType).toEqual({ name: says.withUrl.name, label: says.withUrl.label, probability: says.withUrl.probability });
  const popup = await openPopup(tabId);
  expect(await pageTypeLine(popup)).toEqual(shownAs(says.withUrl));
  await popup.close();
  await env.worker.evaluate(() => chrome.storage.local.clear());
  await expect.poll(registered).toEqual([]);
  await page.close();
});
