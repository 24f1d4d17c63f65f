"""Rules in the app: the rules reference (rules.html, built from docs/rules.md) opens in a
panel from the header, the "?" links open it at the rule of an action, and every action
control explains itself in its title."""

from __future__ import annotations

from collections.abc import Callable

from conftest import NetworkLog
from helpers import CONTROLS, bar_option, csp_violations, privacy_up, settle, show_mine
from playwright.sync_api import Frame, Page, expect


def rules_frame(page: Page) -> Frame:
    handle = page.get_by_test_id("rules-frame").element_handle()
    assert handle is not None
    frame = handle.content_frame()
    assert frame is not None
    frame.wait_for_load_state()
    return frame


def test_rules_in_the_app(
    page: Page, site_url: str, net: NetworkLog, open_game: Callable[[str], float],
    csp_watch: None,
) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    open_game(site_url + "?players=2&seats=hhhh&seed=5&speed=0")
    settle(page)
    if privacy_up(page):
        page.get_by_test_id("privacy-continue").click()
        settle(page)
    if show_mine(page):  # both nations at the screen: the first hand waits for a touch
        settle(page)

    # Every visible action control says what it does and which rule governs it.
    titles = page.locator(CONTROLS).evaluate_all("els => els.map(e => e.title)")
    assert titles and all(t.strip() for t in titles), titles

    # The header's Rules button: the reference in a panel over the game.
    page.get_by_test_id("open-rules").click()
    panel = page.get_by_test_id("rules")
    expect(panel).to_be_visible()
    frame = rules_frame(page)
    expect(frame.get_by_role("heading", name="The Rocket Blueprint")).to_be_visible()
    expect(frame.locator("nav.rules-toc")).to_contain_text("Glossary")
    # One header (the page's own), the Glossary link once, and no source file path. (The
    # live examples' still pictures are the game's own markup, board heads included: inert,
    # hidden from assistive technology, and no header of the page.)
    assert frame.locator("h1").count() == 1
    assert frame.locator("header:not(.rx-still header)").count() == 1
    assert frame.locator(".rx-still header").count() == frame.locator(
        ".rx-still[aria-hidden='true'][inert] header").count()
    assert panel.get_by_role("link", name="Glossary").count() == 0  # the panel's own bar
    assert frame.locator("header").get_by_role("link", name="Glossary").count() == 1
    text = frame.locator("body").inner_text()
    assert "game/" not in text and ".py" not in text and ".toml" not in text
    page.keyboard.press("Escape")
    expect(panel).to_be_hidden()

    # A "?" next to the action bar's controls (folded with them into "+N more" when the row
    # has no room for them): the panel at that action's section.
    link = bar_option(page, page.locator('#actions [data-testid="rule-link"]').first)
    section = link.get_attribute("data-open-rule")
    assert section
    assert link.get_attribute("href") == f"rules.html#{section}"
    link.click()
    expect(panel).to_be_visible()
    frame = rules_frame(page)
    assert frame.url.endswith(f"#{section}"), frame.url
    expect(frame.locator(f'h2[id="{section}"], h3[id="{section}"]')).to_be_in_viewport()
    page.get_by_test_id("close-rules").click()
    expect(panel).to_be_hidden()

    # The header's Glossary link opens the panel at the glossary.
    page.locator('#top [data-open-rule="glossary"]').click()
    frame = rules_frame(page)
    assert frame.url.endswith("#glossary"), frame.url
    expect(frame.get_by_role("heading", name="Glossary")).to_be_in_viewport()
    page.get_by_test_id("close-rules").click()

    # Cards, tiles, Risks and Missions name their rule too.
    assert page.locator('#centre .mission[data-rule][title]').count() > 0
    assert page.locator('#centre .risk[data-rule="risk-roll"]').count() > 0
    assert page.locator('[data-testid="hand"] .mcard[data-rule="maneuvers"]').count() > 0
    assert page.locator('.blueprint[data-rule="blueprint"]').count() > 0

    assert not csp_violations(page)
    for frame in page.frames:
        assert frame.url.startswith(site_url) or frame.url in ("about:blank", "about:srcdoc")
    net.assert_clean()
