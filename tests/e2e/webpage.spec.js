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
// with the core build/wasm/wce_core.js. build_web.mjs copied exactly these two
// files into build/web, which the test checks.
async function nodeWce() {
  for (const [src, dst] of [['build/wasm/wce_core.js', 'wce_core.js'], ['wasm/wce_api.js', 'wce_api.js']]) {
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

// Opens the page in a fresh context; records every request that does not go
// to our 127.0.0.1 server (data: and blob: URLs never leave the process).
async function openPage() {
  const context = await browser.newContext();
  const foreign = [];
  const errors = [];
  context.on('request', (req) => {
    const u = new URL(req.url());
    if (u.protocol === 'data:' || u.protocol === 'blob:' || u.href === 'about:blank') return;
    if (u.hostname !== '127.0.0.1' || u.port !== String(server.address().port)) foreign.push(req.url());
  });
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(baseURL);
  await expect(page.locator('#run')).toBeEnabled({ timeout: 30_000 });
  return { context, page, foreign, errors };
}

test('runs the demo corpus with every extractor and matches Node', async () => {
  const demo = readDemo();
  expect(demo.length).toBeGreaterThan(0);
  const wce = await nodeWce();
  // The page groups extractors by family (first appearance order), registry
  // order within a family; runs and rows follow that order.
  const byFamily = new Map();
  for (const x of wce.extractors()) {
    if (!byFamily.has(x.family)) byFamily.set(x.family, []);
    byFamily.get(x.family).push(x.name);
  }
  const names = [...byFamily.values()].flat();
  expect(names).toContain('bte');

  const { context, page, foreign, errors } = await openPage();
  await expect(page.locator('#sources li[data-source="demo"]')).toContainText(`${demo.length} page`);

  // Extractor checkboxes: one per extractor, grouped by family, all checked.
  const boxes = page.locator('#extractors input[name="extractor"]');
  expect(await boxes.evaluateAll((bs) => bs.map((b) => b.value))).toEqual(names);
  expect(await boxes.evaluateAll((bs) => bs.every((b) => b.checked))).toBe(true);

  await page.click('#run');
  await expect(page.locator('body')).toHaveAttribute('data-state', 'done', { timeout: 120_000 });

  // Progress bar at 100 %, all pages counted.
  const progress = await page.$eval('#progress', (p) => p.value / p.max);
  expect(progress).toBe(1);
  await expect(page.locator('#progress-text')).toContainText(`${demo.length} / ${demo.length} pages`);

  // One row per extractor (one dataset: demo), F1 in [0, 1], 3 decimals shown.
  const rows = await page.$$eval('#results tbody tr', (trs) =>
    trs.map((tr) => {
      const cell = (col) => tr.querySelector(`td[data-col="${col}"]`);
      const num = (col) => Number(cell(col).dataset.value);
      return {
        extractor: tr.dataset.extractor,
        dataset: tr.dataset.dataset,
        pages: num('pages'),
        precision: num('precision-mean'),
        recall: num('recall-mean'),
        f1: num('f1-mean'),
        f1Median: num('f1-median'),
        f1Text: cell('f1-mean').textContent,
        ms: num('ms'),
      };
    }),
  );
  expect(rows.map((r) => r.extractor)).toEqual(names);
  for (const r of rows) {
    expect(r.dataset).toBe('demo');
    expect(r.pages).toBe(demo.length);
    for (const v of [r.f1, r.f1Median, r.precision, r.recall]) {
      expect(v).toBeGreaterThanOrEqual(0);
      expect(v).toBeLessThanOrEqual(1);
    }
    expect(r.f1Text).toMatch(/^\d\.\d{3}$/);
    expect(r.ms).toBeGreaterThanOrEqual(0);
  }

  // The page's bte scores equal Node's, same pages, same evaluate().
  const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const scores = demo.map((rec) => wce.evaluate(wce.extract(rec.html, { extractor: 'bte' }).text, rec.text));
  const bte = rows.find((r) => r.extractor === 'bte');
  expect(Math.abs(bte.f1 - mean(scores.map((s) => s.f1)))).toBeLessThanOrEqual(1e-9);
  expect(Math.abs(bte.precision - mean(scores.map((s) => s.precision)))).toBeLessThanOrEqual(1e-9);
  expect(Math.abs(bte.recall - mean(scores.map((s) => s.recall)))).toBeLessThanOrEqual(1e-9);

  await expect(page.locator('#failures-box')).toBeHidden();
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, 'webpage.png'), fullPage: true });

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

// The page's table against the CLI's (`wce bench --out FILE.tsv`) on the same
// two files: same rows (with the (macro) and (micro) rows of a two-dataset
// run), same numbers (the TSV has 6 significant digits).
test('shows the same table as the native `wce bench`', async () => {
  const cli = path.join(ROOT, 'build', 'native', 'wce');
  test.skip(!fs.existsSync(cli), 'build/native/wce not built');
  const demo = readDemo();
  const other = demo.slice(0, 3).map((r) => JSON.stringify({ ...r, id: r.id + '-b', dataset: 'demo-b' })).join('\n') + '\n';
  const tmp = fs.mkdtempSync(path.join(require('node:os').tmpdir(), 'wce-web-'));
  const otherPath = path.join(tmp, 'other.jsonl');
  fs.writeFileSync(otherPath, other);
  const tsvPath = path.join(tmp, 'bench.tsv');
  execFileSync(cli, ['bench', '--data', path.join(WEB, 'demo.jsonl'), otherPath, '--out', tsvPath], { stdio: 'pipe' });
  const [head, ...lines] = fs.readFileSync(tsvPath, 'utf8').trim().split('\n').map((l) => l.split('\t'));
  // The CLI appends columns (F1 q1, F1 q3, F1 stdev, ms/kB, measure) after these ten.
  expect(head.slice(0, 10)).toEqual(['extractor', 'dataset', 'pages', 'P mean', 'P median', 'R mean', 'R median', 'F1 mean', 'F1 median', 'ms/page']);
  expect(head[head.length - 1]).toBe('measure');
  expect(lines.every((l) => l[l.length - 1] === 'rouge_lsum')).toBe(true);
  fs.rmSync(tmp, { recursive: true, force: true });

  const { context, page, foreign, errors } = await openPage();
  await page.setInputFiles('#file-input', { name: 'other.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from(other) });
  await expect(page.locator('#sources li', { hasText: 'other.jsonl' })).toContainText('3 pages');
  await page.click('#run');
  await expect(page.locator('body')).toHaveAttribute('data-state', 'done', { timeout: 120_000 });
  const cols = ['pages', 'precision-mean', 'precision-median', 'recall-mean', 'recall-median', 'f1-mean', 'f1-median'];
  const rows = await page.$$eval('#results tbody tr', (trs, cols) =>
    trs.map((tr) => [tr.dataset.extractor, tr.dataset.dataset, ...cols.map((c) => Number(tr.querySelector(`td[data-col="${c}"]`).dataset.value))]), cols);
  // The page orders extractors by family, the CLI by registry: compare per
  // extractor (stable sort keeps each one's dataset rows in order).
  const byExtractor = (a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
  rows.sort(byExtractor);
  lines.sort(byExtractor);
  expect(rows.map((r) => r.slice(0, 2))).toEqual(lines.map((l) => l.slice(0, 2)));
  rows.forEach((row, i) => {
    for (let c = 2; c < 2 + cols.length; c++) {
      expect(Math.abs(row[c] - Number(lines[i][c])), `${row[0]} ${row[1]} ${cols[c - 2]}`).toBeLessThanOrEqual(1e-5);
    }
  });
  expect(errors).toEqual([]);
  expect(foreign).toEqual([]);
  await context.close();
});
