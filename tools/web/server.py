#!/usr/bin/env python3
"""Serves the Shuai page on 127.0.0.1 with the two headers that make it cross-origin isolated (shared memory
for the engine's threads): the page's files from tools/web, the wasm engine from the build folders under
/wasm/. Usage: server.py PORT ROOT (ROOT: the repository). Python's standard library only."""
import functools
import http.server
import os
import sys

MOUNTS = {  # URL prefix -> folder in the repository
    "/wasm/": "build-wasm/bin",
    "/wasm-single/": "build-wasm-single/bin",
}
TYPES = {".js": "text/javascript", ".mjs": "text/javascript", ".wasm": "application/wasm",
         ".svg": "image/svg+xml", ".css": "text/css", ".html": "text/html; charset=utf-8"}


class Handler(http.server.SimpleHTTPRequestHandler):
    def __init__(self, *args, root, **kwargs):
        self.root = root
        super().__init__(*args, directory=os.path.join(root, "tools", "web"), **kwargs)

    def translate_path(self, path):
        clean = path.split("?", 1)[0].split("#", 1)[0]
        for prefix, folder in MOUNTS.items():
            if clean.startswith(prefix):
                name = os.path.basename(clean[len(prefix):])  # the engine's files only, never a subfolder
                return os.path.join(self.root, folder, name)
        return super().translate_path(path)

    def guess_type(self, path):
        return TYPES.get(os.path.splitext(path)[1], super().guess_type(path))

    def end_headers(self):
        self.send_header("Cross-Origin-Opener-Policy", "same-origin")
        self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
        self.send_header("Cross-Origin-Resource-Policy", "same-origin")
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format, *args):  # quiet: a test's output stays readable
        if os.environ.get("SHUAI_WEB_LOG"):
            super().log_message(format, *args)


def main():
    port, root = int(sys.argv[1]), os.path.abspath(sys.argv[2])
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), functools.partial(Handler, root=root))
    print(f"serving http://127.0.0.1:{port}/", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
