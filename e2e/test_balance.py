"""The balance lab's page (balance.html, balance.hu.html) in a real browser: built from the
committed run, its two charts drawn by uPlot under the page's Content-Security-Policy, its
tables carrying the run's numbers, readable at 1280x800 and 390x844 without scrolling
sideways."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from conftest import ROOT, NetworkLog
from helpers import csp_violations
from playwright.sync_api import Page, expect

RUN = json.loads((ROOT / "docs" / "balance" / "lab.json").read_text(encoding="utf-8"))


def test_the_balance_page_draws_the_committed_run_in_both_languages(
    page: Page, site_url: str, net: NetworkLog, csp_watch: None,
    screenshot: Callable[[str], Path],
) -> None:
    for lang, name, heading, other, comma in (
            ("en", "balance.html", "Who wins", "Magyarul", False),
            ("hu", "balance.hu.html", "Ki nyer", "In English", True)):
        for width, height in ((1280, 800), (390, 844)):
            page.set_viewport_size({"width": width, "height": height})
            page.goto(site_url + name)
            expect(page.locator("html")).to_have_attribute("lang", lang)
            for chart in ("wins", "length"):
                box = page.locator(f'figure[data-chart="{chart}"]')
                expect(box).to_have_attribute("data-drawn", "1")
                expect(box.locator("canvas")).to_have_count(1)
                assert box.bounding_box()["width"] > 250  # type: ignore[index]
            expect(page.get_by_role("heading", name=heading)).to_be_visible()
            # the way back to the game and to the other language, on a phone too
            expect(page.get_by_role("link", name=other)).to_be_visible()
            for v in RUN["variants"]:
                row = page.locator(f'section tr[data-variant="{v["name"]}"]').first
                rate = f'{v["summary"]["nations"]["USSR"]["rate"]:.1%}'
                expect(row).to_contain_text(rate.replace(".", ",") if comma else rate)
            # nothing to scroll sideways, on a phone too: a wide table's rows are cards there
            wide = page.evaluate("""() => [document.documentElement,
                ...document.querySelectorAll('.balance-table')].filter(
                    (el) => el.scrollWidth > el.clientWidth + 1).map(
                    (el) => `${el.className || el.tagName} ${el.scrollWidth}/${el.clientWidth}`)""")
            assert wide == [], (width, wide)
            screenshot(f"balance-{lang}-{width}")
    significant = sum(c["significant"] for v in RUN["variants"]
                      for c in v.get("against_base", []))
    expect(page.locator('tr[data-significant="1"]')).to_have_count(significant)
    assert csp_violations(page) == []
    net.assert_clean()
