"""Hungarian: the header's switch changes every word on the main screen, in a dialog, in the
log and on the end screen, and the choice survives a reload."""

from __future__ import annotations

import random
from collections.abc import Callable

from helpers import play_steps, play_until_over, settle
from playwright.sync_api import Page, expect

from tests.test_messages import english_sentences

Opener = Callable[[str], float]
GAME = "?players=2&seats=hhrr&seed=5&speed=0"  # a person against the random AI: short


def leaks(text: str) -> list[str]:
    """English sentences of the catalogue found in ``text``."""
    return sorted(s for s in english_sentences() if s in text)


def test_switching_to_hungarian(page: Page, site_url: str, open_game: Opener) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    open_game(site_url + GAME)
    settle(page)
    play_steps(page, random.Random(5), 3)
    expect(page.locator("html")).to_have_attribute("lang", "en")
    english = page.locator("body").inner_text()
    assert "mission log" in english.lower() and leaks(english)  # the check sees English

    page.get_by_test_id("language").select_option("hu")
    expect(page.locator("html")).to_have_attribute("lang", "hu")
    settle(page)
    screen = page.locator("body").inner_text()
    assert "mission log" not in screen.lower(), screen[:400]
    assert not leaks(screen), leaks(screen)
    log = page.get_by_test_id("log").inner_text()
    assert log.strip() and not leaks(log)

    page.get_by_test_id("new-game").click()  # a dialog
    dialog = page.get_by_test_id("dialog")
    expect(dialog).to_be_visible()
    assert not leaks(dialog.inner_text()), leaks(dialog.inner_text())
    dialog.locator('[data-cmd="cancel-new"]').click()

    page.reload()  # the choice is remembered
    page.wait_for_selector('body[data-ready="1"]')
    expect(page.locator("html")).to_have_attribute("lang", "hu")
    expect(page.get_by_test_id("language")).to_have_value("hu")
    if page.get_by_test_id("resume").is_visible():
        page.get_by_test_id("resume-continue").click()
    settle(page)
    assert not leaks(page.locator("body").inner_text())

    play_until_over(page, random.Random(6))
    end = page.get_by_test_id("end-screen")
    expect(end).to_be_visible()
    assert not leaks(end.inner_text()), leaks(end.inner_text())
    assert not leaks(page.get_by_test_id("log").inner_text())
