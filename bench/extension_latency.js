#!/usr/bin/env node
// Click-to-paint latency of the browser extension on real dataset pages,
// against Readability.js run in the same page.
//
//   node bench/extension_latency.js [--pages N] [--extractors a,b,...] [--cold N] [--out FILE.md] [--ext DIR] [--instant] [--page-type]
//
// --page-type: every click asks for the page type too, as the popup's
// Highlight does (setHighlight {pageType: true}); without it the clicks are
// the shortcut's (no page type).
//
// --instant: the opt-in "ready before you click" mode (settings.instant):
// the content script is registered for every page and labels it when it
// has loaded, with the extractor the user chose (set before each tab opens
// here); the "first click" is then the first click on a page that was
// loaded with the mode on. Not the default: the default mode's first click
// (injected at the click) is the headline figure; run both.
//
// --ext: another build of the extension (e.g. one made from an older commit,
// to compare; default build/extension/chrome-test).
// Debian's Chromium (headless=new) loads build/extension/chrome-test
// (`node scripts/build_extension.mjs --test`); pages from
// ../shared/datasets/*.jsonl.gz (N pages, spread evenly over the nine
// datasets, the first of each file in order) are served on 127.0.0.1 and every
// other request is aborted (offline; the page's own scripts run).
//
// Per page and extractor:
//   first click: a fresh tab, content scripts not yet injected; the time from
//     the call in the service worker (self.wce.setHighlight, what the popup
//     and the shortcut call) until its answer, which comes once the
//     highlights are registered (CSS.highlights.set: painted in the next frame),
//     and until the next animation frame after that ("painted");
//   later clicks: off, then on again with the same extractor, 3 times (median).
//     The page is unchanged, so the content script finds the same flat DOM
//     and reuses its labels (no round trip to the background); "labelled
//     anew" clicks pass `fresh` and go through the background and the
//     WebAssembly extractor every time, as a click on a changed page does.
//     The two kinds alternate (an extension without `fresh` labels anew
//     every time).
// Phases (from the page's own timing): encode (DOM walk + packing), message
// round trip (page -> background -> page, the WASM run inside it), WASM work
// in the background, paint (highlight ranges + scroll check), and the rest
// (executeScript / insertCSS plumbing).
// Cold start (--cold N, default 0): after the pages above, on each of the
// first N pages and for each extractor, the popup opened on a freshly loaded
// tab (it highlights at once): from its navigation to its "Highlighted" line,
// with the worker running, and with the worker stopped first (CDP), so that
// the click starts a new worker that loads the WebAssembly module again.
// Readability.js: `new Readability(document.cloneNode(true)).parse()` in the
// page's main world, 1 cold + 3 warm runs (the warm median is the reference).
// Readability.js as a reader-mode extension runs it (the second peer): in
// another fresh tab, the service worker injects Readability.js and one parse
// with scripting.executeScript (files: a copy of the extension with
// bench_readability.js added, see peerExtension), timed in the worker from
// the call to its result, as our first click is. Ours cold against
// Readability.js warm stays the headline (the stricter ratio).
//
// The "agreement" row is the popup's "where several methods agree" view: five
// extractors on one parse (settings.AGREEMENT_EXTRACTORS), the closest thing
// to an ensemble the extension has until the ensemble lands.
'use strict';
const { chromium } = require('@playwright/test');
const { loadBrowserPages, servePages } = require('./lib/dataset_pages.cjs');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
let EXT_DIR = path.join(ROOT, 'build', 'extension', 'chrome-test');
const DATASETS = process.env.WCE_DATASETS_DIR || path.resolve(ROOT, '..', 'shared', 'datasets');
const READABILITY_JS = require.resolve('@mozilla/readability/Readability.js', { paths: [ROOT] });
const LATER_CLICKS = 3;
const READABILITY_WARM_RUNS = 3;
const SETTLE_MS = 300; // after load: let the page's own scripts finish

function args() {
  const a = process.argv.slice(2);
  const o = { pages: 54, extractors: ['readability', 'trafilatura', 'bte', 'agreement'], cold: 0, out: null };
  for (let i = 0; i < a.length; i++) {
    if (a[i] === '--pages') o.pages = Number(a[++i]);
    else if (a[i] === '--extractors') o.extractors = a[++i].split(',');
    else if (a[i] === '--out') o.out = a[++i];
    else if (a[i] === '--cold') o.cold = Number(a[++i]);
    else if (a[i] === '--ext') EXT_DIR = path.resolve(a[++i]);
    else if (a[i] === '--instant') o.instant = true;
    else if (a[i] === '--page-type') o.pageType = true;
    else throw new Error('usage: node bench/extension_latency.js [--pages N] [--extractors a,b] [--cold N] [--out FILE.md] [--ext DIR] [--instant] [--page-type]');
  }
  return o;
}

const median = (xs) => {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (!s.length) return NaN;
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const quantile = (xs, q) => {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (!s.length) return NaN;
  const pos = (s.length - 1) * q;
  const lo = Math.floor(pos);
  return s[lo] + (s[Math.min(lo + 1, s.length - 1)] - s[lo]) * (pos - lo);
};

// A temporary copy of the extension with bench_readability.js: Readability.js
// and one parse of a clone of the document, whose value (the last expression
// of the file) is executeScript's result. Only the bench loads this copy.
const PEER_FILE = 'bench_readability.js';
function peerExtension(readabilitySrc) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wce-latency-ext-'));
  fs.cpSync(EXT_DIR, dir, { recursive: true });
  fs.writeFileSync(path.join(dir, PEER_FILE), readabilitySrc +
    '\n;(() => { const a = new Readability(document.cloneNode(true)).parse(); return a ? a.textContent.length : -1; })();\n');
  return dir;
}

async function main() {
  const o = args();
  if (!fs.existsSync(path.join(EXT_DIR, 'manifest.json'))) {
    throw new Error(`${EXT_DIR} is missing: node scripts/build_extension.mjs --test`);
  }
  const readabilitySrc = fs.readFileSync(READABILITY_JS, 'utf8');
  const extCopy = peerExtension(readabilitySrc);
  const pages = loadBrowserPages(o.pages, DATASETS);
  const { server, base } = await servePages(pages);
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'wce-latency-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    headless: false,
    ignoreDefaultArgs: ['--disable-extensions'],
    viewport: { width: 1280, height: 800 },
    args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', `--disable-extensions-except=${extCopy}`,
      `--load-extension=${extCopy}`],
  });
  await context.route((url) => !(url.protocol === 'http:' && url.hostname === '127.0.0.1') &&
    url.protocol !== 'chrome-extension:', // the popup (cold start)
    (route) => route.abort());
  let worker = context.serviceWorkers().find((w) => w.url().startsWith('chrome-extension://')) ||
    await context.waitForEvent('serviceworker', { timeout: 30_000 });
  await worker.evaluate(() => self.wce.getExtractor()); // the warm worker
  if (o.instant) {
    await worker.evaluate(async () => {
      await chrome.storage.local.set({ instant: true });
      for (let k = 0; k < 100; k++) { // the background registers the script on the change
        if ((await chrome.scripting.getRegisteredContentScripts()).length) return;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error('the page script was not registered');
    });
  }

  // One call from the service worker, timed there: {ms, paintedMs, res}.
  const click = (tabId, want) => worker.evaluate(async ({ id, w }) => {
    const t0 = performance.now();
    const res = await self.wce.setHighlight(id, w);
    const ms = performance.now() - t0;
    // The next frame after the highlights were registered: they are painted.
    await chrome.scripting.executeScript({ target: { tabId: id },
      func: () => new Promise((r) => requestAnimationFrame(() => r(performance.now()))) });
    return { ms, framed: performance.now() - t0, res };
  }, { id: tabId, w: want });
  const tabIdOf = (url) => worker.evaluate(async (u) => (await chrome.tabs.query({})).find((t) => t.url === u).id, url);
  // A new tab showing url, loaded and settled; tabId for the extension's calls.
  const freshTab = async (url) => {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 }).catch(() => {});
    await page.waitForTimeout(SETTLE_MS);
    return { page, tabId: await tabIdOf(url) };
  };

  const rows = []; // {page, dataset, extractor, first, firstPainted, later: [], phases}
  const peer = []; // {page, cold, warm, injected}
  const started = Date.now();
  for (let i = 0; i < pages.length; i++) {
    const url = `${base}/p/${i}`;
    // Readability.js in its own fresh tab (no extension script there).
    {
      const { page } = await freshTab(url);
      const times = await page.evaluate(({ src, runs }) => {
        (0, eval)(src + '\n;globalThis.__wceReadability = Readability;');
        const out = [];
        for (let k = 0; k <= runs; k++) {
          const t0 = performance.now();
          new globalThis.__wceReadability(document.cloneNode(true)).parse();
          out.push(performance.now() - t0);
        }
        return out;
      }, { src: readabilitySrc, runs: READABILITY_WARM_RUNS }).catch((e) => ({ error: String(e) }));
      await page.close();
      // As a reader-mode extension: injected into a fresh tab, one parse.
      const b = await freshTab(url);
      const injected = await worker.evaluate(async ({ id, file }) => {
        const t0 = performance.now();
        const [r] = await chrome.scripting.executeScript({ target: { tabId: id }, files: [file] });
        return { ms: performance.now() - t0, chars: r && r.result };
      }, { id: b.tabId, file: PEER_FILE }).catch((e) => ({ error: String(e) }));
      await b.page.close();
      if (Array.isArray(times)) {
        peer.push({ page: i, cold: times[0], warm: median(times.slice(1)),
          injected: Number.isFinite(injected.ms) && typeof injected.chars === 'number' ? injected.ms : NaN });
      }
    }
    for (const ex of o.extractors) {
      const want = ex === 'agreement' ? { on: true, extractor: 'readability', confidence: true }
        : { on: true, extractor: ex, confidence: false };
      if (o.pageType) want.pageType = true;
      // The user's choice, which the page is labelled for when it loads.
      if (o.instant) await worker.evaluate((w) => chrome.storage.local.set({ extractor: w.extractor, confidence: w.confidence }), want);
      const { page, tabId } = await freshTab(url);
      const first = await click(tabId, want);
      const row = { page: i, dataset: pages[i].dataset, extractor: ex, ok: first.res.state === 'on',
        first: first.ms, firstPainted: first.framed, later: [], laterPainted: [], phases: [],
        fresh: [], freshPainted: [], freshPhases: [] };
      if (row.ok) {
        row.phases.push(first.res.timing);
        // Alternating, so that the page's own settling after load weighs
        // on both kinds alike.
        for (let k = 0; row.ok && k < 2 * LATER_CLICKS; k++) {
          const anew = k % 2 === 1;
          await click(tabId, { on: false });
          const c = await click(tabId, anew ? Object.assign({ fresh: true }, want) : want);
          if (c.res.state !== 'on') { row.ok = false; break; }
          (anew ? row.fresh : row.later).push(c.ms);
          (anew ? row.freshPainted : row.laterPainted).push(c.framed);
          (anew ? row.freshPhases : row.phases).push(c.res.timing);
        }
        await click(tabId, { on: false });
      } else {
        row.error = first.res.error || first.res.state;
      }
      rows.push(row);
      await page.close();
    }
    process.stderr.write(`\r${i + 1}/${pages.length} pages`);
  }
  process.stderr.write('\n');
  // Cold start, the user's path: the popup opens on a freshly loaded page
  // and highlights it at once (settings.autoHighlight); the time from the
  // popup's navigation to its "Highlighted ..." line, once with the worker
  // running and once with the worker stopped first (CDP
  // ServiceWorker.stopAllWorkers: the popup's first message starts a new one,
  // which loads the WebAssembly module again).
  const cold = []; // {extractor, warm, cold}
  const extId = new URL(worker.url()).host;
  const popupClick = async (tabId) => {
    const popup = await context.newPage();
    await popup.goto(`chrome-extension://${extId}/popup.html?tab=${tabId}`);
    await popup.waitForFunction(() => /^Highlighted \d+/.test(document.getElementById('status').textContent),
      null, { timeout: 60_000 }).catch(async (e) => {
      throw new Error(`popup: ${await popup.textContent('#status').catch(() => '?')} (${e.message})`);
    });
    const ms = await popup.evaluate(() => performance.now());
    await popup.close();
    return ms;
  };
  for (let i = 0; i < Math.min(o.cold, pages.length); i++) {
    for (const ex of o.extractors.filter((e) => e !== 'agreement')) {
      const url = `${base}/p/${i}`;
      await worker.evaluate((e) => chrome.storage.local.set({ extractor: e, autoHighlight: true }), ex);
      const a = await freshTab(url);
      const warm = await popupClick(a.tabId);
      await a.page.close();
      const b = await freshTab(url);
      const cdp = await context.newCDPSession(b.page);
      await cdp.send('ServiceWorker.enable');
      await cdp.send('ServiceWorker.stopAllWorkers');
      await cdp.detach();
      const coldMs = await popupClick(b.tabId);
      worker = context.serviceWorkers().find((w) => w.url().startsWith('chrome-extension://')) ||
        await context.waitForEvent('serviceworker', { timeout: 30_000 }); // the new one
      await b.page.close();
      cold.push({ extractor: ex, warm, cold: coldMs });
    }
    process.stderr.write(`\rcold start ${i + 1}/${o.cold}`);
  }
  if (o.cold) process.stderr.write('\n');
  await context.close();
  server.close();
  fs.rmSync(profile, { recursive: true, force: true });
  fs.rmSync(extCopy, { recursive: true, force: true });

  // ---------------------------------------------------------------- report
  const peerWarm = peer.map((p) => p.warm);
  const peerCold = peer.map((p) => p.cold);
  const peerInjected = peer.map((p) => p.injected);
  const refMedian = median(peerWarm);
  const injMedian = median(peerInjected);
  const fmt = (x) => (Number.isFinite(x) ? x.toFixed(1) : 'n/a');
  const lines = [];
  lines.push('| what | pages | median ms | p90 ms | median / Readability.js warm in the page (headline) | median / Readability.js injected, first run |');
  lines.push('|---|---:|---:|---:|---:|---:|');
  const line = (what, xs) => lines.push(`| ${what} | ${xs.filter(Number.isFinite).length} | ${fmt(median(xs))} | ${fmt(quantile(xs, 0.9))} | ` +
    `${(median(xs) / refMedian).toFixed(2)}x | ${(median(xs) / injMedian).toFixed(2)}x |`);
  line('Readability.js in the page, warm (reference)', peerWarm);
  line('Readability.js in the page, first run', peerCold);
  line('Readability.js as a reader-mode extension: executeScript(Readability.js + one parse), first run', peerInjected);
  for (const ex of o.extractors) {
    const rs = rows.filter((r) => r.extractor === ex && r.ok);
    line(`ours, \`${ex}\`, first click (${o.instant ? 'instant mode: script in the page since load' : 'scripts injected'})`, rs.map((r) => r.first));
    line(`ours, \`${ex}\`, first click, until the next frame`, rs.map((r) => r.firstPainted));
    line(`ours, \`${ex}\`, later click`, rs.map((r) => median(r.later)));
    line(`ours, \`${ex}\`, later click, until the next frame`, rs.map((r) => median(r.laterPainted)));
    line(`ours, \`${ex}\`, later click, labelled anew`, rs.map((r) => median(r.fresh)));
    line(`ours, \`${ex}\`, later click, labelled anew, until the next frame`, rs.map((r) => median(r.freshPainted)));
  }
  for (const ex of o.extractors) {
    const cs = cold.filter((c) => c.extractor === ex);
    if (!cs.length) continue;
    line(`ours, \`${ex}\`, popup opened to "Highlighted", worker running`, cs.map((c) => c.warm));
    line(`ours, \`${ex}\`, popup opened to "Highlighted", worker stopped first (cold start)`, cs.map((c) => c.cold));
  }
  // Phases (medians over pages of each page's median): the first click, the
  // later clicks (labels reused) and the later clicks labelled anew.
  const ph = ['| extractor | click | encode + pack | message round trip | WASM (worker) | background total | paint |',
    '|---|---|---:|---:|---:|---:|---:|'];
  for (const ex of o.extractors) {
    const rs = rows.filter((r) => r.extractor === ex && r.ok);
    for (const [what, pick] of [['first', (r) => r.phases.slice(0, 1)], ['later', (r) => r.phases.slice(1)],
      ['later, anew', (r) => r.freshPhases]]) {
      const per = (f) => median(rs.map((r) => median(pick(r).map(f))));
      ph.push(`| \`${ex}\` | ${what} | ${fmt(per((t) => t.encodeMs))} | ${fmt(per((t) => (t.reused ? 0 : t.roundTripMs)))} | ` +
        `${fmt(per((t) => t.worker && (t.worker.totalMs !== undefined ? t.worker.totalMs : NaN)))} | ` +
        `${fmt(per((t) => t.worker && t.worker.backgroundMs))} | ${fmt(per((t) => t.paintMs))} |`);
    }
  }
  // Where a click's time goes, from the stamps that the background and the
  // page put on it (absolute times: performance.timeOrigin + now(), so they
  // compare across processes): the background's settings; on a first click
  // the injection (executeScript called -> the bundle starts -> content.js
  // starts, after the other scripts' top level), the page's
  // encoding and classify round trip, which start at injection, and the wait
  // for the click's own request (sent when the page connects); then the
  // paint and the answer's trip back to the background.
  const st = ['| extractor | click | settings | -> inject call | inject -> script starts | script top level | content.js -> encode | request reaches the page | encode + pack | ' +
    'classify round trip | labels -> paint starts | paint | answer back | total |',
  '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|'];
  for (const ex of o.extractors) {
    const rs = rows.filter((r) => r.extractor === ex && r.ok);
    for (const [what, pick] of [['first', (r) => r.phases.slice(0, 1)], ['later', (r) => r.phases.slice(1)],
      ['later, anew', (r) => r.freshPhases]]) {
      const per = (f) => median(rs.map((r) => median(pick(r).map((t) => {
        const b = t.background || {};
        const m = t.marks || {};
        const v = f(b, m, t);
        return Number.isFinite(v) ? v : NaN;
      }))));
      st.push(`| \`${ex}\` | ${what} | ${fmt(per((b) => b.settingsAt - b.startAt))} | ` +
        `${fmt(per((b) => b.injectAt - b.settingsAt))} | ${fmt(per((b, m) => m.bundleAt - b.injectAt))} | ` +
        `${fmt(per((b, m) => m.evalAt - m.bundleAt))} | ${fmt(per((b, m) => m.encodeAt - m.evalAt))} | ${fmt(per((b, m) => m.runAt - (b.injectAt ? b.connectAt : b.settingsAt)))} | ` +
        `${fmt(per((b, m, t) => t.encodeMs))} | ${fmt(per((b, m, t) => (t.reused ? 0 : t.roundTripMs)))} | ` +
        `${fmt(per((b, m) => (m.labelsAt ? m.paintAt - m.labelsAt : NaN)))} | ${fmt(per((b, m, t) => t.paintMs))} | ` +
        `${fmt(per((b, m) => b.resultAt - m.doneAt))} | ${fmt(per((b) => b.resultAt - b.startAt))} |`);
    }
  }
  // The classify round trip split at the background's stamps: the flat DOM
  // on its way up (the page posts it -> the background's handler runs), the
  // background's work (unpack, WASM, pack), the labels on their way down
  // (posted -> the page's handler runs), and the page's promise hop to the
  // code that uses them.
  const rt = ['| extractor | click | round trip | up: page -> background | background | down: background -> page | page: handler -> labels used |',
    '|---|---|---:|---:|---:|---:|---:|'];
  for (const ex of o.extractors) {
    const rs = rows.filter((r) => r.extractor === ex && r.ok);
    for (const [what, pick] of [['first', (r) => r.phases.slice(0, 1)], ['later, anew', (r) => r.freshPhases]]) {
      const per = (f) => median(rs.map((r) => median(pick(r).map((t) => {
        const w = t.worker || {};
        const m = t.marks || {};
        const v = f(w, m, t);
        return Number.isFinite(v) ? v : NaN;
      }))));
      rt.push(`| \`${ex}\` | ${what} | ${fmt(per((w, m, t) => t.roundTripMs))} | ${fmt(per((w, m) => w.receivedAt - m.sentAt))} | ` +
        `${fmt(per((w) => w.repliedAt - w.receivedAt))} | ${fmt(per((w) => w.arrivedAt - w.repliedAt))} | ${fmt(per((w, m) => m.labelsAt - w.arrivedAt))} |`);
    }
  }
  const failed = rows.filter((r) => !r.ok);
  const report = [
    `# Extension click-to-paint latency (${new Date().toISOString().slice(0, 10)})`,
    '',
    `- Command: \`node bench/extension_latency.js --pages ${o.pages} --extractors ${o.extractors.join(',')}${o.cold ? ' --cold ' + o.cold : ''}${o.instant ? ' --instant' : ''}${o.pageType ? ' --page-type' : ''}${EXT_DIR.endsWith(path.join('extension', 'chrome-test')) ? '' : ' --ext ' + path.relative(ROOT, EXT_DIR)}\``,
    `- Mode: ${o.instant ? 'opt-in "ready before you click" (--instant): the content script is registered for every page and labels it once loaded; NOT the default' : 'default (activeTab): the content script is injected at the first click'}${o.pageType ? '; every click asks for the page type (the popup\'s Highlight)' : ''}`,
    `- Pages: ${pages.length} from ${DATASETS.replace(ROOT + '/', '')} (the first ${Math.ceil(o.pages / 9)} of each dataset file), served on 127.0.0.1, other requests aborted`,
    `- Browser: Debian Chromium (${os.cpus().length} cores, ${os.cpus()[0].model}), headless=new, ${path.relative(ROOT, EXT_DIR)}; machine load average at the end: ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}`,
    `- Wall time: ${((Date.now() - started) / 1000).toFixed(0)} s; failures: ${failed.length}${failed.length ? ' (' + failed.slice(0, 5).map((r) => `${r.extractor} p${r.page}: ${r.error}`).join('; ') + ')' : ''}`,
    '',
    lines.join('\n'),
    '',
    'Phases (median over pages; ms; a later click that reuses its labels has no round trip):',
    '',
    ph.join('\n'),
    '',
    'Stamps of the click (median over pages; ms; "n/a": not on this path):',
    '',
    st.join('\n'),
    '',
    'The classify round trip, split at the background\'s stamps (median over pages; ms):',
    '',
    rt.join('\n'),
    '',
  ].join('\n');
  process.stdout.write(report);
  if (o.out) {
    fs.writeFileSync(o.out, report);
    // The per-page data (≈0.4 MB) goes to the untracked lab/results/tmp/.
    const tmp = path.join(ROOT, 'lab', 'results', 'tmp');
    fs.mkdirSync(tmp, { recursive: true });
    fs.writeFileSync(path.join(tmp, path.basename(o.out).replace(/\.md$/, '') + '.json'), JSON.stringify({ rows, peer, cold }, null, 1));
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
