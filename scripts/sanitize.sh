#!/usr/bin/env bash
# Builds the core + state library and the Catch2 tests natively with AddressSanitizer and
# UndefinedBehaviorSanitizer (-fsanitize=address,undefined,float-cast-overflow, no recovery: the first
# report fails the test) in build/sanitize (CMake preset `sanitize`), then runs ctest there.
#   scripts/sanitize.sh            (expects scripts/setup.sh to have run: it needs the Catch2 header)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
[[ -f build/sanitize/CMakeCache.txt ]] || cmake --preset sanitize >/dev/null  # CMakePresets.json: no app, no ImGui
cmake --build --preset sanitize -j"$(nproc)"
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:strict_string_checks=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
ctest --preset sanitize
