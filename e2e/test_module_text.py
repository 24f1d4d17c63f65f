"""Every Module's words laid out, in English and Hungarian (issue 39): on a blueprint's slot
and in the Research Center's Module row, the name, what it needs and what it gives each take
a line of their own (they once ran together: "Fuel Cell Stackrows 1-2"), and no word is
broken inside (a narrow card once split "Mentőtoron|y"; Hungarian names break at the soft
hyphens of their compounds). The table's own markup (board_html, research_html) for a real
game's view, every Module in turn put on the USA's slots and in the row, drawn by the game's
page at 1280x800 and 390x844 and read back from the browser's layout."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator

import pytest
from helpers import privacy_up, settle
from playwright.sync_api import Page

import game
from game.core.content import load_content
from game.rules.records import InstalledModule, ModuleView, Parameters, View
from ui.markup.board import board_html
from ui.markup.centre import research_html
from ui.words.i18n import use

# For each Module card shown: its lines as the browser lays them out (innerText), and the
# words of its text broken across two lines (a word is split at spaces, hyphens and soft
# hyphens first: a break there is a hyphenation, not a broken word).
READ = r"""(css) => [...document.querySelectorAll(css)]
  .filter((slot) => slot.getClientRects().length)
  .map((slot) => {
    const broken = [];
    const walk = document.createTreeWalker(slot, NodeFilter.SHOW_TEXT);
    for (let node = walk.nextNode(); node; node = walk.nextNode()) {
      const text = node.data;
      // a part's first and last letters on one line, each measured alone; a letter just
      // after a break at a soft hyphen also reports a box at the end of the line above
      // (the hyphen drawn there): the first letter's last box and the last letter's first
      const box = (at, last) => {
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + 1);
        const boxes = [...range.getClientRects()];
        return Math.round(boxes[last ? boxes.length - 1 : 0].top);
      };
      for (const part of text.matchAll(/[^\s\u00ad-]+/g)) {
        const end = part.index + part[0].length - 1;
        if (box(part.index, true) !== box(end, false)) broken.push(part[0]);
      }
    }
    return {lines: slot.innerText.split('\n').map((l) => l.trim()).filter(Boolean), broken};
  })"""
# The widths of a desktop and a phone; windows tall enough that the table folds none of its
# parts (public/scene-fit.js: a folded Module card shows its name alone)
SIZES = [(1280, 2400), (390, 2400)]
CARDS = {"board-USA": "#board-USA .module .slot", "centre": "#centre .modrow .slot"}


def modules() -> list[str]:
    return sorted(load_content().modules)


def views(view: View) -> Iterator[View]:
    """``view`` with every Module in turn: three at a time on the USA's slots (every other
    one active), four at a time in the Module row."""
    content = load_content()
    shown = [ModuleView(id=m, name=content.modules[m].name, region=content.modules[m].region,
                        need=dict(content.modules[m].need),
                        bonus=Parameters(*content.modules[m].bonus)) for m in modules()]
    for turn in range(-(-len(shown) // 3)):
        row = tuple(shown[4 * turn:4 * turn + 4])
        slots = tuple(InstalledModule(**{f.name: getattr(m, f.name)
                                         for f in dataclasses.fields(ModuleView)},
                                      cells=(), active=n % 2 == 0)
                      for n, m in enumerate(shown[3 * turn:3 * turn + 3]))
        usa = dataclasses.replace(view.nations["USA"], modules=slots)
        yield dataclasses.replace(
            view, nations={**view.nations, "USA": usa},
            research=dataclasses.replace(view.research, module_row=row))


@pytest.mark.parametrize(("width", "height"), SIZES)
@pytest.mark.parametrize("lang", ["en", "hu"])
def test_every_modules_name_needs_and_gift_on_lines_of_their_own_and_no_word_broken(
    page: Page, site_url: str, open_game: Callable[[str], float], lang: str, width: int,
    height: int,
) -> None:
    page.set_viewport_size({"width": width, "height": height})
    # four people at one screen: nothing moves by itself, the app draws only when asked
    open_game(site_url + "?players=2&seats=hhhh&seed=1")
    if privacy_up(page):  # the first of them comes to the screen
        page.get_by_test_id("privacy-continue").click()
        settle(page)
    base = game.new_game(1).view(None)
    read: dict[str, tuple[list[str], list[str]]] = {}
    use(lang)
    try:
        for view in views(base):
            for region, markup in (("board-USA", board_html(view, "USA")),
                                   ("centre", research_html(view))):
                if width < 761:  # a phone shows one part of the table at a time
                    tab = f'[data-tab="{region.removeprefix("board-")}"]'
                    page.locator(tab).click()
                    page.locator(tab + ".on").wait_for()  # the app drew that part
                    settle(page)  # the Modules go in after
                page.evaluate("([id, html]) => { document.getElementById(id).innerHTML = html }",
                              [region, markup])
                for card in page.evaluate(READ, CARDS[region]):
                    read[f'{region}: {card["lines"][0]}'] = (card["lines"], card["broken"])
    finally:
        use("en")
    print(f"{lang} {width}x{height}: {len(read)} module cards read, "
          f"{max(len(lines) for lines, _ in read.values())} lines at most")
    assert len(read) == 2 * len(modules()), sorted(read)  # each on a slot and in the row
    run_together = {name: lines for name, (lines, _) in read.items() if len(lines) < 3}
    assert not run_together, run_together
    broken = {name: words for name, (_, words) in read.items() if words}
    assert not broken, broken
