#!/usr/bin/env python3
"""Builds the single-file PosEnc Lab: one HTML file with the CSS, the scripts and the wasm inlined, that
works opened from disk (file://) and can be uploaded to a learning management system as it is.

    python3 scripts/make_single.py build/web/dist build/web/single/posenc-lab.html

The wasm travels as base64 and is handed to the module as `wasmBinary`, and the languages' catalogues
(dist/text/<lang>.txt) as strings and their fonts (dist/fonts/<lang>.ttf) as base64, so nothing is fetched. The
licences (LICENSE and dist's THIRD_PARTY_NOTICES.txt) travel in an inert text block before </body>.
"""
import base64
import json
import pathlib
import re
import sys


def inline_script(code: str) -> str:
    # A script body must not contain "</script"; escaping the slash keeps the JavaScript identical.
    return "<script>" + code.replace("</script", "<\\/script") + "</script>"


def main() -> int:
    dist, out = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
    html = (dist / "index.html").read_text(encoding="utf-8")
    css = (dist / "posenc.css").read_text(encoding="utf-8")
    icon = base64.b64encode((dist / "favicon.svg").read_bytes()).decode()
    wasm = base64.b64encode((dist / "posenc_app.wasm").read_bytes()).decode()
    boot = ("window.POSENC_WASM_BINARY = Uint8Array.from(atob('" + wasm + "'), function (c) { return c.charCodeAt(0); });")
    # The languages' catalogues (dist/text/<lang>.txt), which the page would fetch: inline, so that the
    # file works offline in every language.
    texts = {p.stem: p.read_text(encoding="utf-8") for p in sorted((dist / "text").glob("*.txt"))}
    boot += "window.POSENC_TEXTS = " + json.dumps(texts, ensure_ascii=False) + ";"
    # Likewise the languages' own fonts (dist/fonts/<lang>.ttf), as base64.
    fonts = {p.stem: base64.b64encode(p.read_bytes()).decode() for p in sorted((dist / "fonts").glob("*.ttf"))}
    boot += "window.POSENC_FONTS = " + json.dumps(fonts) + ";"
    replacements = {
        r'<link rel="stylesheet" href="posenc.css">': "<style>" + css + "</style>",
        r'<link rel="icon" href="favicon.svg" type="image/svg+xml">':
            '<link rel="icon" href="data:image/svg+xml;base64,' + icon + '">',
        r'<script src="posenc-theme.js"></script>': inline_script((dist / "posenc-theme.js").read_text(encoding="utf-8")),
        # The titles and leads, without the poster images (they would be other files; the wasm is inline,
        # so the live figure comes at once anyway).
        r'<script src="posters/posenc-posters.js"></script>':
            inline_script((dist / "posters" / "posenc-posters.js").read_text(encoding="utf-8") +
                          "self.PosEncPosters.images = false; self.PosEncPosters.split = false;"),
        r'<script src="posenc-poster.js"></script>': inline_script((dist / "posenc-poster.js").read_text(encoding="utf-8")),
        r'<script src="posenc_app.js"></script>':
            inline_script(boot) + inline_script((dist / "posenc_app.js").read_text(encoding="utf-8")),
        r'<script src="posenc.js"></script>': inline_script((dist / "posenc.js").read_text(encoding="utf-8")),
    }
    for tag, body in replacements.items():
        if tag not in html:
            print(f"make_single: {tag!r} not found in index.html", file=sys.stderr)
            return 1
        html = html.replace(tag, body)
    # The licences travel with the file (it is shipped alone: an LMS upload, the Python package): an
    # inert text block before the document's own </body>, ours first, then the third-party notices.
    notices = "\n".join((dist / name).read_text(encoding="utf-8") for name in ("LICENSE", "THIRD_PARTY_NOTICES.txt"))
    head, body_end, tail = html.rpartition("</body>")
    if not body_end:
        print("make_single: no </body> in index.html", file=sys.stderr)
        return 1
    html = (head + '<script type="text/plain" id="posenc-licences">\n' + notices.replace("</script", "<\\/script") +
            "</script>\n" + body_end + tail)
    # An HTML attribute (after a blank), not a script's own `x.src="posters/"` (the poster script, minified,
    # which the single file never runs that way: its images are off).
    if re.search(r'\s(src|href)="(?!data:)[^"#]+"', html):
        print("make_single: a reference to another file is left", file=sys.stderr)
        return 1
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(html, encoding="utf-8")
    print(f"single-file build: {out} ({out.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
