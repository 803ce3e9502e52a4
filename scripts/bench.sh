#!/usr/bin/env bash
# Sets up, builds and runs the benchmark (not part of the tests): prints a table, writes artifacts/bench.json.
#   scripts/bench.sh [--quick]
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bash "$ROOT/scripts/setup.sh"
bash "$ROOT/scripts/build.sh" all
node "$ROOT/scripts/bench.mjs" "$@"
