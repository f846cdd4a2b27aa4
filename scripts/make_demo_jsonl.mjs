#!/usr/bin/env node
// Builds the demo corpus as JSONL in the dataset format (one page a line):
//   {id: "demo-<name>", dataset: "demo", url: null, lang: "en", html, text}
// from demo/<name>/source.html + demo/<name>/gold.txt.
//
// source.html is raw bytes in whatever charset the page declares: it is
// decoded like a browser would (BOM, then <meta charset> / http-equiv in the
// first 1024 bytes, else UTF-8), so `html` holds Unicode text. gold.txt is UTF-8.
//
// Usage: node scripts/make_demo_jsonl.mjs [out.jsonl]   (stdout without an argument)
// Node core modules only.
import { readFileSync, readdirSync, existsSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

// The HTML spec's encoding prescan, simplified: BOM, then a <meta charset=...>
// or <meta http-equiv="content-type" content="...; charset=..."> within the
// first 1024 bytes. Returns a WHATWG encoding label (TextDecoder resolves
// aliases: "iso-8859-1", "latin1" and "ascii" all mean windows-1252).
export function sniffCharset(bytes) {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  const metaRe = /<meta\b[^>]*>/gi;
  let m;
  while ((m = metaRe.exec(head)) !== null) {
    const tag = m[0];
    let cs = /\bcharset\s*=\s*["']?\s*([A-Za-z0-9_.:-]+)/i.exec(tag);
    if (cs) {
      const label = cs[1].toLowerCase();
      // A UTF-16 declaration in an ASCII-compatible byte stream means UTF-8 (spec).
      if (label.startsWith('utf-16')) return 'utf-8';
      if (isSupported(label)) return label;
    }
  }
  return 'utf-8';
}

function isSupported(label) {
  try {
    new TextDecoder(label);
    return true;
  } catch {
    return false;
  }
}

// windows-1252 bytes 0x80..0x9F (WHATWG index; undefined bytes map to the C1
// control of the same value, as browsers do).
const CP1252_C1 = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f,
  0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

// Node (checked: v20.20, ICU 78) decodes "windows-1252" as ISO-8859-1, i.e.
// 0x80..0x9F come out as C1 controls instead of curly quotes, euro sign etc.
// So windows-1252 is decoded here; every other charset by TextDecoder.
function decodeCp1252(bytes) {
  let out = '';
  for (let i = 0; i < bytes.length; i += 8192) {
    const chunk = bytes.subarray(i, i + 8192);
    const codes = new Array(chunk.length);
    for (let j = 0; j < chunk.length; j++) {
      const b = chunk[j];
      codes[j] = b >= 0x80 && b <= 0x9f ? CP1252_C1[b - 0x80] : b;
    }
    out += String.fromCharCode.apply(null, codes);
  }
  return out;
}

export function decodeHtml(bytes) {
  const charset = sniffCharset(bytes);
  const decoder = new TextDecoder(charset); // strips a matching BOM
  const html = decoder.encoding === 'windows-1252' ? decodeCp1252(bytes) : decoder.decode(bytes);
  return { charset: decoder.encoding, html };
}

// Returns {records, skipped}: records in name order; skipped lists the demo
// folders that lack source.html or gold.txt (with the reason).
export function makeDemoRecords(demoDir = join(ROOT, 'demo')) {
  const records = [];
  const skipped = [];
  if (!existsSync(demoDir)) return { records, skipped };
  const names = readdirSync(demoDir)
    .filter((n) => statSync(join(demoDir, n)).isDirectory())
    .sort();
  for (const name of names) {
    const src = join(demoDir, name, 'source.html');
    const gold = join(demoDir, name, 'gold.txt');
    const missing = [src, gold].filter((p) => !existsSync(p));
    if (missing.length) {
      skipped.push({ name, reason: 'missing ' + missing.map((p) => p.split('/').pop()).join(', ') });
      continue;
    }
    const { html, charset } = decodeHtml(new Uint8Array(readFileSync(src)));
    let text = new TextDecoder('utf-8').decode(readFileSync(gold));
    text = text.replace(/\r\n?/g, '\n').replace(/\n+$/, '');
    records.push({ id: `demo-${name}`, dataset: 'demo', url: null, lang: 'en', html, text, meta: { html_encoding: charset } });
  }
  return { records, skipped };
}

export function makeDemoJsonl(demoDir) {
  const { records, skipped } = makeDemoRecords(demoDir);
  return { jsonl: records.map((r) => JSON.stringify(r)).join('\n') + (records.length ? '\n' : ''), records, skipped };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const out = process.argv[2];
  const { jsonl, records, skipped } = makeDemoJsonl();
  for (const s of skipped) process.stderr.write(`make_demo_jsonl: skipped demo/${s.name}: ${s.reason}\n`);
  if (out) {
    mkdirSync(dirname(resolve(out)), { recursive: true });
    writeFileSync(out, jsonl);
    process.stderr.write(`make_demo_jsonl: ${records.length} pages -> ${out}\n`);
  } else {
    process.stdout.write(jsonl);
  }
}
