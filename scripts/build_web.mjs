#!/usr/bin/env node
// Assembles the static benchmark page in build/web/:
//   web/*                      (index.html, app.js, worker.js, style.css)
//   build/wasm/wce_core.js     (the WASM module's loader, and its code wce_core.wasm; scripts/build_wasm.sh)
//   wasm/wce_api.js            (its JS API)
//   demo.jsonl                 (demo/<name>/ as JSONL, scripts/make_demo_jsonl.mjs)
//   Readability.js             (Mozilla's, npm @mozilla/readability: the JavaScript peer)
//   sw.js                      (web/sw.js with the list of files and a hash of them:
//                               the page works offline once loaded)
// Usage: node scripts/build_web.mjs [outDir]
// Serve it over http (workers and fetch() do not work from file://):
//   node scripts/serve.mjs build/web
// Node core modules only (Readability.js is copied from node_modules).
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeDemoJsonl } from './make_demo_jsonl.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = resolve(process.argv[2] || join(ROOT, 'build', 'web'));

function fail(msg) {
  process.stderr.write(`build_web: ${msg}\n`);
  process.exit(1);
}

// Readability.js from node_modules (package.json pins the version).
function readabilityPath() {
  try {
    const pkg = createRequire(join(ROOT, 'package.json')).resolve('@mozilla/readability/package.json');
    return join(dirname(pkg), 'Readability.js');
  } catch {
    return join(ROOT, 'node_modules', '@mozilla', 'readability', 'Readability.js');
  }
}

const inputs = [
  { src: join(ROOT, 'build', 'wasm', 'wce_core.js'), dst: 'wce_core.js', hint: 'run scripts/build_wasm.sh first' },
  { src: join(ROOT, 'build', 'wasm', 'wce_core.wasm'), dst: 'wce_core.wasm', hint: 'run scripts/build_wasm.sh first' },
  { src: join(ROOT, 'wasm', 'wce_api.js'), dst: 'wce_api.js', hint: 'the JS API wasm/wce_api.js is part of the repo' },
  { src: readabilityPath(), dst: 'Readability.js', hint: 'npm package @mozilla/readability: run scripts/setup.sh (npm ci)' },
];
for (const { src, hint } of inputs) {
  if (!existsSync(src)) fail(`${relative(ROOT, src)} is missing: ${hint}`);
}
const webDir = join(ROOT, 'web');
if (!existsSync(join(webDir, 'index.html'))) fail('web/index.html is missing');

rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });

function copyTree(from, to) {
  for (const name of readdirSync(from)) {
    if (name.startsWith('.') || name.endsWith('.md')) continue;
    const s = join(from, name);
    const d = join(to, name);
    if (statSync(s).isDirectory()) {
      mkdirSync(d, { recursive: true });
      copyTree(s, d);
    } else {
      copyFileSync(s, d);
    }
  }
}
copyTree(webDir, OUT);
for (const { src, dst } of inputs) copyFileSync(src, join(OUT, dst));

const { jsonl, records, skipped } = makeDemoJsonl(join(ROOT, 'demo'));
for (const s of skipped) process.stderr.write(`build_web: skipped demo/${s.name}: ${s.reason}\n`);
if (!records.length) process.stderr.write('build_web: warning: the demo corpus is empty (no demo/<name>/source.html + gold.txt)\n');
writeFileSync(join(OUT, 'demo.jsonl'), jsonl);

// The service worker's file list and version: every file of the page.
const files = readdirSync(OUT).filter((n) => n !== 'sw.js' && statSync(join(OUT, n)).isFile()).sort();
const hash = createHash('sha256');
for (const n of files) hash.update(n).update(readFileSync(join(OUT, n)));
const swPath = join(OUT, 'sw.js');
writeFileSync(
  swPath,
  readFileSync(swPath, 'utf8')
    .replace('__WCE_WEB_VERSION__', hash.digest('hex').slice(0, 16))
    .replace('/*__WCE_WEB_FILES__*/ []', JSON.stringify(files.map((n) => './' + n))),
);

process.stdout.write(
  `build_web: ${relative(ROOT, OUT) || OUT} ready (demo corpus: ${records.length} pages)\n` +
    `  serve it: node scripts/serve.mjs ${relative(process.cwd(), OUT) || '.'}   then open the printed http://127.0.0.1 URL\n`,
);
