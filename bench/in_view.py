"""Is what each decision needs in view? Whole games between the AIs, measured at window sizes.

    python bench/in_view.py [--games 10] [--seed 1] [--sizes 1280x800,1366x768,1920x1080]
                            [--iterations 300] [--no-build] [--json FILE]
    python bench/in_view.py --sizes 390x844 ...     (a phone: its own games, its own tabs)
    python bench/in_view.py --tutorial [--width 1280 --height 800]

Serves dist/ on 127.0.0.1 and plays whole games of two people at one screen (seats ``hhhh``)
whose every move is chosen by a computer player: Hard (``--iterations`` per search) for one
nation and Medium for the other, the nations swapped every other game. The same game runs
in CPython beside the page (same seed, same moves); at each decision the page's acting seat
(the bar's ``data-seat``) asks its AI, and the bench takes that move through the page's
action bar (opening a group or a space of the blueprint when the move is inside one).

Before each move, at every window size (the window resized in place, the page laid out
again), it looks at each board thing the app marks as touchable now (``[data-can]``) and
counts it

- *out of view* when its centre is outside the window or outside a scrolling panel's visible
  box (the player would have to scroll to see it);
- *covered* when the element at its centre (``document.elementFromPoint``) is neither it nor
  inside it (another part of the page is on top);

the acting nation's money counter, and the action bar (each option shown whole in its row
or counted in the switch at its end: e2e/helpers.py BAR_ROW). Prints, per size, the
decisions, the things looked at, the share with everything in view, and which kinds of
things were missed (numbers, not assertions: ``e2e/test_in_view.py`` keeps a smaller
version). With ``--tutorial`` it follows the Tutorial to its end instead (touching what it
highlights) and looks at the part each step explains (``[data-spot]``) and the thing it asks
to touch (``[data-hint]``).
"""

from __future__ import annotations

import argparse
import importlib
import json
import random
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "e2e"))
from game.ai import Budget, get_ai  # noqa: E402
from game.core.actions import Action, PlaceTile  # noqa: E402
from game.core.content import load_content  # noqa: E402
from game.engine import Game, new_game  # noqa: E402
from game.rules.terms import nation_of  # noqa: E402
from scripts.localsite import CHROMIUM, CHROMIUM_ARGS, start_server  # noqa: E402

# The e2e tests' moves (settle, answer a confirmation): e2e/ is no package.
moves = importlib.import_module("helpers")

LOOK = moves.IN_VIEW  # e2e/helpers.py: where each thing is, and what the page shows there
SEATS = ("USA.politician", "USA.engineer", "USSR.politician", "USSR.engineer")
COLS = load_content().board.cols  # a placement's space is row * COLS + col

# Take the move numbered ``index`` through the bar: shown or folded into "+N more", inside a
# group (opened, then closed again if the move is not there), or, for a tile, after its space.
TAKE = """([index, cell]) => {
  const find = () => document.querySelector(`#actions [data-act="${index}"]`);
  if (find()) { find().click(); return 'bar'; }
  if (cell) {
    const space = document.querySelector(`#actions [data-target="${cell}"]`);
    if (space) { space.click(); if (find()) { find().click(); return 'space'; } }
  }
  const groups = [...document.querySelectorAll('#actions [data-group]')]
    .map(el => el.dataset.group).filter(g => g);
  for (const g of groups) {
    document.querySelector(`#actions [data-group="${g}"]`).click();
    if (find()) { find().click(); return 'group'; }
    const back = document.querySelector('#actions [data-group=""]');
    if (back) back.click();
  }
  return 'missing';
}"""


def _size(text: str) -> tuple[int, int]:
    width, height = text.lower().split("x")
    return int(width), int(height)


def look(page: Page, nation: str) -> dict[str, Any]:
    """Every marked thing and the acting nation's money: "in", "out" or "covered"."""
    seen = page.evaluate(LOOK, "[data-can]")
    money = page.evaluate(LOOK, f"#board-{nation} .count.money")["things"]
    bar = moves.bar_row(page)  # every option shown whole or counted in the bar's switch
    return {"phase": seen["phase"].strip().lower() or "?", "things": seen["things"],
            "money": money[0][1] if money else "none", "bar": bar is None or bar["ok"]}


def tally(counts: dict[str, Counter[str]], missed: Counter[str], examples: list[str],
          size: str, seen: dict[str, Any], where: str) -> None:
    states = Counter(state for _, state in seen["things"])
    c = counts.setdefault(size, Counter())
    c["decisions"] += 1
    c["things"] += len(seen["things"])
    c["out"] += states["out"]
    c["covered"] += states["covered"]
    c["all in view"] += not (states["out"] or states["covered"])
    c["money in view"] += seen["money"] == "in"
    c["bar whole"] += seen["bar"]
    if not seen["bar"] and len(examples) < 40:
        examples.append(f"{size} {where} the action bar hides an option")
    for target, state in seen["things"]:
        if state != "in":
            missed[f"{size} {seen['phase']} {target.split(':')[0]} {state}"] += 1
            if len(examples) < 40:
                examples.append(f"{size} {where} {target} {state}")


def ai_game(page: Page, url: str, seed: int, hard_usa: bool, sizes: list[tuple[int, int]],
            iterations: int, counts: dict[str, Counter[str]], missed: Counter[str],
            examples: list[str], shots: Path | None, trace: bool = False) -> dict[str, Any]:
    """One whole game on the page, its moves chosen by Hard and Medium; measured at
    every decision at every size."""
    game: Game = new_game(seed, players=2)
    level = {"USA": "hard" if hard_usa else "medium", "USSR": "medium" if hard_usa else "hard"}
    ais = {seat: get_ai(level[nation_of(seat)], iterations=iterations) for seat in SEATS}
    rngs = {seat: random.Random(seed * 7919 + i) for i, seat in enumerate(SEATS)}
    budget = Budget(iterations=iterations)
    w, h = sizes[0]
    page.set_viewport_size({"width": w, "height": h})
    page.goto(f"{url}/index.html?players=2&seats=hhhh&seed={seed}&speed=0")
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=120_000)
    decisions = 0
    for _ in range(3000):
        moves.settle(page)
        if moves.game_over(page):
            break
        if moves.privacy_up(page):
            page.get_by_test_id("privacy-continue").click()
            continue
        if moves.answer_confirm(page) or moves.show_mine(page):  # (both nations here)
            continue
        seat = page.get_attribute("#actions .who", "data-seat")
        if seat is None or seat not in game.to_act():
            raise AssertionError(f"seed {seed}: the page acts for {seat}, the game for "
                                 f"{game.to_act()}")
        decisions += 1
        for width, height in sizes:
            if len(sizes) > 1:
                page.set_viewport_size({"width": width, "height": height})
                page.evaluate(moves.RELAID)
            seen = look(page, nation_of(seat))
            where = f"seed {seed} round {game.round} decision {decisions}"
            tally(counts, missed, examples, f"{width}x{height}", seen, where)
            bad = [t for t, state in seen["things"] if state != "in"]
            if bad and shots is not None:
                page.screenshot(path=str(shots / f"miss-{seed}-{decisions}-{width}.png"))
        legal = game.legal_actions(seat)
        action: Action = ais[seat].choose(game.view(seat), legal, rngs[seat], budget)
        index = legal.index(action)
        cell = (f"cell:{nation_of(seat)}:{action.row * COLS + action.col}"
                if isinstance(action, PlaceTile) else "")
        how = page.evaluate(TAKE, [index, cell])
        if how == "missing":
            raise AssertionError(f"seed {seed}: move {index} ({action.describe()}) of {seat} "
                                 "is nowhere in the bar")
        game.apply(seat, action)
        if trace:
            print(f"  {decisions} round {game.round} {seat} {how} {action.describe()}", flush=True)
    over = moves.game_over(page)
    return {"seed": seed, "hard": "USA" if hard_usa else "USSR", "rounds": game.round,
            "decisions": decisions, "over": over and game.is_over, "winner": game.winner}


def tour(page: Page) -> dict[str, Any]:
    """Follow the Tutorial from the start screen to its end, looking at every step."""
    page.get_by_test_id("start-tutorial").click()
    steps: Counter[str] = Counter()
    worst: Counter[str] = Counter()
    panel = page.get_by_test_id("tour")
    for _ in range(300):
        moves.settle(page)
        if not moves.tutorial_on(page):
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


def report(counts: dict[str, Counter[str]], missed: Counter[str], examples: list[str]) -> None:
    for size, c in counts.items():
        share = 100 * c["all in view"] / max(1, c["decisions"])
        print(f"{size}: {c['decisions']} decisions, {c['all in view']} ({share:.1f}%) with "
              f"every marked thing in view; marked things {c['things']}: {c['out']} out of "
              f"view, {c['covered']} covered; money in view at {c['money in view']}; every "
              f"option of the action bar shown or counted in its switch at {c['bar whole']}")
    print(f"  most missed: {dict(missed.most_common(16))}")
    for where in examples:
        print(f"    {where}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed")
    parser.add_argument("--sizes", default="1280x800,1366x768,1920x1080")
    parser.add_argument("--iterations", type=int, default=300,
                        help="Hard's searches, iterations each (fixed: the same games each run)")
    parser.add_argument("--tutorial", action="store_true",
                        help="follow the Tutorial instead of playing games")
    parser.add_argument("--width", type=int, default=1280, help="the Tutorial's window")
    parser.add_argument("--height", type=int, default=800)
    parser.add_argument("--shots", type=Path, help="a screenshot of every miss, here")
    parser.add_argument("--no-build", action="store_true")
    parser.add_argument("--dist", type=Path, default=DIST,
                        help="the built site to serve (built there unless --no-build)")
    parser.add_argument("--json", type=Path)
    parser.add_argument("--trace", action="store_true", help="print every move taken")
    args = parser.parse_args()
    if not args.no_build:
        subprocess.run([sys.executable, str(ROOT / "scripts" / "build.py"), "--out",
                        str(args.dist)], check=True, cwd=ROOT, stdout=subprocess.DEVNULL)
    sizes = [_size(s) for s in args.sizes.split(",")]
    if args.shots:
        args.shots.mkdir(parents=True, exist_ok=True)
    server, url = start_server(args.dist)
    counts: dict[str, Counter[str]] = {}
    missed: Counter[str] = Counter()
    examples: list[str] = []
    games = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": args.width, "height": args.height})
            if args.tutorial:
                page.goto(f"{url}/index.html")
                page.wait_for_selector('body[data-ready="1"]', state="attached",
                                       timeout=120_000)
                result = tour(page)
                t = result["totals"]
                print(f"{args.width}x{args.height}: Tutorial, {t.get('steps', 0)} steps, "
                      f"{t.get('all in view', 0)} with everything in view; things looked "
                      f"at {t.get('things', 0)}: {t.get('out', 0)} out of view, "
                      f"{t.get('covered', 0)} covered")
                print(f"  missed: {result['missed']}")
                browser.close()
                return 0
            for n in range(args.games):
                started = time.perf_counter()
                one = ai_game(page, url, args.seed + n, n % 2 == 0, sizes, args.iterations,
                              counts, missed, examples, args.shots, args.trace)
                one["seconds"] = round(time.perf_counter() - started)
                games.append(one)
                print(f"game {one}", flush=True)
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    report(counts, missed, examples)
    if args.json:
        args.json.write_text(json.dumps({"games": games, "sizes": counts,
                                         "missed": dict(missed)}, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
