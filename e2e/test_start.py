"""The start screen: what a first visit without URL parameters shows, and every way out of it."""

from __future__ import annotations

import json
from collections.abc import Callable

from conftest import NetworkLog
from helpers import CONTROLS, axe_serious, current_save, forget_saves, on_disk, settle
from playwright.sync_api import Page, expect

Opener = Callable[[str], float]


def test_first_visit_shows_the_start_screen_and_plays_against_the_computer(
    page: Page, site_url: str, net: NetworkLog, open_game: Opener,
) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    open_game(site_url)
    start = page.get_by_test_id("start")
    expect(start).to_be_visible()
    expect(start).to_contain_text("land on the Moon")
    expect(page.get_by_test_id("start-continue")).to_have_count(0)  # nothing saved yet
    expect(page.get_by_test_id("start-play")).to_be_focused()
    assert on_disk(page) == {}  # nothing began
    assert axe_serious(page) == []

    # The rules open over it and close back to it.
    page.get_by_test_id("start-rules").click()
    expect(page.get_by_test_id("rules-frame")).to_be_visible()
    page.get_by_test_id("close-rules").click()
    expect(start).to_be_visible()
    # New game (all options) is the usual dialog; Cancel comes back to the start screen.
    page.get_by_test_id("start-new").click()
    expect(page.get_by_test_id("start-game")).to_be_visible()
    page.get_by_test_id("dialog").get_by_role("button", name="Cancel").click()
    expect(start).to_be_visible()

    page.get_by_test_id("start-level-medium").check(force=True)  # the radio is drawn as a card
    page.get_by_test_id("start-play").click()
    expect(start).to_be_hidden()
    settle(page)
    expect(page.locator(CONTROLS).first).to_be_visible()  # the USA's turn, after the AI's
    saved = json.loads(current_save(page))
    assert saved["seats"]["USSR.politician"] == "ai" and saved["seats"]["USA.engineer"] == "human"
    assert saved["levels"] == {"USSR.politician": "medium", "USSR.engineer": "medium"}
    assert page.evaluate("localStorage.getItem('moonshot.start-level')") == "medium"

    # The next visit offers that game first; Continue puts it back on the table.
    moves = page.evaluate("document.body.dataset.moves")
    page.reload()
    page.wait_for_selector('body[data-ready="1"]')
    expect(start).to_be_visible()
    expect(page.get_by_test_id("start-level-medium")).to_be_checked()  # remembered
    go_on = page.get_by_test_id("start-continue")
    expect(go_on).to_be_focused()
    expect(go_on).to_contain_text("vs")  # the game's title: who plays whom, no seed
    expect(go_on).not_to_contain_text("seed")
    go_on.click()
    expect(start).to_be_hidden()
    settle(page)
    assert page.evaluate("document.body.dataset.moves") == moves
    expect(page.locator(CONTROLS).first).to_be_visible()
    net.assert_clean()


def test_start_screen_on_a_phone_is_accessible(page: Page, site_url: str,
                                               open_game: Opener) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    open_game(site_url)
    play = page.get_by_test_id("start-play")
    expect(play).to_be_in_viewport()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert axe_serious(page) == []


def test_every_way_in_fits_a_phone_with_a_saved_game_offered(
    page: Page, site_url: str, open_game: Opener,
) -> None:
    """Continue adds a row: the start screen still shows every way in without scrolling."""
    page.set_viewport_size({"width": 390, "height": 844})
    open_game(site_url + "?players=2&seats=hhaa&seed=3&speed=0")
    page.wait_for_selector("body[data-saved]")
    open_game(site_url)
    expect(page.get_by_test_id("start-continue")).to_be_visible()
    for way in ("continue", "play", "tutorial", "howto", "rules", "saves", "new"):
        expect(page.get_by_test_id(f"start-{way}")).to_be_in_viewport(ratio=1)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_url_parameters_and_the_embed_page_start_a_game_directly(
    page: Page, site_url: str, open_game: Opener,
) -> None:
    open_game(site_url + "?players=2&seats=hhaa&seed=3&speed=0")
    settle(page)
    expect(page.get_by_test_id("start")).to_have_count(0)
    expect(page.locator(CONTROLS).first).to_be_visible()
    forget_saves(page)
    open_game(site_url + "embed.html")
    settle(page)
    expect(page.get_by_test_id("start")).to_have_count(0)
    expect(page.locator(CONTROLS).first).to_be_visible()
