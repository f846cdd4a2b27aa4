// Shared helpers of the Jest tests (not a test file itself).
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');
const { JSDOM, VirtualConsole } = require('jsdom');

const ROOT = path.resolve(__dirname, '..', '..');
const CORE_JS = path.join(ROOT, 'build', 'wasm', 'wce_core.js');
// WCE_DATASETS_DIR overrides the location (e.g. to check the missing-datasets path).
const DATASETS = process.env.WCE_DATASETS_DIR || path.resolve(ROOT, '..', 'shared', 'datasets');
const DEMO = path.join(ROOT, 'demo');

function requireCoreBuilt() {
  if (!fs.existsSync(CORE_JS)) {
    throw new Error(`${path.relative(ROOT, CORE_JS)} is missing: build it with scripts/build_wasm.sh`);
  }
}

let wcePromise = null;
// One extractor per test file (each Jest worker file has its own registry).
function loadWce() {
  requireCoreBuilt();
  if (!wcePromise) wcePromise = require('../../wasm/wce_api.js').createExtractor();
  return wcePromise;
}

// A jsdom document without scripts, resources or console noise (jsdom logs
// CSS it cannot parse to the console otherwise). Call close() when done.
function makeDocument(html, options = {}) {
  const dom = new JSDOM(html, { virtualConsole: new VirtualConsole(), ...options });
  return { document: dom.window.document, close: () => dom.window.close() };
}

// windows-1252 bytes 0x80..0x9F (WHATWG index; undefined bytes stay C1 controls).
const CP1252_HIGH = [
  0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039,
  0x0152, 0x008D, 0x017D, 0x008F, 0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
  0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
];

// Node's own TextDecoder('windows-1252') is wrong from v20.18.3 / v22.13.0
// on (it decodes as ISO-8859-1, so 0x80..0x9F become C1 controls:
// nodejs/node#60888, #56542), hence this table.
function decodeWindows1252(bytes) {
  let out = '';
  const CHUNK = 8192;
  for (let i = 0; i < bytes.length; i += CHUNK) {
    const codes = Array.from(bytes.subarray(i, i + CHUNK), (b) => (b >= 0x80 && b < 0xA0 ? CP1252_HIGH[b - 0x80] : b));
    out += String.fromCharCode(...codes);
  }
  return out;
}

// Decodes an HTML file like a browser: BOM, else <meta charset> or
// http-equiv content-type in the first 1024 bytes, else UTF-8.
function decodeHtmlFile(file) {
  const bytes = fs.readFileSync(file);
  let label = 'utf-8';
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) label = 'utf-8';
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) label = 'utf-16be';
  else if (bytes[0] === 0xff && bytes[1] === 0xfe) label = 'utf-16le';
  else {
    const head = bytes.subarray(0, 1024).toString('latin1');
    const m = /<meta\b[^>]*?charset\s*=\s*["']?\s*([A-Za-z0-9_.:-]+)/i.exec(head);
    if (m) label = m[1].toLowerCase();
  }
  let decoder;
  try {
    decoder = new TextDecoder(label);
  } catch {
    decoder = new TextDecoder('utf-8');
  }
  // All the Latin-1 labels mean windows-1252 (WHATWG Encoding).
  if (decoder.encoding === 'windows-1252') return { html: decodeWindows1252(bytes), charset: 'windows-1252' };
  return { html: decoder.decode(bytes), charset: decoder.encoding };
}

// The demo corpus: [{name, file}] for every demo/<name>/source.html present.
function demoPages() {
  if (!fs.existsSync(DEMO)) return [];
  return fs.readdirSync(DEMO)
    .filter((name) => fs.existsSync(path.join(DEMO, name, 'source.html')))
    .sort()
    .map((name) => ({ name, file: path.join(DEMO, name, 'source.html') }));
}

function datasetFiles() {
  if (!fs.existsSync(DATASETS)) return [];
  return fs.readdirSync(DATASETS).filter((f) => f.endsWith('.jsonl.gz')).sort();
}

// The first `count` records of a .jsonl.gz file whose html has at most
// `maxChars` characters, decompressing only as much of the file as needed.
function readDatasetHead(file, count, maxChars) {
  const compressed = fs.readFileSync(path.join(DATASETS, file));
  for (let take = 1 << 20; ; take *= 2) {
    const whole = take >= compressed.length;
    const part = compressed.subarray(0, Math.min(take, compressed.length));
    // Z_SYNC_FLUSH: decompress a prefix without "unexpected end of file".
    const buf = zlib.gunzipSync(part, { finishFlush: zlib.constants.Z_SYNC_FLUSH });
    const out = [];
    let pos = 0;
    while (out.length < count) {
      let end = buf.indexOf(10, pos);
      if (end < 0) {
        if (!whole || pos >= buf.length) break;
        end = buf.length;  // last line without a newline
      }
      const line = buf.toString('utf8', pos, end);
      pos = end + 1;
      if (!line.trim()) continue;
      const rec = JSON.parse(line);
      if (typeof rec.html === 'string' && rec.html.length <= maxChars) out.push(rec);
    }
    if (out.length >= count || whole) return out;
  }
}

module.exports = {
  ROOT, CORE_JS, DATASETS, DEMO,
  requireCoreBuilt, loadWce, makeDocument, decodeHtmlFile, decodeWindows1252, demoPages, datasetFiles, readDatasetHead,
};
