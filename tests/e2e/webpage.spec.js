// End-to-end test of the static benchmark page (web/ -> build/web/).
// Builds build/web with scripts/build_web.mjs, serves it from a node http server
// on 127.0.0.1 (random port) and drives it in Debian's Chromium.
const { test, expect, chromium } = require('@playwright/test');
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');
const zlib = require('node:zlib');

const ROOT = path.resolve(__dirname, '..', '..');
const WEB = path.join(ROOT, 'build', 'web');
const SHOTS = path.join(ROOT, 'docs');

const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.jsonl': 'application/x-ndjson; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.png': 'image/png',
  '.wasm': 'application/wasm',
};

function serve(root) {
  const server = http.createServer((req, res) => {
    const rel = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    let file = path.normalize(path.join(root, rel));
    if (!file.startsWith(root)) return res.writeHead(403).end();
    if (file.endsWith(path.sep)) file = path.join(file, 'index.html');
    fs.readFile(file, (err, data) => {
      if (err) return res.writeHead(404).end('not found');
      res.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] || 'application/octet-stream' });
      res.end(data);
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

// The module loaded in Node the documented way: wasm/wce_api.js (CommonJS)
// with the core build/wasm/wce_core.js (+ wce_core.wasm). build_web.mjs copied
// exactly these files into build/web, which the test checks.
async function nodeWce() {
  for (const [src, dst] of [['build/wasm/wce_core.js', 'wce_core.js'], ['build/wasm/wce_core.wasm', 'wce_core.wasm'],
    ['wasm/wce_api.js', 'wce_api.js']]) {
    expect(fs.readFileSync(path.join(WEB, dst)).equals(fs.readFileSync(path.join(ROOT, src))), `${dst} == ${src}`).toBe(true);
  }
  const WCE = require(path.join(ROOT, 'wasm', 'wce_api.js'));
  return WCE.createExtractor({ coreFactory: require(path.join(ROOT, 'build', 'wasm', 'wce_core.js')) });
}

function readDemo() {
  return fs
    .readFileSync(path.join(WEB, 'demo.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l));
}

let server;
let baseURL;
let browser;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  try {
    execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'build_web.mjs')], { cwd: ROOT, stdio: 'pipe' });
  } catch (err) {
    throw new Error('scripts/build_web.mjs failed:\n' + (err.stderr || err.message));
  }
  server = await serve(WEB);
  baseURL = `http://127.0.0.1:${server.address().port}/`;
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
});

test.afterAll(async () => {
  if (browser) await browser.close();
  if (server) await new Promise((r) => server.close(r));
});

// Opens the page in a fresh context. Every request that does not go to our
// 127.0.0.1 server is aborted and recorded (data: and blob: URLs never leave
// the process); the tests expect none. Service workers are blocked here so
// that the route sees every request (the offline test allows them).
async function openPage({ serviceWorkers = 'block' } = {}) {
  const context = await browser.newContext({ serviceWorkers, acceptDownloads: true });
  const foreign = [];
  const errors = [];
  const port = String(server.address().port);
  await context.route('**/*', (route) => {
    const u = new URL(route.request().url());
    if (u.protocol === 'data:' || u.protocol === 'blob:' || (u.hostname === '127.0.0.1' && u.port === port)) return route.continue();
    foreign.push(u.href);
    return route.abort('blockedbyclient');
  });
  context.on('request', (req) => {
    const u = new URL(req.url());
    if (u.protocol === 'data:' || u.protocol === 'blob:' || u.href === 'about:blank') return;
    if (u.hostname !== '127.0.0.1' || u.port !== port) foreign.push(req.url());
  });
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  // The console must stay clean: no CSP violation (Readability.js's parsed
  // documents once inherited the page's style-src 'self' and logged thousands),
  // no error of any kind.
  const consoleErrors = [];
  page.on('console', (m) => {
    // (the test's own doing: openPage blocks the service worker by default)
    if (/Service Worker registration blocked by Playwright/.test(m.text())) return;
    if (m.type() === 'error' || m.type() === 'warning') consoleErrors.push(m.text());
  });
  await page.goto(baseURL);
  await expect(page.locator('#run')).toBeEnabled({ timeout: 30_000 });
  return { context, page, foreign, errors, consoleErrors };
}

// The extractor names in the page's order: by family (first appearance),
// registry order within a family.
function pageOrder(wce) {
  const byFamily = new Map();
  for (const x of wce.extractors()) {
    if (!byFamily.has(x.family)) byFamily.set(x.family, []);
    byFamily.get(x.family).push(x.name);
  }
  return [...byFamily.values()].flat();
}

const PEER = 'Readability.js';
const TOL = 1e-9;

// `wce bench --out FILE.json` on the given data files, for the extractors the
// page offers (the WebAssembly module's: native-only ones are not among them).
function cliBench(data, extractors) {
  const tmp = fs.mkdtempSync(path.join(require('node:os').tmpdir(), 'wce-web-'));
  const out = path.join(tmp, 'bench.json');
  try {
    execFileSync(CLI, ['bench', '--no-progress', '--data', ...data, '--extractors', extractors.join(','), '--out', out],
      { stdio: 'pipe' });
  } catch (err) {
    // exit 1: some extraction failed (reported); the table is still written
    if (err.status !== 1 || !fs.existsSync(out)) throw new Error('wce bench failed: ' + (err.stderr || err.message));
  }
  const json = JSON.parse(fs.readFileSync(out, 'utf8'));
  fs.rmSync(tmp, { recursive: true, force: true });
  return json;
}
const CLI = path.join(ROOT, 'build', 'native', 'wce');

async function download(page, button) {
  const [dl] = await Promise.all([page.waitForEvent('download'), page.click(button)]);
  return fs.readFileSync(await dl.path(), 'utf8');
}

function close(actual, expected, what) {
  if (expected === null) return expect(actual, what).toBeNull();
  expect(typeof actual, what).toBe('number');
  expect(Math.abs(actual - expected), `${what}: ${actual} vs ${expected}`).toBeLessThanOrEqual(TOL);
}

// The page's rows (export, JSON) against the CLI's, for the extractors the
// CLI ran: the same rows, the same page counts, every statistic within 1e-9.
function expectRowsLikeCli(rows, cli, label) {
  const key = (r) => `${r.extractor}\u0000${r.dataset}`;
  const ours = new Map(rows.filter((r) => r.extractor !== PEER).map((r) => [key(r), r]));
  expect([...ours.keys()].sort(), label).toEqual(cli.rows.map(key).sort());
  for (const c of cli.rows) {
    const r = ours.get(key(c));
    expect(r.pages, `${label} ${key(c)} pages`).toBe(c.pages);
    for (const m of ['precision', 'recall', 'f1']) {
      for (const s of ['mean', 'median', 'q1', 'q3', 'stdev']) close(r[m][s], c[m][s], `${label} ${c.extractor} ${c.dataset} ${m} ${s}`);
    }
  }
}

// Runs everything selected and waits for the end (the progress bar full).
async function runAll(page, total, timeout) {
  await page.click('#run');
  await expect(page.locator('body')).toHaveAttribute('data-state', 'running');
  await expect(page.locator('body')).toHaveAttribute('data-state', 'done', { timeout });
  expect(await page.$eval('#progress', (p) => p.value / p.max)).toBe(1);
  await expect(page.locator('#progress-text')).toContainText(`${total} / ${total} pages`);
}

// Checks the tables, the figures and both exports after a run of every
// extractor and Readability.js; returns the exported JSON.
async function checkResults(page, names, cli, label) {
  const all = [...names, PEER];
  // The per-dataset table: the CLI's rows plus Readability.js's.
  const rows = await page.$$eval('#results tbody tr', (trs) =>
    trs.map((tr) => {
      const v = (col) => Number(tr.querySelector(`td[data-col="${col}"]`).dataset.value);
      return {
        extractor: tr.dataset.extractor, dataset: tr.dataset.dataset, pages: v('pages'),
        f1: v('f1-mean'), f1Median: v('f1-median'), precision: v('precision-mean'), recall: v('recall-mean'),
        ms: v('ms'), speedup: v('speedup'), f1Text: tr.querySelector('td[data-col="f1-mean"]').textContent,
      };
    }),
  );
  for (const c of cli.rows) {
    const r = rows.find((x) => x.extractor === c.extractor && x.dataset === c.dataset);
    expect(r, `${label}: row ${c.extractor} ${c.dataset}`).toBeTruthy();
    expect(r.pages).toBe(c.pages);
    close(r.f1, c.f1.mean, `${label} table ${c.extractor} f1 mean`);
    close(r.f1Median, c.f1.median, `${label} table ${c.extractor} f1 median`);
    close(r.precision, c.precision.mean, `${label} table ${c.extractor} P mean`);
    close(r.recall, c.recall.mean, `${label} table ${c.extractor} R mean`);
    expect(r.f1Text).toMatch(/^\d\.\d{3}$/);
    expect(r.ms).toBeGreaterThan(0);
    expect(r.speedup).toBeGreaterThan(0); // ms of Readability.js / ours, same dataset
  }
  const peerRows = rows.filter((r) => r.extractor === PEER);
  expect(peerRows.length, 'Readability.js has its own rows').toBeGreaterThan(0);
  for (const r of peerRows) {
    expect(r.ms).toBeGreaterThan(0);
    expect(r.f1).toBeGreaterThanOrEqual(0);
    expect(r.f1).toBeLessThanOrEqual(1);
  }

  // Table 3: one row per extractor and Readability.js, sorted by mean F1 on
  // all pages (best first); a click on a header sorts by that column.
  const t3 = () => page.$$eval('#table3 tbody tr', (trs) => trs.map((tr) => ({
    extractor: tr.dataset.extractor,
    f1: Number(tr.querySelector('td[data-col="all-f1-mean"]').dataset.value),
    ms: Number(tr.querySelector('td[data-col="ms"]').dataset.value),
  })));
  let table3 = await t3();
  expect(table3.map((r) => r.extractor).sort()).toEqual([...all].sort());
  const desc = (xs) => xs.every((x, i) => i === 0 || xs[i - 1] >= x);
  expect(desc(table3.map((r) => r.f1)), 'Table 3 sorted by mean F1').toBe(true);
  await page.click('#table3 th[data-sort="ms"]');
  table3 = await t3();
  expect(desc(table3.map((r) => r.ms)), 'sorted by ms, descending').toBe(true);
  await expect(page.locator('#table3 th[data-sort="ms"]')).toHaveAttribute('aria-sort', 'descending');
  await page.click('#table3 th[data-sort="ms"]');
  table3 = await t3();
  expect(desc(table3.map((r) => -r.ms)), 'sorted by ms, ascending').toBe(true);
  await page.click('#table3 th[data-sort="extractor"]');
  expect((await t3()).map((r) => r.extractor)).toEqual([...all].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

  // The figures: one box per extractor and level (all / low / high), one mean
  // bar and one time bar per extractor. The boxes of all pages have the CLI's
  // quartiles (its micro row with several datasets, else the dataset's row).
  const boxes = await page.$$eval('#figure-boxes svg g.box', (gs) => gs.map((g) => ({
    extractor: g.dataset.extractor, level: g.dataset.level, n: Number(g.dataset.n),
    q1: Number(g.dataset.q1), median: Number(g.dataset.median), q3: Number(g.dataset.q3),
    hasBox: !!g.querySelector('rect.iqr'),
  })));
  expect(boxes.length).toBe(all.length * 3);
  for (const level of ['all', 'low', 'high']) {
    expect(boxes.filter((b) => b.level === level).map((b) => b.extractor).sort(), level).toEqual([...all].sort());
  }
  const datasets = [...new Set(cli.rows.map((r) => r.dataset))];
  const pooled = datasets.includes('(micro)') ? '(micro)' : datasets[0];
  for (const c of cli.rows.filter((r) => r.dataset === pooled)) {
    const b = boxes.find((x) => x.extractor === c.extractor && x.level === 'all');
    expect(b.n).toBe(c.pages);
    expect(b.hasBox).toBe(true);
    close(b.q1, c.f1.q1, `box ${c.extractor} q1`);
    close(b.median, c.f1.median, `box ${c.extractor} median`);
    close(b.q3, c.f1.q3, `box ${c.extractor} q3`);
  }
  expect(await page.locator('#figure-mean svg g.mean-bar').count()).toBe(all.length);
  expect(await page.locator('#figure-time svg g.time-bar rect').count()).toBe(all.length);

  // The exports: JSON rows = the CLI's JSON to 1e-9; CSV the same figures.
  const exported = JSON.parse(await download(page, '#export-json'));
  expectRowsLikeCli(exported.rows, cli, `${label} JSON export`);
  expect(exported.rows.some((r) => r.extractor === PEER)).toBe(true);
  expect(exported.pages.length).toBe(cli.rows.find((r) => r.dataset === pooled).pages);
  for (const p of exported.pages) {
    expect(p.complexity).toBeGreaterThanOrEqual(0);
    expect(p.complexity).toBeLessThanOrEqual(1);
    expect(['low', 'medium', 'high']).toContain(p.level);
  }
  const csv = (await download(page, '#export-csv')).trim().split('\n').map((l) => l.split(','));
  const head = csv[0];
  const col = (name) => head.indexOf(name);
  const csvRows = csv.slice(1).filter((c) => c[col('measure')] === 'rouge_lsum_words').map((c) => {
    const r = { extractor: c[col('extractor')], dataset: c[col('dataset')], pages: Number(c[col('pages')]) };
    for (const m of ['precision', 'recall', 'f1']) {
      r[m] = {};
      for (const s of ['mean', 'median', 'q1', 'q3', 'stdev']) r[m][s] = c[col(`${m}_${s}`)] === '' ? null : Number(c[col(`${m}_${s}`)]);
    }
    return r;
  });
  expectRowsLikeCli(csvRows, cli, `${label} CSV export`);
  return exported;
}

test('runs the demo corpus with every extractor and Readability.js, as the CLI computes it', async () => {
  test.skip(!fs.existsSync(CLI), 'build/native/wce not built (cmake --build build/native)');
  const demo = readDemo();
  expect(demo.length).toBeGreaterThan(0);
  const names = pageOrder(await nodeWce());
  expect(names).toContain('bte');
  const cli = cliBench([path.join(WEB, 'demo.jsonl')], names);

  const { context, page, foreign, errors, consoleErrors } = await openPage();
  await expect(page.locator('#sources li[data-source="demo"]')).toContainText(`${demo.length} page`);
  // One checkbox per extractor, grouped by family, all checked; Readability.js too.
  const boxes = page.locator('#extractors input[name="extractor"]');
  expect(await boxes.evaluateAll((bs) => bs.map((b) => b.value))).toEqual(names);
  expect(await boxes.evaluateAll((bs) => bs.every((b) => b.checked))).toBe(true);
  await expect(page.locator('#extractors input[name="peer"]')).toBeChecked();

  await runAll(page, demo.length, 120_000);
  await checkResults(page, names, cli, 'demo');
  await expect(page.locator('#failures-box')).toBeHidden();
  expect(errors).toEqual([]);
  expect(consoleErrors, 'console errors and warnings').toEqual([]);
  expect(foreign).toEqual([]);
  await context.close();
});

// A real dataset (the smallest of ../shared/datasets) with a second file so
// that the (macro) and (micro) rows are checked too. Screenshots for the docs
// with WCE_SCREENSHOTS=1.
const DATASETS = process.env.WCE_DATASETS_DIR || path.resolve(ROOT, '..', 'shared', 'datasets');
const DATASET = path.join(DATASETS, 'htmltotext-benchmark.jsonl.gz');
test('runs a shared dataset plus the demo corpus, as the CLI computes it', async () => {
  test.skip(!fs.existsSync(CLI), 'build/native/wce not built (cmake --build build/native)');
  test.skip(!fs.existsSync(DATASET), `${DATASET} is missing (../shared/datasets, or set WCE_DATASETS_DIR)`);
  const names = pageOrder(await nodeWce());
  const cli = cliBench([path.join(WEB, 'demo.jsonl'), DATASET], names);
  const total = cli.rows.find((r) => r.dataset === '(micro)').pages;

  const { context, page, foreign, errors, consoleErrors } = await openPage();
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.setInputFiles('#file-input', DATASET);
  await expect(page.locator('#sources li', { hasText: path.basename(DATASET) })).toContainText('page');
  await runAll(page, total, 240_000);
  const exported = await checkResults(page, names, cli, 'dataset');
  expect(exported.rows.filter((r) => r.dataset === '(macro)').length).toBe(names.length + 1);
  if (process.env.WCE_SCREENSHOTS === '1') {
    await page.click('#table3 th[data-sort="all-f1-mean"]'); // back to best first
    await page.screenshot({ path: path.join(SHOTS, 'webpage.png'), fullPage: true });
    await page.locator('#plots').screenshot({ path: path.join(SHOTS, 'webpage-plots.png') });
  }
  expect(errors).toEqual([]);
  expect(consoleErrors, 'console errors and warnings (CSP violations among them)').toEqual([]);
  expect(foreign).toEqual([]);
  await context.close();
});

test('works offline once loaded (service worker)', async () => {
  const { context, page, foreign, errors } = await openPage({ serviceWorkers: 'allow' });
  await page.evaluate(() => navigator.serviceWorker.ready);
  // sw.js claims the page once active (clients.claim) with every file cached.
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
  await context.setOffline(true);
  await page.reload();
  await expect(page.locator('#run')).toBeEnabled({ timeout: 30_000 });
  await expect(page.locator('#sources li[data-source="demo"]')).toContainText(`${readDemo().length} page`);
  await page.click('#select-none');
  await page.locator('#extractors input[value="bte"]').check();
  await page.locator('#extractors input[name="peer"]').check();
  await page.click('#run');
  await expect(page.locator('body')).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
  await expect(page.locator('#table3 tbody tr')).toHaveCount(2);
  expect(errors).toEqual([]);
  expect(foreign).toEqual([]);
  await context.close();
});

test('lists the malformed line of a picked JSONL file, plain and gzipped', async () => {
  const { context, page, foreign, errors } = await openPage();
  const good = (id, words) => JSON.stringify({ id, dataset: 'mine', html: `<html><body><article><p>${words}</p></article></body></html>`, text: words });
  const body = [good('p1', 'The quick brown fox jumps over the lazy dog.'), '{"id": "p2", "html": "<p>x</p>", ', good('p3', 'Pack my box with five dozen liquor jugs.')].join('\n') + '\n';

  await page.setInputFiles('#file-input', { name: 'mine.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from(body) });
  const item = page.locator('#sources li', { hasText: 'mine.jsonl' });
  await expect(item).toContainText('2 pages');
  await expect(item).toContainText('1 malformed line');
  const listed = page.locator('#malformed li');
  await expect(listed).toHaveCount(1);
  await expect(listed.first()).toContainText('mine.jsonl:2');
  await expect(listed.first()).toContainText('invalid JSON');

  // The same file gzipped: detected by its magic bytes, same outcome.
  await page.setInputFiles('#file-input', { name: 'mine.jsonl.gz', mimeType: 'application/gzip', buffer: zlib.gzipSync(body) });
  const gzItem = page.locator('#sources li', { hasText: 'mine.jsonl.gz' });
  await expect(gzItem).toContainText('2 pages');
  await expect(listed).toHaveCount(2);
  await expect(listed.nth(1)).toContainText('mine.jsonl.gz:2');

  // Dropped on the page: the same outcome.
  await page.evaluate((text) => {
    const dt = new DataTransfer();
    dt.items.add(new File([text], 'dropped.jsonl', { type: 'application/x-ndjson' }));
    document.getElementById('drop-zone').dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
  }, body);
  const dropItem = page.locator('#sources li', { hasText: 'dropped.jsonl' });
  await expect(dropItem).toContainText('2 pages');
  await expect(listed).toHaveCount(3);
  await expect(listed.nth(2)).toContainText('dropped.jsonl:2');
  await dropItem.locator('button', { hasText: 'remove' }).click();
  await expect(listed).toHaveCount(2);

  // Run bte on the picked files only: one row, dataset "mine", 4 pages.
  await page.locator('#sources li[data-source="demo"] input').uncheck();
  await page.click('#select-none');
  await page.locator('#extractors input[value="bte"]').check();
  await page.click('#run');
  await expect(page.locator('body')).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
  const rows = page.locator('#results tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute('data-dataset', 'mine');
  await expect(rows.first().locator('td[data-col="pages"]')).toHaveText('4');

  expect(errors).toEqual([]);
  expect(foreign).toEqual([]);
  await context.close();
});

test('cancel stops a long run and keeps the whole pages done', async () => {
  // 200 copies of the demo corpus, gzipped (small on the wire, long to run).
  const demo = readDemo();
  const lines = [];
  for (let i = 0; i < 200; i++) for (const r of demo) lines.push(JSON.stringify({ ...r, id: `${r.id}-${i}` }));
  const total = lines.length;
  const { context, page, foreign, errors } = await openPage();
  await page.setInputFiles('#file-input', {
    name: 'many.jsonl.gz', mimeType: 'application/gzip', buffer: zlib.gzipSync(lines.join('\n')),
  });
  await expect(page.locator('#sources li', { hasText: 'many.jsonl.gz' })).toContainText(`${total} pages`);
  await page.locator('#sources li[data-source="demo"] input').uncheck();
  await page.click('#run');
  await expect(page.locator('#progress-text')).toHaveText(/^[1-9]\d* \/ /, { timeout: 60_000 });
  await page.click('#cancel');
  await expect(page.locator('body')).toHaveAttribute('data-state', 'cancelled', { timeout: 10_000 });
  const done = Number((await page.textContent('#progress-text')).split(' / ')[0]);
  expect(done).toBeGreaterThan(0);
  expect(done).toBeLessThan(total);
  // Every extractor's row counts the same pages: the pages done, none partial.
  const counts = await page.$$eval('#results tbody td[data-col="pages"]', (tds) => tds.map((td) => Number(td.dataset.value)));
  expect(counts.length).toBeGreaterThan(0);
  for (const c of counts) expect(c).toBe(done);
  // The page can run again after a cancel.
  await expect(page.locator('#run')).toBeEnabled();
  expect(errors).toEqual([]);
  expect(foreign).toEqual([]);
  await context.close();
});


// WCXB records: the page-type grouping, the word F1 measure and the snippet
// rates are the CLI's (`wce bench --by page_type --measures
// word_f1,snippets_with,snippets_without`) to 1e-9.
const WCXB = path.join(DATASETS, 'wcxb-dev.jsonl.gz');
test('groups WCXB pages by page type with word F1 and the snippet rates, as the CLI computes them', async () => {
  test.skip(!fs.existsSync(CLI), 'build/native/wce not built (cmake --build build/native)');
  test.skip(!fs.existsSync(WCXB), `${WCXB} is missing (../shared/datasets, or set WCE_DATASETS_DIR)`);
  // The first 30 records: several page types.
  const lines = zlib.gunzipSync(fs.readFileSync(WCXB)).toString('utf8').split('\n').filter(Boolean).slice(0, 30);
  const tmp = fs.mkdtempSync(path.join(require('node:os').tmpdir(), 'wce-wcxb-'));
  const file = path.join(tmp, 'wcxb30.jsonl');
  fs.writeFileSync(file, lines.join('\n') + '\n');
  const extractors = ['bte', 'trafilatura'];
  const out = path.join(tmp, 'bench.json');
  execFileSync(CLI, ['bench', '--no-progress', '--data', file, '--extractors', extractors.join(','), '--by', 'page_type',
    '--measures', 'word_f1,snippets_with,snippets_without', '--out', out], { stdio: 'pipe' });
  const cli = JSON.parse(fs.readFileSync(out, 'utf8'));
  fs.rmSync(tmp, { recursive: true, force: true });

  const { context, page, foreign, errors } = await openPage();
  await page.setInputFiles('#file-input', { name: 'wcxb30.jsonl', mimeType: 'application/json', buffer: Buffer.from(lines.join('\n')) });
  await expect(page.locator('#sources li', { hasText: 'wcxb30.jsonl' })).toContainText('30 pages');
  await page.locator('#sources li[data-source="demo"] input').uncheck();
  await page.click('#select-none');
  for (const x of extractors) await page.locator(`#extractors input[value="${x}"]`).check();
  await page.click('#run');
  await expect(page.locator('body')).toHaveAttribute('data-state', 'done', { timeout: 120_000 });
  await page.selectOption('#measure', 'word_f1');
  await page.selectOption('#group-by', 'page_type');
  await expect(page.locator('#group-header')).toHaveText('page type');
  const rows = await page.$$eval('#results tbody tr', (trs) => trs.map((tr) => {
    const v = (col) => Number(tr.querySelector(`td[data-col="${col}"]`).dataset.value);
    return { extractor: tr.dataset.extractor, group: tr.dataset.dataset, pages: v('pages'), f1: v('f1-mean'),
      with: v('snippets-with'), without: v('snippets-without') };
  }));
  const types = new Set(cli.rows.map((r) => r.group));
  expect(types.size, 'the sample has several page types').toBeGreaterThan(2);
  const ours = rows.filter((r) => extractors.includes(r.extractor));
  for (const c of cli.rows) {
    const r = ours.find((x) => x.extractor === c.extractor && x.group === c.group);
    expect(r, `${c.extractor} ${c.group}`).toBeTruthy();
    expect(r.pages).toBe(c.pages);
    if (c.measure === 'word_f1') close(r.f1, c.f1.mean, `${c.extractor} ${c.group} word F1`);
    if (c.measure === 'snippets_with') close(r.with, c.value.mean, `${c.extractor} ${c.group} snippets with`);
    if (c.measure === 'snippets_without') close(r.without, c.value.mean, `${c.extractor} ${c.group} snippets without`);
  }
  expect(errors).toEqual([]);
  expect(foreign).toEqual([]);
  await context.close();
});
