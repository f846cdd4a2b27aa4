#!/usr/bin/env python3
# Per-dataset ROUGE-LSum F1 of the learned models on the nine datasets, with
# each model's training/validation pages left out (its "unseen" pages), from
# `wce bench --pages-out`. Usage: python3 lab/experiments/learned_unseen.py pages.tsv ../shared/datasets
# Left out: web2text CleanEval meta.split dev (52 training + 5 validation
# pages); boilernet Google-Trends-2017 boilernet_split_50_30_100 train + dev
# (50 + 30); dragnet Dragnet meta.split train (966, its validation part
# included). boilernet, trained since 2026-11-27b also on extra pages of the
# other datasets (lab/learn/extra_pages.py), also leaves out every page
# of the ensemble's training split (FNV-1a 64 of dataset/id % 100 < 30), a
# superset of those pages (--boilernet-extra, the default); --boilernet-gt-only
# gives the former definition, for models trained on Google-Trends-2017 only.
# --web2text-extra: web2text leaves out the same superset (for a web2text
# trained on those extra pages, lab/results/learned-2026-11-27c.md; the
# shipped one is not).
import csv, gzip, json, os, statistics, sys
args = [a for a in sys.argv[1:] if a not in ('--boilernet-extra', '--boilernet-gt-only', '--web2text-extra')]
boilernet_extra = '--boilernet-gt-only' not in sys.argv[1:]
web2text_extra = '--web2text-extra' in sys.argv[1:]
pages, ddir = args[0], args[1]
def fnv1a(s):
    h = 1469598103934665603
    for c in s.encode():
        h = ((h ^ c) * 1099511628211) & 0xFFFFFFFFFFFFFFFF
    return h
split = {}  # (dataset, id) -> meta
for f in sorted(os.listdir(ddir)):
    if not f.endswith('.jsonl.gz'): continue
    ds = f[:-len('.jsonl.gz')]
    with gzip.open(os.path.join(ddir, f), 'rt') as fh:
        for line in fh:
            r = json.loads(line)
            split[(ds, r['id'])] = r.get('meta', {}) or {}
def seen(model, ds, meta, pid):
    if model == 'web2text':  # CleanEval dev; --web2text-extra: also the extra pages (a model trained on them)
        if web2text_extra and ds != 'google-trends-2017' and fnv1a(ds + '/' + pid) % 100 < 30: return True
        return ds == 'cleaneval' and meta.get('split') == 'dev'
    if model == 'boilernet':
        if boilernet_extra and ds != 'google-trends-2017' and fnv1a(ds + '/' + pid) % 100 < 30: return True
        return ds == 'google-trends-2017' and meta.get('boilernet_split_50_30_100') in ('train', 'dev')
    if model == 'dragnet': return ds == 'dragnet' and meta.get('split') == 'train'
    return False
rows = {}
for r in csv.DictReader(open(pages), delimiter='\t'):
    if r['measure'] != 'rouge_lsum': continue
    m, ds = r['extractor'], r['dataset']
    meta = split.get((ds, r['id']))
    assert meta is not None, (ds, r['id'])
    rows.setdefault((m, ds), {'all': [], 'unseen': []})
    rows[(m, ds)]['all'].append(float(r['f1']))
    if not seen(m, ds, meta, r['id']): rows[(m, ds)]['unseen'].append(float(r['f1']))
models = sorted({m for m, _ in rows}); dss = sorted({d for _, d in rows})
print('model      dataset                all_pages  all_F1mean  unseen_pages  unseen_F1mean  unseen_F1median')
for m in models:
    means, medians = [], []
    for d in dss:
        a, u = rows[(m, d)]['all'], rows[(m, d)]['unseen']
        means.append(statistics.mean(u)); medians.append(statistics.median(u))
        print(f'{m:10} {d:22} {len(a):9d} {statistics.mean(a):11.3f} {len(u):13d} {statistics.mean(u):14.3f} {statistics.median(u):16.3f}')
    print(f'{m:10} {"(macro, unseen)":22} {"":9} {"":11} {"":13} {statistics.mean(means):14.3f} {statistics.mean(medians):16.3f}')
