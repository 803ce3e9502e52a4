#!/usr/bin/env bash
# Prints the byte size of every file the page downloads at first load, raw, gzip -9 and brotli (quality 11),
# the total and the budgets (250 KB gzip, 210 KB brotli): the size table of scripts/bench.mjs, computed by the same code.
#   scripts/sizes.sh [dist folder] [--breakdown]  (default: build/web/dist; --breakdown adds the parts:
#                                                   SDL2, ImGui, lessons, libc, data, glue; relinks, ~1 min;
#                                                   each view's first download follows, where the build split it)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
exec node "$ROOT/scripts/bench.mjs" --sizes "$@"
