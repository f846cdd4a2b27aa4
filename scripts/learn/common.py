"""Shared helpers of the training scripts: feature files, splits, F1, manifests."""
import json
import platform
import subprocess
import sys
import time


def read_jsonl(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def fnv1a(s):
    """FNV-1a 64 of a string's UTF-8 bytes (page-level splits by id)."""
    h = 1469598103934665603
    for c in s.encode():
        h = ((h ^ c) * 1099511628211) & 0xFFFFFFFFFFFFFFFF
    return h


def f1_counts(pred, gold):
    """pred, gold: iterables of 0/1 -> (tp, fp, fn)."""
    tp = fp = fn = 0
    for p, g in zip(pred, gold):
        tp += p and g
        fp += p and not g
        fn += (not p) and g
    return tp, fp, fn


def prf(tp, fp, fn):
    p = tp / (tp + fp) if tp + fp else 0.0
    r = tp / (tp + fn) if tp + fn else 0.0
    return p, r, (2 * p * r / (p + r) if p + r else 0.0)


def library_versions(*modules):
    out = {"python": platform.python_version()}
    for m in modules:
        mod = sys.modules.get(m)
        if mod is not None:
            out[m] = getattr(mod, "__version__", "?")
    return out


def git_commit():
    try:
        return subprocess.check_output(["git", "rev-parse", "HEAD"], text=True).strip()
    except Exception:
        return "?"


def write_manifest(path, manifest):
    manifest = dict(manifest)
    manifest["date"] = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    manifest["git_commit"] = git_commit()
    with open(path, "w", encoding="utf-8") as f:
        json.dump(manifest, f, indent=2)
        f.write("\n")
