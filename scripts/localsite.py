"""Serving the built site on 127.0.0.1 and launching Debian's Chromium against it.

Shared by the browser tests (e2e/conftest.py) and the load-time bench (bench/load_time.py),
so both measure the same server with the same browser settings.
"""

from __future__ import annotations

import sys
import threading
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, ClassVar
from urllib.parse import urlsplit

LOOPBACK = "127.0.0.1"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    # Any host name but the loopback fails to resolve: nothing can leave the machine.
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1",
]

MIME_TYPES = {
    **SimpleHTTPRequestHandler.extensions_map,
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".wasm": "application/wasm",
    ".toml": "text/plain",
    ".whl": "application/zip",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
}


class QuietHandler(SimpleHTTPRequestHandler):
    """Static files, no access log, the MIME types the site needs, no caching.

    ``QuietHandler.served`` counts, over every server of the process, how often each file of
    ``COUNTED`` was asked for: a game page's start (the browser tests report them per test,
    e2e/conftest.py)."""

    extensions_map = MIME_TYPES
    COUNTED = ("/ui/main.py",)
    served: ClassVar[Counter[str]] = Counter()
    _counting = threading.Lock()

    def send_head(self) -> Any:
        path = urlsplit(self.path).path
        for name in self.COUNTED:
            if path.endswith(name):
                with self._counting:
                    QuietHandler.served[name] += 1
        return super().send_head()

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def end_headers(self) -> None:
        self.send_header("Cache-Control", self.cache_control(urlsplit(self.path).path))
        super().end_headers()

    def cache_control(self, path: str) -> str:
        """No caching: a test that changes a file between two visits sees the change."""
        return "no-store"


class SuiteHandler(QuietHandler):
    """As :class:`QuietHandler`, but the vendored runtimes (``KEPT``: Pyodide and PyScript,
    the same bytes for a whole run) may be kept by the browser's HTTP cache, and with them
    V8's compiled WebAssembly: a browser profile the browser tests share then compiles Pyodide
    once, not once a page (e2e/conftest.py ``profile``). The game's own files stay
    ``no-store``."""

    KEPT = ("/pyodide/", "/pyscript/")

    def cache_control(self, path: str) -> str:
        if any(part in path for part in self.KEPT):
            return "max-age=86400, immutable"
        return super().cache_control(path)


class QuietServer(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):  # browser hung up: expected
            super().handle_error(request, client_address)


@contextmanager
def served(directory: Path) -> Iterator[str]:
    """``directory`` served (``start_server``) for the ``with`` block: its URL, no slash."""
    server, url = start_server(directory)
    try:
        yield url
    finally:
        server.shutdown()
        server.server_close()


def start_server(
    directory: Path, handler: type[QuietHandler] = QuietHandler
) -> tuple[QuietServer, str]:
    """Serve ``directory`` on a free loopback port in a daemon thread; returns the server
    (call ``shutdown()`` and ``server_close()`` when done) and its URL without a slash."""
    server = QuietServer((LOOPBACK, 0), partial(handler, directory=str(directory)))
    threading.Thread(target=server.serve_forever, name="site-http", daemon=True).start()
    host, port = server.server_address[:2]
    return server, f"http://{host!s}:{port}"
