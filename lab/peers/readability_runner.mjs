// Peer-benchmark runner for Readability.js (@mozilla/readability on jsdom).
//
//   PEERS_NODE_MODULES=.cache/peers/node/node_modules node lab/peers/readability_runner.mjs [--meta]
//
// Reads one JSON object per line on stdin ({"id", "html", "url"?}) and writes
// {"id", "text", "ms"} (plus "error") per line on stdout. "text" is Readability's
// `content` (HTML; the driver renders it to text with `wce extract --extractor
// all_text`, the same renderer as ours). "ms" is measured here per page and
// includes the jsdom parse: new JSDOM(html) + new Readability(doc).parse().
//
// --meta (lab/metadata/run.sh): {"id", "title", "byline", "publishedTime",
// "siteName", "ms"} instead of "text".
import { createRequire } from 'node:module';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
if (args.some((a) => a !== '--meta')) {
  process.stderr.write('usage: readability_runner.mjs [--meta]\n');
  process.exit(2);
}
const meta = args.includes('--meta');
// Resolve the packages from the directory given by PEERS_NODE_MODULES (the
// install under .cache/peers/node), not from the repository's own node_modules;
// the metadata run takes the repository's (the versions in package.json).
const repoModules = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'node_modules');
const base = process.env.PEERS_NODE_MODULES || (meta ? repoModules : '');
if (!base) {
  process.stderr.write('readability_runner: set PEERS_NODE_MODULES\n');
  process.exit(2);
}
const require = createRequire(path.join(base, 'noop.js'));
const { JSDOM, VirtualConsole } = require('jsdom');
const { Readability } = require('@mozilla/readability');

// The protocol owns stdout: route console output of the libraries to stderr.
console.log = console.info = console.warn = console.debug = (...a) => process.stderr.write(a.join(' ') + '\n');

const virtualConsole = new VirtualConsole();  // swallow the page's console and CSS parse errors

function validUrl(u) {
  try {
    const p = new URL(u);
    return p.protocol === 'http:' || p.protocol === 'https:' ? p.href : null;
  } catch {
    return null;
  }
}

const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of rl) {
  if (!line) continue;
  const rec = JSON.parse(line);
  const out = { id: rec.id };
  let error;
  let dom;
  const t0 = process.hrtime.bigint();
  try {
    const url = validUrl(rec.url) || 'http://localhost/';
    dom = new JSDOM(rec.html || '', { url, virtualConsole });
    const a = new Readability(dom.window.document).parse();
    if (meta) {
      for (const k of ['title', 'byline', 'publishedTime', 'siteName']) out[k] = (a && a[k]) || '';
    } else {
      out.text = a && a.content ? a.content : '';
    }
  } catch (e) {
    error = String(e && e.stack ? e.stack.split('\n')[0] : e);
  }
  if (!meta && out.text === undefined) out.text = '';
  out.ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (dom) dom.window.close();  // cleanup, outside the timed part
  if (error) out.error = error;
  process.stdout.write(JSON.stringify(out) + '\n');
}
