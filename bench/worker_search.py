"""The hard level's search where the game really runs it: in the app's AI worker, in Chromium.

    python bench/worker_search.py [--seconds 60] [--seed 3] [--no-build] [--json]

Builds and serves dist/ on 127.0.0.1, opens a two-player game with the hard level in every
seat (``?players=2&seats=xxxx``, no animation) and, every ten seconds, reads what the page
itself records of each search in its worker (``data-ai-search``: searched decisions, their
iterations in all, the fewest in one). It prints the figures of the whole window: searched
decisions, iterations per searched decision on average and the fewest. The main thread also
redraws the board after every move meanwhile, as in a real game. A separate command, not
part of the test run (``e2e/test_ai_browser.py`` checks that the worker searches at all).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from scripts.localsite import CHROMIUM, CHROMIUM_ARGS, start_server  # noqa: E402

WORKER_UP_MS = 180_000


def measure(seconds: float, seed: int) -> list[int]:
    """[searched decisions, iterations in all, fewest in one] after ``seconds`` of play."""
    server, base = start_server(ROOT / "dist")
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page()
            page.goto(f"{base}/index.html?players=2&seats=xxxx&seed={seed}&speed=0")
            page.wait_for_selector('body[data-ai-worker="ready"]', state="attached",
                                   timeout=WORKER_UP_MS)
            started = time.monotonic()
            while time.monotonic() - started < seconds and \
                    page.evaluate("document.body.dataset.over") != "1":
                time.sleep(1)
            record = json.loads(page.evaluate("document.body.dataset.aiSearch || '{}'"))
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    searched: list[int] = record.get("hard/worker", [0, 0, 0])
    return searched


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--no-build", action="store_true", help="use dist/ as it is")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if not args.no_build:
        subprocess.run([sys.executable, str(ROOT / "scripts" / "build.py")], check=True,
                       stdout=subprocess.DEVNULL)
    count, total, fewest = measure(args.seconds, args.seed)
    if not count:
        print("worker search: no search finished in the window", file=sys.stderr)
        return 2
    figures = {"searched": count, "iterations_mean": round(total / count, 1),
               "iterations_min": fewest, "seconds": args.seconds, "seed": args.seed}
    print(f"hard in the worker: {count} searched decisions in {args.seconds:.0f} s of a "
          f"hard-vs-hard game (seed {args.seed}), {figures['iterations_mean']} iterations "
          f"each on average, fewest {fewest}")
    if args.json:
        print(json.dumps(figures, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
