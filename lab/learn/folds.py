"""Folds grouped by domain, shared by the page-type classifier and its router
(lab/learn/page_type.py, page_type_route.py): a page's fold is the FNV-1a
64-bit hash of its host (without "www.") modulo FOLDS, so that no domain is
split across folds and every run gives the same folds."""

FOLDS = 5


def fnv(s):
    h = 1469598103934665603
    for b in s.encode():
        h = ((h ^ b) * 1099511628211) & 0xFFFFFFFFFFFFFFFF
    return h


def domain(url):
    host = url.split("://", 1)[-1].split("/", 1)[0].split("?", 1)[0].split(":", 1)[0]
    return host[4:] if host.startswith("www.") else host


def fold_of(host):
    return fnv(host) % FOLDS
