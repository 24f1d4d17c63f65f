"""The table's sounds in real Chromium (issue 23): public/sound.js is fetched when the first
sound is wanted and plays through a running Web Audio context; the header's switch silences
it, is kept in the browser's storage and is still off after a reload, when the script is not
even loaded; turned on, it clicks."""

from __future__ import annotations

import random
from collections.abc import Callable

from helpers import pick, settle
from playwright.sync_api import Page, expect

URL = "?players=2&seats=hhee&seed=6&speed=0"
STATE = "() => window.MoonshotSound ? MoonshotSound.state() : null"


def played(page: Page) -> int:
    state = page.evaluate(STATE)
    return int(state["played"]) if state else 0


def test_moves_sound_through_web_audio_and_the_switch_is_kept_across_a_reload(
    page: Page, site_url: str, open_game: Callable[[str], float],
) -> None:
    open_game(site_url + URL)
    switch = page.get_by_test_id("sound")
    expect(switch).to_have_attribute("aria-pressed", "true")
    rng = random.Random(6)
    settle(page)
    pick(page, rng)  # a click on the page: the browser lets audio start
    page.wait_for_function(f"({STATE})() && ({STATE})().played > 0", timeout=10_000)
    assert page.evaluate(STATE)["context"] == "running"
    names = page.evaluate("MoonshotSound.names")
    assert {"place", "dice", "liftoff", "explosion", "landing", "delay"} <= set(names)

    switch.click()
    expect(switch).to_have_attribute("aria-pressed", "false")
    assert page.evaluate("localStorage.getItem('moonshot.sound')") == "off"
    before = played(page)
    for _ in range(6):
        settle(page)
        pick(page, rng)
    settle(page)
    assert played(page) == before  # six moves, the computer's answers, no sound

    open_game(site_url + URL)  # the same game anew: the computer's first moves, no sound
    expect(switch).to_have_attribute("aria-pressed", "false")
    page.get_by_test_id("resume-new").click()  # not the game left behind
    settle(page)
    assert page.evaluate("window.MoonshotSound === undefined")  # kept off: never loaded
    switch.click()
    expect(switch).to_have_attribute("aria-pressed", "true")
    page.wait_for_function(f"({STATE})() && ({STATE})().played === 1", timeout=10_000)
    assert page.evaluate("localStorage.getItem('moonshot.sound')") == "on"
