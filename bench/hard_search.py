"""The hard level's search where the game really runs it: on the page, in slices, in Chromium.

    python bench/hard_search.py [--seconds 60] [--seed 3] [--no-build] [--json]

Builds and serves dist/ on 127.0.0.1, opens a two-player game with the hard level in every
seat (``?players=2&seats=xxxx``, no animation) and reads, five times a second, what the page
itself records of the searches (``data-ai-search``: searched decisions, their
iterations in all, the fewest in one, the longest one's own time; a search takes over a
second, so each new one is seen alone and its own iterations are the growth of the total).
It prints the figures of the whole window: searched decisions, iterations per searched
decision on average, the fewest, the tenth percentile, how many stayed under 1,000, and the
longest searched decision as the search timed itself (its own slices, not the browser's
turns between them). The page also redraws the board after every move meanwhile, as in a real
game. A separate command, not part of the test run (``e2e/test_ai_browser.py`` checks that
the page searches at all, and stays live meanwhile).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from scripts.localsite import CHROMIUM, CHROMIUM_ARGS, start_server  # noqa: E402

READY_MS = 180_000


@dataclass
class Window:
    """What the page recorded of hard's searches and decisions in the measured window."""

    searched: int = 0
    iterations: int = 0
    fewest: int = 0
    each: list[int] = field(default_factory=list)  # iterations of each search seen alone
    longest_ms: float = 0.0  # the longest searched decision, as the search timed itself


def measure(seconds: float, seed: int) -> Window:
    server, base = start_server(ROOT / "dist")
    window = Window()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page()
            page.goto(f"{base}/index.html?players=2&seats=xxxx&seed={seed}&speed=0")
            page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=READY_MS)
            started = time.monotonic()
            seen = [0, 0, 0, 0.0]
            while time.monotonic() - started < seconds and \
                    page.evaluate("document.body.dataset.over") != "1":
                time.sleep(0.2)
                record = json.loads(page.evaluate("document.body.dataset.aiSearch || '{}'"))
                now = record.get("hard", seen)
                if now[0] == seen[0] + 1:
                    window.each.append(int(now[1] - seen[1]))
                seen = now
            window.searched, window.iterations, window.fewest = map(int, seen[:3])
            window.longest_ms = seen[3]
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    return window


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
    window = measure(args.seconds, args.seed)
    count = window.searched
    if not count:
        print("hard search: no search finished in the window", file=sys.stderr)
        return 2
    each = sorted(window.each)
    figures = {"searched": count, "iterations_mean": round(window.iterations / count, 1),
               "iterations_min": window.fewest, "seen_alone": len(each),
               "iterations_p10": each[len(each) // 10] if each else None,
               "under_1000": sum(1 for n in each if n < 1000),
               "longest_search_ms": window.longest_ms, "seconds": args.seconds,
               "seed": args.seed}
    print(f"hard on the page: {count} searched decisions in {args.seconds:.0f} s of a "
          f"hard-vs-hard game (seed {args.seed}), {figures['iterations_mean']} iterations "
          f"each on average, fewest {window.fewest}; of the {len(each)} seen alone, tenth "
          f"percentile {figures['iterations_p10']}, {figures['under_1000']} under 1,000; "
          f"longest searched decision {window.longest_ms:.0f} ms")
    if args.json:
        print(json.dumps(figures, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
