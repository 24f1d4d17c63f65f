"""Keyboard play: a game's last rounds against the AI with no mouse. After every action the focus is
on the first control of the next decision; 1-9 take the n-th offered control, Enter the
focused one; a confirmation is answered with Tab and Enter."""

from __future__ import annotations

import json
import random
import statistics
from collections.abc import Callable
from pathlib import Path

from conftest import NetworkLog
from helpers import (
    CHEAP,
    axe_serious,
    controls,
    current_save,
    game_over,
    near_the_end,
    open_saved,
    settle,
)
from playwright.sync_api import Page, expect

FOCUS = """() => {
  const el = document.activeElement;
  if (!el || el === document.body) return 'body';
  if (el.closest('#actions')) return 'bar';
  return el.dataset.target ? 'board' : el.tagName.toLowerCase();
}"""


def person_actions(page: Page) -> int:
    log = json.loads(current_save(page))["save"]["log"]
    return sum(1 for entry in log if entry["seat"].startswith("USA"))


def test_the_last_rounds_of_a_game_against_the_ai_by_keyboard_only(
    page: Page, site_url: str, net: NetworkLog, screenshot: Callable[[str], Path],
) -> None:
    """The game opened as saved 150 moves before its end (about 75 decisions of the USA's:
    every phase several times, and the game's end; the rounds before are the same decisions
    again), then played by keyboard only."""
    page.set_viewport_size({"width": 1280, "height": 800})
    open_saved(page, site_url, near_the_end(7, moves_left=150))
    rng = random.Random(7)
    keys_per_action: list[int] = []
    keys = 0
    lost_focus: list[str] = []
    done = person_actions(page)  # the saved game's, before this page
    for _ in range(4000):
        settle(page)
        if game_over(page):
            break
        if page.get_by_test_id("confirm").is_visible():  # Cancel has the focus: Tab to Yes
            page.keyboard.press("Tab")
            page.keyboard.press("Enter")
            keys += 2
        else:
            focus = page.evaluate(FOCUS)
            if focus not in ("bar", "board"):
                lost_focus.append(focus)
            offered = controls(page)[:9]
            assert offered, "a person must act but no control is offered"
            cheap = [i for i, (kind, _) in enumerate(offered) if kind in CHEAP]
            index = rng.choice(cheap if cheap and rng.random() < 0.85 else range(len(offered)))
            if index == 0 and focus == "bar":
                page.keyboard.press("Enter")  # the focused first control
            else:
                page.keyboard.press(str(index + 1))
            keys += 1
        settle(page)
        if game_over(page):
            keys_per_action.append(keys)
            break
        now = person_actions(page)
        if now > done:
            keys_per_action.extend([keys] + [0] * (now - done - 1))
            done, keys = now, 0
    end = page.get_by_test_id("end-screen")
    expect(end).to_be_visible()
    assert end.get_attribute("data-winner") in ("USA", "USSR")
    assert lost_focus == [], f"focus left the decision {len(lost_focus)} times: {lost_focus[:5]}"
    found = axe_serious(page)
    assert found == [], found
    screenshot("keyboard-end")
    print(f"\nkeyboard only: {len(keys_per_action)} actions, {sum(keys_per_action)} keys, "
          f"median {statistics.median(keys_per_action)} keys per action, "
          f"max {max(keys_per_action)}")
    net.assert_clean()
