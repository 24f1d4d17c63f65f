"""The rival's moves on the board: after the computer moves, the board marks where (a cyan
ring, ``data-last``) until the person acts; a launch the rival committed to this round stands
on the target Mission card in words and its colour."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path

from helpers import game_over, pick, privacy_up, settle
from playwright.sync_api import Page, expect

TRAIL = "#main [data-last]:visible"
RIVAL_LAUNCH = '#centre [data-testid="launching"][data-nation="USSR"]'


def test_the_computers_moves_are_marked_where_they_happened_and_its_launch_on_the_card(
    page: Page, site_url: str, open_game: Callable[[str], float],
    screenshot: Callable[[str], Path],
) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    open_game(site_url + "?players=2&seats=hhee&seed=3&speed=0")
    rng = random.Random(3)
    marked = launched = 0
    for _ in range(600):
        settle(page)
        if game_over(page) or (marked > 5 and launched):
            break
        if privacy_up(page):
            page.get_by_test_id("privacy-continue").click()
            continue
        trail = page.locator(TRAIL)
        if trail.count():
            marked += 1
            # the ring is drawn (a box shadow), not only an attribute
            shadow = trail.first.evaluate("el => getComputedStyle(el).boxShadow")
            assert shadow and shadow != "none"
        band = page.locator(RIVAL_LAUNCH)
        if band.count():
            launched += 1
            expect(band.first).to_contain_text("USSR launches here this round")
            card = band.first.locator("xpath=ancestor::li[contains(@class, 'mission')]")
            expect(card).to_have_class(re.compile(r"\baim-ussr\b"))
            if launched == 1:
                band.first.scroll_into_view_if_needed()
                screenshot("rival-launch-1280")
        pick(page, rng)
    assert marked > 5, f"the computer's moves were marked {marked} times"
    assert launched, "the computer's launch never stood on its target card"
