"""Cold-load budget of the built site: the game against a bare PyScript + Pyodide page.

    python bench/load_time.py [--runs 5] [--no-build] [--json FILE]

Serves dist/ itself on 127.0.0.1 (no caching headers: every byte crosses the socket), plus a
bare page that boots the same PyScript and Pyodide files and does nothing else. Each run is a
fresh browser context (empty HTTP cache, no service worker); runs alternate bare / game so both
see the same machine load. Per run it measures

- seconds from navigation start to ``body[data-ready="1"]`` (``performance.now()`` in the
  page when the attribute appears: no polling delay);
- bytes: the sum of response body sizes of every request finished by then.

It prints the medians, the ratios game / bare and the budget (time <= 1.3x, bytes <= 1.15x),
then one more game run that waits for the service worker's background precache and reports
the bytes it adds after the game is ready (not part of the first load). Exit status 1 when
over budget. A separate command, not part of the test run (e2e/test_load_bench.py only
smoke-tests these functions with one run).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Request, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
sys.path.insert(0, str(ROOT))
from scripts.localsite import CHROMIUM, CHROMIUM_ARGS, start_server  # noqa: E402

TIME_BUDGET = 1.3
BYTES_BUDGET = 1.15
TIMEOUT_MS = 120_000

BARE_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bare PyScript + Pyodide</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="./pyscript/core.css">
<script type="module" src="./pyscript/core.js"></script></head>
<body><script type="py" config="./bare.toml">
from pyscript import document
document.body.dataset.ready = "1"
</script></body></html>
"""
# Runs in every page before its own scripts: the time data-ready appears, from navigation start.
READY_PROBE = """
new MutationObserver((_, observer) => {
  if (document.body && document.body.dataset.ready === "1" && !window.__readyAt) {
    window.__readyAt = performance.now();
    observer.disconnect();
  }
}).observe(document, {attributes: true, subtree: true, attributeFilter: ["data-ready"]});
"""


@contextmanager
def serve(dist: Path = DIST) -> Iterator[str]:
    """dist/ plus bare.html (+ bare.toml) on 127.0.0.1; yields the site URL (ending in /)."""
    with tempfile.TemporaryDirectory(prefix="moonshot-bench-") as tmp:
        root = Path(tmp)
        for entry in dist.iterdir():
            (root / entry.name).symlink_to(entry, target_is_directory=entry.is_dir())
        (root / "bare.html").write_text(BARE_HTML)
        (root / "bare.toml").write_text('interpreter = "./pyodide/pyodide.mjs"\n')
        server, url = start_server(root)
        try:
            yield f"{url}/"
        finally:
            server.shutdown()
            server.server_close()


@dataclass
class Load:
    seconds: float
    bytes: int
    requests: int
    precache_bytes: int | None = None  # fetched after ready by the service worker


def body_bytes(requests: list[Request]) -> int:
    total = 0
    for request in requests:
        size = request.sizes()["responseBodySize"]
        total += max(size, 0)
    return total


def cold_load(browser: Browser, url: str, wait_precache: bool = False) -> Load:
    """One cold load in a fresh context: seconds to data-ready and bytes by then."""
    context = browser.new_context()
    finished: list[Request] = []
    context.on("requestfinished", lambda r: finished.append(r))
    failures: list[str] = []
    context.on("requestfailed", lambda r: failures.append(f"{r.url}: {r.failure}"))
    context.on("weberror", lambda e: failures.append(str(e.error)))
    context.add_init_script(READY_PROBE)
    try:
        page = context.new_page()
        page.goto(url)
        page.wait_for_function("window.__readyAt", timeout=TIMEOUT_MS, polling=50)
        at_ready = list(finished)
        seconds = round(float(page.evaluate("window.__readyAt")) / 1000, 3)
        load = Load(seconds, body_bytes(at_ready), len(at_ready))
        if wait_precache:
            page.wait_for_function("document.documentElement.dataset.offline === 'ready'",
                                   timeout=TIMEOUT_MS)
            later = [r for r in finished if r not in at_ready]
            load.precache_bytes = body_bytes(later)
        if failures:
            raise RuntimeError("load failed:\n" + "\n".join(failures))
        return load
    finally:
        context.close()


def measure(browser: Browser, site: str, runs: int) -> dict[str, Any]:
    """``runs`` cold loads of each page, alternating; medians, ratios and budget verdicts."""
    bare: list[Load] = []
    game: list[Load] = []
    for _ in range(runs):
        bare.append(cold_load(browser, site + "bare.html"))
        game.append(cold_load(browser, site))
    after = cold_load(browser, site, wait_precache=True)
    median = {
        name: {"seconds": round(statistics.median(x.seconds for x in loads), 3),
               "bytes": int(statistics.median(x.bytes for x in loads)),
               "requests": int(statistics.median(x.requests for x in loads))}
        for name, loads in (("game", game), ("bare", bare))
    }
    time_ratio = median["game"]["seconds"] / median["bare"]["seconds"]
    bytes_ratio = median["game"]["bytes"] / median["bare"]["bytes"]
    return {
        "median": median,
        "time_ratio": round(time_ratio, 3),
        "bytes_ratio": round(bytes_ratio, 3),
        "within_budget": {"time": time_ratio <= TIME_BUDGET, "bytes": bytes_ratio <= BYTES_BUDGET},
        "precache_bytes_after_ready": after.precache_bytes,
        "runs": {"game": [asdict(x) for x in game], "bare": [asdict(x) for x in bare]},
    }


def machine() -> dict[str, Any]:
    try:
        chromium = subprocess.run([CHROMIUM, "--version"], capture_output=True, text=True,
                                  timeout=30).stdout.strip().splitlines()[-1]
    except (OSError, subprocess.SubprocessError, IndexError):
        chromium = "?"
    load1, load5, _ = os.getloadavg()
    return {"cpus": os.cpu_count(), "load_average_1m": round(load1, 2),
            "load_average_5m": round(load5, 2), "chromium": chromium,
            "python": platform.python_version(), "platform": platform.platform()}


def report(result: dict[str, Any]) -> str:
    m = result["median"]
    runs = len(result["runs"]["game"])
    mb = 1024 * 1024
    verdict = result["within_budget"]
    lines = [
        f"cold load to body[data-ready=1], median of {runs} runs each, served from 127.0.0.1:",
        f"  game  {m['game']['seconds']:6.2f} s  {m['game']['bytes'] / mb:6.2f} MB"
        f"  {m['game']['requests']} requests",
        f"  bare  {m['bare']['seconds']:6.2f} s  {m['bare']['bytes'] / mb:6.2f} MB"
        f"  {m['bare']['requests']} requests",
        f"  ratio {result['time_ratio']:6.2f} x  {result['bytes_ratio']:6.2f} x"
        f"   budget {TIME_BUDGET} x / {BYTES_BUDGET} x: time "
        f"{'ok' if verdict['time'] else 'OVER'}, bytes {'ok' if verdict['bytes'] else 'OVER'}",
        f"  runs  game {[r['seconds'] for r in result['runs']['game']]}",
        f"        bare {[r['seconds'] for r in result['runs']['bare']]}",
    ]
    if result.get("precache_bytes_after_ready") is not None:
        lines.append(f"  after ready, the service worker precaches "
                     f"{result['precache_bytes_after_ready'] / mb:.2f} MB in the background")
    if "machine" in result:
        lines.append(f"  machine {json.dumps(result['machine'])}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=5, help="cold loads of each page")
    parser.add_argument("--no-build", action="store_true", help="use dist/ as it is")
    parser.add_argument("--json", type=Path, help="also write the result here")
    args = parser.parse_args(argv)
    if not args.no_build:
        subprocess.run([sys.executable, str(ROOT / "scripts" / "build.py")], check=True)
    with serve() as site, sync_playwright() as playwright:
        executable = CHROMIUM if Path(CHROMIUM).exists() else None
        browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        try:
            before = machine()
            result = measure(browser, site, args.runs)
        finally:
            browser.close()
    result["machine"] = {**before, "load_average_1m_after": round(os.getloadavg()[0], 2)}
    print(report(result))
    if args.json:
        args.json.write_text(json.dumps(result, indent=2) + "\n")
    return 0 if all(result["within_budget"].values()) else 1


if __name__ == "__main__":
    sys.exit(main())
