"""The test servers' caching (scripts/localsite.py): the browser tests' shared profile may keep
the vendored runtimes, never the game's own files, and the benches' server keeps nothing."""

from __future__ import annotations

from pathlib import Path
from urllib.request import urlopen

from tests.scripts import load_script

localsite = load_script("localsite", "scripts/localsite.py")
FILES = ("index.html", "ui/main.py", "pyodide/pyodide.asm.wasm", "pyscript/core.js")


def cache_controls(root: Path, handler: type) -> dict[str, str]:
    for name in FILES:
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(name)
    server, url = localsite.start_server(root, handler)
    try:
        found = {}
        for name in FILES:
            with urlopen(f"{url}/{name}") as response:
                assert response.read().decode() == name
                found[name] = response.headers["Cache-Control"]
        return found
    finally:
        server.shutdown()
        server.server_close()


def test_the_suite_keeps_the_runtimes_and_never_the_games_files(tmp_path: Path) -> None:
    assert cache_controls(tmp_path, localsite.SuiteHandler) == {
        "index.html": "no-store", "ui/main.py": "no-store",
        "pyodide/pyodide.asm.wasm": "max-age=86400, immutable",
        "pyscript/core.js": "max-age=86400, immutable"}


def test_the_benches_server_keeps_nothing(tmp_path: Path) -> None:
    assert set(cache_controls(tmp_path, localsite.QuietHandler).values()) == {"no-store"}
