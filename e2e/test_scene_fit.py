"""The table as one scene (issue 39): late in a long game, with three Missions, the Moon and
its face-up risks, full hands and built rockets on the table, no column of the table scrolls
at 1280x800 or 1366x768, whether the Politicians are deciding or the Engineers, and every
thing the person may touch is in view with nothing on top of it. The columns' parts fold
(public/scene-fit.js) only as far as they must: where the window has room (1920x1080) more
of them stays whole. The positions come from a whole game the medium AI plays in CPython
(the densest table of its rounds 8 and later), exported as the app's own save file."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from helpers import RELAID, in_view, open_saved, small_text
from playwright.sync_api import Page

from game import SEATS
from game.engine import Game
from game.tools.tournament import medium_moves
from ui.model.players import Setup
from ui.model.saves import export_text

SEED = 5  # a game of 12 rounds: three Missions and the Moon on the table in round 8
COLUMNS = """() => [...document.querySelectorAll('main > section')]
  .filter(c => c.clientHeight > 0)
  .map(c => [c.id, c.scrollHeight, c.clientHeight, c.querySelectorAll('.folded').length])"""
FOLDED = "() => document.querySelectorAll('main :is(.folded, .gone)').length"  # (a part: 1 or 2)


def cards_on_table(g: Game, seat: str) -> int:
    """How much the table holds: the Risk cards of the Missions and of the Moon's paths."""
    view = g.view(seat)
    moon = sum(r is not None for n in view.nations.values() for r in n.moon_path)
    return sum(len(m.risks) for m in view.missions) + moon + 3 * view.moon.on_display


def densest(seat: str, phase: str) -> Game:
    """The position of round 8 or later where ``seat`` decides in ``phase`` with the most
    cards on the table."""
    best: tuple[int, Game] | None = None
    for g, who, _legal, _move in medium_moves(SEED):
        if who == seat and g.phase == phase and g.round >= 8:
            count = cards_on_table(g, seat)
            if best is None or count > best[0]:
                best = (count, g.clone())
    assert best is not None, f"no {phase} decision of {seat} in round 8 or later"
    return best[1]


def everyone_here() -> Setup:
    """A saved game's seats: every one played at this screen (nothing moves by itself)."""
    return Setup(ai={seat: False for seat in SEATS})


@pytest.mark.parametrize(("seat", "phase"), [("USA.politician", "politics"),
                                             ("USA.engineer", "engineering")])
def test_a_late_table_fits_its_window_with_every_thing_to_touch_in_view(
    page: Page, site_url: str, open_game: Callable[[str], float], seat: str, phase: str,
) -> None:
    g = densest(seat, phase)
    page.set_viewport_size({"width": 1280, "height": 800})
    open_game(site_url)  # (its wait for a ready page and the network log)
    open_saved(page, site_url, export_text(g, everyone_here(), "late"))
    assert page.get_attribute("#actions .who", "data-seat") == seat
    folded = {}
    for width, height in ((1280, 800), (1366, 768), (1920, 1080)):
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate(RELAID)
        columns = page.evaluate(COLUMNS)
        where = f"round {g.round} {phase} at {width}x{height}"
        print(f"{where}: {cards_on_table(g, seat)} cards; columns (id, content, box, parts "
              f"folded) {columns}")
        for name, content, box, _ in columns:
            assert content <= box + 1, f"{where}: {name} scrolls ({content} px in {box})"
        look = in_view(page, "[data-can]")
        assert look["things"], f"{where}: nothing to touch"
        missed = [thing for thing in look["things"] if thing[1] != "in"]
        assert not missed, f"{where}: {missed}"
        assert not small_text(page), f"{where}: text under 12 px {small_text(page)[:4]}"
        folded[width] = page.evaluate(FOLDED)
    print(f"parts folded or gone by window width: {folded}")
    assert folded[1920] < folded[1366], folded  # a large window keeps more of the table whole
