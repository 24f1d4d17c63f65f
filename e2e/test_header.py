"""The header fits (issue 39): on a 390x844 phone it is one row, the name and a menu button,
and the menu opens every tool in view (once they scrolled sideways out of sight: "Saved games
| Repla..."); at 1280x800 the tools stand in the row and there is no menu button."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from helpers import ON_TOP
from playwright.sync_api import Page, expect

TOOLS = "#tools > :is(button, select, label, a)"
# Each tool's name, and whether its centre is in the window with nothing on top of it.
REACHABLE = rf"""(css) => [...document.querySelectorAll(css)].map((el) => {{
  const name = el.matches('select') ? el.getAttribute('aria-label')
    : el.innerText.split('\n')[0].trim() || el.getAttribute('aria-label');
  return [name, ({ON_TOP})(el)];
}})"""
TOP_HEIGHT = "document.getElementById('top').getBoundingClientRect().height"


def test_a_phones_header_is_one_row_and_its_menu_shows_every_tool(
    page: Page, site_url: str, open_game: Callable[[str], float],
    screenshot: Callable[[str], Path],
) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    open_game(site_url + "?players=2&seats=hhmm&seed=1&speed=0")
    menu = page.get_by_test_id("menu")
    expect(menu).to_be_visible()
    expect(page.locator("#tools")).to_be_hidden()
    closed = page.evaluate(TOP_HEIGHT)
    menu.click()
    expect(page.locator("#tools")).to_be_visible()
    tools = page.evaluate(REACHABLE, TOOLS)
    screenshot("header-menu-390")
    print(f"390x844: header {closed:.0f} px high with the menu closed; the menu shows "
          f"{len(tools)} tools: {', '.join(name for name, _ in tools)}")
    assert len(tools) >= 7, tools  # speed, saves, replay, new game, how to play, rules...
    assert all(ok for _, ok in tools), [name for name, ok in tools if not ok]
    page.get_by_test_id("open-rules").click()  # a tool chosen: it runs, the menu closes
    expect(page.get_by_test_id("rules")).to_be_visible()
    expect(page.locator("#tools")).to_be_hidden()


def test_a_desktops_header_has_its_tools_in_the_row_and_no_menu(
    page: Page, site_url: str, open_game: Callable[[str], float],
) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    open_game(site_url + "?players=2&seats=hhmm&seed=1&speed=0")
    expect(page.get_by_test_id("menu")).to_be_hidden()
    tools = page.evaluate(REACHABLE, TOOLS)
    assert tools and all(ok for _, ok in tools), tools
