"""The learned ensemble's second-stage and page features as lab/learn/ensemble.py
computed them in numpy until commit 4b657b8 (read from git), against
lab/tools/ensemble_stage_features (the core's functions), on every row of
ensemble_dump --stage-check prefixes, with the runtime's first-stage P and a
uniform random P (lab/results/features-one-definition.md, section 2).

  .cache/ens-venv/bin/python lab/experiments/stage_features_vs_numpy.py [--tool T] PREFIX...
"""
import argparse
import importlib.util
import os
import subprocess
import sys
import tempfile

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "learn"))
import ensemble as new  # noqa: E402


def old_module():
    src = subprocess.run(["git", "show", "4b657b8:lab/learn/ensemble.py"], check=True, capture_output=True,
                         cwd=HERE).stdout
    path = os.path.join(tempfile.mkdtemp(), "ensemble_numpy.py")
    open(path, "wb").write(src)
    spec = importlib.util.spec_from_file_location("ensemble_numpy", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tool", default="build/native/ensemble_stage_features")
    ap.add_argument("prefix", nargs="+")
    a = ap.parse_args()
    old = old_module()
    for prefix in a.prefix:
        cols, rows, head, pages = old.load(prefix)
        n_pages = len(pages)
        names = cols[6:]
        X = rows[:, 6:].astype(np.float64)
        page = rows[:, 0].astype(np.int64)
        words = rows[:, 2].astype(np.float64)
        votes = {m: X[:, names.index("vote_" + m)] >= 0.5 for m in old.PAGE_MEMBERS}
        region, pagedoc = old.page_extra(prefix)
        groups = np.fromfile(prefix + ".groups.i32", dtype=np.int32).reshape(-1, 5)
        anc = np.fromfile(prefix + ".anc.i32", dtype=np.int32).reshape(-1, 2)
        for label, prob in (("runtime P1", np.fromfile(prefix + ".prob1.f64")),
                            ("uniform random P", np.random.default_rng(1).random(len(rows)))):
            py_page = np.hstack([
                old.page_features(prob, words, votes, X[:, names.index("agreement")], X[:, names.index("complexity")],
                                  page, n_pages),
                old.page_doc_features(prob, words, X[:, names.index("in_a")], X[:, names.index("in_p")], votes, region,
                                      pagedoc, page, n_pages)])
            py_ctx = old.context_features(prob, words, page, groups, anc, n_pages)
            cf, pf = new.stage_features(a.tool, [(prefix, slice(0, len(rows)))], prob, context=True, page=True)
            for what, x, y, nm in (("page", py_page, pf, old.PAGE_FEATURES + old.PAGE_DOC_FEATURES),
                                   ("context", py_ctx, cf, old.CONTEXT_FEATURES)):
                d = np.abs(x - y)
                bits = x.view(np.int64) == y.view(np.int64)
                print("%s | %s | %s features: %d x %d values, bit-identical %.4f %%, max |numpy - tool| %.3g" % (
                    os.path.basename(prefix), label, what, x.shape[0], x.shape[1], 100 * bits.mean(), d.max()))
                if d.max() > 0:
                    print("    by column: " + ", ".join("%s %.3g" % (nm[j], d[:, j].max())
                                                      for j in np.argsort(-d.max(0)) if d[:, j].max() > 0))


if __name__ == "__main__":
    main()
