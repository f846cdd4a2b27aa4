// The dataset pages the browser benches load: N pages spread over the
// dataset files (dir/*.jsonl.gz, sorted), the first ceil(N / files) of each
// that have some HTML. Shared by extension_latency.js and
// highlight_style_cost.js so that both time the same pages.
'use strict';
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');
const zlib = require('node:zlib');

const MIN_HTML_CHARS = 500; // shorter records are stubs, not pages

function loadPages(n, dir) {
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.jsonl.gz')).sort();
  if (!files.length) throw new Error(`no *.jsonl.gz in ${dir} (set WCE_DATASETS_DIR)`);
  const per = Math.ceil(n / files.length);
  const pages = [];
  for (const f of files) {
    const lines = zlib.gunzipSync(fs.readFileSync(path.join(dir, f))).toString('utf8').split('\n');
    let taken = 0;
    for (const line of lines) {
      if (!line.trim() || taken >= per) continue;
      const r = JSON.parse(line);
      if (typeof r.html !== 'string' || r.html.length < MIN_HTML_CHARS) continue;
      pages.push({ id: r.id, dataset: r.dataset, html: r.html });
      taken++;
    }
  }
  return pages.slice(0, n);
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

module.exports = { loadPages, servePages };
