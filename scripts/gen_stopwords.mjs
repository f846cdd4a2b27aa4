#!/usr/bin/env node
// Generates the C++ stop-word tables (core/src/features/stopwords.hpp) from
// the npm package stopwords-iso (MIT; https://github.com/stopwords-iso), at
// build time: CMake runs it (add_custom_command) and compiles its output into
// wce_core, for the native and the WebAssembly build alike.
//
// Usage: node scripts/gen_stopwords.mjs <stopwords-iso.json> <out.cpp>
//
// What it writes:
//   kLanguages   the ISO 639-1 codes, sorted, with the size of each list;
//   kWords       every distinct stop word of every language, case-folded,
//                sorted by UTF-8 bytes, each with a bit mask of its languages
//                (one binary search answers "is it a stop word, and where");
//   kLower       the simple lower-case mapping (one code point to one code
//                point) of every code point whose String.toLowerCase() is a
//                single different code point: Latin, Greek, Cyrillic,
//                Armenian, Georgian, Cherokee, Glagolitic, Deseret, ... all
//                scripts with case, from the Unicode data of node's ICU;
//   kCasedLower  the lower-case letters (the targets of those mappings and
//                every code point with an upper-case form), used with the
//                keys as "cased letters" by the final-sigma rule.
// The words are folded by exactly the algorithm of stopwords.cpp
// (fold_case), mirrored in foldWord below, so that a folded page word and a
// folded list word compare equal.
//
// Entries with inner whitespace (487 multi-word entries, mostly Korean) are
// dropped: lookups are per whitespace-separated token and could never match
// them. Node core modules only.

import fs from 'node:fs';
import path from 'node:path';

const [, , inPath, outPath] = process.argv;
if (!inPath || !outPath) {
  console.error('usage: node scripts/gen_stopwords.mjs <stopwords-iso.json> <out.cpp>');
  process.exit(2);
}

const lists = JSON.parse(fs.readFileSync(inPath, 'utf8'));
let version = 'unknown';
try {
  version = JSON.parse(fs.readFileSync(path.join(path.dirname(inPath), 'package.json'), 'utf8')).version;
} catch {
  // version only goes into a comment
}

// --- simple lower-case mapping -------------------------------------------
const lower = new Map();  // code point -> code point
for (let cp = 0; cp <= 0x1ffff; ++cp) {
  if (cp >= 0xd800 && cp <= 0xdfff) continue;
  const s = String.fromCodePoint(cp);
  const l = s.toLowerCase();
  if (l === s) continue;
  const cps = [...l];
  if (cps.length !== 1) continue;  // e.g. U+0130 -> "i\u0307": no simple mapping
  lower.set(cp, cps[0].codePointAt(0));
}
const lowerKeys = [...lower.keys()].sort((a, b) => a - b);
// Cased letters that are not keys: those with an upper-case form (the
// targets above, and a few more such as the final sigma).
const casedLowerSet = new Set(lower.values());
for (let cp = 0; cp <= 0x1ffff; ++cp) {
  if (cp >= 0xd800 && cp <= 0xdfff) continue;
  const s = String.fromCodePoint(cp);
  if (!lower.has(cp) && s.toUpperCase() !== s) casedLowerSet.add(cp);
}
const casedLower = [...casedLowerSet].sort((a, b) => a - b);
const casedSet = new Set([...lowerKeys, ...casedLower]);

const SIGMA = 0x3a3, SMALL_SIGMA = 0x3c3, FINAL_SIGMA = 0x3c2;
function isSpace(cp) {
  // Python's str.isspace(), as in stopwords.cpp (py_space).
  return (cp >= 0x09 && cp <= 0x0d) || (cp >= 0x1c && cp <= 0x20) || cp === 0x85 || cp === 0xa0 ||
         cp === 0x1680 || (cp >= 0x2000 && cp <= 0x200a) || cp === 0x2028 || cp === 0x2029 ||
         cp === 0x202f || cp === 0x205f || cp === 0x3000;
}
// Mirror of fold_case in stopwords.cpp: the mapping above per code point;
// a capital sigma preceded by a cased letter and not followed by one becomes
// the final sigma (the Final_Sigma condition of Unicode SpecialCasing, as
// Python's str.lower() applies it).
function foldWord(w) {
  const cps = [...w].map((c) => c.codePointAt(0));
  let out = '';
  for (let i = 0; i < cps.length; ++i) {
    const cp = cps[i];
    if (cp === SIGMA) {
      const before = i > 0 && casedSet.has(cps[i - 1]);
      const after = i + 1 < cps.length && casedSet.has(cps[i + 1]);
      out += String.fromCodePoint(before && !after ? FINAL_SIGMA : SMALL_SIGMA);
    } else {
      out += String.fromCodePoint(lower.has(cp) ? lower.get(cp) : cp);
    }
  }
  return out;
}

// --- the lists --------------------------------------------------------------
const codes = Object.keys(lists).sort();
if (codes.length > 64) throw new Error(`${codes.length} languages: the 64-bit language mask is too small`);
const masks = new Map();  // folded word -> BigInt mask
const sizes = [];
let dropped = 0;
codes.forEach((code, li) => {
  const seen = new Set();
  for (const raw of lists[code]) {
    const w = foldWord(String(raw).trim());
    if (!w) continue;
    if ([...w].some((c) => isSpace(c.codePointAt(0)))) { ++dropped; continue; }
    if (seen.has(w)) continue;
    seen.add(w);
    masks.set(w, (masks.get(w) ?? 0n) | (1n << BigInt(li)));
  }
  sizes.push(seen.size);
});
const words = [...masks.keys()].sort((a, b) => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8')));

// C++ string literal: printable ASCII as is, everything else as octal escapes
// (at most three digits, so a following digit is never swallowed).
function literal(s) {
  const bytes = Buffer.from(s, 'utf8');
  let out = '"';
  for (const b of bytes) {
    if (b >= 0x20 && b < 0x7f && b !== 0x22 && b !== 0x5c && b !== 0x3f) out += String.fromCharCode(b);
    else out += '\\' + b.toString(8).padStart(3, '0');
  }
  return out + '"';
}
const hex = (n) => '0x' + n.toString(16).toUpperCase();

const lines = [];
lines.push(`// Generated by scripts/gen_stopwords.mjs from stopwords-iso ${version} (MIT). Do not edit.`);
lines.push(`// ${codes.length} languages, ${words.length} distinct folded words, ${dropped} multi-word entries dropped.`);
lines.push('#include "features/stopwords.hpp"');
lines.push('');
lines.push('namespace wce::stopwords::data {');
lines.push('');
lines.push('const LanguageEntry kLanguages[] = {');
codes.forEach((c, i) => lines.push(`    {${literal(c)}, ${sizes[i]}},`));
lines.push('};');
lines.push(`const size_t kLanguageCount = ${codes.length};`);
lines.push('');
lines.push('const WordEntry kWords[] = {');
for (const w of words) {
  lines.push(`    {std::string_view(${literal(w)}, ${Buffer.byteLength(w, 'utf8')}), ${hex(masks.get(w))}ULL},`);
}
lines.push('};');
lines.push(`const size_t kWordCount = ${words.length};`);
lines.push('');
lines.push('const CaseMapping kLower[] = {');
for (let i = 0; i < lowerKeys.length; i += 6) {
  lines.push('    ' + lowerKeys.slice(i, i + 6).map((k) => `{${hex(k)}, ${hex(lower.get(k))}}`).join(', ') + ',');
}
lines.push('};');
lines.push(`const size_t kLowerCount = ${lowerKeys.length};`);
lines.push('');
lines.push('const uint32_t kCasedLower[] = {');
for (let i = 0; i < casedLower.length; i += 10) {
  lines.push('    ' + casedLower.slice(i, i + 10).map(hex).join(', ') + ',');
}
lines.push('};');
lines.push(`const size_t kCasedLowerCount = ${casedLower.length};`);
lines.push('');
lines.push('}  // namespace wce::stopwords::data');
lines.push('');

fs.mkdirSync(path.dirname(outPath), { recursive: true });
fs.writeFileSync(outPath, lines.join('\n'));
