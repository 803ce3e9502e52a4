#!/usr/bin/env bash
# Installs everything PosEnc Lab needs to build, serve and test, on a fresh Debian 12 or 13 (as root).
# Idempotent: third-party sources and built dependencies live in .cache/ (git-ignored), and a
# second run with a warm cache only checks stamps.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CACHE="$ROOT/.cache"
mkdir -p "$CACHE"
log() { printf '[setup] %s\n' "$*"; }

SUDO=""
[[ $(id -u) -eq 0 ]] || SUDO="sudo"

APT_PKGS=(build-essential cmake make git curl ca-certificates xz-utils python3 gzip
          emscripten libsdl2-dev libgles-dev
          clang libclang-rt-dev python3-numpy
          chromium xvfb xauth imagemagick fonts-dejavu-core python3-fonttools
          fonts-wqy-microhei)  # zh-CN's font, subset at build time (CMakeLists.txt POSENC_LANGUAGE_FONTS)
# The Python package's tests (tests/python/run.sh): a venv to install it into, and Jupyter to execute the
# example notebook (ipykernel reaches the venv through --system-site-packages).
APT_PKGS+=(python3-venv jupyter-nbconvert python3-ipykernel)
# PyTorch (CPU) for the training engine's cross-check (tests/train/torch_check.py) and the benchmark's
# native baseline (scripts/bench_train_torch.py).
APT_PKGS+=(python3-torch)
# Brotli for scripts/serve.py --compress (the benchmark's throttled first frame, as a CDN serves the page).
APT_PKGS+=(python3-brotli)

# 1. Debian packages (skipped when all are present).
missing=()
for p in "${APT_PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
command -v node >/dev/null || missing+=(nodejs)
command -v npm >/dev/null || missing+=(npm)
need_src=0
[[ -f "$CACHE/src/imgui.stamp" && -f "$CACHE/src/libsdl2.stamp" && -f "$CACHE/src/catch2.stamp" ]] || need_src=1
if ((${#missing[@]})) || ((need_src)); then
  # apt-get source needs deb-src entries; derive them from the deb ones.
  if ! grep -rqs '^Types:.*deb-src' /etc/apt/sources.list.d/ && ! grep -qs '^deb-src' /etc/apt/sources.list; then
    if [[ -f /etc/apt/sources.list.d/debian.sources ]]; then
      sed 's/^Types: deb$/Types: deb-src/' /etc/apt/sources.list.d/debian.sources | $SUDO tee /etc/apt/sources.list.d/posenc-src.sources >/dev/null
    else
      grep '^deb ' /etc/apt/sources.list | sed 's/^deb /deb-src /' | $SUDO tee /etc/apt/sources.list.d/posenc-src.list >/dev/null
    fi
  fi
  log "apt-get update"
  $SUDO apt-get update -qq
fi
if ((${#missing[@]})); then
  log "installing: ${missing[*]}"
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# em++ needs acorn & co., which Debian ships under /usr/share/nodejs; a non-Debian node does not look there.
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}

# 2. Third-party sources from Debian's source packages (never committed).
mkdir -p "$CACHE/src" "$CACHE/dl"
fetch_src() { # Debian source package name, destination folder
  local pkg=$1 dest=$2
  if [[ ! -f "$CACHE/src/$pkg.stamp" ]]; then
    log "fetching Debian source package $pkg"
    (cd "$CACHE/dl" && apt-get source --download-only -qq "$pkg" >/dev/null)
    local orig; orig=$(ls "$CACHE"/dl/"${pkg}"_*.orig.tar.* | head -1)
    rm -rf "$dest" && mkdir -p "$dest"
    tar -xf "$orig" -C "$dest" --strip-components=1
    touch "$CACHE/src/$pkg.stamp"
  fi
}
# Dear ImGui (1.86 on Debian 12, 1.90 on 13), SDL2, and Catch2 (v2 on Debian 12: one header; v3 on 13:
# the amalgamated source, which compiles for wasm too): CMake finds whichever the release has.
fetch_src imgui "$CACHE/src/imgui"
fetch_src libsdl2 "$CACHE/src/sdl2"
fetch_src catch2 "$CACHE/src/catch2"

# 3. SDL2 built for the web with emcc (the emscripten port would download; this one is Debian's source).
SDL_PREFIX="$CACHE/sdl2-wasm"
# SDL_SYSTEM_ICONV=OFF: with static try-compiles the libiconv probe passes falsely and the link then
# asks for a -liconv that emscripten lacks; SDL's built-in iconv is enough. The subsystems the app
# does not use (audio, 2D renderer, joystick, ...) are left out to keep the download small, and so are
# the dummy and offscreen video drivers and, with SDL_LEAN_AND_MEAN, the software blitters, RLE and
# YUV code that the window's framebuffer and cursor hooks would pull in (the app draws with WebGL2
# only): 34 KB of the gzipped page (README "Performance").
SDL_FLAGS="-DCMAKE_BUILD_TYPE=MinSizeRel -DSDL_SHARED=OFF -DSDL_STATIC=ON -DSDL_TEST=OFF -DSDL_SYSTEM_ICONV=OFF -DCMAKE_TRY_COMPILE_TARGET_TYPE=STATIC_LIBRARY -DSDL_AUDIO=OFF -DSDL_RENDER=OFF -DSDL_JOYSTICK=OFF -DSDL_HAPTIC=OFF -DSDL_HIDAPI=OFF -DSDL_POWER=OFF -DSDL_SENSOR=OFF -DSDL_LOCALE=OFF -DSDL_MISC=OFF -DSDL_FILESYSTEM=OFF -DSDL_DUMMYVIDEO=OFF -DSDL_OFFSCREEN=OFF -DCMAKE_C_FLAGS=-DSDL_LEAN_AND_MEAN=1"
if [[ "$(cat "$SDL_PREFIX/.stamp" 2>/dev/null)" != "$SDL_FLAGS" ]]; then
  log "building SDL2 for wasm (one time, about 3 minutes)"
  rm -rf "$CACHE/sdl2-wasm-build" "$SDL_PREFIX"
  # shellcheck disable=SC2086
  emcmake cmake -S "$CACHE/src/sdl2" -B "$CACHE/sdl2-wasm-build" $SDL_FLAGS \
    -DCMAKE_INSTALL_PREFIX="$SDL_PREFIX" >"$CACHE/sdl2-wasm-configure.log" 2>&1
  cmake --build "$CACHE/sdl2-wasm-build" -j"$(nproc)" >"$CACHE/sdl2-wasm-build.log" 2>&1
  cmake --install "$CACHE/sdl2-wasm-build" >/dev/null
  echo "$SDL_FLAGS" > "$SDL_PREFIX/.stamp"
fi

# 4. npm modules for the browser tests, pinned, installed into the cache.
NODE_DIR="$CACHE/node"
if [[ ! -f "$NODE_DIR/.stamp" || "$ROOT/scripts/node-deps.json" -nt "$NODE_DIR/.stamp" ]]; then
  log "installing npm modules"
  mkdir -p "$NODE_DIR"
  cp "$ROOT/scripts/node-deps.json" "$NODE_DIR/package.json"
  (cd "$NODE_DIR" && npm install --no-audit --no-fund --loglevel=error >/dev/null)
  touch "$NODE_DIR/.stamp"
fi
# 5. The Closure compiler for the page's JavaScript glue (CMakeLists.txt uses it when it is there): Debian's
# emscripten package ships none. Pinned, with its native Linux build, to the version Emscripten 3.1.6
# (Debian 12) was released with; other Emscripten versions and machines build the page without it.
CLOSURE_DIR="$CACHE/closure"
CLOSURE_VERSION=20220104.0.0
if [[ "$(tr -d '"\n' 2>/dev/null </usr/share/emscripten/emscripten-version.txt)" == 3.1.6 && "$(uname -m)" == x86_64 &&
      "$(cat "$CLOSURE_DIR/.stamp" 2>/dev/null)" != "$CLOSURE_VERSION" ]]; then
  log "installing the Closure compiler $CLOSURE_VERSION"
  rm -rf "$CLOSURE_DIR" && mkdir -p "$CLOSURE_DIR"
  printf '{"name": "posenc-lab-closure", "private": true, "dependencies": {"google-closure-compiler": "%s", "google-closure-compiler-java": "%s", "google-closure-compiler-linux": "%s"}}\n' \
    "$CLOSURE_VERSION" "$CLOSURE_VERSION" "$CLOSURE_VERSION" > "$CLOSURE_DIR/package.json"
  (cd "$CLOSURE_DIR" && npm install --no-audit --no-fund --loglevel=error >/dev/null)
  echo "$CLOSURE_VERSION" > "$CLOSURE_DIR/.stamp"
fi
log "ready (cache: $CACHE)"
