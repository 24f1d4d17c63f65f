"""Is what the decision needs in view? A whole scripted game at a window size, measured.

    python bench/in_view.py [--width 1280 --height 800] [--seed 4] [--decisions 300]
                            [--cheap 0.3] [--tutorial] [--no-build] [--json FILE]

Serves dist/ on 127.0.0.1 and plays the USA (seats ``hhmm``: the USSR is the computer's)
through the action bar, seeded. At every decision of the person it looks at each board thing
the app marks as touchable now (``[data-can]``) and counts it

- *out of view* when its centre is outside the window or outside a scrolling panel's visible
  box (the player would have to scroll to see it);
- *covered* when the element at its centre (``document.elementFromPoint``) is neither it nor
  inside it (another part of the page is on top);

and checks that the acting nation's money counter and, when it has chosen one, its launch
target's odds are in view. With ``--tutorial`` it follows the Tutorial to its end instead
(touching what it highlights) and looks at the part each step explains (``[data-spot]``) and
the thing it asks to touch (``[data-hint]``). Prints the totals and the share of decisions
with everything in view, by phase; issue 23's layout work is measured with it (numbers, not
assertions).
"""

from __future__ import annotations

import argparse
import importlib
import json
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "e2e"))
from scripts.localsite import CHROMIUM, CHROMIUM_ARGS, start_server  # noqa: E402

# The e2e tests' moves (settle, pick a control, answer a confirmation): e2e/ is no package.
moves = importlib.import_module("helpers")

LOOK = moves.IN_VIEW  # e2e/helpers.py: where each thing is, and what the page shows there


def measure(page: Page, rng: random.Random, decisions: int, cheap: float) -> dict[str, Any]:
    totals: Counter[str] = Counter()
    by_phase: dict[str, Counter[str]] = {}
    worst: Counter[str] = Counter()  # kinds of things found out of view or covered
    for _ in moves.each_decision(page, decisions):
        look = page.evaluate(LOOK, "[data-can]")
        phase = look["phase"].strip().lower() or "?"
        counts = by_phase.setdefault(phase, Counter())
        states = Counter(state for _, state in look["things"])
        counts["decisions"] += 1
        counts["things"] += len(look["things"])
        counts["out"] += states["out"]
        counts["covered"] += states["covered"]
        counts["all in view"] += not (states["out"] or states["covered"])
        counts["money in view"] += look["money"] == "in"
        counts["target chosen"] += look["odds"] != "none"
        counts["target odds in view"] += look["odds"] == "in"
        for target, state in look["things"]:
            if state != "in":
                worst[f"{target.split(':')[0]} {state}"] += 1
        moves.decide(page, rng, cheap)
    for counts in by_phase.values():
        totals.update(counts)
    return {"totals": dict(totals), "by_phase": {k: dict(v) for k, v in by_phase.items()},
            "missed": dict(worst.most_common(12))}


def tour(page: Page) -> dict[str, Any]:
    """Follow the Tutorial from the start screen to its end, looking at every step."""
    page.get_by_test_id("start-tutorial").click()
    steps: Counter[str] = Counter()
    worst: Counter[str] = Counter()
    panel = page.get_by_test_id("tour")
    for _ in range(300):
        moves.settle(page)
        if not panel.is_visible():
            break
        if page.get_by_test_id("launch").is_visible():  # a launch plays out
            page.wait_for_timeout(400)
            continue
        look = page.evaluate(LOOK, "[data-spot], [data-hint]")
        states = Counter(state for _, state in look["things"])
        steps["steps"] += 1
        steps["things"] += len(look["things"])
        steps["out"] += states["out"]
        steps["covered"] += states["covered"]
        steps["all in view"] += not (states["out"] or states["covered"])
        for target, state in look["things"]:
            if state != "in":
                step = panel.get_attribute("data-step")
                worst[f"step {step} {target or 'spot'} {state}"] += 1
        nxt = page.get_by_test_id("tour-next")
        if nxt.count() and nxt.is_visible():
            nxt.click()
            continue
        hinted = page.locator("[data-hint]:visible").first
        hinted.click()
        moves.answer_confirm(page)
    return {"totals": dict(steps), "by_phase": {}, "missed": dict(worst.most_common(20))}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--width", type=int, default=1280)
    parser.add_argument("--height", type=int, default=800)
    parser.add_argument("--seed", type=int, default=4)
    parser.add_argument("--decisions", type=int, default=300)
    parser.add_argument("--cheap", type=float, default=0.3,
                        help="share of quick controls (launch, pass...) in the seeded picks")
    parser.add_argument("--tutorial", action="store_true",
                        help="follow the Tutorial instead of playing a game")
    parser.add_argument("--no-build", action="store_true")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    if not args.no_build:
        subprocess.run([sys.executable, str(ROOT / "scripts" / "build.py")], check=True,
                       cwd=ROOT, stdout=subprocess.DEVNULL)
    server, url = start_server(DIST)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": args.width, "height": args.height})
            query = "" if args.tutorial else f"?players=2&seats=hhmm&seed={args.seed}&speed=0"
            page.goto(f"{url}/index.html{query}")
            page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=120_000)
            result = (tour(page) if args.tutorial else
                      measure(page, random.Random(args.seed), args.decisions, args.cheap))
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    result["window"] = f"{args.width}x{args.height}"
    t = result["totals"]
    if args.tutorial:
        print(f"{result['window']}: Tutorial, {t.get('steps', 0)} steps, "
              f"{t.get('all in view', 0)} with everything in view; things looked at "
              f"{t.get('things', 0)}: {t.get('out', 0)} out of view, "
              f"{t.get('covered', 0)} covered")
        print(f"  missed: {result['missed']}")
        return 0
    print(f"{result['window']}: {t.get('decisions', 0)} decisions, "
          f"{t.get('all in view', 0)} with every marked thing in view; "
          f"marked things {t.get('things', 0)}: {t.get('out', 0)} out of view, "
          f"{t.get('covered', 0)} covered; money in view at {t.get('money in view', 0)}; "
          f"target odds in view at {t.get('target odds in view', 0)} "
          f"of {t.get('target chosen', 0)}")
    for phase, counts in sorted(result["by_phase"].items()):
        print(f"  {phase:>14}: {counts}")
    print(f"  most missed: {result['missed']}")
    if args.json:
        args.json.write_text(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
