#!/usr/bin/env bash
# Sets up, builds and serves PosEnc Lab, then prints the URL to open.
#   scripts/run.sh              web build, served on http://127.0.0.1:8080/ (PORT=... to change)
#   scripts/run.sh --desktop    also builds the native desktop app and starts it (needs a display)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PORT=${PORT:-8080}
bash "$ROOT/scripts/setup.sh"
if [[ ${1:-} == --desktop ]]; then
  bash "$ROOT/scripts/build.sh" native
  echo "Starting the desktop app: $ROOT/build/native/posenc_desktop [query, e.g. 'view=clock&d=64&k=37']"
  exec "$ROOT/build/native/posenc_desktop" "${@:2}"
fi
bash "$ROOT/scripts/build.sh" page
echo
echo "PosEnc Lab is served at:  http://127.0.0.1:$PORT/"
echo "(Ctrl-C stops the server.)"
exec /usr/bin/python3 "$ROOT/scripts/serve.py" --root "$ROOT/build/web/dist" --port "$PORT"
