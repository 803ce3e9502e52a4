#!/usr/bin/env python3
"""Builds PosEnc Lab's SCORM 1.2 package: a zip for a learning management system (Moodle, Canvas, ...)
with imsmanifest.xml and one SCO for the whole guided tour and one per chapter of the lesson registry
(the chapter's lessons and its part of the tour), each reporting completion, score and each answer to
the LMS (web/posenc-scorm.js). Without an LMS the page inside is the ordinary single-file PosEnc Lab.

    python3 scripts/make_scorm.py build/web/single/posenc-lab.html build/web/dist build/web/scorm/posenc-lab-scorm.zip [CHAPTERS.json]

CHAPTERS.json is `posenc_settings_tool chapters` (src/tools/settings_tool.cpp: the registry's chapters,
their lessons and the first tour step on them); a chapter without tour steps gets no SCO (it has nothing
to complete). A chapter's SCO is a small page that opens index.html at `views=<its lessons>&step=<its
first step>`, so the figure offers those lessons and their steps only, and the score and completion are
the chapter's (README "Course authors").

The SCO's page is the single-file build (scripts/make_single.py) with two additions: a
<meta name="posenc-query" content="step=1"> (the page reads it when its URL has no query, so the SCO
opens at the tour's first step whatever the LMS appends or not) and the SCORM script after posenc.js.
The licences travel in the zip beside it (and inside the page, as in the single file). The zip is
reproducible: fixed member order and timestamps.
"""
import json
import pathlib
import sys
import zipfile
from xml.sax.saxutils import escape, quoteattr

SCO_QUERY = "step=1"  # the tour from its first step (README "Course authors": what the SCO opens)
FIXED_TIME = (2020, 1, 1, 0, 0, 0)


def chapter_page(chapter: dict) -> str:
    """The chapter's SCO: it opens the tour's page at the chapter's lessons and first step, in the same
    window (so the page finds the LMS's API where this page would)."""
    query = "views=" + chapter["views"] + "&step=" + str(chapter["step"])
    target = "index.html?" + query
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{escape(chapter["title"])}</title>
<script>location.replace({json.dumps(target)});</script></head>
<body><p><a href={quoteattr(target)}>{escape(chapter["title"])}</a></p></body></html>
"""


def chapter_scos(chapters: list) -> list:
    """(identifier, title, href) for each chapter that has tour steps."""
    return [(f"chapter-{c['chapter']}", f"Chapter {c['chapter']}: {c['title']}", f"chapter-{c['chapter']}.html")
            for c in chapters if c["step"] > 0]


def manifest(version: str, chapters: list) -> str:
    ident = "posenc-lab-" + version.replace(".", "-")
    title = "PosEnc Lab: positional encodings, the guided tour"
    items = "".join(f"""
      <item identifier={quoteattr(i)} identifierref={quoteattr(i + "-sco")} isvisible="true">
        <title>{escape(t)}</title>
      </item>""" for i, t, _ in chapter_scos(chapters))
    resources = "".join(f"""
    <resource identifier={quoteattr(i + "-sco")} type="webcontent" adlcp:scormtype="sco" href={quoteattr(h)}>
      <file href={quoteattr(h)}/>
      <dependency identifierref="page"/>
    </resource>""" for i, _, h in chapter_scos(chapters))
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier={quoteattr(ident)} version={quoteattr(version)}
    xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
    xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"
    xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
    xsi:schemaLocation="http://www.imsproject.org/xsd/imscp_rootv1p1p2 imscp_rootv1p1p2.xsd http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>1.2</schemaversion>
  </metadata>
  <organizations default="posenc-lab">
    <organization identifier="posenc-lab">
      <title>{escape(title)}</title>
      <item identifier="tour" identifierref="tour-sco" isvisible="true">
        <title>The guided tour, with its questions</title>
      </item>{items}
    </organization>
  </organizations>
  <resources>
    <resource identifier="tour-sco" type="webcontent" adlcp:scormtype="sco" href="index.html">
      <file href="index.html"/>
      <dependency identifierref="page"/>
    </resource>{resources}
    <resource identifier="page" type="webcontent" adlcp:scormtype="asset">
      <file href="index.html"/>
      <file href="LICENSE"/>
      <file href="THIRD_PARTY_NOTICES.txt"/>
    </resource>
  </resources>
</manifest>
"""


def sco_page(single: str, scorm_js: str) -> str:
    head = "</head>"
    if head not in single:
        raise SystemExit("make_scorm: the single-file page has no </head>")
    page = single.replace(head, f'<meta name="posenc-query" content="{SCO_QUERY}">\n{head}', 1)
    # After the page's own scripts (posenc.js defines window.PosEnc), before the inert licence block.
    marker = '<script type="text/plain" id="posenc-licences">'
    if marker not in page:
        raise SystemExit("make_scorm: no licence block in the single-file page (scripts/make_single.py)")
    script = "<script>" + scorm_js.replace("</script", "<\\/script") + "</script>\n"
    return page.replace(marker, script + marker, 1)


def main() -> int:
    if len(sys.argv) not in (4, 5):
        print(__doc__, file=sys.stderr)
        return 2
    single, dist, out = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2]), pathlib.Path(sys.argv[3])
    chapters = json.loads(pathlib.Path(sys.argv[4]).read_text(encoding="utf-8")) if len(sys.argv) == 5 else []
    version = json.loads((dist / "package.json").read_text(encoding="utf-8"))["version"]
    page = sco_page(single.read_text(encoding="utf-8"), (dist / "posenc-scorm.js").read_text(encoding="utf-8"))
    members = [
        ("imsmanifest.xml", manifest(version, chapters)),
        ("index.html", page),
        *[(h, chapter_page(c)) for c, (_, _, h) in zip([c for c in chapters if c["step"] > 0], chapter_scos(chapters))],
        ("LICENSE", (dist / "LICENSE").read_text(encoding="utf-8")),
        ("THIRD_PARTY_NOTICES.txt", (dist / "THIRD_PARTY_NOTICES.txt").read_text(encoding="utf-8")),
    ]
    out.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        for name, text in members:
            info = zipfile.ZipInfo(name, FIXED_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, text.encode("utf-8"))
    print(f"SCORM 1.2 package: {out} ({out.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
