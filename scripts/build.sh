#!/usr/bin/env bash
# Builds PosEnc Lab through the CMake presets (CMakePresets.json):
#   scripts/build.sh page     the page only (build/web/dist + the single-file build + the SCORM 1.2 package,
#                             build/web/scorm/posenc-lab-scorm.zip): what scripts/run.sh serves
#   scripts/build.sh web      the page and the core tests as wasm (build/web)
#   scripts/build.sh native   the desktop app and the native tests (build/native)
#   scripts/build.sh all      web and native (default)
# Expects scripts/setup.sh to have run (scripts/run.sh and scripts/test.sh call it).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
what=${1:-all}
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}
jobs=$(nproc)
configure() {  # preset [extra -D...]: configures once; later builds only rebuild
  local preset=$1; shift
  # A configure that failed (run before scripts/setup.sh) leaves a cache but no build files: configure again.
  local dir="$ROOT/build/$preset"
  [[ -f "$dir/CMakeCache.txt" && ( -f "$dir/Makefile" || -f "$dir/build.ninja" ) ]] || cmake --preset "$preset" "$@" >/dev/null
}
if [[ $what == page || $what == web || $what == all ]]; then
  # The wasm tests run under this machine's node (the preset's "node" is found on PATH otherwise).
  configure web -DCMAKE_CROSSCOMPILING_EMULATOR="$(command -v node)"
  if [[ $what == page ]]; then cmake --build --preset web-page -j"$jobs"; else cmake --build --preset web -j"$jobs"; fi
  /usr/bin/python3 "$ROOT/scripts/make_single.py" "$ROOT/build/web/dist" "$ROOT/build/web/single/posenc-lab.html"
  # One SCO per chapter of the lesson registry besides the tour's (the tool lists them from the C++).
  mkdir -p "$ROOT/build/web/scorm"
  node "$ROOT/build/web/posenc_settings_tool.js" chapters > "$ROOT/build/web/scorm/chapters.json"
  /usr/bin/python3 "$ROOT/scripts/make_scorm.py" "$ROOT/build/web/single/posenc-lab.html" "$ROOT/build/web/dist" \
    "$ROOT/build/web/scorm/posenc-lab-scorm.zip" "$ROOT/build/web/scorm/chapters.json"
fi
if [[ $what == native || $what == all ]]; then
  configure native
  cmake --build --preset native -j"$jobs"
fi
