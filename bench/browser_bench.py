"""The engine benchmark inside Pyodide in Chromium, where the game really runs.

    python bench/browser_bench.py [bench arguments...]      # default: bench --games 1000

It serves Pyodide from the pinned npm package and this checkout's ``game/`` on 127.0.0.1,
opens Debian's Chromium (as the browser tests do), runs ``python -m game <arguments>`` in the
page and prints what it printed, so the figures compare directly with the CPython run of the
same command. ``bench/pyodide_bench.mjs`` runs the same inside Node, whose older V8 runs
WebAssembly slower than the browser.
"""

from __future__ import annotations

import json
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from scripts.localsite import CHROMIUM, CHROMIUM_ARGS, start_server  # noqa: E402

PAGE = """<!doctype html><meta charset="utf-8"><title>Moonshot engine bench</title>
<script type="module">
import { loadPyodide } from "./pyodide/pyodide.mjs";
const py = await loadPyodide({ indexURL: "./pyodide/" });
const files = await (await fetch("files.json")).json();
for (const f of files) {
  const path = "/home/pyodide/" + f;
  py.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
  py.FS.writeFile(path, new Uint8Array(await (await fetch(f)).arrayBuffer()));
}
const out = [];
py.setStdout({ batched: (line) => out.push(line) });
const args = JSON.parse(decodeURIComponent(location.hash.slice(1)));
try {
  await py.runPythonAsync(`import sys
sys.path.insert(0, "/home/pyodide")
print("Pyodide", sys.version.split()[0])
from game.tools.cli import main
main(${JSON.stringify(args)})`);
} catch (error) { out.push(String(error)); }
document.body.dataset.out = out.join("\\n");
</script><body></body>
"""


def main(args: list[str]) -> int:
    args = args or ["bench", "--games", "1000"]
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp)
        (site / "pyodide").symlink_to(ROOT / "node_modules" / "pyodide")
        shutil.copytree(ROOT / "game", site / "game",
                        ignore=shutil.ignore_patterns("__pycache__"))
        files = sorted(str(p.relative_to(site)) for p in (site / "game").rglob("*")
                       if p.suffix in (".py", ".toml"))
        (site / "files.json").write_text(json.dumps(files))
        (site / "index.html").write_text(PAGE)
        server, base = start_server(site)
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                page = browser.new_page()
                page.goto(f"{base}/index.html#{json.dumps(args)}")
                page.wait_for_selector("body[data-out]", state="attached", timeout=1_800_000)
                print(page.evaluate("document.body.dataset.out"))
                print("Chromium", browser.version)
                browser.close()
        finally:
            server.shutdown()
            server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
