"""Friends at one screen (issue 41): hand-offs only where a secret is at stake. A whole first
round of 2, 3 and 4 people sharing one screen, played through the page: the hand-off screens
(the full-screen curtain) and the touches that show a player's hand are counted and printed;
a curtain falls only before a Research choice."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from conftest import NetworkLog
from helpers import answer_confirm, controls, current_save, end_discussion, pick, privacy_up, settle
from playwright.sync_api import Page

from ui.model.saves import parse

Opener = Callable[[str], float]
SHARED = {2: "?players=2&seats=hhhh", 3: "?players=3&pair=USSR&seats=hhhh",
          4: "?players=4&seats=hhhh"}
BEFORE = 31  # hand-off screens in round 1 of a 4-person game before this issue


def round_on(page: Page) -> int:
    if page.evaluate("document.body.dataset.moves") == "0":
        return 1
    return parse(current_save(page)).game.round


@pytest.mark.parametrize("people", [2, 3, 4])
def test_a_round_at_one_screen_hands_off_only_where_a_secret_is_at_stake(
    page: Page, site_url: str, net: NetworkLog, open_game: Opener, people: int,
) -> None:
    open_game(site_url + SHARED[people] + "&seed=5&speed=0")
    rng = random.Random(people)
    curtains = touches = 0
    for _ in range(800):
        settle(page)
        if round_on(page) > 1:
            break
        if privacy_up(page):
            page.get_by_test_id("privacy-continue").click()
            settle(page)
            curtains += 1
            assert any(kind == "keep_tile" for kind, _group in controls(page)) or \
                page.locator('[data-target^="keep:"]').count(), "a curtain not for Research"
            continue
        if end_discussion(page) or answer_confirm(page):
            continue
        gate = page.get_by_test_id("show-mine")
        if gate.count() and gate.is_visible():
            gate.click()
            touches += 1
            continue
        pick(page, rng)
    assert round_on(page) == 2, "the first round did not end"
    print(f"{people} people at one screen, round 1: {curtains} hand-off screens (only before "
          f"a Research choice), {touches} touches to show a player's secrets"
          + (f"; {BEFORE} hand-off screens before" if people == 4 else ""))
    assert curtains <= 6
    net.assert_clean()
