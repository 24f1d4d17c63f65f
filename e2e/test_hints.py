"""Hints: the Hard AI, on the page and given only the seat's view, points at a legal action."""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable
from pathlib import Path

import pytest
from helpers import MARKED, answer_confirm, current_save, pick, settle
from playwright.sync_api import Page, expect

from game.core.plain import to_plain
from ui.model.saves import parse

Opener = Callable[[str], float]


def ask_hint(page: Page) -> tuple[str, str, tuple[float, float]]:
    """(the hinted target, the reason, (the slowest hint's ms from the page's question to
    its answer, the longest hint search's own ms)) for the seat on screen."""
    page.get_by_test_id("hint").click()
    reason = page.get_by_test_id("hint-reason")
    expect(reason).to_be_visible(timeout=20_000)
    hinted = page.locator("[data-hint]:visible")
    expect(hinted).to_have_count(1)
    timing = json.loads(page.evaluate("document.body.dataset.aiTiming"))
    _n, _total, slowest = timing["hint"]
    searches, iterations, _fewest, longest = json.loads(
        page.evaluate("document.body.dataset.aiSearch"))["hint"]
    assert searches > 0 and iterations > 0  # a search answered
    return (str(hinted.get_attribute("data-target")), reason.inner_text(),
            (slowest, longest))


def sent_view_is_the_seats(page: Page) -> str:
    """The digest of the view the AI searched equals the digest of the seat's own view, rebuilt
    here from the saved game: the AI was given that view and nothing more."""
    seat = page.evaluate("document.body.dataset.hintSeat")
    g = parse(current_save(page)).game
    digest = hashlib.sha256(json.dumps(to_plain(g.view(seat))).encode()).hexdigest()[:16]
    assert page.evaluate("document.body.dataset.hintSent") == digest
    full = hashlib.sha256(json.dumps(to_plain(g.view(None))).encode()).hexdigest()[:16]
    assert digest != full
    return str(seat)


def follow(page: Page, moves: str) -> None:
    """Take the hinted action by touching only what the hint highlights, step by step (a
    card, then its place; a thing, then an option on it) until the action is played."""
    for _ in range(4):
        page.locator("[data-hint]:visible").first.click()
        answer_confirm(page)
        settle(page)
        if page.evaluate("document.body.dataset.moves") != moves:
            return
    raise AssertionError("the hint's highlights did not lead to its action")


def read_the_table(page: Page, screenshot: Callable[[str], Path]) -> None:
    """The computer's reading of what the seat cannot see, asked from the hint's line: the
    rival's likely hand, its Bluffs, its launch, each from the games it dealt; nothing
    played, and the hint still on show once it is closed."""
    moves = page.evaluate("document.body.dataset.moves")
    page.get_by_test_id("reading-open").click()
    reading = page.get_by_test_id("reading")
    expect(reading).to_be_visible()
    expect(reading).to_contain_text("What does the computer think?")
    expect(reading).to_contain_text("games that fit everything you can see")
    expect(reading.locator("h3")).to_have_count(3)
    expect(reading.locator("li").first).to_contain_text("of the games")
    screenshot("reading-1280")
    page.set_viewport_size({"width": 390, "height": 844})  # a phone: all of it on screen
    box = reading.bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= 390
    assert box["y"] >= 0 and box["y"] + box["height"] <= 844, box
    screenshot("reading-390")
    page.set_viewport_size({"width": 1280, "height": 800})
    page.get_by_test_id("close-reading").click()
    expect(reading).to_be_hidden()
    expect(page.get_by_test_id("hint-reason")).to_be_visible()
    assert page.evaluate("document.body.dataset.moves") == moves


@pytest.mark.alone  # measures against a reference in the same run: no other test beside it
def test_hints_on_a_politician_and_an_engineer_decision(page: Page, site_url: str,
                                                        open_game: Opener,
                                                        screenshot: Callable[[str], Path]
                                                        ) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    open_game(site_url + "?players=2&seats=hhmm&seed=3&speed=0")
    settle(page)
    rng = random.Random(3)
    seen: dict[str, tuple[str, str, tuple[float, float]]] = {}
    for _ in range(400):
        settle(page)
        role = page.locator("#actions .who").inner_text().split()[-1].lower()
        if role not in seen and page.locator(MARKED).count():
            moves = page.evaluate("document.body.dataset.moves")
            target, reason, ms = ask_hint(page)
            seat = sent_view_is_the_seats(page)
            assert seat.endswith(role), (seat, role)
            assert page.locator(f'[data-can][data-target="{target}"]').count() == 1
            assert reason.endswith(".") and ": " in reason, reason
            assert page.evaluate("document.body.dataset.moves") == moves  # nothing played
            if role == "politician":
                read_the_table(page, screenshot)
            seen[role] = (target, reason, ms)
            follow(page, moves)
            assert int(page.evaluate("document.body.dataset.moves")) > int(moves)
            if len(seen) == 2:
                break
            continue
        pick(page, rng)
    assert set(seen) == {"politician", "engineer"}, seen
    taken = json.loads(current_save(page))["hints"]
    assert taken == {"USA": 2, "USSR": 0}
    for role, (target, reason, (asked, searched)) in seen.items():
        print(f"\nhint for the {role}: {target}: {reason} ({asked:.0f} ms asked to answered, "
              f"searching {searched:.0f} ms)")
        # The browser's turns between the search's slices cost less than the search itself
        # (its own budget is kept by its own clock: tests/test_ui_ai.py).
        assert asked < 2 * searched, (asked, searched)
