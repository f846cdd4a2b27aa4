#!/usr/bin/env node
// Assembles the browser extension from extension/ and the WebAssembly build:
//
//   build/extension/chrome/    Chrome MV3 (service worker)        load unpacked
//   build/extension/firefox/   Firefox MV3 (background.scripts)   about:debugging
//   build/extension/chrome-test/, firefox-test/   only with --test (see below)
//   build/extension/packages/wce-chrome-<version>.zip    with --package: the
//   build/extension/packages/wce-firefox-<version>.xpi   store uploads (unsigned)
//
// Inputs: extension/*.{js,html,css} (scripts, popup, options and reader pages),
// extension/manifest.template.json,
// build/wasm/wce_core.js (scripts/build_wasm.sh), wasm/wce_api.js, wasm/dom_encoder.js.
// Each manifest.json is written from the one template by extension/platform.js,
// which holds every Chrome/Firefox difference. The toolbar icons are drawn
// here (a few lines of PNG encoding with node's zlib), so the repo holds no binaries.
//
// Usage: node scripts/build_extension.mjs [--test] [--package]   (npm run package)
// Dependencies: node's own modules, and esbuild (a devDependency) to minify
// the injected content bundle.

import fs from 'node:fs';
import esbuild from 'esbuild';
import path from 'node:path';
import zlib from 'node:zlib';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SRC = path.join(ROOT, 'extension');
const OUT = path.join(ROOT, 'build', 'extension');
const require = createRequire(import.meta.url);
const platform = require(path.join(SRC, 'platform.js'));

const args = process.argv.slice(2);
const withTest = args.includes('--test');
const withPackages = args.includes('--package');
for (const a of args) {
  if (a !== '--test' && a !== '--package') fail(`unknown argument ${a}\nusage: node scripts/build_extension.mjs [--test] [--package]`);
}

function fail(msg) {
  console.error(`build_extension: error: ${msg}`);
  process.exit(1);
}

// Files copied as they are into every build: [source, name in the build].
// Every script, page and style sheet of extension/ (not the manifest template
// nor the README).
const EXTENSION_FILES = fs.readdirSync(SRC)
  .filter((f) => /\.(js|html|css)$/.test(f))
  .sort()
  .map((f) => [path.join(SRC, f), f]);
const WASM_FILES = [
  [path.join(ROOT, 'build', 'wasm', 'wce_core.js'), 'wce_core.js',
    'build/wasm/wce_core.js is missing: run scripts/build_wasm.sh first'],
  [path.join(ROOT, 'build', 'wasm', 'wce_core.wasm'), 'wce_core.wasm',
    'build/wasm/wce_core.wasm is missing: run scripts/build_wasm.sh first'],
  [path.join(ROOT, 'wasm', 'wce_api.js'), 'wce_api.js', 'wasm/wce_api.js is missing'],
  [path.join(ROOT, 'wasm', 'dom_encoder.js'), 'dom_encoder.js', 'wasm/dom_encoder.js is missing'],
];
for (const [src, , why] of WASM_FILES) {
  if (!fs.existsSync(src)) fail(why);
}

// ------------------------------------------------------------------ icons
const CRC_TABLE = new Int32Array(256).map((_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c;
});
function crc32(buf) {
  let c = -1;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ -1) >>> 0;
}
function pngChunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}
function encodePng(size, rgba) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0; // filter: none
    rgba.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
// A rounded dark-blue square with four "text lines"; the middle two are
// highlighted yellow. Drawn in a unit square, 4x4 supersampled.
function drawIcon(size) {
  const BG = [31, 58, 95], LINE = [214, 224, 236], MARK = [255, 214, 0];
  const lines = [ // [y0, y1, x0, x1, highlighted]
    [0.22, 0.30, 0.20, 0.80, false],
    [0.38, 0.48, 0.14, 0.86, true],
    [0.52, 0.62, 0.14, 0.70, true],
    [0.70, 0.78, 0.20, 0.62, false],
  ];
  const radius = 0.2, S = 4;
  const px = Buffer.alloc(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let r = 0, g = 0, b = 0, a = 0;
      for (let sy = 0; sy < S; sy++) {
        for (let sx = 0; sx < S; sx++) {
          const u = (x + (sx + 0.5) / S) / size, v = (y + (sy + 0.5) / S) / size;
          const cx = Math.min(Math.max(u, radius), 1 - radius), cy = Math.min(Math.max(v, radius), 1 - radius);
          if ((u - cx) ** 2 + (v - cy) ** 2 > radius * radius) continue; // outside the rounded square
          let c = BG;
          for (const [y0, y1, x0, x1, hl] of lines) {
            if (v >= y0 && v < y1 && u >= x0 && u < x1) c = hl ? MARK : LINE;
          }
          r += c[0]; g += c[1]; b += c[2]; a += 255;
        }
      }
      const n = S * S, i = (y * size + x) * 4, cov = a / 255;
      if (cov > 0) {
        px[i] = Math.round(r / cov); px[i + 1] = Math.round(g / cov); px[i + 2] = Math.round(b / cov);
      }
      px[i + 3] = Math.round(a / n);
    }
  }
  return encodePng(size, px);
}
// The toolbar's (16, 32), the extensions pages' (48, 96: Firefox's add-on
// manager at 2x) and the stores' (128: the Chrome Web Store's listing icon;
// 64 and 128: addons.mozilla.org's).
const ICON_SIZES = [16, 32, 48, 64, 96, 128];
const icons = new Map(ICON_SIZES.map((s) => [`icons/icon${s}.png`, drawIcon(s)]));

// ------------------------------------------------------------------ build
const template = JSON.parse(fs.readFileSync(path.join(SRC, 'manifest.template.json'), 'utf8'));
template.version = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version;

function writeBuild(name, manifest) {
  const dir = path.join(OUT, name);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(path.join(dir, 'icons'), { recursive: true });
  for (const [src, dst] of [...EXTENSION_FILES, ...WASM_FILES]) fs.copyFileSync(src, path.join(dir, dst));
  for (const [file, png] of icons) fs.writeFileSync(path.join(dir, file), png);
  // The content scripts, joined into the one file the first click injects
  // (each source is a self-contained classic script), minified: the page
  // reads and compiles the whole file before its first line runs, and the
  // 70 KB of commented source took 1.2 ms longer to get there than the 27 KB
  // minified (lab/results/extension-latency-2026-11-26f.md). The readable
  // sources sit next to it in the build.
  const [bundle] = platform.contentScripts;
  // The first line stamps the start (content.js reports it: the click's phases).
  const joined = 'globalThis.wceBundleAt = performance.timeOrigin + performance.now();\n' +
    platform.contentSources
      .map((f) => `// ---- ${f}\n` + fs.readFileSync(path.join(dir, f), 'utf8').replace(/\s*$/, '\n')).join('');
  fs.writeFileSync(path.join(dir, bundle), esbuild.transformSync(joined, { minify: true, legalComments: 'none' }).code);
  // Every file the manifest and the scripts name must be in the build.
  const pages = [manifest.action.default_popup, manifest.options_ui.page, 'reader.html'];
  const needed = [
    ...(manifest.background.scripts || [manifest.background.service_worker]),
    ...platform.workerScripts, ...platform.contentSources, ...platform.contentScripts, ...platform.pageScripts,
    ...Object.values(manifest.icons), ...pages,
  ];
  // ...including what the pages load (<script src>, <link href>).
  for (const page of pages) {
    const html = fs.existsSync(path.join(dir, page)) ? fs.readFileSync(path.join(dir, page), 'utf8') : '';
    for (const m of html.matchAll(/<(?:script|link)\b[^>]*?\b(?:src|href)="([^"]+)"/g)) needed.push(m[1]);
  }
  for (const f of needed) {
    if (!fs.existsSync(path.join(dir, f))) fail(`${name}: ${f} is named but not in the build`);
  }
  fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
  console.log(`build_extension: wrote ${path.relative(ROOT, dir)}/`);
}

for (const name of platform.platforms) writeBuild(name, platform.manifestFor(name, template));

// ------------------------------------------------------------------ packages
// A zip archive of a build folder (what both stores take: the Chrome Web
// Store a .zip, addons.mozilla.org an .xpi, which is a zip), with
// manifest.json at its root, files in name order, deflated, every time stamp
// 1980-01-01: the same build gives the same bytes.
function zipFolder(dir) {
  const files = [];
  const walk = (rel) => {
    for (const e of fs.readdirSync(path.join(dir, rel), { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const r = rel ? rel + '/' + e.name : e.name;
      if (e.isDirectory()) walk(r);
      else files.push(r);
    }
  };
  walk('');
  const DOS_DATE = (0 << 9) | (1 << 5) | 1; // 1980-01-01
  const locals = [];
  const centrals = [];
  let offset = 0;
  for (const name of files) {
    const data = fs.readFileSync(path.join(dir, name));
    const packed = zlib.deflateRawSync(data, { level: 9 });
    const nameBuf = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    const head = Buffer.alloc(30);
    head.writeUInt32LE(0x04034b50, 0);
    head.writeUInt16LE(20, 4); // version needed
    head.writeUInt16LE(0x0800, 6); // UTF-8 names
    head.writeUInt16LE(8, 8); // deflate
    head.writeUInt16LE(0, 10); // time
    head.writeUInt16LE(DOS_DATE, 12);
    head.writeUInt32LE(crc, 14);
    head.writeUInt32LE(packed.length, 18);
    head.writeUInt32LE(data.length, 22);
    head.writeUInt16LE(nameBuf.length, 26);
    head.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // made by
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(0, 12);
    central.writeUInt16LE(DOS_DATE, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBuf.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(head, nameBuf, packed);
    centrals.push(central, nameBuf);
    offset += head.length + nameBuf.length + packed.length;
  }
  const dirBuf = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(dirBuf.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dirBuf, end]);
}

if (withPackages) {
  const dir = path.join(OUT, 'packages');
  fs.mkdirSync(dir, { recursive: true });
  for (const [name, ext] of [['chrome', 'zip'], ['firefox', 'xpi']]) {
    const file = path.join(dir, `wce-${name}-${template.version}.${ext}`);
    fs.writeFileSync(file, zipFolder(path.join(OUT, name)));
    console.log(`build_extension: wrote ${path.relative(ROOT, file)}`);
  }
}

if (withTest) {
  // chrome-test: the Chrome build plus host access to http://127.0.0.1/* only,
  // for the Playwright tests (tests/e2e/extension.spec.js). The shipped builds
  // ask for activeTab, which the browser grants when the user clicks the
  // toolbar button or presses the shortcut; a headless test cannot click the
  // toolbar, so it calls the very function the click handler calls,
  // self.wceToggle(tabId), from the service worker, and this permission lets
  // scripting.executeScript/insertCSS reach the local test server's pages
  // without that click. Never ship this build.
  // firefox-test: the same for the real-Firefox run (bench/firefox/), which
  // installs it as a temporary add-on (whose host permissions are granted).
  for (const name of ['chrome', 'firefox']) {
    const m = platform.manifestFor(name, template);
    m.name += ' (test build)';
    m.host_permissions = ['http://127.0.0.1/*'];
    writeBuild(name + '-test', m);
  }
}
