"""Smoke test of bench/load_time.py (the load-time budget is a separate command): one cold load
of each page through the script's own server and measuring code, figures that make sense."""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType

from playwright.sync_api import Browser

from tests.scripts import load_script


def load_bench() -> ModuleType:
    return load_script("load_time", "bench/load_time.py")


def test_load_bench_smoke(browser: Browser, dist: Path) -> None:
    bench = load_bench()
    with bench.serve(dist) as site:
        result = bench.measure(browser, site, runs=1)
    game, bare = result["median"]["game"], result["median"]["bare"]
    assert 0 < game["seconds"] < 60 and 0 < bare["seconds"] < 60
    # Both download Pyodide (over 10 MB); the game adds its wheel, UI and styles.
    assert 10 * 2**20 < bare["bytes"] < game["bytes"]
    assert result["bytes_ratio"] < bench.BYTES_BUDGET
    # The service worker's precache comes after ready and holds the whole site.
    precache = json.loads((dist / "precache.json").read_text())
    assert result["precache_bytes_after_ready"] >= 0.9 * precache["bytes"]
    print("\n" + bench.report(result))
