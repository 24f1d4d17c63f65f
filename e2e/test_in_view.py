"""The table at a glance (issue 23): at 1280x800, 1366x768 and on a 390x844 phone, at every
decision of a whole scripted game against the computer (each decision at each size, the window
resized between them as a phone is turned), every board thing the person may touch has its
centre inside the window with nothing on top of it, the acting nation's money and its launch
target's odds are in view, nothing sticks out sideways, no shown text is under 12 px and the
action bar hides no option (each shown, or counted in its "+N more"); the
same for every thing the Tutorial highlights, at every step on a phone (tests/test_tutorial.py
does it at 1280x800).
axe-core finds nothing serious or critical on the way."""

from __future__ import annotations

import random
from collections.abc import Callable

from helpers import (
    answer_confirm,
    axe_serious,
    bar_row,
    click_times,
    each_decision,
    game_over,
    highlight_shown,
    in_view,
    paint_times,
    settle,
    small_text,
    start_click_timer,
    touch_the_board,
    tutorial_on,
)
from playwright.sync_api import Page, expect

# seed 1 is a long game (~120 decisions: a blueprint with its Modules taller than a board, late
# Engineering with a dozen Risk cards on the centre), which the table fits by folding its parts
# (public/scene-fit.js); bench/in_view.py plays ten whole games between the AIs at these sizes
# and 1920x1080
SIZES = [(1280, 800), (1366, 768), (390, 844)]
SEED = 1
SIDEWAYS = "document.documentElement.scrollWidth"
RESIZED = "document.body.dataset.resized || '0'"


def misses(look: dict[str, object]) -> list[object]:
    things = look["things"]
    assert isinstance(things, list)
    return [thing for thing in things if thing[1] != "in"]


def resize(page: Page, width: int, height: int) -> None:
    """The window to ``width`` x ``height`` (another size than now), once the page has
    answered the change: refolded, the decision brought back into view."""
    before = page.evaluate(RESIZED)
    page.set_viewport_size({"width": width, "height": height})
    page.wait_for_function(f"({RESIZED}) !== {before!r}")


def test_every_decision_of_a_whole_game_has_what_it_needs_in_view_at_three_sizes(
    page: Page, site_url: str, open_game: Callable[[str], float],
) -> None:
    """One game against the computer (Medium, thinking on the page), played by touching the
    board alone (the board is the controller), each decision looked at in each size: the one
    it came at, then the window resized to the others (the last is where the move is made, so
    each size sees a third of the decisions come); the click-to-paint figures printed."""
    page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})
    open_game(site_url + f"?players=2&seats=hhmm&seed={SEED}&speed=0")
    start_click_timer(page)
    rng = random.Random(SEED)
    touched: dict[str, int] = {}
    decisions, phases, axed, came = 0, set(), set(), 0
    folded = dict.fromkeys(SIZES, 0)
    for decisions in each_decision(page, 400):
        for turn in range(len(SIZES)):
            width, height = SIZES[(came + turn) % len(SIZES)]
            if turn:
                resize(page, width, height)
            look = in_view(page, "[data-can]")
            phase = str(look["phase"]).strip().lower()
            phases.add(phase)
            where = (f"decision {decisions} ({phase}) at {width}x{height}"
                     + (", resized" if turn else ""))
            assert not misses(look), f"{where}: {misses(look)}"
            assert look["money"] == "in", f"{where}: the money counter is {look['money']}"
            assert look["odds"] in ("in", "none"), f"{where}: the target's odds are {look['odds']}"
            assert page.evaluate(SIDEWAYS) <= width, f"{where}: the page scrolls sideways"
            assert not small_text(page), f"{where}: text under 12 px {small_text(page)[:4]}"
            row = bar_row(page)
            assert row is None or row["ok"], f"{where}: the bar's row hides an option: {row}"
            folded[width, height] = max(folded[width, height], row["folded"] if row else 0)
            if (phase, width) not in axed:  # once per phase and size: axe takes a second
                axed.add((phase, width))
                assert axe_serious(page) == [], where
        came = (came + len(SIZES) - 1) % len(SIZES)
        touch_the_board(page, rng, touched)
    assert game_over(page), f"no end after {decisions} decisions"
    # the computer's seats played the whole game, thinking on the page, and the end names the
    # winner (what test_app's whole hot-seat game by clicks asserted: its hand-offs are
    # test_hardening's, its rules tests/test_ui_app's)
    end = page.get_by_test_id("end-screen")
    winner = end.get_attribute("data-winner")
    assert winner in ("USA", "USSR")
    expect(end).to_contain_text(f"{winner} wins")
    assert int(page.evaluate("document.body.dataset.aiMoves || '0'")) > 40
    assert decisions > 40 and {"politics", "engineering", "administration"} <= phases, phases
    assert {"hand", "place", "stack", "eng-pass"} <= set(touched), touched
    timed = click_times(page)
    assert len(timed) >= 20, (touched, len(timed))
    print(f"board touches by kind: {touched}\n{paint_times(timed)}")
    print(f"{decisions} decisions, each at " + ", ".join(
        f"{w}x{h} (at most {n} options folded into the bar's switch)"
        for (w, h), n in folded.items()))


def test_every_tutorial_step_on_a_phone_shows_what_it_points_at(
    page: Page, site_url: str, open_game: Callable[[str], float],
) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    open_game(site_url)
    page.get_by_test_id("start-tutorial").click()
    panel = page.get_by_test_id("tour")
    steps = 0
    for _ in range(300):
        settle(page)
        if not tutorial_on(page):
            break
        if page.get_by_test_id("launch").is_visible():  # a launch plays out
            page.wait_for_timeout(400)
            continue
        if not highlight_shown(page):  # a launch show came up meanwhile
            continue
        look = in_view(page, "[data-spot], [data-hint]")
        steps += 1
        step = panel.get_attribute("data-step")
        assert look["things"], f"step {step}: nothing highlighted"
        assert not misses(look), f"step {step}: {misses(look)}"
        assert page.evaluate(SIDEWAYS) <= 390, f"step {step}: the page scrolls sideways"
        assert not small_text(page), f"step {step}: text under 12 px {small_text(page)[:4]}"
        nxt = page.get_by_test_id("tour-next")
        if nxt.count() and nxt.is_visible():
            nxt.click()
            continue
        page.locator("[data-hint]:visible").first.click()
        answer_confirm(page)
    assert not tutorial_on(page) and steps > 40, steps
