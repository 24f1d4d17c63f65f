"""A finished game in the browser: its replay travelled by its timeline (a round's
Engineering, a launch), played on its own and paused, reached from the report's swings; and
shared as a link that opens the same game and its report in a fresh browser, while damaged
or edited links are refused with their reason and change nothing stored."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from conftest import MOTION, NetworkLog, reload_ready, wait_ready
from helpers import BACKGROUND_LOADED, csp_violations, on_disk, store
from playwright.sync_api import Browser, Page, expect

from game import Game
from game.sharing import BadCode, open_code, share_code
from tests.test_sharing import damaged_codes, long_game
from ui.model.players import Setup
from ui.model.replay import SHARED, Replay, game_fingerprint
from ui.model.saves import export_text
from ui.words.refusals import shared_words

REPORT_MS = 90_000
LINK_LIMIT = 8_000
Shot = Callable[[str], Path]


def open_long_game_replay(page: Page, site_url: str, net: NetworkLog
                          ) -> tuple[Replay, list[Game]]:
    """The long finished game kept in Saved games, replayed from the start screen's list;
    its replay worked out here too, for the moments to expect (and its positions)."""
    g = long_game()
    page.goto(site_url)
    wait_ready(page, net)
    store(page, {"moonshot.save.long": export_text(g, Setup(seed=g.seed, players=4))})
    reload_ready(page, net)
    page.get_by_test_id("start-saves").click()
    page.locator('[data-testid="replay-save"][data-key="moonshot.save.long"]').click()
    expect(page.get_by_test_id("replay")).to_have_attribute("data-step", str(g.log_size))
    frames: list[Game] = []
    return Replay(json.loads(g.to_json()), frames), frames


def test_the_replay_travels_by_its_timeline_plays_on_and_the_reports_swings_lead_into_it(
    page: Page, site_url: str, net: NetworkLog, csp_watch: None, screenshot: Shot,
) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    replay, frames = open_long_game_replay(page, site_url, net)
    bar = page.get_by_test_id("replay")
    chapters = page.get_by_test_id("rp-chapters")
    # Round 5, then its Engineering.
    chapters.locator('[data-testid="rp-round"][data-round="5"]').click()
    expect(chapters.locator('[data-testid="rp-round"][aria-current="step"]')).to_have_attribute(
        "data-round", "5")
    chapters.locator('[data-testid="rp-chapter"][data-phase="engineering"]').click()
    engineering = next(c for c in replay.chapters if c.round == 5 and c.phase == "engineering")
    expect(bar).to_have_attribute("data-step", str(engineering.step))
    assert frames[engineering.step].phase == "engineering"
    assert frames[engineering.step - 1].phase != "engineering"
    current = chapters.locator('[data-testid="rp-chapter"][aria-current="step"]')
    expect(current).to_have_attribute("data-phase", "engineering")
    screenshot("replay-timeline")
    # A launch of a later round: the frame right after it flew, the log telling it.
    launch = next(c for c in replay.chapters if c.launch and c.round > 5)
    chapters.locator(f'[data-testid="rp-round"][data-round="{launch.round}"]').click()
    chapters.locator(f'[data-testid="rp-chapter"][data-kind="launch"][data-step="{launch.step}"]'
                     ).first.click()
    expect(bar).to_have_attribute("data-step", str(launch.step))
    expect(current).to_have_attribute("data-kind", "launch")
    expect(page.get_by_test_id("replay-notes")).to_contain_text("launch")
    # Autoplay from there, then a pause that holds.
    play = page.get_by_test_id("rp-play")
    play.click()
    expect(play).to_have_attribute("aria-pressed", "true")
    page.wait_for_function(
        "n => +document.querySelector('[data-testid=replay]').dataset.step >= n",
        arg=launch.step + 2, timeout=20_000)
    expect(play).to_be_focused()  # the bar drawn at every step gives Pause its focus back
    # The focus elsewhere (on no control: a tap beside the bar), and it plays on.
    page.evaluate("document.activeElement.blur()")
    page.wait_for_function(
        "n => +document.querySelector('[data-testid=replay]').dataset.step >= n",
        arg=launch.step + 4, timeout=20_000)
    expect(page.locator("#banner")).to_be_hidden()
    page.get_by_test_id("rp-play").click()
    expect(page.get_by_test_id("rp-play")).to_have_attribute("aria-pressed", "false")
    paused = bar.get_attribute("data-step")
    page.wait_for_timeout(1_000)
    expect(bar).to_have_attribute("data-step", paused or "")
    # The report at the end: a swing opens the replay at its moment.
    page.get_by_test_id("rp-last").click()
    page.get_by_test_id("rp-report").click()
    expect(page.locator("body")).to_have_attribute("data-report", "ready", timeout=REPORT_MS)
    swing = page.get_by_test_id("report-swings").get_by_test_id("report-moment").first
    step = swing.get_attribute("data-step")
    swing.click()
    expect(page.get_by_test_id("report-overlay")).to_be_hidden()
    expect(bar).to_have_attribute("data-step", step or "")
    page.set_viewport_size({"width": 390, "height": 844})
    screenshot("replay-timeline-390")
    # Opened over the start screen (its Saved games): Exit goes back there.
    page.get_by_test_id("rp-exit").click()
    expect(page.get_by_test_id("start")).to_be_visible()
    assert csp_violations(page) == []
    net.assert_clean()


def test_a_shared_link_opens_the_same_game_and_its_report_in_a_fresh_browser(
    page: Page, browser: Browser, site_url: str, net: NetworkLog, csp_watch: None,
    screenshot: Shot, artifacts: Path,
) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    g = long_game()
    open_long_game_replay(page, site_url, net)
    page.get_by_test_id("rp-share").click()
    link = page.get_by_test_id("share-link").input_value()
    print(f"\nthe link of a {g.log_size}-action game: {len(link)} characters")
    assert len(link) < LINK_LIMIT and SHARED in link
    screenshot("share-dialog")
    page.get_by_test_id("share-close").click()

    fresh = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion=MOTION)
    try:
        other = fresh.new_page()
        other.goto(link)
        other.wait_for_selector('body[data-ready="1"]', state="attached", timeout=120_000)
        bar = other.get_by_test_id("replay")
        expect(bar).to_have_attribute("data-step", str(g.log_size))
        match = other.get_by_test_id("replay-match")
        expect(match).to_have_attribute("data-match", "1")
        expect(match).to_contain_text(game_fingerprint(g))
        expect(other.locator("body")).to_have_attribute("data-report", "ready",
                                                        timeout=REPORT_MS)
        expect(other.get_by_test_id("report").locator("h2")).to_contain_text(
            f"{g.winner} won")
        other.screenshot(path=str(artifacts / "shared-report.png"))
        assert "#" not in other.url  # read once: a reload starts the page as it would
        other.get_by_test_id("report-close").click()
        other.get_by_test_id("rp-exit").click()
        expect(other.get_by_test_id("start")).to_be_visible()
        assert on_disk(other, "moonshot.save.") == {}  # the shared game was kept nowhere
    finally:
        fresh.close()


def refusal(code: str) -> str:
    """The banner's words for a refused code, as the engine refuses it."""
    try:
        open_code(code)
    except BadCode as exc:
        return "This shared game cannot be opened. " + shared_words(exc.reason, exc.at)
    raise AssertionError("a damaged code was read")


def test_twenty_damaged_or_edited_links_are_refused_with_their_reason_and_change_nothing(
    page: Page, site_url: str, net: NetworkLog, csp_watch: None, screenshot: Shot,
) -> None:
    g = long_game()
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(site_url)
    wait_ready(page, net)
    kept = {"moonshot.save.mine": export_text(g, Setup(seed=g.seed, players=4)),
            "moonshot.current": "mine"}
    store(page, kept)
    before = on_disk(page)
    # (not the one with a space inside: the address bar writes it %20, another text)
    codes = {name: entry for name, entry in damaged_codes(g).items() if " " not in entry[0]}
    assert len(codes) >= 20
    banner = page.get_by_test_id("notice-banner")
    for number, (code, _reason) in enumerate(codes.values()):
        if number == 0:  # the first opens the page, as a link does; the rest come in a
            page.wait_for_function(BACKGROUND_LOADED)  # page already open (its address
            page.goto("about:blank")  # changes)
            page.goto(site_url + SHARED + code)
            wait_ready(page, net)
        else:
            page.evaluate("h => { location.hash = h; }", SHARED + code)
        expect(banner).to_be_visible(timeout=20_000)  # a new one: the last was dismissed
        expect(banner).to_contain_text(refusal(code))
        if number == 1:
            screenshot("shared-link-refused")
        expect(page.get_by_test_id("replay")).to_have_count(0)
        page.get_by_test_id("dismiss").click()
        expect(banner).to_be_hidden()
    assert on_disk(page) == before
    # The good link after them all opens.
    page.evaluate("h => { location.hash = h; }", SHARED + share_code(g))
    expect(page.get_by_test_id("replay")).to_have_attribute("data-step", str(g.log_size))
    assert on_disk(page) == before
    assert csp_violations(page) == []
    net.assert_clean()
