"""The rival's moves on the board: after the computer moves, the board marks where (a cyan
ring, ``data-last``) until the person acts; a launch the rival committed to this round stands
on the target Mission card in words and its colour."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from helpers import game_over, near_the_end, open_saved, pick, privacy_up, settle
from playwright.sync_api import Page, expect

TRAIL = "#main [data-last]:visible"
# The first frame of the motion a moved thing lands with (when the AI has a pace), measured
# against the thing's own box: it grows into its place from inside it, never a copy larger
# than the card floating over its neighbours (issue 39). Each [data-last] thing's excess in px.
ARRIVAL = """async () => {
  const pace = document.body.dataset.pace;
  document.body.dataset.pace = '800';
  await new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)));
  const out = [];
  for (const el of document.querySelectorAll('#main [data-last]')) {
    const arrive = el.getAnimations().find(a => a.animationName === 'arrive');
    if (!arrive || !el.offsetWidth) continue;
    arrive.pause();
    arrive.currentTime = 0;
    const at = el.getBoundingClientRect();
    out.push(Math.max(at.width - el.offsetWidth, at.height - el.offsetHeight));
    arrive.finish();
  }
  document.body.dataset.pace = pace;
  return out;
}"""
RIVAL_LAUNCH = '#centre [data-testid="launching"][data-nation="USSR"]'


def test_the_computers_moves_are_marked_where_they_happened_and_its_launch_on_the_card(
    page: Page, site_url: str, open_game: Callable[[str], float],
    screenshot: Callable[[str], Path],
) -> None:
    page.emulate_media(reduced_motion="no-preference")  # the suite's pages ask for less
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
            if marked == 1:
                excess = page.evaluate(ARRIVAL)
                assert excess and max(excess) <= 0.5, f"landing motion outgrows its box {excess}"
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


AT_END = """() => { const log = document.getElementById('log');
  return log.scrollHeight - log.scrollTop - log.clientHeight; }"""


def test_the_log_shows_its_newest_lines_on_a_desktop_and_when_opened_on_a_phone(
    page: Page, site_url: str,
) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    # a game well on (its log long, as a loaded game's is from its story), then a few moves
    open_saved(page, site_url, near_the_end(5, moves_left=150))
    rng = random.Random(5)
    for _ in range(4):
        settle(page)
        pick(page, rng)
    settle(page)
    page.wait_for_timeout(100)  # a frame: the second scroll
    assert page.evaluate(AT_END) <= 2, "the log is not at its newest line"
    page.set_viewport_size({"width": 390, "height": 844})
    page.reload()
    page.wait_for_selector('body[data-ready="1"]', state="attached")
    page.get_by_test_id("start-continue").click()  # the same game, its log long
    settle(page)
    log = page.get_by_test_id("log")
    expect(log).not_to_have_attribute("open", "")  # a phone keeps it closed
    log.locator(":scope > summary").click()  # not the About box's, inside the log
    page.wait_for_timeout(100)
    assert page.evaluate(AT_END) <= 2, "opened on a phone, the log starts away from its end"
    expect(log.locator("#log-list > li").last).to_be_in_viewport()


MOTIONS = """() => { const el = document.querySelector('#main [data-last]');
  const style = getComputedStyle(el);
  const names = style.animationName.split(', '), times = style.animationDuration.split(', ');
  return names.filter(n => n !== 'none').map((n, i) => [n, parseFloat(times[i]) * 1000]); }"""


@pytest.mark.parametrize(("speed", "motion"), [(150, 150), (800, 600), (0, None)])
def test_the_computers_move_lands_as_a_motion_as_long_as_the_ai_speed_says(
    page: Page, site_url: str, open_game: Callable[[str], float], speed: int,
    motion: int | None,
) -> None:
    """The thing the computer touched lands (a short scale-in) over the AI's pace, with its
    ring pulsing; instant play and prefers-reduced-motion show the ring without motion."""
    page.emulate_media(reduced_motion="no-preference")  # the suite's pages ask for less
    page.set_viewport_size({"width": 1280, "height": 800})
    open_game(site_url + f"?players=2&seats=hhee&seed=3&speed={speed}")
    rng = random.Random(3)
    for _ in range(100):
        settle(page)
        if page.locator(TRAIL).count():
            break
        pick(page, rng)
    else:
        raise AssertionError("the computer never moved")
    styled = {name: round(ms) for name, ms in page.evaluate(MOTIONS)}
    assert styled.get("arrive") == motion and "last-move" in styled, styled
    page.emulate_media(reduced_motion="reduce")
    assert page.evaluate(MOTIONS) == [], "motion despite prefers-reduced-motion"
