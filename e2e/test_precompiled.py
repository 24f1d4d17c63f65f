"""The app's dataclasses take the methods the build compiled (ui/platform/precompiled.py):
checked in the Pyodide the site ships (run by Node on dist/pyodide/), on the built app.zip."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = """
import { loadPyodide } from "pyodide";
import fs from "node:fs";
const [index, app] = process.argv.slice(1);
const pyodide = await loadPyodide({ indexURL: index + "/" });
pyodide.FS.writeFile("/app.zip", new Uint8Array(fs.readFileSync(app)));
console.log(pyodide.runPython(`
import dataclasses, json, marshal, os, sys, zipfile
zipfile.ZipFile("/app.zip").extractall("/app")
os.chdir("/app")  # as PyScript unpacks it: the working directory, on sys.path
sys.path.insert(0, "/app")
from ui.platform import precompiled
installed = precompiled.install()
with open(precompiled.TABLE, "rb") as f:
    table = marshal.load(f)
given = dataclasses.exec
seen = {"hits": 0, "misses": 0}
def counting(source, globals=None, locals=None):
    if isinstance(source, str):
        seen["hits" if precompiled.digest(source) in table else "misses"] += 1
    given(source, globals, locals)
dataclasses.exec = counting
import ui.app, game.ai, game.ai.chronicle, game.ai.advisor
import game
g = game.new_game(3)
seat = g.to_act()[0]
g.apply(seat, g.legal_actions(seat)[0])
json.dumps({"installed": installed, **seen, "moves": g.log_size})
`));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="needs node (npm ci)")
def test_every_dataclass_of_the_app_takes_its_methods_from_the_builds_table(dist: Path) -> None:
    """Importing what the page imports (its computer players too) compiles no dataclass
    method from text: each comes from the table the build made with the same Pyodide."""
    done = subprocess.run(
        ["node", "--input-type=module", "-e", SCRIPT, str(dist / "pyodide"),
         str(dist / "app.zip")], capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    told = json.loads(done.stdout.strip().splitlines()[-1])
    print(f"\n{told['installed']} compiled methods in the table; {told['hits']} taken from it")
    assert told["installed"] > 100 and told["misses"] == 0
    assert told["hits"] >= told["installed"] and told["moves"] == 1
