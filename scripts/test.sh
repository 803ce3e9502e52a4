#!/usr/bin/env bash
# Sets up, builds and runs every PosEnc Lab test:
#   core + state tests natively (ctest) and as wasm under node (ctest), the same natively with ASan +
#   UBSan, 20 s of libFuzzer on the state path, the Python package (tests/python/run.sh: venv, unit tests,
#   the example notebook through Jupyter), browser tests in headless Chromium (node --test +
#   playwright-core), the soak, the desktop smoke test under Xvfb; then the sizes.
# Screenshots land in artifacts/. Exits non-zero if any test fails.
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
bash scripts/setup.sh || exit 1
bash scripts/build.sh all || exit 1

passed=0; failed=0; log=$(mktemp)
count_ctest() {  # "100% tests passed, 0 tests failed out of 6"
  local line; line=$(grep -E 'tests passed, [0-9]+ tests failed out of [0-9]+' "$log" | tail -1)
  local f t; f=$(sed -E 's/.* ([0-9]+) tests failed out of ([0-9]+).*/\1/' <<<"$line"); t=$(sed -E 's/.*out of ([0-9]+).*/\1/' <<<"$line")
  [[ -n $line ]] || { failed=$((failed + 1)); return; }
  passed=$((passed + t - f)); failed=$((failed + f))
}
count_node() {  # "# pass 11" / "# fail 0"
  local p f; p=$(grep -E '^# pass [0-9]+' "$log" | tail -1 | awk '{print $3}'); f=$(grep -E '^# fail [0-9]+' "$log" | tail -1 | awk '{print $3}')
  [[ -n $p ]] || { failed=$((failed + 1)); return; }
  passed=$((passed + p)); failed=$((failed + f))
}
count_line() {  # "fuzz: 1 passed, 0 failed" (a runner's own summary line, prefix $1)
  local line; line=$(grep -E "^$1: [0-9]+ passed, [0-9]+ failed" "$log" | tail -1)
  [[ -n $line ]] || { failed=$((failed + 1)); return; }
  passed=$((passed + $(awk '{print $2}' <<<"$line"))); failed=$((failed + $(awk '{print $4}' <<<"$line")))
}
stage() { echo; echo "=== $1"; }

stage "core, state and view tests, native"
ctest --preset native 2>&1 | tee "$log"; count_ctest
stage "core tests, wasm under node"
ctest --preset web 2>&1 | tee "$log"; count_ctest
stage "core + state tests with AddressSanitizer and UBSan (native, build/sanitize)"
bash scripts/sanitize.sh 2>&1 | tee "$log"; count_ctest
stage "fuzzing the validated state path (libFuzzer, 20 s, build/fuzz)"
bash scripts/fuzz.sh 20 2>&1 | tee "$log"; count_line fuzz
stage "python package and example notebook (fresh venv, offline pip install, unittest, jupyter nbconvert)"
bash tests/python/run.sh 2>&1 | tee "$log"; count_line python
stage "browser tests (headless Chromium)"
node --test $(ls tests/browser/test_*.mjs | grep -v test_soak.mjs) 2>&1 | tee "$log"; count_node
stage "soak: 10,000 frames of random setState (headless Chromium)"
node --test tests/browser/test_soak.mjs 2>&1 | tee "$log"; count_node
stage "desktop smoke test (Xvfb)"
node --test tests/desktop/test_*.mjs 2>&1 | tee "$log"; count_node
stage "download size"
bash scripts/sizes.sh
rm -f "$log"
echo
echo "all: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
