#!/usr/bin/env bash
# Builds the core + state library and the Catch2 tests natively with AddressSanitizer and
# UndefinedBehaviorSanitizer (-fsanitize=address,undefined,float-cast-overflow, no recovery: the first
# report fails the test) in build/sanitize, then runs ctest there.
#   scripts/sanitize.sh            (expects scripts/setup.sh to have run: it needs the Catch2 header)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${POSENC_SANITIZE_BUILD:-$ROOT/build/sanitize}"
if [[ ! -f "$BUILD/CMakeCache.txt" ]]; then
  cmake -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g" \
    -DPOSENC_APP=OFF -DPOSENC_SANITIZE=ON >/dev/null
fi
cmake --build "$BUILD" -j"$(nproc)" --target posenc_tests
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:strict_string_checks=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
cd "$BUILD" && ctest --no-tests=error --output-on-failure
