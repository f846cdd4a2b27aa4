// The pages the WASM benchmarks run on: the first `perDataset` records (with
// an html string) of every *.jsonl.gz in `dir`, in file-name order, without
// their `lang` (no side gets a language hint).
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import zlib from 'node:zlib';

async function headRecords(file, n) {
  const out = [];
  const input = fs.createReadStream(file).pipe(zlib.createGunzip());
  const rl = readline.createInterface({ input, crlfDelay: Infinity });
  for await (const line of rl) {
    if (!line.trim()) continue;
    const r = JSON.parse(line);
    if (typeof r.html !== 'string') continue;
    out.push({ id: r.id, dataset: r.dataset, html: r.html });
    if (out.length >= n) break;
  }
  rl.close();
  input.destroy();
  return out;
}

// {files: [dataset file names], pages: [{id, dataset, html}]}
export async function loadPages(dir, perDataset) {
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.jsonl.gz')).sort();
  if (files.length === 0) throw new Error(`no *.jsonl.gz in ${dir}`);
  const pages = [];
  for (const f of files) pages.push(...await headRecords(path.join(dir, f), perDataset));
  return { files, pages };
}
