#!/usr/bin/env node
// Generates the C++ stop-word tables (core/src/features/stopwords.hpp) from
// the npm package stopwords-iso (MIT; https://github.com/stopwords-iso) and
// from jusText's own lists (justext 3.0.2, BSD; the directory
// justext/stoplists of its PyPI wheel, unpacked by CMake), at build time: CMake runs it (add_custom_command) and compiles its output into
// wce_core, for the native and the WebAssembly build alike.
//
// Usage: node scripts/gen_stopwords.mjs <stopwords-iso.json> <justext-stoplists-dir> <out.cpp>
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
//                keys as "cased letters" by the final-sigma rule;
//   kJt*         jusText's lists (<Name>.txt, one word a line, read as
//                justext/utils.py get_stoplist does: splitlines, lower()),
//                compactly (the 100 lists hold 178,000 words, 154,000
//                distinct): kJtBlob, every distinct folded word, sorted by
//                UTF-8 bytes, front-coded in blocks of kJtBlockSize (the
//                first word of a block: length byte, bytes; the others:
//                length of the prefix shared with the previous word, length
//                of the rest, the rest), kJtBlockStart the offset of each
//                block; kJtSetOfWord, per word, the index of its set of lists
//                in kJtSets (two 64-bit masks: bit i = kJtLists[i]);
//                kJtLists the list names (sorted) with their language codes.
// The words are folded by exactly the algorithm of stopwords.cpp
// (fold_case), mirrored in foldWord below, so that a folded page word and a
// folded list word compare equal.
//
// Entries with inner whitespace (487 multi-word entries, mostly Korean) are
// dropped: lookups are per whitespace-separated token and could never match
// them. Node core modules only.

import fs from 'node:fs';
import path from 'node:path';

const [, , inPath, jtDir, outPath] = process.argv;
if (!inPath || !jtDir || !outPath) {
  console.error('usage: node scripts/gen_stopwords.mjs <stopwords-iso.json> <justext-stoplists-dir> <out.cpp>');
  process.exit(2);
}

// jusText list name -> language code: ISO 639-1 where the language has one,
// else ISO 639-3 (BCP 47 for the Taraskievica orthography); Simple_English
// has none (reachable by name only). Codes from the ISO 639 tables.
const JUSTEXT_CODES = {
  Afrikaans: 'af', Albanian: 'sq', Arabic: 'ar', Aragonese: 'an', Armenian: 'hy', Aromanian: 'rup',
  Asturian: 'ast', Azerbaijani: 'az', Basque: 'eu', Belarusian: 'be', Belarusian_Taraskievica: 'be-tarask',
  Bengali: 'bn', Bishnupriya_Manipuri: 'bpy', Bosnian: 'bs', Breton: 'br', Bulgarian: 'bg', Catalan: 'ca',
  Cebuano: 'ceb', Chuvash: 'cv', Croatian: 'hr', Czech: 'cs', Danish: 'da', Dutch: 'nl', English: 'en',
  Esperanto: 'eo', Estonian: 'et', Finnish: 'fi', French: 'fr', Galician: 'gl', Georgian: 'ka', German: 'de',
  Greek: 'el', Gujarati: 'gu', Haitian: 'ht', Hebrew: 'he', Hindi: 'hi', Hungarian: 'hu', Icelandic: 'is',
  Ido: 'io', Igbo: 'ig', Indonesian: 'id', Irish: 'ga', Italian: 'it', Javanese: 'jv', Kannada: 'kn',
  Kazakh: 'kk', Korean: 'ko', Kurdish: 'ku', Kyrgyz: 'ky', Latin: 'la', Latvian: 'lv', Lithuanian: 'lt',
  Lombard: 'lmo', Low_Saxon: 'nds', Luxembourgish: 'lb', Macedonian: 'mk', Malay: 'ms', Malayalam: 'ml',
  Maltese: 'mt', Marathi: 'mr', Neapolitan: 'nap', Nepali: 'ne', Newar: 'new', Norwegian_Bokmal: 'nb',
  Norwegian_Nynorsk: 'nn', Occitan: 'oc', Persian: 'fa', Piedmontese: 'pms', Polish: 'pl', Portuguese: 'pt',
  Quechua: 'qu', Romanian: 'ro', Russian: 'ru', Samogitian: 'sgs', Serbian: 'sr', Serbo_Croatian: 'sh',
  Sicilian: 'scn', Simple_English: '', Slovak: 'sk', Slovenian: 'sl', Spanish: 'es', Sundanese: 'su',
  Swahili: 'sw', Swedish: 'sv', Tagalog: 'tl', Tamil: 'ta', Telugu: 'te', Turkish: 'tr', Turkmen: 'tk',
  Ukrainian: 'uk', Urdu: 'ur', Uzbek: 'uz', Vietnamese: 'vi', Volapuk: 'vo', Walloon: 'wa',
  Waray_Waray: 'war', Welsh: 'cy', West_Frisian: 'fy', Western_Panjabi: 'pnb', Yoruba: 'yo',
};

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
function sortBytes(a) {
  return a.sort((x, y) => Buffer.compare(Buffer.from(x, 'utf8'), Buffer.from(y, 'utf8')));
}
const words = sortBytes([...masks.keys()]);

// --- jusText's lists -----------------------------------------------------------
// get_stoplist: bytes.splitlines() (\n, \r, \r\n), decode, str.lower(); no
// strip. Entries with whitespace can never equal a str.split() token: dropped.
let jtFiles;
try {
  jtFiles = fs.readdirSync(jtDir).filter((f) => f.endsWith('.txt')).sort();
} catch (e) {
  console.error(`gen_stopwords: cannot read the jusText stop lists in ${jtDir}: ${e.message}`);
  process.exit(1);
}
if (jtFiles.length === 0) {
  console.error(`gen_stopwords: no jusText stop lists (*.txt) in ${jtDir}`);
  process.exit(1);
}
const jtLists = [];  // {name, code}
const jtMembers = new Map();  // folded word -> Set of list indices
for (const f of jtFiles) {
  const name = f.slice(0, -4);
  if (!(name in JUSTEXT_CODES)) throw new Error(`jusText list ${name}: no language code in JUSTEXT_CODES`);
  const li = jtLists.length;
  jtLists.push({ name, code: JUSTEXT_CODES[name] });
  for (const raw of fs.readFileSync(path.join(jtDir, f), 'utf8').split(/\r\n|\r|\n/)) {
    const w = foldWord(raw);
    if (!w || [...w].some((c) => isSpace(c.codePointAt(0)))) continue;
    if (Buffer.byteLength(w, 'utf8') > 255) throw new Error(`jusText list ${name}: word longer than 255 bytes`);
    if (!jtMembers.has(w)) jtMembers.set(w, new Set());
    jtMembers.get(w).add(li);
  }
}
if (jtLists.length > 128) throw new Error(`${jtLists.length} jusText lists: the 128-bit list mask is too small`);
const jtWords = sortBytes([...jtMembers.keys()]);
const JT_BLOCK = 16;
const jtBlob = [];
const jtBlockStart = [];
const jtSetIndex = new Map();  // "lo:hi" -> index
const jtSets = [];
const jtSetOfWord = [];
let jtPrev = Buffer.alloc(0);
jtWords.forEach((w, k) => {
  const e = Buffer.from(w, 'utf8');
  if (k % JT_BLOCK === 0) {
    jtBlockStart.push(jtBlob.length);
    jtBlob.push(e.length, ...e);
  } else {
    let p = 0;
    while (p < jtPrev.length && p < e.length && jtPrev[p] === e[p]) ++p;
    jtBlob.push(p, e.length - p, ...e.subarray(p));
  }
  jtPrev = e;
  let lo = 0n, hi = 0n;
  for (const li of jtMembers.get(w)) {
    if (li < 64) lo |= 1n << BigInt(li);
    else hi |= 1n << BigInt(li - 64);
  }
  const key = `${lo}:${hi}`;
  if (!jtSetIndex.has(key)) {
    jtSetIndex.set(key, jtSets.length);
    jtSets.push([lo, hi]);
  }
  jtSetOfWord.push(jtSetIndex.get(key));
});
if (jtSets.length > 65536) throw new Error(`${jtSets.length} sets of jusText lists: more than uint16_t`);

// C++ string literal: printable ASCII as is, everything else as octal escapes
// (at most three digits, so a following digit is never swallowed).
function literal(s, latin1 = false) {
  const bytes = Buffer.from(s, latin1 ? 'latin1' : 'utf8');
  let out = '"';
  for (const b of bytes) {
    if (b >= 0x20 && b < 0x7f && b !== 0x22 && b !== 0x5c && b !== 0x3f) out += String.fromCharCode(b);
    else out += '\\' + b.toString(8).padStart(3, '0');
  }
  return out + '"';
}
const hex = (n) => '0x' + n.toString(16).toUpperCase();

const lines = [];
lines.push(`// Generated by scripts/gen_stopwords.mjs from stopwords-iso ${version} (MIT) and`);
lines.push(`// jusText's stop lists (${jtLists.length} lists, BSD). Do not edit.`);
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
lines.push('const JustextList kJtLists[] = {');
for (const l of jtLists) lines.push(`    {${literal(l.name)}, ${literal(l.code)}},`);
lines.push('};');
lines.push(`const size_t kJtListCount = ${jtLists.length};`);
lines.push(`const size_t kJtWordCount = ${jtWords.length};`);
lines.push(`const size_t kJtBlockSize = ${JT_BLOCK};`);
lines.push('');
// The blob in adjacent literals of 64 bytes (octal escapes: \000 is fine,
// the size is explicit).
lines.push('const char kJtBlob[] =');
for (let i = 0; i < jtBlob.length; i += 64) lines.push('    ' + literal(Buffer.from(jtBlob.slice(i, i + 64)).toString('latin1'), true));
lines.push('    ;');
lines.push(`const size_t kJtBlobSize = ${jtBlob.length};`);
lines.push('');
lines.push('const uint32_t kJtBlockStart[] = {');
for (let i = 0; i < jtBlockStart.length; i += 10) lines.push('    ' + jtBlockStart.slice(i, i + 10).join(', ') + ',');
lines.push('};');
lines.push('');
lines.push('const uint16_t kJtSetOfWord[] = {');
for (let i = 0; i < jtSetOfWord.length; i += 20) lines.push('    ' + jtSetOfWord.slice(i, i + 20).join(', ') + ',');
lines.push('};');
lines.push('');
lines.push('const JustextListSet kJtSets[] = {');
for (const [lo, hi] of jtSets) lines.push(`    {${hex(lo)}ULL, ${hex(hi)}ULL},`);
lines.push('};');
lines.push(`const size_t kJtSetCount = ${jtSets.length};`);
lines.push('');
lines.push('}  // namespace wce::stopwords::data');
lines.push('');

fs.mkdirSync(path.dirname(outPath), { recursive: true });
fs.writeFileSync(outPath, lines.join('\n'));
