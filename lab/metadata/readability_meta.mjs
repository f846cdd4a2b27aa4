// Readability.js's title, byline and publishedTime on every page of a dataset
// file, one JSON line per page: {"id", "title", "byline", "publishedTime",
// "siteName", "ms"} (plus "error").
//
//   zcat DATASET.jsonl.gz | node lab/metadata/readability_meta.mjs > readability.jsonl
//
// @mozilla/readability and jsdom come from the repository's node_modules (the
// versions in package.json), run as lab/peers/readability_runner.mjs runs them.
import readline from 'node:readline';
import { JSDOM, VirtualConsole } from 'jsdom';
import { Readability } from '@mozilla/readability';

console.log = console.info = console.warn = console.debug = (...a) => process.stderr.write(a.join(' ') + '\n');
const virtualConsole = new VirtualConsole();

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
  let dom;
  const t0 = process.hrtime.bigint();
  try {
    dom = new JSDOM(rec.html || '', { url: validUrl(rec.url) || 'http://localhost/', virtualConsole });
    const a = new Readability(dom.window.document).parse();
    out.title = (a && a.title) || '';
    out.byline = (a && a.byline) || '';
    out.publishedTime = (a && a.publishedTime) || '';
    out.siteName = (a && a.siteName) || '';
  } catch (e) {
    out.error = String(e && e.stack ? e.stack.split('\n')[0] : e);
  }
  out.ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (dom) dom.window.close();
  process.stdout.write(JSON.stringify(out) + '\n');
}
