#!/usr/bin/env python3
"""Serves a folder on 127.0.0.1 for PosEnc Lab: correct MIME types (application/wasm for the module),
no caching, `Access-Control-Allow-Origin: *` on every file, and optionally a strict
Content-Security-Policy header.

The CORS header is what a page on another origin needs to `import` posenc-embed.mjs (module scripts are
fetched in CORS mode), and what a sandboxed embed (`<iframe sandbox="allow-scripts">`, an opaque origin)
needs to fetch its own posenc_app.wasm. The files are public and sent without cookies, so `*` is safe.

    python3 scripts/serve.py --root build/web/dist --port 8080 [--csp]
"""
import argparse
import functools
import http.server
import sys

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
    args = ap.parse_args()
    Handler.csp = STRICT_CSP if args.csp else None
    handler = functools.partial(Handler, directory=args.root)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", args.port), handler)
    print(f"serving {args.root} on http://127.0.0.1:{server.server_address[1]}/", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        sys.exit(0)


if __name__ == "__main__":
    main()
