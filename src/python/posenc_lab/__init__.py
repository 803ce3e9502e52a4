"""PosEnc Lab figures in notebooks (Jupyter, Colab, VS Code) and static course sites (Quarto, Jupyter Book).

    import posenc_lab
    posenc_lab.show(view='clock', d=64, k=37)                   # a live figure in the cell's output
    html = posenc_lab.embed_html('similarity', d=512, k=37)     # the same HTML as a string, for any page

Every state key of the page is a keyword argument (view, d, base, pos, k, playing, pair, n, theme, ...: the
rows of PosEnc.schema()). They are checked against the settings table that the page build exported
(data/schema.json, written by the C++ that validates the page's URL), never against a copy: a bad value
raises ValueError, a wrong type or an unknown key TypeError, each naming the key and what it allows. The
figure checks them once more when it starts and lists anything it refused in a notice.

Offline by default: the figure is the single-file build (the page, its scripts and its wasm in one HTML
file, about 1.6 MB) in an <iframe srcdoc>, so a saved notebook shows it with no server and no network. A
srcdoc document has no URL of its own, so its state travels in <meta name="posenc-query">, which the page
reads instead (web/posenc.js). src='https://your-host/posenc/' points at a hosted copy of the page instead:
an ordinary iframe with the state as its query string, a few hundred bytes in the notebook. Each figure is
a document of its own, so several in one notebook do not interfere.
"""
from __future__ import annotations

import copy
import difflib
import html as _html
import json
import math
import numbers
import urllib.parse
from functools import lru_cache
from importlib import resources

__all__ = ["show", "embed_html", "schema"]

try:
    from importlib.metadata import version as _dist_version
    __version__ = _dist_version("posenc-lab")
except Exception:  # not installed (imported from the source folder)
    __version__ = "0+unknown"

# The figure's own options beside the state keys.
_OPTIONS = ("height", "src", "title")


@lru_cache(maxsize=None)
def _rows() -> tuple:
    text = (resources.files(__name__) / "data" / "schema.json").read_text(encoding="utf-8")
    return tuple(json.loads(text))


@lru_cache(maxsize=None)
def _single_file() -> str:
    return (resources.files(__name__) / "data" / "posenc-lab.html").read_text(encoding="utf-8")


def schema() -> list:
    """The settings table as the page exports it: [{key, kind, min, max, default, meaning, allowed, choices?}]."""
    return copy.deepcopy(list(_rows()))


def _default(key: str):
    return next(r["default"] for r in _rows() if r["key"] == key)


def _allows(row: dict) -> str:
    """What a key allows, in words, from its row of the table."""
    if row["kind"] == "choice":
        return "one of: " + ", ".join(row["choices"])
    if row["kind"] == "boolean":
        return "True or False"
    if row["kind"] == "list":
        return "all" + (" or none" if row["min"] == 0 else "") + ", or names from schema()'s choices, separated by commas"
    allowed = row["allowed"]  # "even integer 2..8192", "number > 1, <= 1e12", ...
    return ("an " if allowed[:1] in "aeiou" else "a ") + allowed


def _shown(value) -> str:
    """The value as the message shows it: its repr, at most 40 characters (as the page's messages cut them)."""
    text = repr(value)
    return text if len(text) <= 40 else text[:40] + "..."


def _value_text(key: str, value, row: dict, given: dict, checked: dict) -> str:
    """Checks one value against its row (`checked`: the keys above it, already checked); returns it as the
    page's URL takes it."""
    kind = row["kind"]
    if kind == "choice":
        if not isinstance(value, str):
            raise TypeError(f"{key} must be {_allows(row)}; got {type(value).__name__} {_shown(value)}")
        if value not in row["choices"]:
            near = difflib.get_close_matches(value, row["choices"], n=1)
            hint = f" (did you mean {near[0]!r}?)" if near else ""
            raise ValueError(f"{key} must be {_allows(row)} (got {_shown(value)}){hint}")
        return value
    if kind == "boolean":
        if isinstance(value, bool) or (isinstance(value, numbers.Integral) and value in (0, 1)):
            return "1" if value else "0"
        if isinstance(value, numbers.Integral):
            raise ValueError(f"{key} must be True or False, or 1 or 0 (got {_shown(value)})")
        raise TypeError(f"{key} must be True or False; got {type(value).__name__} {_shown(value)}")
    if kind == "list":
        # Names from the row's choices, separated by commas (a Python list or tuple of them too), or
        # "all" / "none" (none only where the row's min, the fewest names, is 0).
        if isinstance(value, str):
            names = [n.strip() for n in value.split(",")]
        elif isinstance(value, (list, tuple)) and all(isinstance(n, str) for n in value):
            names = [n.strip() for n in value]
        else:
            raise TypeError(f"{key} must be {_allows(row)}; got {type(value).__name__} {_shown(value)}")
        names = [n for n in names if n]
        if names == ["all"] or (names == ["none"] and row["min"] == 0):
            return names[0]
        for n in names:
            if n not in row["choices"]:
                near = difflib.get_close_matches(n, row["choices"], n=1)
                hint = f" (did you mean {near[0]!r}?)" if near else ""
                raise ValueError(f"{key}: {_shown(n)} is not one of its names (schema()'s choices of {key}){hint}")
        if len(names) < row["min"]:
            raise ValueError(f"{key} must name at least {row['min']} (got {_shown(value)})")
        return ",".join(names) if names else "none"
    if kind not in ("integer", "even_integer", "pair_index", "number", "number_above_min"):
        raise RuntimeError(f"posenc_lab {__version__} does not know the kind {kind!r} of {key!r} in the settings "
                           "table: install the package from the same repository as the page")
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{key} must be {_allows(row)}; got {type(value).__name__} {_shown(value)}")
    try:
        v = float(value)
    except OverflowError:
        v = math.inf
    lo, hi = float(row["min"]), row.get("max")
    where = ""
    if kind == "pair_index":
        # pair selects one of the d/2 sin/cos pairs of the d asked for (or of the default d). A tour step
        # may set d itself: without an explicit d the figure checks pair once the step has applied.
        if "step" in given and "d" not in given:
            hi = math.inf
        else:
            d = checked.get("d", _default("d"))
            hi = d // 2 - 1
            where = f", here 0..{hi} for d = {d}"
    # A limit that other keys narrow (alibiHead below alibiHeads, t5MaxDistance above T5's exact buckets:
    # the row's dependsOn) is checked here at its widest; the figure checks the rest as it applies the
    # state, in the table's order, and reports a value outside it.
    hi = math.inf if hi is None else float(hi)
    integral = kind in ("integer", "even_integer", "pair_index")
    ok = (math.isfinite(v) and (v > lo if kind == "number_above_min" else v >= lo) and v <= hi
          and (not integral or v.is_integer()) and (kind != "even_integer" or v % 2 == 0))
    if not ok:
        raise ValueError(f"{key} must be {_allows(row)}{where} (got {_shown(value)})")
    if integral or isinstance(value, numbers.Integral):
        return str(int(v))
    return repr(v)  # the shortest text that reads back as the same double


def _query(state: dict) -> str:
    """The validated state as a query string (keys in the table's order, as the page applies them) plus embed=1."""
    rows = {r["key"]: r for r in _rows()}
    for key in state:
        if key not in rows:
            near = difflib.get_close_matches(key, list(rows) + list(_OPTIONS), n=1)
            hint = f" (did you mean {near[0]!r}?)" if near else ""
            # The shared keys by name; a view's own settings (its scope in the table) only counted, to keep
            # the message short.
            shared = [k for k, r in rows.items() if r.get("scope", "all") == "all"]
            own = len(rows) - len(shared)
            raise TypeError(f"unknown keyword argument {key!r}{hint}; the state keys are {', '.join(shared)}, "
                            f"{own} settings of single views (see schema()), and the figure's options {', '.join(_OPTIONS)}")
    checked = {}
    pairs = []
    for key, row in rows.items():
        if key in state:
            text = _value_text(key, state[key], row, state, checked)
            checked[key] = int(text) if row["kind"] in ("integer", "even_integer") else state[key]
            pairs.append((key, text))
    pairs.append(("embed", "1"))  # the figure fills its frame, without the page's HTML around it
    return urllib.parse.urlencode(pairs, quote_via=urllib.parse.quote)


def _with_query(src: str, query: str) -> str:
    parts = urllib.parse.urlsplit(src)
    return urllib.parse.urlunsplit(parts._replace(query=(parts.query + "&" if parts.query else "") + query))


def _options(height, src, title) -> None:
    if isinstance(height, bool) or not isinstance(height, numbers.Integral):
        raise TypeError(f"height must be a whole number of CSS pixels, at least 1; got {type(height).__name__} {height!r}")
    if height < 1:
        raise ValueError(f"height must be a whole number of CSS pixels, at least 1 (got {height!r})")
    if src is not None and (not isinstance(src, str) or not src.strip()):
        raise TypeError(f"src must be the URL of a hosted PosEnc Lab page (its index.html or folder); got {src!r}")
    if title is not None and not isinstance(title, str):
        raise TypeError(f"title must be a string; got {type(title).__name__} {title!r}")


def embed_html(view: str | None = None, *, height: int = 480, src: str | None = None, title: str | None = None,
               **state) -> str:
    """The HTML of one live figure: an <iframe> that holds the whole module (srcdoc), or loads `src`.

    view, **state: the page's state keys (see schema()); keys left out keep the page's defaults.
    height: the figure's height in CSS pixels (it is as wide as the page's column).
    src: the URL of a hosted copy of the page (index.html, or its folder) to load instead of embedding it.
    title: the iframe's accessible name (default: the view).
    """
    if view is not None:
        state = {"view": view, **state}
    _options(height, src, title)
    query = _query(state)
    name = title if title is not None else f"PosEnc Lab figure: {state.get('view', _default('view'))} view"
    attrs = (f'class="posenc-lab" title="{_html.escape(name)}" width="100%" height="{int(height)}" '
             f'style="display:block;width:100%;height:{int(height)}px;border:0" allow="fullscreen" allowfullscreen')
    if src is not None:
        return f'<iframe {attrs} src="{_html.escape(_with_query(src.strip(), query))}"></iframe>'
    document = _single_file().replace("<head>", f'<head>\n<meta name="posenc-query" content="{_html.escape(query)}">', 1)
    return f'<iframe {attrs} srcdoc="{_html.escape(document)}"></iframe>'


def show(view: str | None = None, *, height: int = 480, src: str | None = None, title: str | None = None,
         **state) -> None:
    """Shows one live figure in the notebook cell's output; the arguments are embed_html()'s."""
    html = embed_html(view, height=height, src=src, title=title, **state)
    try:
        from IPython.display import display
    except ImportError:
        raise RuntimeError("posenc_lab.show() draws into a notebook (IPython / Jupyter); elsewhere, put "
                           "posenc_lab.embed_html(...) into your page") from None
    shown = {"view": view, **state} if view is not None else state
    plain = "PosEnc Lab figure (" + ", ".join(f"{k}={v!r}" for k, v in shown.items()) + ")"
    display({"text/html": html, "text/plain": plain}, raw=True)
