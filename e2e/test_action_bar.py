"""The action bar never hides an option (issue 39): its options keep one row, and those that
do not fit fold into the switch at the row's end, which says how many ("+N more") and opens
them all in rows. At 1280x800 and on a 390x844 phone, the widest decisions of a game (saved
positions, opened as a player opens a saved game) are tried until one folds at least FOLDED
options; there the switch is clicked and the last option of the decision, clicked with a real
pointer at its centre, acts."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from helpers import RELAID, answer_confirm, bar_row, medium_game, open_saved, position_after
from playwright.sync_api import Page

from game import SEATS
from game.tools.tournament import medium_moves
from ui.model.players import Setup
from ui.model.saves import export_text

FOLDED = 4
# (width, height, seed, language): Hungarian's switch reads "+N további ▾", the widest
SIZES = [(1280, 800, 7, "en"), (390, 844, 7, "en"), (390, 844, 7, "hu")]
OPTIONS = "#actions > .opts > button:not(.more)"
# The bar's state, to tell that a click did something: its options and what the hint says.
BAR = "() => document.getElementById('actions').innerText"


def wide_decisions(seed: int, count: int = 4) -> list[tuple[int, str]]:
    """The ``count`` widest decisions of the USA in a game the medium AI plays for every
    seat (its number of legal moves, the position as an export), widest first: where the
    bar has the most options to fold."""
    moves = medium_game(seed)
    widest = sorted(((options, -number) for number, (seat, _move, options) in enumerate(moves)
                     if seat.startswith("USA")), reverse=True)[:count]
    everyone = Setup(seed=seed, ai=dict.fromkeys(SEATS, False))
    return [(options, export_text(position_after(seed, moves, -number), everyone,
                                  f"wide {options}")) for options, number in widest]


@pytest.mark.parametrize(("width", "height", "seed", "language"), SIZES)
def test_the_last_option_of_a_wide_decision_is_one_click_away_from_its_count(
    page: Page, site_url: str,
    screenshot: Callable[[str], Path], width: int, height: int, seed: int, language: str,
) -> None:
    """Opened at the widest decisions of a game (saved positions: no game is played through
    the page to reach them), the first that folds FOLDED options or more."""
    page.set_viewport_size({"width": width, "height": height})
    widest: dict[str, object] | None = None
    for decision, save in wide_decisions(seed):
        open_saved(page, site_url, save, language)
        page.evaluate(RELAID)
        row = bar_row(page)
        assert row is None or row["ok"], f"a decision of {decision} moves: {row}"
        if row and row["folded"] >= FOLDED:
            widest = row
            break
    assert widest, f"no decision folded {FOLDED} options"
    screenshot(f"action-bar-{width}-{language}-folded")
    switch = page.get_by_test_id("all-moves")
    assert switch.inner_text().startswith(f"+{widest['folded']}"), switch.inner_text()
    switch.click()
    options = page.locator(OPTIONS)
    assert options.count() == widest["options"]
    screenshot(f"action-bar-{width}-{language}-opened")
    last = options.last
    last.scroll_into_view_if_needed()  # the drawer of every option may scroll on a phone
    box = last.bounding_box()
    assert box is not None, "the last option is not shown"
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    on_top = last.evaluate("(el, [x, y]) => el.contains(document.elementFromPoint(x, y))",
                           [x, y])
    assert on_top, "something lies on the last option"
    before, words = page.evaluate(BAR), last.inner_text()
    page.mouse.click(x, y)
    answer_confirm(page)
    page.wait_for_function(f"before => ({BAR})() !== before", arg=before)
    print(f"{width}x{height} ({language}): a decision of {decision} moves offered "
          f"{widest['options']} options, {widest['shown']} in the row and {widest['folded']} "
          f"in '{widest['words']}'; the last, {words!r}, clicked")


def test_a_long_first_option_leaves_the_switch_its_whole_room_in_hungarian_on_a_phone(
    page: Page, site_url: str,
) -> None:
    """Round 8 of a long game, the USA's Engineer: "Research two tiles" first (a long label),
    ten more options folded into "+10 további ▾" (the widest words): the first option's label
    wraps, the switch stands whole in the row."""
    g = next(g.clone() for g, seat, _legal, _move in medium_moves(5)
             if g.round == 8 and seat == "USA.engineer" and g.phase == "engineering")
    page.set_viewport_size({"width": 390, "height": 844})
    open_saved(page, site_url, export_text(g, Setup(ai=dict.fromkeys(SEATS, False)), "bar"),
               "hu")
    page.evaluate(RELAID)
    row = bar_row(page)
    print(f"390x844 (hu), round 8: {row}")
    assert row is not None and row["folded"] >= FOLDED and row["ok"], row
