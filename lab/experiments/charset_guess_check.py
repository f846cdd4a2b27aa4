#!/usr/bin/env python3
# How often does sniff_charset's guess (core/src/input/charset_guess.cpp) read
# a page that declares no charset right? Real pages of the datasets are
# re-encoded in the legacy charsets their language used (Python's codecs;
# characters a charset lacks become character references, so the page's text
# is unchanged), their <meta> charset declarations removed, and
# `wce extract -e all_text FILE` (sniffed) is compared with the same page
# decoded with the right --charset. A guess is right when the two texts are
# equal. Pages that are pure ASCII or valid UTF-8 after encoding are skipped
# (sniff_charset reads them as UTF-8 before it guesses).
# (The language: a record's lang, else its meta.html_lang as in the webeval set.)
# Usage: python3 lab/experiments/charset_guess_check.py [--wce build/native/wce] [--per-lang N] DATA.jsonl.gz...
import argparse, collections, gzip, json, os, re, subprocess, sys, tempfile

# language -> (Python codec, the --charset label) of its legacy charsets.
LEGACY = {
    'en': [('cp1252', 'windows-1252')], 'de': [('cp1252', 'windows-1252')], 'fr': [('cp1252', 'windows-1252')],
    'es': [('cp1252', 'windows-1252')], 'pt': [('cp1252', 'windows-1252')], 'it': [('cp1252', 'windows-1252')],
    'fi': [('cp1252', 'windows-1252')], 'no': [('cp1252', 'windows-1252')],
    'zh': [('gbk', 'gbk'), ('big5', 'big5')], 'ja': [('cp932', 'shift_jis'), ('euc_jp', 'euc-jp')],
    'ko': [('cp949', 'euc-kr')], 'ru': [('cp1251', 'windows-1251'), ('koi8_r', 'koi8-r')],
    # Not guessed (read as windows-1252 unless declared): measured to show it.
    'pl': [('cp1250', 'windows-1250'), ('iso8859_2', 'iso-8859-2')],
    'cs': [('cp1250', 'windows-1250')], 'hr': [('cp1250', 'windows-1250')],
    'el': [('cp1253', 'windows-1253')],
}
META = re.compile(r'<meta[^>]*charset[^>]*>', re.I)


def text(wce, path, charset=None):
    cmd = [wce, 'extract', '-e', 'all_text'] + (['--charset', charset] if charset else []) + [path]
    r = subprocess.run(cmd, capture_output=True)
    return r.returncode, r.stdout


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--wce', default='build/native/wce')
    ap.add_argument('--per-lang', type=int, default=60, help='pages per language and charset')
    ap.add_argument('--show', type=int, default=20, help='wrong pages listed')
    ap.add_argument('--truncated', action='store_true',
                    help='instead: UTF-8 pages cut inside their last multi-byte character (a crawler size '
                         'limit), which must still be read as UTF-8')
    ap.add_argument('data', nargs='+')
    a = ap.parse_args()
    counts = collections.defaultdict(lambda: [0, 0])  # (lang, label) -> [right, pages]
    wrong = []
    skipped_utf8 = 0
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, 'page.html')
        for f in a.data:
            with gzip.open(f, 'rt', encoding='utf-8') as fh:
                for line in fh:
                    try:
                        r = json.loads(line)
                    except ValueError:
                        continue
                    lang = (r.get('lang') or (r.get('meta') or {}).get('html_lang') or '').split('-')[0].lower()
                    if not r.get('html') or (lang not in LEGACY and not a.truncated):
                        continue
                    for codec, label in ([('utf-8', 'utf-8')] if a.truncated else LEGACY[lang]):
                        key = (lang, label)
                        if counts[key][1] >= a.per_lang:
                            continue
                        data = META.sub('', r['html']).encode(codec, errors='xmlcharrefreplace')
                        if all(b < 0x80 for b in data):
                            continue
                        if a.truncated:  # cut after the lead byte of the last multi-byte character
                            last = max(i for i, b in enumerate(data) if b >= 0xC0)
                            data = data[:last + 1]
                            key = (lang or '?', 'utf-8 cut')
                            if counts[key][1] >= a.per_lang:
                                continue
                        try:  # valid UTF-8 (pages that held mojibake): read as UTF-8 before any guess
                            data.decode('utf-8')
                            skipped_utf8 += 1
                            continue
                        except UnicodeDecodeError:
                            pass
                        if a.truncated:
                            label = 'utf-8'
                        with open(path, 'wb') as out:
                            out.write(data)
                        code1, want = text(a.wce, path, label)
                        code2, got = text(a.wce, path)
                        if code1 or code2:
                            print(f'{r["id"]}: wce exit {code1}/{code2}', file=sys.stderr)
                            continue
                        counts[key][1] += 1
                        if got == want:
                            counts[key][0] += 1
                        else:
                            wrong.append(f'{os.path.basename(f)} {r["id"]} {label}')
    print(f'skipped: {skipped_utf8} pages whose re-encoded bytes are valid UTF-8 (sniffed as UTF-8, no guess)')
    print(f'{"language":8s} {"charset":14s} {"pages":>5s} {"right":>5s} {"share":>6s}')
    for (lang, label), (right, n) in sorted((k, v) for k, v in counts.items() if v[1]):
        print(f'{lang:8s} {label:14s} {n:5d} {right:5d} {right / n:6.3f}')
    if wrong:
        print(f'\nwrong ({len(wrong)}), first {a.show}:')
        print('\n'.join(wrong[:a.show]))


if __name__ == '__main__':
    main()
