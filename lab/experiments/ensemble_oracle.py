#!/usr/bin/env python3
# How far could any page-level choice among extractors go on the ensemble's
# TEST split? From `wce bench --pages-out pages.tsv` (ROUGE-LSum rows), per
# dataset and macro over datasets: each extractor's mean and median F1, and
# the per-page oracle (the best F1 among a set of extractors on each page, a
# bound no selector of those outputs can pass) of several sets, plus a greedy
# search for the sets of k extractors with the highest oracle.
# Usage: python3 lab/experiments/ensemble_oracle.py pages.tsv [--split test|train|all]
#        [--pages-per-dataset N] [--sets "a,b,c;d,e"] [--greedy K] [--exclude a,b]
# The split is the learned ensemble's: FNV-1a 64 of "dataset/id" mod 100 < 30
# trains (wce::ensemble_training_page), the rest is test.
import argparse, csv, statistics, sys
from collections import defaultdict

TRAIN_PERCENT = 30  # wce::kEnsembleTrainPercent


def fnv1a(s):
    h = 1469598103934665603
    for c in s.encode():
        h = ((h ^ c) * 1099511628211) & 0xFFFFFFFFFFFFFFFF
    return h


def load(path, split):
    f1 = defaultdict(dict)  # (dataset, id) -> extractor -> F1
    with open(path, newline='') as fh:
        for row in csv.DictReader(fh, delimiter='\t'):
            if row['measure'] != 'rouge_lsum':
                continue
            train = fnv1a(row['dataset'] + '/' + row['id']) % 100 < TRAIN_PERCENT
            if split == 'all' or (split == 'train') == train:
                f1[(row['dataset'], row['id'])][row['extractor']] = float(row['f1'])
    if not f1:
        sys.exit(f'{path}: no rouge_lsum rows in the {split} split')
    return f1


def spread_sample(f1, per_dataset):
    # bench/lib/page_sample.hpp: per dataset, sorted by id, every k-th page.
    if not per_dataset:
        return f1
    by = defaultdict(list)
    for ds, pid in f1:
        by[ds].append(pid)
    keep = {}
    for ds, ids in by.items():
        ids.sort(key=lambda i: i.encode())
        step = len(ids) / per_dataset
        picked = ids if len(ids) <= per_dataset else [ids[int(k * step)] for k in range(per_dataset)]
        keep.update({(ds, i): f1[(ds, i)] for i in picked})
    return keep


def per_dataset(f1, score):
    """score(extractor F1 dict) -> page value; returns {dataset: (mean, median)}."""
    by = defaultdict(list)
    for (ds, _), fs in f1.items():
        by[ds].append(score(fs))
    return {ds: (statistics.fmean(v), statistics.median(v)) for ds, v in sorted(by.items())}


def macro(table):
    return (statistics.fmean(m for m, _ in table.values()), statistics.fmean(md for _, md in table.values()))


def oracle(names):
    # A page an extractor failed on (no row) scores 0 for it.
    return lambda fs: max(fs.get(n, 0.0) for n in names)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument('pages')
    ap.add_argument('--split', default='test', choices=('test', 'train', 'all'))
    ap.add_argument('--sets', default='ensemble,readability,trafilatura;readability,trafilatura,cetd',
                    help='semicolon-separated extractor sets whose oracle is printed')
    ap.add_argument('--greedy', type=int, default=4, help='greedy oracle search up to this many extractors')
    ap.add_argument('--pages-per-dataset', type=int, default=0,
                    help='at most N pages a dataset, every k-th by id (as ensemble_eval picks them)')
    ap.add_argument('--exclude', default='', help='extractors left out of the all-extractor oracle and the search')
    a = ap.parse_args()
    f1 = spread_sample(load(a.pages, a.split), a.pages_per_dataset)
    extractors = sorted({e for fs in f1.values() for e in fs})
    pool = [e for e in extractors if e not in set(filter(None, a.exclude.split(',')))]
    datasets = sorted({ds for ds, _ in f1})
    print(f'{len(f1)} pages of the {a.split} split, {len(datasets)} datasets, {len(extractors)} extractors')

    rows = []
    for e in extractors:
        rows.append((e, per_dataset(f1, lambda fs, e=e: fs.get(e, 0.0))))
    for s in filter(None, a.sets.split(';')):
        rows.append((f'oracle({s})', per_dataset(f1, oracle(s.split(',')))))
    rows.append((f'oracle(all {len(pool)})', per_dataset(f1, oracle(pool))))
    chosen = []
    for k in range(1, a.greedy + 1):
        best = max((e for e in pool if e not in chosen),
                   key=lambda e: macro(per_dataset(f1, oracle(chosen + [e])))[0])
        chosen.append(best)
        rows.append((f'greedy oracle({",".join(chosen)})', per_dataset(f1, oracle(chosen))))
    rows.sort(key=lambda r: -macro(r[1])[0])

    short = [ds[:12] for ds in datasets]
    print(f'{"system":72s} {"macro":>6s} {"median":>6s} ' + ' '.join(f'{s:>12s}' for s in short))
    for name, table in rows:
        m, md = macro(table)
        print(f'{name[:72]:72s} {m:6.3f} {md:6.3f} ' + ' '.join(f'{table[ds][0]:12.3f}' for ds in datasets))


if __name__ == '__main__':
    main()
