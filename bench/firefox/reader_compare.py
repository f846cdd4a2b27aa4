#!/usr/bin/env python3
"""Side-by-side screenshots: our reader view and Firefox's own Reader View
(Readability.js, about:reader) on the same real pages, in Firefox ESR.

Usage: .cache/firefox-venv/bin/python bench/firefox/reader_compare.py [N] [OUT_DIR]
(after bench/firefox/run_firefox.sh has installed everything). N pages
(default 10): the first page of each dataset file in ../shared/datasets whose
HTML is at least 5 kB, served on 127.0.0.1. Writes OUT_DIR (default
docs/reader-compare)/NN-ours.png, NN-firefox.png and index.md, whose table
also counts what each view kept of the page's structure: links, emphasis,
pictures and captions, and scores each view's article text against the
page's human gold: word F1 (lowercased \\w+ tokens, bag overlap: WCXB's
word F1, as tests/wcxb/check_word_f1.py).
"""
import collections
import gzip
import http.server
import json
import os
import re
import sys
import threading
import time
import urllib.parse

sys.path.insert(0, os.path.dirname(__file__))
import run_firefox as rf  # noqa: E402 (the same Firefox setup as the test run)

DATASETS = os.environ.get('WCE_DATASETS_DIR', os.path.join(rf.ROOT, '..', 'shared', 'datasets'))
MIN_HTML = 5000
WIDTH, HEIGHT = 900, 1300
# What each view kept, counted in its article element (ours: #content;
# Firefox: .moz-reader-content).
COUNT_STRUCTURE = '''
  const root = document.querySelector(arguments[0]);
  if (!root) return null;
  const n = (sel) => root.querySelectorAll(sel).length;
  return {links: n('a[href]'), emphasis: n('em, i, strong, b'), pictures: n('img'), captions: n('figcaption'),
          text: root.innerText};
'''
KINDS = ('links', 'emphasis', 'pictures', 'captions')


def counts(c):
    return '/'.join(str(c[k]) for k in KINDS) if c else '-'


def tokens(text):
    return re.findall(r'\w+', text.lower()) if text else []


def word_f1(pred, gold):
    p, g = tokens(pred), tokens(gold)
    if not g:
        return 1.0 if not p else 0.0
    common = sum((collections.Counter(p) & collections.Counter(g)).values())
    if not common:
        return 0.0
    prec, rec = common / len(p), common / len(g)
    return 2 * prec * rec / (prec + rec)


def f1_of(kept, gold):
    return word_f1(kept.get('text') or '', gold) if kept else 0.0


def pick_pages(n):
    files = sorted(f for f in os.listdir(DATASETS) if f.endswith('.jsonl.gz'))
    pages = []
    skip = 0
    while len(pages) < n and skip < 5:
        for f in files:
            if len(pages) >= n:
                break
            with gzip.open(os.path.join(DATASETS, f), 'rt', encoding='utf-8') as fh:
                k = 0
                for line in fh:
                    r = json.loads(line)
                    if len(r.get('html') or '') < MIN_HTML:
                        continue
                    if k == skip:
                        pages.append({'id': r['id'], 'html': r['html'], 'gold': r.get('text') or ''})
                        break
                    k += 1
        skip += 1
    return pages[:n]


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    out = sys.argv[2] if len(sys.argv) > 2 else os.path.join(rf.ROOT, 'docs', 'reader-compare')
    os.makedirs(out, exist_ok=True)
    pages = pick_pages(n)

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802
            try:
                i = int(self.path.strip('/').split('/')[-1])
                body = pages[i]['html'].encode('utf-8')
            except (ValueError, IndexError):
                self.send_error(404)
                return
            self.send_response(200)
            self.send_header('Content-Type', 'text/html; charset=utf-8')
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *a):
            pass

    server = http.server.ThreadingHTTPServer(('127.0.0.1', 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = 'http://127.0.0.1:%d' % server.server_address[1]
    ff = rf.Firefox(rf.EXT_DIR)
    d = ff.driver
    d.set_window_size(WIDTH, HEIGHT)
    rows = []
    try:
        for i, p in enumerate(pages):
            url = '%s/p/%d' % (base, i)
            tab = ff.open(url)
            time.sleep(0.5)
            tab_id = ff.tab_id(url)
            handles = set(d.window_handles)
            rd = ff.send({'type': 'wce:reader', 'tabId': tab_id})
            ours = os.path.join(out, '%02d-ours.png' % i)
            if rd.get('ok'):
                ff._wait(lambda: len(set(d.window_handles) - handles) == 1, 'the reader tab')
                d.switch_to.window((set(d.window_handles) - handles).pop())
                ff._wait(lambda: d.execute_script('return document.body.dataset.ready === "true"'), 'reader')
                d.save_screenshot(ours)
                ours_kept = d.execute_script(COUNT_STRUCTURE, '#content')
                d.close()
            else:
                ours_kept = None
            d.switch_to.window(tab)
            d.get('about:reader?url=' + urllib.parse.quote(url, safe=''))
            try:
                ff._wait(lambda: d.execute_script(
                    'const c = document.querySelector(".moz-reader-content");'
                    'const m = document.querySelector(".reader-message");'
                    # "Loading..." is a message too: wait for the article or a failure.
                    'const said = m ? m.textContent.trim() : "";'
                    'return !!c && c.textContent.trim().length > 0 || (said.length > 0 && !/^Loading/.test(said))'),
                    'about:reader')
            except TimeoutError:
                pass
            time.sleep(0.5)
            theirs = os.path.join(out, '%02d-firefox.png' % i)
            d.save_screenshot(theirs)
            theirs_kept = d.execute_script(COUNT_STRUCTURE, '.moz-reader-content')
            d.close()
            # The closed tab's context is gone: new tabs open from the controller.
            d.switch_to.window(ff.controller)
            f1 = (f1_of(ours_kept, p['gold']), f1_of(theirs_kept, p['gold']))
            rows.append((i, p['id'], rd.get('ok'), rd.get('words'), ours_kept, theirs_kept, f1))
            print('%02d %s ours=%s kept %s F1 %.4f, Firefox %s F1 %.4f' % (
                i, p['id'], rd.get('ok'), counts(ours_kept), f1[0], counts(theirs_kept), f1[1]), flush=True)
    finally:
        d.quit()
        server.shutdown()
    with open(os.path.join(out, 'index.md'), 'w') as f:
        f.write('# Our reader view next to Firefox Reader View\n\n')
        f.write('Made by `bench/firefox/reader_compare.py %d` in Firefox ESR %s (headless, %dx%d), '
                'on the first page of at least %d bytes of each dataset file in ../shared/datasets, '
                'served on 127.0.0.1. Left: the extension\'s reader view (default method); right: '
                'Firefox\'s own Reader View (about:reader, Readability.js) of the same page. '
                'Only the top of each page (one screen) is shown. "Kept" counts, in each view\'s whole '
                'article, its links / emphasis (em, i, strong, b) / pictures (img) / captions '
                '(figcaption); "F1" scores its text against the page\'s human gold (word F1: lowercased '
                '\\w+ tokens, bag overlap).\n\n' % (n, ff.version, WIDTH, HEIGHT, MIN_HTML))
        f.write('| page | ours | kept by ours | F1 | Firefox Reader View | kept by Firefox | F1 |\n'
                '|---|---|---|---|---|---|---|\n')
        total = {'ours': dict.fromkeys(KINDS, 0), 'firefox': dict.fromkeys(KINDS, 0)}
        for i, pid, ok, words, ours_kept, theirs_kept, f1 in rows:
            f.write('| %s (%s words) | ![ours](%02d-ours.png) | %s | %.3f | ![Firefox](%02d-firefox.png) | %s | %.3f |\n'
                    % (pid, words if ok else 'failed', i, counts(ours_kept), f1[0], i, counts(theirs_kept), f1[1]))
            for side, c in (('ours', ours_kept), ('firefox', theirs_kept)):
                for k in KINDS:
                    total[side][k] += (c or {}).get(k, 0)
        mean = [sum(r[6][k] for r in rows) / len(rows) if rows else 0.0 for k in (0, 1)]
        f.write('| all | | %s | %.3f | | %s | %.3f |\n' % (counts(total['ours']), mean[0], counts(total['firefox']),
                                                        mean[1]))
    print('wrote', out)


if __name__ == '__main__':
    main()
