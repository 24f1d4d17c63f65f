"""Accessibility in the suite: axe-core finds no serious or critical violation in any dialog
or screen that covers the table (the main screen, the tile placement, the risky-action
confirmation and the end screen are checked where their tests reach them: test_board.py,
test_confirm.py, test_keyboard.py)."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

from conftest import NetworkLog, reload_ready
from helpers import axe_serious, forget_saves, header_tool, play_steps, settle, show_mine
from playwright.sync_api import Page, expect


def test_every_dialog_has_no_serious_accessibility_violation(
    page: Page, site_url: str, net: NetworkLog, open_game: Callable[[str], float],
    screenshot: Callable[[str], Path],
) -> None:
    checked: dict[str, list[str]] = {}
    for width, height in ((1280, 800), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        open_game(site_url + "?players=2&seats=hhhh&seed=3&speed=0")
        settle(page)
        # both nations at one screen: the first decision waits for its player's touch
        expect(page.get_by_test_id("gate")).to_be_visible()
        checked[f"shared screen's gate {width}"] = axe_serious(page)
        screenshot(f"gate-{width}")
        page.get_by_test_id("show-mine").click()
        settle(page)
        play_steps(page, random.Random(3), 2)  # something to save, for the resume prompt
        show_mine(page)
        settle(page)

        if page.get_by_test_id("menu").is_visible():  # a phone's tools wait in its menu
            page.get_by_test_id("menu").click()
            checked[f"header menu {width}"] = axe_serious(page)
        header_tool(page, "new-game").click()
        expect(page.get_by_test_id("dialog")).to_be_visible()
        checked[f"new game {width}"] = axe_serious(page)
        page.locator('[data-cmd="cancel-new"]').click()

        header_tool(page, "open-saves").click()
        expect(page.get_by_test_id("saves")).to_be_visible()
        checked[f"saved games {width}"] = axe_serious(page)
        page.get_by_test_id("close-saves").click()

        header_tool(page, "open-rules").click()
        expect(page.get_by_test_id("rules")).to_be_visible()
        checked[f"rules {width}"] = axe_serious(page)
        page.get_by_test_id("close-rules").click()

        reload_ready(page, net)
        expect(page.get_by_test_id("resume")).to_be_visible()
        checked[f"resume prompt {width}"] = axe_serious(page)
        page.get_by_test_id("resume-continue").click()
        settle(page)
        forget_saves(page)
    assert {name: found for name, found in checked.items() if found} == {}
    net.assert_clean()
