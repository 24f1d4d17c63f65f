"""Smoke test of bench/load_time.py (the load-time budget is a separate command): one cold load
of each page through the script's own server and measuring code, figures that make sense."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

from conftest import ROOT
from playwright.sync_api import Browser


def load_bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("load_time", ROOT / "bench" / "load_time.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


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
