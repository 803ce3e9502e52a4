#!/usr/bin/env python3
"""Serves a folder on 127.0.0.1 for PosEnc Lab: correct MIME types (application/wasm for the module, which
lets the browser compile it while it downloads), no caching, `Access-Control-Allow-Origin: *` on every
file, and optionally a strict Content-Security-Policy header and compression.

The CORS header is what a page on another origin needs to `import` posenc-embed.mjs (module scripts are
fetched in CORS mode), and what a sandboxed embed (`<iframe sandbox="allow-scripts">`, an opaque origin)
needs to fetch its own posenc_app.wasm. The files are public and sent without cookies, so `*` is safe.

`--compress` sends text and wasm files compressed, as a static host or CDN does: brotli (quality 11)
when the browser accepts it and Python's brotli module (Debian's python3-brotli) is there, else gzip -9;
`--compress gzip` always gzip -9. scripts/bench.mjs measures the throttled first frame with both, so the
bytes on the wire are the ones scripts/sizes.sh counts. Each file is compressed once, on its first
request.

    python3 scripts/serve.py --root build/web/dist --port 8080 [--csp] [--compress [gzip|br]]
"""
import argparse
import functools
import gzip
import http.server
import io
import os
import sys

try:
    import brotli  # Debian's python3-brotli; optional
except ImportError:
    brotli = None

STRICT_CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'"


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".css": "text/css",
        ".html": "text/html; charset=utf-8",
        ".json": "application/json",
    }
    csp = None
    compress = None  # None, "gzip" or "br"
    COMPRESSIBLE = (".wasm", ".js", ".mjs", ".css", ".html", ".svg", ".json", ".txt", ".d.ts")
    _cache = {}  # (path, mtime, encoding) -> compressed bytes

    def send_head(self):
        if not self.compress:
            return super().send_head()
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            if not self.path.split("?", 1)[0].endswith("/"):
                return super().send_head()  # the redirect to "dir/"
            path = os.path.join(path, "index.html")
        accept = self.headers.get("Accept-Encoding", "")
        use_br = self.compress == "br" and brotli is not None and "br" in accept
        encoding = "br" if use_br else "gzip" if "gzip" in accept else None
        if not encoding or not path.endswith(self.COMPRESSIBLE) or not os.path.isfile(path):
            return super().send_head()
        key = (path, os.stat(path).st_mtime_ns, encoding)
        body = self._cache.get(key)
        if body is None:
            with open(path, "rb") as f:
                raw = f.read()
            body = brotli.compress(raw, quality=11) if encoding == "br" else gzip.compress(raw, 9, mtime=0)
            self._cache[key] = body
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", encoding)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        return io.BytesIO(body)  # what SimpleHTTPRequestHandler copies to the socket

    def copyfile(self, source, outputfile):
        try:
            super().copyfile(source, outputfile)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the browser went away mid-file (a test closed its page): nothing to report

    def end_headers(self):
        self.send_header("Cache-Control", "no-store")
        self.send_header("Access-Control-Allow-Origin", "*")
        if self.csp:
            self.send_header("Content-Security-Policy", self.csp)
        super().end_headers()

    def log_message(self, fmt, *args):  # quiet: the run script prints the URL
        pass


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", required=True)
    ap.add_argument("--port", type=int, default=8080)
    ap.add_argument("--csp", action="store_true", help="send a strict Content-Security-Policy")
    ap.add_argument("--compress", nargs="?", const="br", choices=("gzip", "br"),
                    help="compress text and wasm files as a static host does: gzip -9, or with 'br' (the default) "
                         "brotli when the browser accepts it")
    args = ap.parse_args()
    Handler.csp = STRICT_CSP if args.csp else None
    Handler.compress = args.compress
    handler = functools.partial(Handler, directory=args.root)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", args.port), handler)
    print(f"serving {args.root} on http://127.0.0.1:{server.server_address[1]}/", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        sys.exit(0)


if __name__ == "__main__":
    main()
