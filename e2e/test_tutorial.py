"""The Tutorial, played to its end by following its highlights only, resumed after a reload,
then handed over to a normal game against the computer."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from helpers import (
    OFFERED,
    RELAID,
    answer_confirm,
    axe_serious,
    bar_option,
    highlight_shown,
    in_view,
    picker_clear,
    settle,
    tutorial_on,
)
from playwright.sync_api import Page, expect

from ui.model.tutorial import script

Opener = Callable[[str], float]
# The page is closed and reopened at the first info step from the 20th on: there nothing
# plays by itself (on a rival's scripted step its moves would still be landing).
LEAVE_AT = next(i for i, step in enumerate(script().steps) if i >= 20 and step.seat is None)


def moves(page: Page) -> int:
    return int(page.evaluate("document.body.dataset.moves"))


# a launch show is up and the Tutorial's panel shows beside it (its next step must wait for
# the show's end: issue 39), read in one go so the show cannot end between the two reads
PANEL_OVER_SHOW = """() => !document.getElementById('launch').hidden
  && getComputedStyle(document.getElementById('tour')).visibility === 'visible'"""


def follow_one(page: Page, pickers: list[str] | None = None) -> str:
    """Touch what the tutorial highlights now (Next on an info step); returns what it was.
    Each open picker is checked: it covers neither its chosen thing nor the Tutorial's text
    (``pickers`` gets the step of each)."""
    settle(page)
    if page.get_by_test_id("launch").is_visible():  # a launch plays out: wait for it
        assert not page.evaluate(PANEL_OVER_SHOW), "the Tutorial's text shows during a launch"
        page.wait_for_timeout(400)
        return "launch"
    # what the step explains or asks for is in the window, nothing on top of it (issue 23)
    if not highlight_shown(page):  # a launch show came up meanwhile
        return "launch"
    look = in_view(page, "[data-spot], [data-hint]")
    hidden = [thing for thing in look["things"] if thing[1] != "in"]
    step = page.get_by_test_id("tour").get_attribute("data-step")
    assert not hidden, f"step {step}: {hidden}"
    page.evaluate(RELAID)  # (the picker is placed at the frame after the render)
    picker = picker_clear(page)
    if picker is not None:
        assert picker == {"chosen": False, "tour": False}, f"step {step}: picker over {picker}"
        if pickers is not None:
            pickers.append(str(step))
    nxt = page.get_by_test_id("tour-next")
    if nxt.count() and nxt.is_visible():
        spot = page.locator("[data-spot]")
        expect(spot).to_have_count(1)  # the part of the table the text is about
        nxt.click()
        return "next"
    hinted = page.locator("[data-hint]:visible")
    expect(hinted.first).to_be_visible()
    target = str(hinted.first.get_attribute("data-target"))
    hinted.first.click()
    answer_confirm(page)
    return target


def test_the_tutorial_from_the_start_screen_to_a_normal_game(
    page: Page, site_url: str, open_game: Opener, screenshot: Callable[[str], Path],
) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    open_game(site_url)
    page.get_by_test_id("start-tutorial").click()
    tour = page.get_by_test_id("tour")
    expect(tour).to_be_visible()
    expect(page.get_by_test_id("tour-text")).to_contain_text("land on the Moon")
    assert axe_serious(page) == []
    total = len(script().steps)

    # Another action than the highlighted one: a nudge, and nothing changes.
    while page.get_by_test_id("tour-next").is_visible():
        page.get_by_test_id("tour-next").click()
    settle(page)
    before = moves(page)
    bar_option(page, page.locator(OFFERED).filter(has_text="Pass").first).click()
    expect(page.get_by_test_id("tour-nudge")).to_be_visible()
    assert moves(page) == before

    touched: list[str] = []
    pickers: list[str] = []  # the steps a picker was open at (each checked clear)
    while int(tour.get_attribute("data-step") or 0) < LEAVE_AT:
        touched.append(follow_one(page, pickers))
    step = tour.get_attribute("data-step")
    text = page.get_by_test_id("tour-text").inner_text()
    at = moves(page)

    # Leave and reopen the page: Continue resumes the tutorial where it was.
    page.reload()
    page.wait_for_selector('body[data-ready="1"]')
    page.get_by_test_id("start-continue").click()
    expect(tour).to_be_visible()
    settle(page)
    assert moves(page) == at
    expect(tour).to_have_attribute("data-step", str(step))
    expect(page.get_by_test_id("tour-text")).to_have_text(text)

    for _ in range(400):
        if not tutorial_on(page):
            break
        if page.get_by_test_id("tour-fresh").is_visible():  # the hand-over: a choice of game
            expect(page.get_by_test_id("tour-standing")).to_contain_text(
                "Where this game stands: the USA has")
            expect(page.get_by_test_id("tour-fresh")).to_be_in_viewport()
            expect(page.get_by_test_id("tour-next")).to_be_in_viewport()
            screenshot("tutorial-hand-over")
        touched.append(follow_one(page, pickers))
    expect(tour).to_be_hidden()
    print(f"pickers open (and clear of their thing and the Tutorial) at steps {pickers}")
    assert pickers  # the Influence and Bluff picker of a place, a tile's rotations...
    kinds = {t.split(":")[0] for t in touched}
    assert {"hand", "place", "stack", "opt", "mdeck", "mission", "line", "cell", "deck",
            "keep", "risk", "eng-pass", "rocket", "modrow", "supplier", "next", "reward",
            "slot", "adapt", "sabotage"} <= kinds, kinds
    assert total > 40

    # A normal game goes on: the computer (Easy) plays the USSR, the person the USA.
    expect(page.get_by_test_id("notice-banner")).to_contain_text("Easy")
    expect(page.locator("[data-can]:visible").first).to_be_visible()
    start = moves(page)
    for _ in range(30):
        settle(page)
        if page.get_by_test_id("end-screen").is_visible():
            break
        bar_option(page, page.locator(OFFERED).last).click()  # "Pass" or the like
        answer_confirm(page)
        if moves(page) > start + 6:
            break
    assert moves(page) > start + 1  # the game moved on past the tutorial's script
    assert "AI easy" in page.get_by_test_id("log").inner_text()


def test_on_a_phone_the_tutorial_shows_the_part_it_explains(
    page: Page, site_url: str, open_game: Opener,
) -> None:
    """The first info step is about the Popularity track in the centre: a phone switches to
    the centre tab so the highlighted part is on screen beside the text."""
    page.set_viewport_size({"width": 390, "height": 844})
    open_game(site_url)
    page.get_by_test_id("start-tutorial").click()
    expect(page.locator("[data-spot]")).to_be_in_viewport()
    expect(page.get_by_test_id("tour-next")).to_be_in_viewport()
