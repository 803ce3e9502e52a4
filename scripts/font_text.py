#!/usr/bin/env python3
"""Writes the characters a language's own font must carry: every character of its translation files
(src/**/<name>.<lang>.txt) from U+2000 up, the ones the embedded DejaVu subset does not hold (Latin,
Greek and the math signs stay DejaVu's; the page merges the language's font behind it). CMakeLists.txt
hands the result to fontTools' subsetter as --text-file, so the font holds exactly what the texts show.

    python3 scripts/font_text.py OUT FILE...
"""
import pathlib
import sys


def main() -> int:
    out, files = pathlib.Path(sys.argv[1]), sys.argv[2:]
    if not files:
        print("font_text: no translation files given", file=sys.stderr)
        return 1
    chars = set()
    for f in files:
        chars.update(c for c in pathlib.Path(f).read_text(encoding="utf-8") if ord(c) >= 0x2000)
    text = "".join(sorted(chars))
    out.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
