"""Same seed, same games in CPython and in Pyodide (WebAssembly, run by Node)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TIMING = ("seconds", "actions_per_s")


def _summary(command: list[str]) -> dict[str, object]:
    out = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=True,
                         timeout=600).stdout
    data: dict[str, object] = json.loads(out.strip().splitlines()[-1])
    return {k: v for k, v in data.items() if k not in TIMING}


@pytest.mark.skipif(not (ROOT / "node_modules" / "pyodide").is_dir() or not shutil.which("node"),
                    reason="needs `npm ci` (scripts/test runs it first)")
@pytest.mark.parametrize("ruleset", ["v0.10.4", "preview"])
def test_random_games_are_identical_in_cpython_and_pyodide(ruleset: str) -> None:
    args = ["simulate", "--games", "30", "--seed", "11", "--players", "4", "--ruleset",
            ruleset, "--json"]
    cpython = _summary([sys.executable, "-m", "game", *args])
    pyodide = _summary(["node", "bench/pyodide_bench.mjs", *args])
    assert cpython == pyodide
    assert cpython["actions"] > 1000
