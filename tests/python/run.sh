#!/usr/bin/env bash
# The Python package's route as a course author takes it, on a built page:
#   1. a fresh virtual environment and `pip install src/python` with no package index (offline);
#   2. the unit tests (tests/python/test_*.py, unittest) with that environment's python;
#   3. the example notebook (web/examples/notebook.ipynb) executed by Debian's Jupyter
#      (jupyter nbconvert --execute --to html) in a kernel of that environment.
# The executed notebook is <web build>/python/notebook.html; tests/browser/test_notebook.mjs opens it in
# headless Chromium (and runs this script itself when that file is missing or older than its inputs).
#   bash tests/python/run.sh [web build folder]      (default build/web; scripts/test.sh runs it)
# The venv sees Debian's packages (--system-site-packages) for ipykernel only: the package itself needs
# nothing beyond the standard library. Prints "python: N passed, M failed" last; exits non-zero on a failure.
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
WEB="$(realpath "${1:-$ROOT/build/web}")"
OUT="$WEB/python"
VENV="$OUT/venv"
PY=/usr/bin/python3  # Debian's, whose Jupyter runs the notebook (another python on PATH may lack it)
passed=0; failed=0
ok() { passed=$((passed + 1)); echo "ok: $1"; }
bad() { failed=$((failed + 1)); echo "FAILED: $1"; }
finish() { echo; echo "python: $passed passed, $failed failed"; [[ $failed -eq 0 ]]; exit $?; }

if [[ ! -f "$WEB/single/posenc-lab.html" || ! -f "$OUT/schema.json" ]]; then
  bad "the page build in $WEB (single/posenc-lab.html, python/schema.json): run scripts/build.sh page first"
  finish
fi
export POSENC_WEB_BUILD="$WEB"

# 1. Install, as the README says, into a new venv; --no-index: nothing may come from a package index.
rm -rf "$VENV"
if "$PY" -m venv --system-site-packages "$VENV" &&
   "$VENV/bin/python" -m pip install --quiet --no-index --no-cache-dir --disable-pip-version-check "$ROOT/src/python" &&
   (cd /tmp && "$VENV/bin/python" -c 'import posenc_lab, sys; sys.exit(not posenc_lab.__file__.startswith(sys.prefix))'); then
  ok "pip install src/python into a fresh venv, offline"
else
  bad "pip install src/python into a fresh venv, offline"
  finish
fi

# 2. Unit tests, from /tmp so that `import posenc_lab` can only find the installed package.
log=$(mktemp)
(cd /tmp && "$VENV/bin/python" -m unittest discover -s "$ROOT/tests/python" -p 'test_*.py' -v) 2>&1 | tee "$log"
ran=$(grep -oE '^Ran [0-9]+ test' "$log" | awk '{print $2}')
broken=$(grep -E '^FAILED \(' "$log" | grep -oE '(failures|errors)=[0-9]+' | awk -F= '{n += $2} END {print n + 0}')
rm -f "$log"
if [[ -z $ran ]]; then bad "unit tests did not run"; else
  passed=$((passed + ran - ${broken:-0})); failed=$((failed + ${broken:-0})); fi

# 3. The example notebook, executed by Debian's nbconvert in a kernel of the venv (a kernelspec of our own,
# with Jupyter's folders under $OUT so that nothing of the user's Jupyter set-up is read or written).
mkdir -p "$OUT/jupyter/kernels/posenc-venv"
cat >"$OUT/jupyter/kernels/posenc-venv/kernel.json" <<EOF
{"argv": ["$VENV/bin/python", "-m", "ipykernel_launcher", "-f", "{connection_file}"],
 "display_name": "posenc-lab venv", "language": "python", "env": {"PYDEVD_DISABLE_FILE_VALIDATION": "1"}}
EOF
rm -f "$OUT/notebook.html"
if JUPYTER_PATH="$OUT/jupyter" JUPYTER_CONFIG_DIR="$OUT/jupyter-config" JUPYTER_RUNTIME_DIR="$OUT/jupyter-runtime" \
   IPYTHONDIR="$OUT/ipython" JUPYTER_PLATFORM_DIRS=1 \
   /usr/bin/jupyter nbconvert --execute --to html --ExecutePreprocessor.kernel_name=posenc-venv \
     --ExecutePreprocessor.timeout=120 --output-dir "$OUT" --output notebook "$ROOT/web/examples/notebook.ipynb" &&
   [[ -s "$OUT/notebook.html" ]]; then
  ok "jupyter nbconvert --execute --to html web/examples/notebook.ipynb -> $OUT/notebook.html"
else
  bad "jupyter nbconvert --execute --to html web/examples/notebook.ipynb"
fi
finish
