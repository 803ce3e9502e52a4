#!/usr/bin/env bash
# Prints the byte size of every file the page downloads, raw and gzip -9, and the total.
#   scripts/sizes.sh [dist folder]    (default: build/web/dist)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DIST=${1:-$ROOT/build/web/dist}
BUDGET=$((300 * 1024))
printf '%-22s %10s %12s\n' file bytes "gzip -9"
raw_total=0; gz_total=0
for f in index.html posenc.css posenc-theme.js favicon.svg posenc.js posenc_app.js posenc_app.wasm; do
  raw=$(stat -c %s "$DIST/$f"); gz=$(gzip -9 -c "$DIST/$f" | wc -c)
  raw_total=$((raw_total + raw)); gz_total=$((gz_total + gz))
  printf '%-22s %10d %12d\n' "$f" "$raw" "$gz"
done
printf '%-22s %10d %12d   (budget %d gzip: %s)\n' total "$raw_total" "$gz_total" "$BUDGET" \
  "$([[ $gz_total -le $BUDGET ]] && echo within || echo OVER)"
single="$ROOT/build/web/single/posenc-lab.html"
if [[ -f $single ]]; then
  printf '%-22s %10d %12d   (single-file build, everything inlined)\n' posenc-lab.html "$(stat -c %s "$single")" "$(gzip -9 -c "$single" | wc -c)"
fi
