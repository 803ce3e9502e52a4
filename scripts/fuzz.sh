#!/usr/bin/env bash
# Fuzzes the validated state path (tests/fuzz/fuzz_state.cpp) with libFuzzer for a fixed time.
#   scripts/fuzz.sh [seconds]      default 30; e.g. `bash scripts/fuzz.sh 600` for a longer run
# Builds with clang++ -fsanitize=fuzzer,address,undefined in build/fuzz (CMake preset `fuzz`), starts from the committed
# seeds in tests/fuzz/corpus/ (new inputs it finds go to build/fuzz/corpus/, never into the repo),
# and ends with "fuzz: 1 passed, 0 failed" when libFuzzer found nothing (a crash input is saved in
# build/fuzz/ and named in the output, and the line says "0 passed, 1 failed").
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SECONDS_TO_RUN=${1:-30}
BUILD="$ROOT/build/fuzz"
cd "$ROOT"
if [[ ! -f "$BUILD/CMakeCache.txt" ]]; then  # CMakePresets.json: clang, no app, no ImGui
  cmake --preset fuzz >/dev/null || { echo "fuzz: 0 passed, 1 failed (configure)"; exit 1; }
fi
cmake --build --preset fuzz -j"$(nproc)" || { echo "fuzz: 0 passed, 1 failed (build)"; exit 1; }
mkdir -p "$BUILD/corpus"
cd "$BUILD"
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
start=$(date +%s)
./posenc_fuzz_state -max_total_time="$SECONDS_TO_RUN" -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
  -print_final_stats=1 corpus "$ROOT/tests/fuzz/corpus" 2>&1 |
  grep -vE '^#[0-9]+\s+(NEW|REDUCE|pulse)' | sed '/Recommended dictionary/,/End of recommended dictionary/d'
rc=${PIPESTATUS[0]}
echo "fuzzed for $(( $(date +%s) - start )) s (libFuzzer exit code $rc)"
if [[ $rc -eq 0 ]]; then echo "fuzz: 1 passed, 0 failed"; else echo "fuzz: 0 passed, 1 failed"; fi
exit "$rc"
