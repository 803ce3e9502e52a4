"""Unit tests of the posenc_lab package (src/python), run by tests/python/run.sh against the installed package.

The independent truth for validation is the page's own C++ path: src/tools/settings_tool.cpp applies a
query string through app::apply_query, as the page does with its URL. Every value the package accepts must
apply there unchanged, and every value it refuses must be refused there too, at each limit of each key of
the settings table. POSENC_WEB_BUILD names the web build folder that holds the tool (posenc_settings_tool.js,
run by node) and the data the package was built from.
"""
import html.parser
import json
import math
import os
import pathlib
import shutil
import subprocess
import sys
import unittest
import urllib.parse
from unittest import mock

import posenc_lab

WEB = pathlib.Path(os.environ.get("POSENC_WEB_BUILD", pathlib.Path(__file__).resolve().parents[2] / "build" / "web"))
ROWS = {r["key"]: r for r in posenc_lab.schema()}


def apply_in_cpp(queries):
    """[{rejected, state}] for each query, from the C++ validated path (the settings tool)."""
    tool_js, tool = WEB / "posenc_settings_tool.js", WEB / "posenc_settings_tool"
    if tool_js.is_file():
        cmd = [shutil.which("node") or "node", str(tool_js), "check"]
    elif tool.is_file():
        cmd = [str(tool), "check"]
    else:
        raise AssertionError(f"no settings tool in {WEB}: build the page (scripts/build.sh page)")
    out = subprocess.run(cmd, input="".join(q + "\n" for q in queries), capture_output=True, text=True, check=True)
    lines = out.stdout.splitlines()
    assert len(lines) == len(queries), out.stderr
    return [json.loads(line) for line in lines]


def iframe_of(markup):
    """The attributes of the one <iframe> in `markup` (unescaped by the HTML parser, as a browser reads them)."""
    found = []

    class Parser(html.parser.HTMLParser):
        def handle_starttag(self, tag, attrs):
            found.append((tag, dict(attrs)))

    Parser().feed(markup)
    assert [t for t, _ in found] == ["iframe"], found
    return found[0][1]


def query_of(kwargs):
    """The state query the package makes for kwargs (from the srcdoc's <meta name="posenc-query">)."""
    doc = iframe_of(posenc_lab.embed_html(**kwargs))["srcdoc"]
    start = doc.index('<meta name="posenc-query" content="') + len('<meta name="posenc-query" content="')
    return html.unescape(doc[start:doc.index('">', start)])


def candidates():
    """(kwargs, key) at and just beyond every limit of every key, plus values of the wrong shape."""
    out = []
    for key, row in ROWS.items():
        kind = row["kind"]
        if kind == "choice":
            out += [({key: c}, key) for c in row["choices"]] + [({key: "no-such-" + key}, key)]
        elif kind == "boolean":
            out += [({key: True}, key), ({key: False}, key), ({key: 1}, key), ({key: 2}, key)]
        elif kind == "list":  # names from choices separated by commas, all, none where min is 0
            names = row["choices"]
            out += [({key: v}, key) for v in ("all", "none", names[0], names[-1], ",".join(names[:3]),
                                                names[0] + ",no-such-name", "no-such-" + key)]
        elif kind == "pair_index":
            for d in (2, 64, ROWS["d"]["max"]):
                out += [({"d": d, key: v}, key) for v in (0, d // 2 - 1, d // 2, -1, 0.5)]
            out += [({key: ROWS["d"]["default"] // 2 - 1}, key), ({key: ROWS["d"]["default"] // 2}, key)]
        else:
            lo, hi = row["min"], row["max"]
            values = [lo, hi, math.nextafter(lo, -math.inf), math.nextafter(hi, math.inf), (lo + hi) / 2,
                      math.inf, -math.inf, math.nan]
            if kind in ("integer", "even_integer"):
                values += [lo - 1, hi + 1, lo + 0.5, float(hi), lo + 1]
            else:
                values += [math.nextafter(lo, math.inf), 0.1, -0.0, 1e-300, lo + (hi - lo) / 3]
            out += [({key: v}, key) for v in values]
    return out


class Validation(unittest.TestCase):
    def test_accepts_and_refuses_what_the_page_does(self):
        """At each limit of each key, the package and the page's C++ path agree, and accepted values arrive unchanged."""
        cases = candidates()
        verdicts, queries = [], []
        for kwargs, key in cases:
            try:
                queries.append(query_of(kwargs))
                verdicts.append(None)
            except ValueError as e:
                verdicts.append(e)
                # The value as the page's URL would carry it: the page must refuse it too.
                v = kwargs[key]
                text = ("1" if v else "0") if isinstance(v, bool) else repr(v) if isinstance(v, float) else str(v)
                pairs = [(k, str(x)) for k, x in kwargs.items() if k != key] + [(key, text)]
                queries.append(urllib.parse.urlencode(pairs, quote_via=urllib.parse.quote))
        self.assertGreater(len(cases), 100)
        for (kwargs, key), refused, query, cpp in zip(cases, verdicts, queries, apply_in_cpp(queries)):
            with self.subTest(kwargs=kwargs):
                rejected = [r["key"] for r in cpp["rejected"]]
                if refused is None and ROWS[key].get("dependsOn") and ROWS[key]["kind"] != "pair_index":
                    # A limit narrowed by other keys: the package checks it at its widest, the page exactly.
                    if rejected:
                        self.assertEqual(rejected, [key], cpp["rejected"])
                        self.assertIn(" for ", cpp["rejected"][0]["reason"], "the page says on what it depends")
                elif refused is None:
                    self.assertEqual(rejected, [], f"the package accepted {kwargs}, the page refused: {cpp['rejected']}")
                    for k, v in kwargs.items():
                        want = v if ROWS[k]["kind"] != "boolean" else bool(v)
                        self.assertEqual(cpp["state"][k], want, f"{k} arrived as {cpp['state'][k]!r} from {query}")
                else:
                    self.assertIn(key, rejected, f"the package refused {kwargs} ({refused}), the page accepted {query}")

    def test_every_kind_of_the_table_is_known(self):
        """A kind added to the C++ table without its check here fails (each key at its default value)."""
        for key, row in ROWS.items():
            with self.subTest(key=key):
                self.assertIn(f"{key}=", query_of({key: row["default"]}))

    def test_messages_name_the_key_and_what_it_allows(self):
        cases = [
            (dict(d=63), ValueError, ["d must be", "even integer 2..8192", "got 63"]),
            (dict(d=0), ValueError, ["d must be", "2..8192"]),
            (dict(d="64"), TypeError, ["d must be", "2..8192", "str"]),
            (dict(d=True), TypeError, ["d must be", "bool"]),
            (dict(base=1), ValueError, ["base must be", "> 1, <= 1e12"]),
            (dict(k=math.nan), ValueError, ["k must be", "-1e9..1e9", "nan"]),
            (dict(pos=2e9), ValueError, ["pos must be", "-1e9..1e9"]),
            (dict(pos=10 ** 400), ValueError, ["pos must be", "..."]),
            (dict(d=64, pair=32), ValueError, ["pair must be", "0..31 for d = 64", "got 32"]),
            (dict(n=0.5), ValueError, ["n must be", "integer 1..100000"]),
            (dict(view="clok"), ValueError, ["view must be one of", "clock", "did you mean 'clock'"]),
            (dict(view=3), TypeError, ["view must be one of", "int"]),
            (dict(playing="yes"), TypeError, ["playing must be True or False"]),
            (dict(playing=2), ValueError, ["playing must be True or False"]),
            (dict(dd=3), TypeError, ["unknown keyword argument 'dd'", "did you mean 'd'", "state keys are views, view, d"]),
            (dict(embed=1), TypeError, ["unknown keyword argument 'embed'"]),
            (dict(height=0), ValueError, ["height must be"]),
            (dict(height="480px"), TypeError, ["height must be"]),
            (dict(src=""), TypeError, ["src must be"]),
        ]
        for kwargs, error, parts in cases:
            with self.subTest(kwargs=kwargs):
                with self.assertRaises(error) as caught:
                    posenc_lab.embed_html(**kwargs)
                for part in parts:
                    self.assertIn(part, str(caught.exception))
                self.assertLess(len(str(caught.exception)), 400)

    def test_pair_after_a_tour_step_is_left_to_the_figure(self):
        """A tour step may set d itself: without an explicit d the package cannot know pair's limit."""
        self.assertIn("pair=40", query_of(dict(step=1, pair=40)))
        with self.assertRaises(ValueError):
            posenc_lab.embed_html(step=1, d=64, pair=40)

    def test_view_given_twice(self):
        with self.assertRaises(TypeError):
            posenc_lab.embed_html("clock", view="rope")


class Html(unittest.TestCase):
    def single_file(self):
        return (pathlib.Path(posenc_lab.__file__).parent / "data" / "posenc-lab.html").read_text(encoding="utf-8")

    def test_offline_figure_is_the_single_file_build_plus_its_state(self):
        frame = iframe_of(posenc_lab.embed_html("clock", d=64, k=37, pos=2.5, playing=False))
        self.assertNotIn("src", frame)
        meta = '<meta name="posenc-query" content="view=clock&amp;d=64&amp;pos=2.5&amp;k=37&amp;playing=0&amp;embed=1">'
        self.assertIn(meta, frame["srcdoc"])
        # Nothing else of the page is changed, and it references no other file.
        self.assertEqual(frame["srcdoc"].replace("\n" + meta, "", 1), self.single_file())
        self.assertNotRegex(frame["srcdoc"], r'<script[^>]+src=|<link[^>]+href="(?!data:)')
        self.assertEqual(frame["height"], "480")
        self.assertEqual(frame["title"], "PosEnc Lab figure: clock view")

    def test_hosted_copy(self):
        frame = iframe_of(posenc_lab.embed_html("rope", d=64, src="https://host.example/posenc/index.html?lang=en#top",
                                                height=300, title='Rope "live" <figure>'))
        self.assertNotIn("srcdoc", frame)
        self.assertEqual(frame["src"], "https://host.example/posenc/index.html?lang=en&view=rope&d=64&embed=1#top")
        self.assertEqual(frame["title"], 'Rope "live" <figure>')
        self.assertEqual(frame["height"], "300")
        self.assertLess(len(posenc_lab.embed_html("rope", src="https://host.example/posenc/")), 400)

    def test_numbers_travel_exactly(self):
        """Floats are written so that the page reads back the same double (shortest round-trip text)."""
        for v in (0.1, 1 / 3, 123456.789, -0.0, 1e-300, 5e-324, 999999999.9999999):
            with self.subTest(v=v):
                text = urllib.parse.parse_qs(query_of({"k": v}))["k"][0]
                self.assertEqual(float(text), v)
                self.assertEqual(math.copysign(1, float(text)), math.copysign(1, v))

    def test_figures_are_independent_documents(self):
        a, b = posenc_lab.embed_html("clock", k=1), posenc_lab.embed_html("clock", k=2)
        self.assertIn("k=1&embed=1", iframe_of(a)["srcdoc"].replace("&amp;", "&"))
        self.assertIn("k=2&embed=1", iframe_of(b)["srcdoc"].replace("&amp;", "&"))
        self.assertNotIn("id=", a[:a.index("srcdoc=")])  # no page-wide id that two figures would share


class Show(unittest.TestCase):
    def test_show_displays_the_same_html(self):
        try:
            import IPython.display  # noqa: F401  (Debian's, through the venv's system site packages)
        except ImportError:
            self.fail("IPython is needed for this test (python3-ipykernel)")
        with mock.patch("IPython.display.display") as display:
            self.assertIsNone(posenc_lab.show("similarity", d=512, k=37, height=420))
        (bundle,), options = display.call_args
        self.assertEqual(options, {"raw": True})
        self.assertEqual(bundle["text/html"], posenc_lab.embed_html("similarity", d=512, k=37, height=420))
        self.assertEqual(bundle["text/plain"], "PosEnc Lab figure (view='similarity', d=512, k=37)")

    def test_show_checks_before_it_needs_a_notebook(self):
        with mock.patch.dict(sys.modules, {"IPython": None, "IPython.display": None}):
            with self.assertRaises(ValueError):
                posenc_lab.show(d=3)
            with self.assertRaises(RuntimeError) as caught:
                posenc_lab.show(d=4)
        self.assertIn("embed_html", str(caught.exception))

    def test_schema_is_a_copy(self):
        rows = posenc_lab.schema()
        rows[0]["key"] = "changed"
        self.assertNotEqual(posenc_lab.schema()[0]["key"], "changed")


if __name__ == "__main__":
    unittest.main()
