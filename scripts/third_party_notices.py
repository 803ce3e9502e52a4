#!/usr/bin/env python3
"""Writes THIRD_PARTY_NOTICES.txt: each third-party component the page ships (compiled into the wasm,
or the runtime glue beside it), its licence, and the licence text, copied at build time from where the
build took the component: Debian's /usr/share/doc/<package>/copyright for installed packages, otherwise
the unpacked Debian source package in .cache/src. No third-party text is committed to this repository.

    python3 scripts/third_party_notices.py OUT --imgui .cache/src/imgui --sdl .cache/src/sdl2 [--reveal DIR]

A licence text that is missing fails the build: the page must not ship without its notices.
"""
import argparse
import pathlib
import sys

RULE = "=" * 78


def first_file(*paths):
    for p in paths:
        if p and pathlib.Path(p).is_file():
            return pathlib.Path(p)
    raise FileNotFoundError("none of " + ", ".join(str(p) for p in paths if p))


def stb_licence(header: pathlib.Path) -> str:
    # The stb headers end with their licence block (MIT or public domain, the reader's choice).
    text = header.read_text(encoding="utf-8", errors="replace")
    at = text.rfind("This software is available under 2 licenses")
    if at < 0:
        raise ValueError(f"{header}: no licence block")
    return text[at:].rstrip().rstrip("*/").rstrip()


def with_apache(copyright_file: pathlib.Path) -> str:
    # The package's copyright file names the Apache licence; its text is Debian's common copy.
    return (copyright_file.read_text(encoding="utf-8").rstrip() + "\n\n" + RULE + "\nApache License 2.0 (full text)\n" +
            first_file("/usr/share/common-licenses/Apache-2.0").read_text(encoding="utf-8").rstrip())


def components(args):
    imgui, sdl = pathlib.Path(args.imgui), pathlib.Path(args.sdl)
    yield ("Dear ImGui", "MIT", "the user interface, compiled into posenc_app.wasm",
           first_file(imgui / "LICENSE.txt"), None)
    yield ("stb_truetype, stb_rect_pack, stb_textedit (inside Dear ImGui)", "MIT or public domain",
           "font rasterising and text editing, compiled into posenc_app.wasm", imgui / "imstb_truetype.h", stb_licence)
    yield ("SDL2 (Simple DirectMedia Layer)", "zlib", "window, input and the WebGL context, compiled into posenc_app.wasm",
           first_file("/usr/share/doc/libsdl2-2.0-0/copyright", "/usr/share/doc/libsdl2-dev/copyright", sdl / "LICENSE.txt"), None)
    yield ("DejaVu fonts (DejaVu Sans, DejaVu Sans Mono)", "Bitstream Vera Fonts licence and its DejaVu changes (public domain)",
           "subsets of DejaVuSans.ttf and DejaVuSansMono.ttf, embedded in posenc_app.wasm",
           first_file("/usr/share/doc/fonts-dejavu-core/copyright"), None)
    yield ("WenQuanYi Micro Hei (zh-CN only)", "Apache-2.0 (or GPL-3+ with the font exception)",
           "a subset of wqy-microhei.ttc holding the characters of the Chinese texts, fonts/zh-CN.ttf, fetched only "
           "when the page shows Chinese", first_file("/usr/share/doc/fonts-wqy-microhei/copyright"), with_apache)
    yield ("Emscripten runtime", "MIT or University of Illinois/NCSA Open Source License (its libc: musl, MIT; "
           "libc++, libc++abi, compiler-rt: Apache-2.0 with LLVM exception or NCSA)",
           "the JavaScript glue (posenc_app.js, posenc_train.js) and the C/C++ runtime compiled into the wasm",
           first_file("/usr/share/doc/emscripten/copyright"), None)
    if args.reveal:
        yield ("reveal.js (examples/ only, not in the npm package)", "MIT", "the slide deck of examples/slides.html",
               first_file(pathlib.Path(args.reveal) / "LICENSE"), None)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--imgui", required=True)
    parser.add_argument("--sdl", required=True)
    parser.add_argument("--reveal")
    args = parser.parse_args()
    try:
        parts = list(components(args))
        texts = [read(path) if read else path.read_text(encoding="utf-8", errors="replace").rstrip() for *_, path, read in parts]
    except (OSError, ValueError) as e:
        print(f"third_party_notices: {e}", file=sys.stderr)
        return 1
    out = ["PosEnc Lab (MIT licence: LICENSE) ships these third-party components. Each one's licence text",
           "follows, as the build found it (Debian's copyright file of the package, or the component's own).", ""]
    out += [f"- {name}: {licence}" for name, licence, *_ in parts]
    for (name, licence, use, path, _), text in zip(parts, texts):
        where = str(path) if str(path).startswith("/usr/share/doc/") else f"{path.name} in the component's source"
        out += ["", RULE, name, f"Licence: {licence}", f"Used for: {use}", f"Text from: {where}", RULE, "", text]
    dst = pathlib.Path(args.out)
    dst.parent.mkdir(parents=True, exist_ok=True)
    dst.write_text("\n".join(out) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
