#!/usr/bin/env python3
"""Grouped-CV accuracy of page-type training variants, on the rows of
`bash lab/train.sh page_type` (.cache/page_type/rows.jsonl): the figures of
lab/results/page-type.md that compare settings. Each configuration is a JSON
object of LightGBM parameters over page_type.PARAMS, plus "rounds" and
"forests": "per-variant" (one forest per input variant, as shipped) or
"one" (one forest trained on all four variants at once).

  python3 lab/learn/page_type_search.py .cache/page_type/rows.jsonl \
      '[{"forests": "one", "feature_fraction": 0.8, "extra_trees": false, "learning_rate": 0.05, "num_leaves": 15, "rounds": 250}]'
"""
import json
import os
import sys

import numpy as np
import lightgbm as lgb

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import page_type as P  # noqa: E402


def main():
    names, rows, X, y, folds = P.load(sys.argv[1])
    V = P.variants(X, names)
    for cfg in json.loads(sys.argv[2]):
        shown = dict(cfg)
        params = dict(P.PARAMS)
        rounds = cfg.pop("rounds", P.ROUNDS)
        forests = cfg.pop("forests", "per-variant")
        params.update(cfg)
        oofs = [np.zeros((len(y), len(P.TYPES))) for _ in V]
        for f in range(P.FOLDS):
            tr, te = folds != f, folds == f
            if forests == "one":
                b = lgb.train(params, lgb.Dataset(np.vstack([v[tr] for v in V]), label=np.concatenate([y[tr]] * len(V))),
                              num_boost_round=rounds)
                for o, v in zip(oofs, V):
                    o[te] = b.predict(v[te])
            else:
                for o, v in zip(oofs, V):
                    b = lgb.train(params, lgb.Dataset(v[tr], label=y[tr]), num_boost_round=rounds)
                    o[te] = b.predict(v[te])
        accs = [float((o.argmax(1) == y).mean()) for o in oofs]
        print(json.dumps(shown), "accuracy: URL+sd %.4f, sd %.4f, URL %.4f, neither %.4f" % tuple(accs), flush=True)


if __name__ == "__main__":
    main()
