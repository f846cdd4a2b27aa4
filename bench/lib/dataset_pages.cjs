// The dataset pages every benchmark runs on, chosen one way: the first
// records of each dataset file (dir/*.jsonl.gz, in file-name order) that
// carry an html string of at least `minHtmlChars` characters, as
// {id, dataset, html} (no `lang`: no side gets a language hint).
//   - the WASM benches take `perDataset` pages of every file;
//   - the browser benches take `total` pages spread over the files
//     (ceil(total / files) of each, then the first `total`), and skip stubs
//     shorter than MIN_BROWSER_HTML_CHARS.
// CommonJS so that both the .js (Playwright) and the .mjs benches load it.
'use strict';
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');
const zlib = require('node:zlib');

const MIN_BROWSER_HTML_CHARS = 500; // shorter records are stubs, not pages to click on

function datasetFiles(dir) {
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.jsonl.gz')).sort();
  if (!files.length) throw new Error(`no *.jsonl.gz in ${dir} (set WCE_DATASETS_DIR or pass --data)`);
  return files;
}

function headRecords(file, n, minHtmlChars) {
  const out = [];
  for (const line of zlib.gunzipSync(fs.readFileSync(file)).toString('utf8').split('\n')) {
    if (out.length >= n) break;
    if (!line.trim()) continue;
    const r = JSON.parse(line);
    if (typeof r.html !== 'string' || r.html.length < minHtmlChars) continue;
    out.push({ id: r.id, dataset: r.dataset, html: r.html });
  }
  return out;
}

// {files, pages}: `perDataset` pages of every file, or `total` pages spread over them.
function loadPages(dir, { perDataset, total, minHtmlChars = 0 }) {
  const files = datasetFiles(dir);
  const per = total !== undefined ? Math.ceil(total / files.length) : perDataset;
  const pages = [];
  for (const f of files) pages.push(...headRecords(path.join(dir, f), per, minHtmlChars));
  return { files, pages: total !== undefined ? pages.slice(0, total) : pages };
}

// The browser benches' pages: `n` spread over the files, stubs skipped.
function loadBrowserPages(n, dir) {
  return loadPages(dir, { total: n, minHtmlChars: MIN_BROWSER_HTML_CHARS }).pages;
}

// Serves page i at /p/i on 127.0.0.1 (a free port); resolves {server, base}.
async function servePages(pages) {
  const server = http.createServer((req, res) => {
    const m = /^\/p\/(\d+)$/.exec(new URL(req.url, 'http://x').pathname);
    if (!m || !pages[Number(m[1])]) return res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end(pages[Number(m[1])].html);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return { server, base: `http://127.0.0.1:${server.address().port}` };
}

module.exports = { loadPages, loadBrowserPages, servePages };
