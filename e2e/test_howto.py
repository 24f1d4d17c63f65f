"""The How-to-play pages (howto.html, howto.hu.html) in Chromium at desktop and phone sizes:
every drawing loads, nothing scrolls sideways, no script, no console error, no CSP
violation, and axe-core finds no serious or critical problem; the links between the two
languages and to the steps work."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import NetworkLog
from helpers import axe_serious, csp_violations
from playwright.sync_api import Page, expect

PAGES = {"en": "howto.html", "hu": "howto.hu.html"}
SIZES = {"desktop": (1280, 800), "phone": (390, 844)}


@pytest.mark.parametrize("size", SIZES, ids=list(SIZES))
@pytest.mark.parametrize("lang", PAGES, ids=list(PAGES))
def test_howto_page(
    page: Page, site_url: str, net: NetworkLog, csp_watch: None,
    screenshot: Callable[[str], Path], lang: str, size: str,
) -> None:
    width, height = SIZES[size]
    page.set_viewport_size({"width": width, "height": height})
    page.goto(site_url + PAGES[lang])
    page.wait_for_load_state("load")
    assert page.locator("html").get_attribute("lang") == lang
    assert page.locator("script").count() == 0

    steps = page.locator("main section.step")
    images = page.locator("main section.step figure img")
    assert steps.count() >= 8 and images.count() == steps.count()
    loaded = images.evaluate_all(
        "els => els.map(e => [e.getAttribute('src'), e.complete && e.naturalWidth > 0])")
    assert [src for src, ok in loaded if not ok] == []
    for i in range(images.count()):  # scaled to the column, never wider than the page
        box = images.nth(i).bounding_box()
        assert box is not None and box["width"] <= width - 20

    sideways = page.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert sideways <= 0, f"{sideways}px of horizontal scrolling"
    assert axe_serious(page) == []
    screenshot(f"howto-{lang}-{size}")
    assert not csp_violations(page)
    net.assert_clean()


def test_howto_links(page: Page, site_url: str, net: NetworkLog) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(site_url + PAGES["en"])
    # A step in the contents list scrolls to that step, heading below the sticky header.
    page.locator("nav.toc a").nth(8).click()
    heading = page.locator("section.step h2").nth(8)
    expect(heading).to_be_in_viewport()
    header = page.locator("header.top").bounding_box()
    box = heading.bounding_box()
    assert header is not None and box is not None and box["y"] >= header["height"]
    # The other language, and back.
    page.get_by_role("link", name="Magyar").click()
    expect(page.locator("html")).to_have_attribute("lang", "hu")
    expect(page.locator("section.step h2").first).to_be_visible()
    page.wait_for_load_state("load")
    page.get_by_role("link", name="English").click()
    expect(page.locator("html")).to_have_attribute("lang", "en")
    # Its drawings finish loading before the page is left (leaving would abort them, and an
    # aborted request counts as a failure).
    page.wait_for_load_state("load")
    # The rules reference at the step's section.
    link = page.locator("section.step p.more a").first
    href = link.get_attribute("href")
    assert href is not None and href.startswith("rules.html#")
    link.click()
    expect(page.locator(f'[id="{href.partition("#")[2]}"]')).to_be_in_viewport()
    net.assert_clean()
