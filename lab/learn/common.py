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


def read_extra_pages(path, datasets="", min_coverage=0.9, skip=()):
    """Extra training pages (a learn_features --align dump of
    lab/learn/extra_pages.py's pages): only the comma-listed datasets
    (all if empty), none of `skip`, and only pages whose alignment matched at
    least min_coverage of the gold text (poorer labels are left out)."""
    keep = set(filter(None, datasets.split(",")))
    return [p for p in read_jsonl(path)
            if (not keep or p["dataset"] in keep) and p["dataset"] not in skip
            and p.get("gold_coverage", 1.0) >= min_coverage]


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


def train_best_by_validation(epochs, n_train, batch, rng, state, step, validate, export, round_digits=None):
    """The epoch loop of the neural models: each epoch shuffles the n_train
    training items (rng: a numpy Generator), runs step(state, ids) -> (state,
    loss) on minibatches of `batch` ids, then validate(state) -> (P, R, F1).
    A better validation F1 than every earlier epoch calls
    export(state, epoch, best_f1, best_epoch, history) at once (an interrupted
    run still leaves a consistent pair of weights and manifest); the end calls
    it again with epochs_run = epochs and the best state. validate = None:
    no validation set (the number of epochs was fixed beforehand, e.g. by
    cross-validation): the last epoch's state is exported. Returns
    (best_state, best_f1, best_epoch, history)."""
    best, best_state, best_epoch, history = -1.0, state, 0, []
    rnd = (lambda v: round(v, round_digits)) if round_digits is not None else (lambda v: v)
    for epoch in range(1, epochs + 1):
        t0 = time.time()
        order = rng.permutation(n_train)
        losses = []
        for s in range(0, len(order), batch):
            state, loss = step(state, order[s:s + batch])
            losses.append(float(loss))
        mean_loss = sum(losses) / len(losses) if losses else 0.0
        if validate is None:
            history.append({"epoch": epoch, "loss": rnd(mean_loss)})
            print(f"epoch {epoch}: loss {mean_loss:.4f} ({time.time() - t0:.1f} s)", flush=True)
            best_state, best_epoch = state, epoch
            continue
        vp, vr, vf = validate(state)
        history.append({"epoch": epoch, "loss": rnd(mean_loss), "val_f1": rnd(vf)})
        print(f"epoch {epoch}: loss {mean_loss:.4f} validation P {vp:.3f} R {vr:.3f} F1 {vf:.3f} "
              f"({time.time() - t0:.1f} s)", flush=True)
        if vf > best:
            best, best_state, best_epoch = vf, state, epoch
            export(best_state, epoch, best, best_epoch, history)
    export(best_state, epochs, best, best_epoch, history)
    return best_state, best, best_epoch, history
