"""Screenshots of the table at each phase of rounds 1, 5 and 8 of a long game, to be looked at.

    python bench/screens.py [--out build/shots/] [--seed 5] [--rounds 1,5,8] [--langs en,hu]
                            [--sizes 1280x800,390x844] [--no-build] [--dist DIR]

A whole game the medium AI plays in CPython gives the positions: for each chosen round and
each phase, the first decision of the USA's seat of that phase. Each is opened on the built
site as a saved game everyone plays at one screen, in each language and at each window size,
and saved as ``round{R}-{phase}-{width}-{lang}.png``. Nothing is asserted: issue 39 asks for
these screens to be judged by eye (is what the decision needs in view, is the rival's last
move visible, would a newcomer know what to do?).
"""

from __future__ import annotations

import argparse
import importlib
import subprocess
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "e2e"))
from game import SEATS  # noqa: E402
from game.engine import Game  # noqa: E402
from game.tools.tournament import medium_moves  # noqa: E402
from scripts.localsite import CHROMIUM, CHROMIUM_ARGS, start_server  # noqa: E402
from ui.model.players import Setup  # noqa: E402
from ui.model.saves import export_text  # noqa: E402

# The e2e tests' helpers (a game opened as a saved one): e2e/ is no package.
moves = importlib.import_module("helpers")
EVERYONE_HERE = Setup(ai=dict.fromkeys(SEATS, False))  # a saved game's seats: nobody is an AI


def positions(seed: int, rounds: set[int]) -> list[tuple[int, str, Game]]:
    """(round, phase, game) at the first decision of a USA seat in each phase of ``rounds``."""
    found: dict[tuple[int, str], Game] = {}
    for g, seat, _legal, _move in medium_moves(seed):
        if g.round in rounds and seat.startswith("USA") and (g.round, g.phase) not in found:
            found[(g.round, g.phase)] = g.clone()
    return [(r, phase, g) for (r, phase), g in found.items()]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "shots")
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--rounds", default="1,5,8")
    parser.add_argument("--langs", default="en,hu")
    parser.add_argument("--sizes", default="1280x800,390x844")
    parser.add_argument("--no-build", action="store_true")
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    args = parser.parse_args()
    if not args.no_build:
        subprocess.run([sys.executable, str(ROOT / "scripts" / "build.py"), "--out",
                        str(args.dist)], check=True, cwd=ROOT, stdout=subprocess.DEVNULL)
    args.out.mkdir(parents=True, exist_ok=True)
    sizes = [tuple(int(n) for n in size.split("x")) for size in args.sizes.split(",")]
    wanted = positions(args.seed, {int(r) for r in args.rounds.split(",")})
    server, url = start_server(args.dist)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for round_, phase, g in wanted:
                for lang in args.langs.split(","):
                    for width, height in sizes:
                        page = browser.new_page(viewport={"width": width, "height": height})
                        moves.open_saved(page, f"{url}/index.html",
                                         export_text(g, EVERYONE_HERE, "shot"), lang)
                        page.mouse.move(0, 0)  # (no part shown whole where it rested)
                        page.wait_for_timeout(300)  # the acting seat's glow, the fonts
                        path = args.out / f"round{round_}-{phase}-{width}-{lang}.png"
                        page.screenshot(path=str(path))
                        page.close()
                        print(path, flush=True)
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
