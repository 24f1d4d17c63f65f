"""The game page: boots playable; hot-seat secrets kept at one screen (a whole game by clicks
is test_in_view's)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

from conftest import ROOT, NetworkLog
from helpers import CONTROLS, bar_option, privacy_up, settle
from playwright.sync_api import Page, expect

sys.path.insert(0, str(ROOT))  # the engine from this checkout, whatever pip has installed
import game
from game.core.names import NationId
from game.rules.terms import POLITICIAN

REGIONS = ("board-USA", "board-USSR", "centre", "log", "actions")
PASS = '[data-testid="action"][data-kind="pass_maneuvers"]'


def test_page_is_playable(
    page: Page, site_url: str, net: NetworkLog, open_game: Callable[[str], float],
    screenshot: Callable[[str], Path],
) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    open_game(site_url)
    page.get_by_test_id("start-play").click()  # the start screen's game: USA vs the computer
    settle(page)
    for region in REGIONS:
        expect(page.get_by_test_id(region)).to_be_visible()
    expect(page.get_by_test_id("board-USA")).to_contain_text("USA")
    expect(page.get_by_test_id("board-USSR")).to_contain_text("USSR")
    expect(page.get_by_test_id("centre")).to_contain_text("Popularity")
    expect(page.get_by_test_id("hand")).to_be_visible()  # the human holds USA by default
    assert page.locator(CONTROLS).count() > 0
    # Keyboard: the first control takes focus and Enter acts on it.
    page.locator(CONTROLS).first.focus()
    expect(page.locator(CONTROLS).first).to_be_focused()
    screenshot("screenshot-1280")
    # Phone width: one board at a time, tabs for the other board and the centre.
    page.set_viewport_size({"width": 390, "height": 844})
    expect(page.get_by_test_id("board-USSR")).to_be_hidden()
    page.locator('[data-tab="centre"]').click()
    expect(page.get_by_test_id("centre")).to_be_visible()
    expect(page.get_by_test_id("board-USA")).to_be_hidden()
    page.locator('[data-tab="USA"]').click()
    expect(page.get_by_test_id("actions")).to_be_in_viewport()
    screenshot("screenshot-390")
    net.assert_clean()


def hand_names(seed: int, nation: NationId) -> list[str]:
    g = game.new_game(seed)
    content = game.load_content()
    hand = g.view(POLITICIAN[nation]).nations[nation].hand
    assert hand is not None
    return [content.maneuver_card(card.id).names[nation] for card in hand]


def test_a_shared_screen_shows_a_hand_only_after_its_players_touch(
    page: Page, site_url: str, net: NetworkLog, open_game: Callable[[str], float],
    screenshot: Callable[[str], Path],
) -> None:
    """Two people of both nations at one screen: a decision that needs a hand waits for its
    player's touch (the table shows no hand, no card name is in the page); the touch shows
    that nation's hand only, and the other nation's turn hides it again."""
    seed = 5
    secrets = hand_names(seed, "USA") + hand_names(seed, "USSR")
    open_game(site_url + f"?players=2&seats=hhhh&seed={seed}&speed=0")
    settle(page)
    gate = page.get_by_test_id("gate")
    # The first player (USSR) decides with a hand: nothing private shows until asked.
    expect(gate).to_be_visible()
    assert not privacy_up(page)
    expect(page.locator("#actions .who")).to_have_attribute("data-seat", "USSR.politician")
    content = page.content()
    assert not [name for name in secrets if name in content]
    assert page.get_by_test_id("hand").count() == 0
    assert page.locator('[data-testid="actions"] [data-testid="action"]').count() == 0
    screenshot("shared-screen-gate")
    page.get_by_test_id("show-mine").click()
    settle(page)
    shown = page.get_by_test_id("hand").locator(".mcard b").all_inner_texts()
    assert sorted(shown) == sorted(hand_names(seed, "USSR"))
    bar_option(page, page.locator(PASS)).click()
    settle(page)
    # USSR acted; USA is next: its gate is up, and no card name of either hand is in the page
    expect(page.locator("#actions .who")).to_have_attribute("data-seat", "USA.politician")
    expect(gate).to_be_visible()
    content = page.content()
    leaked = [name for name in secrets if name in content]
    assert not leaked, f"private card names in the DOM behind the gate: {leaked}"
    page.get_by_test_id("show-mine").click()
    settle(page)
    shown = page.get_by_test_id("hand").locator(".mcard b").all_inner_texts()
    assert sorted(shown) == sorted(hand_names(seed, "USA"))
    theirs = set(hand_names(seed, "USSR")) - set(hand_names(seed, "USA"))
    assert not [name for name in theirs if name in page.content()]
    net.assert_clean()


def test_four_people_at_one_screen_open_the_round_with_one_discussion_for_both_teams(
    page: Page, site_url: str, net: NetworkLog, open_game: Callable[[str], float],
    screenshot: Callable[[str], Path],
) -> None:
    """No curtain for the strategic discussion: both teams talk at once under one countdown in
    the action bar, the table showing nobody's hand; each team ends its part, then play goes
    on."""
    page.set_viewport_size({"width": 1280, "height": 800})
    open_game(site_url + "?players=4&seats=hhhh&seed=2&speed=0")
    settle(page)
    discussion = page.get_by_test_id("discussion")
    expect(discussion).to_be_visible()
    assert not privacy_up(page)
    expect(discussion).to_contain_text("The USA and USSR teams talk over their plans at once")
    clock = page.locator("#countdown")
    expect(clock).to_have_count(1)
    first = clock.inner_text()
    page.wait_for_timeout(2100)
    assert clock.inner_text() < first, (first, clock.inner_text())  # it counts down
    expect(page.locator("#board-USA .hand, #board-USSR .hand")).to_have_count(0)
    screenshot("discussion-1280")
    page.set_viewport_size({"width": 390, "height": 844})
    expect(page.get_by_test_id("end-discussion").last).to_be_in_viewport()
    screenshot("discussion-390")
    page.set_viewport_size({"width": 1280, "height": 800})
    buttons = page.get_by_test_id("end-discussion")
    expect(buttons).to_have_count(2)
    buttons.first.click()
    expect(page.get_by_test_id("discussion-done")).to_have_count(1)
    expect(buttons).to_have_count(1)
    buttons.first.click()
    expect(discussion).to_be_hidden()
    settle(page)
    expect(page.locator("#actions .who")).to_have_count(1)  # a person decides: no curtain
    assert not privacy_up(page)
    net.assert_clean()
