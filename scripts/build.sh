#!/usr/bin/env bash
# Builds PosEnc Lab: the web release (build/web/dist) and the native desktop app + tests (build/native).
#   scripts/build.sh [web|native|all]   (default: all)
# Expects scripts/setup.sh to have run (scripts/run.sh and scripts/test.sh call it).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
what=${1:-all}
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}
jobs=$(nproc)
if [[ $what == web || $what == all ]]; then
  if [[ ! -f "$ROOT/build/web/CMakeCache.txt" ]]; then
    emcmake cmake -S "$ROOT" -B "$ROOT/build/web" -DCMAKE_BUILD_TYPE=Release \
      -DCMAKE_CROSSCOMPILING_EMULATOR="$(command -v node)" >/dev/null
  fi
  cmake --build "$ROOT/build/web" -j"$jobs"
  /usr/bin/python3 "$ROOT/scripts/make_single.py" "$ROOT/build/web/dist" "$ROOT/build/web/single/posenc-lab.html"
fi
if [[ $what == native || $what == all ]]; then
  [[ -f "$ROOT/build/native/CMakeCache.txt" ]] || cmake -S "$ROOT" -B "$ROOT/build/native" -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build "$ROOT/build/native" -j"$jobs"
fi
