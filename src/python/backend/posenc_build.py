"""PEP 517 build backend for the posenc-lab Python package, standard library only.

Why not setuptools: pip builds a package in an isolated environment into which it installs the backend
from PyPI, which a course author's machine without network (and our CI) cannot reach; `requires = []`
with this in-tree backend installs with a plain `pip install src/python`, offline, on any Python >= 3.9.

What goes into the wheel:
  posenc_lab/*.py                  the package (src/python/posenc_lab)
  posenc_lab/data/posenc-lab.html  the single-file build (scripts/make_single.py)
  posenc_lab/data/schema.json      the settings table, as PosEnc.schema() returns it (src/tools/settings_tool.cpp)
The two data files are made by the page build and never committed. They are taken from the folder named
by the environment variable POSENC_WEB_BUILD, or else the repository's build/web (an sdist made by
build_sdist carries its own, in posenc_lab/data/). The version is the `version` of web/package.json
(or an sdist's PKG-INFO), so the page and the package share one number.
"""
from __future__ import annotations

import base64
import hashlib
import io
import json
import os
import pathlib
import re
import tarfile
import zipfile

PROJECT = pathlib.Path(__file__).resolve().parent.parent   # src/python
REPO = PROJECT.parent.parent                                # the repository, when built from it
PACKAGE = "posenc_lab"
DATA = ("posenc-lab.html", "schema.json")
# Where each data file lies in a web build folder (build/web by default).
DATA_IN_BUILD = {"posenc-lab.html": "single/posenc-lab.html", "schema.json": "python/schema.json"}
ZIP_TIME = (1980, 1, 1, 0, 0, 0)  # fixed, so the same inputs give the same wheel


class BuildError(RuntimeError):
    pass


def _project_table() -> dict:
    text = (PROJECT / "pyproject.toml").read_text(encoding="utf-8")
    try:
        import tomllib  # Python >= 3.11
        return tomllib.loads(text).get("project", {})
    except ImportError:
        # Older Pythons: the [project] table holds only `key = "string"` lines (and `dynamic`).
        section = re.search(r"^\[project\]\s*$(.*?)(?=^\[|\Z)", text, re.M | re.S)
        pairs = re.findall(r'^([\w-]+)\s*=\s*"([^"]*)"\s*$', section.group(1) if section else "", re.M)
        return dict(pairs)


def _version() -> str:
    pkg_info = PROJECT / "PKG-INFO"
    if pkg_info.exists():  # an sdist
        m = re.search(r"^Version: (.+)$", pkg_info.read_text(encoding="utf-8"), re.M)
        if m:
            return m.group(1).strip()
    package_json = REPO / "web" / "package.json"
    if not package_json.exists():
        raise BuildError(f"posenc-lab: cannot find {package_json} for the version; install from the repository's "
                         "src/python folder (pip install /path/to/repo/src/python), not from a copy of it")
    return json.loads(package_json.read_text(encoding="utf-8"))["version"]


def _metadata() -> str:
    project = _project_table()
    lines = ["Metadata-Version: 2.1", "Name: " + project["name"], "Version: " + _version()]
    if project.get("description"):
        lines.append("Summary: " + project["description"])
    if project.get("requires-python"):
        lines.append("Requires-Python: " + project["requires-python"])
    if project.get("license"):
        # The data file (the single-file build) carries the licence texts: ours and the third-party notices.
        lines.append("License: " + project["license"])
    return "\n".join(lines) + "\n"


def _web_build() -> pathlib.Path:
    given = os.environ.get("POSENC_WEB_BUILD")
    if not given:
        return REPO / "build" / "web"
    path = pathlib.Path(given).expanduser()
    if path.is_absolute():
        return path
    # pip runs this backend in src/python, so a relative folder means the one from where pip was typed
    # (the shell's $PWD, which pip passes on), or else one in the repository.
    bases = [pathlib.Path(b) for b in (os.environ.get("PWD"), REPO) if b]
    return next((b / path for b in bases if (b / path).is_dir()), bases[0] / path)


def _data_sources() -> dict:
    if (PROJECT / "PKG-INFO").exists():  # an sdist carries its data
        return {name: PROJECT / PACKAGE / "data" / name for name in DATA}
    build = _web_build()
    found = {name: build / DATA_IN_BUILD[name] for name in DATA}
    missing = [str(p) for p in found.values() if not p.is_file()]
    if missing:
        raise BuildError("posenc-lab: the page build is missing: " + ", ".join(missing) + ". Build the page first "
                         "(bash scripts/build.sh page), or set POSENC_WEB_BUILD to a web build folder that has "
                         "single/posenc-lab.html and python/schema.json.")
    return found


def _check_data(name: str, data: bytes) -> None:
    """Refuses data that the package could not use, so a bad build fails at install rather than in a notebook."""
    if name == "schema.json":
        rows = json.loads(data.decode("utf-8"))
        if not isinstance(rows, list) or not rows or not all(isinstance(r, dict) and "key" in r and "kind" in r for r in rows):
            raise BuildError("posenc-lab: schema.json is not the settings table ([{key, kind, ...}])")
    else:
        html = data.decode("utf-8")
        # The package puts its <meta> after the first "<head>": it must be the document's, before any script.
        head = html.find("<head>")
        if head < 0 or head > html.find("<script") or "POSENC_WASM_BINARY" not in html:
            raise BuildError("posenc-lab: posenc-lab.html is not the single-file build (scripts/make_single.py)")
        if "posenc-query" not in html:
            raise BuildError("posenc-lab: posenc-lab.html was built from a page without the posenc-query start "
                             "(web/posenc.js); rebuild the page")


def _files() -> list:
    """(name in the archive, bytes) for the package's modules and its data."""
    out = []
    for path in sorted((PROJECT / PACKAGE).glob("*.py")):
        out.append((f"{PACKAGE}/{path.name}", path.read_bytes()))
    for name, path in _data_sources().items():
        data = path.read_bytes()
        _check_data(name, data)
        out.append((f"{PACKAGE}/data/{name}", data))
    return out


def _dist_name() -> str:
    return re.sub(r"[-_.]+", "_", _project_table()["name"]).lower()


def _record_hash(data: bytes) -> str:
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def _write_wheel(wheel_directory: str, files: list) -> str:
    name, version = _dist_name(), _version()
    dist_info = f"{name}-{version}.dist-info"
    files = files + [
        (f"{dist_info}/METADATA", _metadata().encode()),
        (f"{dist_info}/WHEEL", b"Wheel-Version: 1.0\nGenerator: posenc_build\nRoot-Is-Purelib: true\nTag: py3-none-any\n"),
    ]
    record = "".join(f"{arc},{_record_hash(data)},{len(data)}\n" for arc, data in files) + f"{dist_info}/RECORD,,\n"
    files.append((f"{dist_info}/RECORD", record.encode()))
    wheel_name = f"{name}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(pathlib.Path(wheel_directory) / wheel_name, "w") as z:
        for arc, data in files:
            info = zipfile.ZipInfo(arc, ZIP_TIME)
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, data)
    return wheel_name


# ---- the PEP 517 hooks ----------------------------------------------------------------------------------

def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    return _write_wheel(wheel_directory, _files())


def build_sdist(sdist_directory, config_settings=None):
    """A source archive that carries the data files, so it installs without the repository."""
    name, version = _dist_name(), _version()
    root = f"{name}-{version}"
    members = [("pyproject.toml", (PROJECT / "pyproject.toml").read_bytes()),
               ("backend/posenc_build.py", pathlib.Path(__file__).read_bytes()),
               ("PKG-INFO", _metadata().encode())] + _files()
    sdist_name = root + ".tar.gz"
    with tarfile.open(pathlib.Path(sdist_directory) / sdist_name, "w:gz", format=tarfile.PAX_FORMAT) as tar:
        for arc, data in members:
            info = tarfile.TarInfo(f"{root}/{arc}")
            info.size, info.mode, info.mtime = len(data), 0o644, 0
            tar.addfile(info, io.BytesIO(data))
    return sdist_name
