"""No loss by surprise: before a launch under 50% and before a move that ends the game
against the actor, the game says what is at stake and asks; Cancel leaves the game as it was."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from conftest import NetworkLog
from helpers import axe_serious, settle, table
from playwright.sync_api import Page, expect

POLITICS_TURN = '[data-target="influence:USA"]:visible'
ABORT = '[data-target="rocket:USA"]:visible'


def usa_politics_turn(page: Page) -> None:
    """Pass on Maneuver cards (by the board) until the USA Politician has a Politics turn
    (the rocket is marked: the launch may be aborted)."""
    for _ in range(40):
        settle(page)
        if page.locator(ABORT).count():
            return
        page.locator('[data-target="hand-pass:USA"]:visible').first.click()
    raise AssertionError("the USA Politician never had a Politics turn")


def test_a_low_odds_launch_and_a_game_losing_abort_ask_first(
    page: Page, site_url: str, net: NetworkLog, open_game: Callable[[str], float],
    screenshot: Callable[[str], Path],
) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    open_game(site_url + "?players=2&seats=hhmm&seed=4&speed=0")
    usa_politics_turn(page)
    expect(page.get_by_test_id("popularity-stand")).to_contain_text("at 0 it loses the game")

    # The Mission with the lowest odds (printed on the card) is a launch under 50%.
    missions = page.locator('[data-target^="mission:"]:visible')
    odds = [int(re.search(r"(\d+)%", missions.nth(i).inner_text()).group(1))  # type: ignore[union-attr]
            for i in range(missions.count())]
    lowest = odds.index(min(odds))
    assert odds[lowest] < 50, odds
    before = table(page)
    missions.nth(lowest).click()
    confirm = page.get_by_test_id("confirm")
    expect(confirm).to_be_visible()
    text = page.get_by_test_id("confirm-text").inner_text()
    assert f"with {odds[lowest]}% success: a failure costs" in text, text
    assert "you have 10" in text
    assert axe_serious(page) == []
    screenshot("confirm-low-odds")
    page.keyboard.press("Escape")  # Cancel is the default: nothing happened
    expect(confirm).to_be_hidden()
    assert table(page) == before

    # Trade 9 of 10 Popularity for Influence (that asks too), then abort at Popularity 1.
    page.locator(POLITICS_TURN).click()
    page.locator('#pick [data-target="opt:9"]').click()
    expect(page.get_by_test_id("confirm-text")).to_contain_text("it leaves 1")
    page.get_by_test_id("confirm-yes").click()
    settle(page)
    usa_politics_turn(page)
    expect(page.get_by_test_id("popularity-stand")).to_contain_text("USA has 1 Popularity")
    page.locator(ABORT).click()
    expect(confirm).to_be_visible()
    expect(page.get_by_test_id("confirm-text")).to_contain_text(
        "This ends the game: USSR wins (the rival's Popularity fell to zero).")
    screenshot("confirm-game-over")
    page.get_by_test_id("confirm-yes").click()
    end = page.get_by_test_id("end-screen")
    expect(end).to_be_visible()
    assert end.get_attribute("data-winner") == "USSR"
    net.assert_clean()
