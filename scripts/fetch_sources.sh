#!/usr/bin/env bash
# Fetches the third-party sources the C++ build reads, each one pinned file
# from its registry, checked against its SHA-256 and unpacked under .cache/:
#
#   .cache/gumbo-0.10.1/src         Gumbo 0.10.1's C sources, from the npm
#                                   package gumbo-parser@0.3.0 (the one registry
#                                   we reach that serves them), with
#                                   gumbo_patches/*.patch applied in order
#   .cache/stopwords-iso-1.1.0/     stopwords-iso's lists (npm)
#   .cache/pypi/justext-3.0.2-...   the justext wheel (PyPI): its stop lists
#
# CMake runs it at configure time (native, WASM and `pip install .`), and
# scripts/setup.sh runs it, so a build needs npm for the two tarballs only,
# not `npm ci`. It does nothing when all is in place, and patches Gumbo anew
# when a patch changed. A failure is one line on stderr and exit status 1.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CACHE="$ROOT/.cache"

GUMBO_NPM=gumbo-parser@0.3.0
GUMBO_TGZ=gumbo-parser-0.3.0.tgz
GUMBO_SHA256=d47101b5182186c4646f7eba5107308dbf93392621ae8c12bd35a7d867c8e913
GUMBO_DIR="$CACHE/gumbo-0.10.1"
STOPWORDS_NPM=stopwords-iso@1.1.0
STOPWORDS_TGZ=stopwords-iso-1.1.0.tgz
STOPWORDS_SHA256=e09c4b231be8c26eba98cf22468d0c2bcc0fd564b57b5b6304537373c24d1130
STOPWORDS_DIR="$CACHE/stopwords-iso-1.1.0"
JUSTEXT_WHEEL="$CACHE/pypi/justext-3.0.2-py2.py3-none-any.whl"
JUSTEXT_SHA256=62b1c562b15c3c6265e121cc070874243a443bfd53060e869393f09d6b6cc9a7

fail() { echo "fetch_sources: $*" >&2; exit 1; }
need() { command -v "$1" >/dev/null 2>&1 || fail "$1 is needed $2"; }
sha256() { sha256sum "$1" | cut -d' ' -f1; }

# npm_tarball SPEC FILE SHA256: .cache/npm/FILE, downloaded with `npm pack`
# unless present, and checked.
npm_tarball() {
  local spec=$1 file="$CACHE/npm/$2" want=$3
  if [ ! -f "$file" ]; then
    need npm "to download $spec (npm pack): install Node.js and npm (scripts/setup.sh)"
    mkdir -p "$CACHE/npm"
    echo "fetch_sources: downloading $spec from the npm registry"
    (cd "$CACHE/npm" && npm pack "$spec" --silent >/dev/null) || fail "npm pack $spec failed"
    [ -f "$file" ] || fail "npm pack $spec did not write $file"
  fi
  [ "$(sha256 "$file")" = "$want" ] || fail "$file has an unexpected SHA-256 (delete it and re-run)"
}

need sha256sum "(coreutils)"
need tar "to unpack the npm tarballs"

# Gumbo: unpacked and patched in a temporary folder that replaces the old one
# at once, with a stamp naming the tarball and patches it was made from.
PATCHES=("$ROOT"/gumbo_patches/[0-9][0-9]-*.patch)
[ -f "${PATCHES[0]}" ] || fail "no gumbo_patches/NN-*.patch files in $ROOT"
stamp="$GUMBO_SHA256 $(cat "${PATCHES[@]}" | sha256sum | cut -d' ' -f1)"
if [ "$(cat "$GUMBO_DIR/stamp" 2>/dev/null)" != "$stamp" ]; then
  npm_tarball "$GUMBO_NPM" "$GUMBO_TGZ" "$GUMBO_SHA256"
  need patch "to apply gumbo_patches/*.patch (Debian: apt-get install patch)"
  tmp="$(mktemp -d "$CACHE/gumbo.XXXXXX")"
  trap 'rm -rf "$tmp"' EXIT
  tar -xzf "$CACHE/npm/$GUMBO_TGZ" -C "$tmp" package/deps/gumbo-parser/src
  mv "$tmp/package/deps/gumbo-parser/src" "$tmp/src" && rm -rf "$tmp/package"
  for p in "${PATCHES[@]}"; do
    out="$(patch -p1 --forward --fuzz=0 --batch --no-backup-if-mismatch --reject-file=- \
      -d "$tmp" <"$p" 2>&1)" ||
      fail "gumbo_patches/$(basename "$p") does not apply to Gumbo 0.10.1 with the patches before it: $(echo "$out" | grep -iv '^patching file' | head -3 | tr '\n' ' ')"
  done
  echo "$stamp" >"$tmp/stamp"
  rm -rf "$GUMBO_DIR"
  mv -T "$tmp" "$GUMBO_DIR" 2>/dev/null || [ "$(cat "$GUMBO_DIR/stamp" 2>/dev/null)" = "$stamp" ] ||
    fail "could not move the patched sources to $GUMBO_DIR"
  trap - EXIT
  rm -rf "$tmp"
  echo "fetch_sources: Gumbo 0.10.1 patched (${#PATCHES[@]} patches) in ${GUMBO_DIR#"$ROOT"/}/src"
fi

if [ ! -f "$STOPWORDS_DIR/stopwords-iso.json" ]; then
  npm_tarball "$STOPWORDS_NPM" "$STOPWORDS_TGZ" "$STOPWORDS_SHA256"
  tmp="$(mktemp -d "$CACHE/stopwords.XXXXXX")"
  tar -xzf "$CACHE/npm/$STOPWORDS_TGZ" -C "$tmp" package/stopwords-iso.json package/package.json
  rm -rf "$STOPWORDS_DIR"
  mv -T "$tmp/package" "$STOPWORDS_DIR" 2>/dev/null || [ -f "$STOPWORDS_DIR/stopwords-iso.json" ] ||
    fail "could not move stopwords-iso to $STOPWORDS_DIR"
  rm -rf "$tmp"
fi

# jusText's stop lists (BSD licence), which the justext extractor uses like the
# original: the wheel is downloaded, not installed; CMake unpacks the lists.
# -E: under `pip install .` (build isolation) PYTHONPATH holds pip's
# sitecustomize, which hides the interpreter's own site-packages, pip with them.
if [ ! -f "$JUSTEXT_WHEEL" ]; then
  PY="${PYTHON:-python3}"
  "$PY" -E -m pip --version >/dev/null 2>&1 ||
    fail "$PY -m pip is needed to download the justext 3.0.2 wheel (its stop lists) from PyPI"
  echo "fetch_sources: downloading the justext 3.0.2 wheel from PyPI"
  "$PY" -E -m pip download --quiet --no-deps --only-binary=:all: -d "$CACHE/pypi" justext==3.0.2 ||
    fail "pip download justext==3.0.2 failed"
fi
[ "$(sha256 "$JUSTEXT_WHEEL")" = "$JUSTEXT_SHA256" ] ||
  fail "$JUSTEXT_WHEEL has an unexpected SHA-256 (delete it and re-run)"
