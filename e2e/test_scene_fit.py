"""The table as one scene (issue 39): late in a long game, with three Missions, the Moon and
its face-up risks, full hands and built rockets on the table, no column of the table scrolls
at 1280x800 or 1366x768, whether the Politicians are deciding or the Engineers, and every
thing the person may touch is in view with nothing on top of it. The columns' parts fold
(public/scene-fit.js) only as far as they must: where the window has room (1920x1080) more
of them stays whole. The positions come from a whole game the medium AI plays in CPython
(the densest table of its rounds 8 and later), exported as the app's own save file; one of
them holds all six of the Moon's Risk cards face up and eight on the Missions, in Hungarian
(the longest words): there the Missions and the Moon tighten, two Risk cards to a row."""

from __future__ import annotations

import pytest
from conftest import MOTION
from helpers import RELAID, in_view, open_saved, small_text
from playwright.sync_api import Browser, Page

from game import SEATS
from game.core.names import Seat
from game.engine import Game
from game.tools.tournament import medium_moves
from ui.model.players import Setup
from ui.model.saves import export_text

LONG = 5  # a game of 12 rounds: three Missions and the Moon on the table in round 8
MOON_FULL = 19  # round 10: the Moon's six Risk cards face up, eight on three Missions
COLUMNS = """() => [...document.querySelectorAll('main > section')]
  .filter(c => c.clientHeight > 0)
  .map(c => [c.id, c.scrollHeight, c.clientHeight, c.querySelectorAll('.folded').length])"""
FOLDED = "() => document.querySelectorAll('main :is(.folded, .gone)').length"  # (a part: 1 or 2)
TIGHT = "() => document.querySelectorAll('main .tight').length"
# the Risk cards of the centre drawn outside its box (cut by its edges), with their names
RISKS_OUT = """() => {
  const box = document.getElementById('centre').getBoundingClientRect();
  return [...document.querySelectorAll('#centre .risk')].filter(risk => {
    const at = risk.getBoundingClientRect();
    return at.bottom > box.bottom + 1 || at.right > box.right + 1 || at.left < box.left - 1;
  }).map(risk => risk.dataset.risk);
}"""


def cards_on_table(g: Game, seat: Seat) -> int:
    """How much the table holds: the Risk cards of the Missions and of the Moon's paths."""
    view = g.view(seat)
    moon = sum(r is not None for n in view.nations.values() for r in n.moon_path)
    return sum(len(m.risks) for m in view.missions) + moon + 3 * view.moon.on_display


def densest(seed: int, seat: Seat, phase: str) -> Game:
    """The position of the medium AI's game ``seed``, in round 8 or later, where ``seat``
    decides in ``phase`` with the most cards on the table."""
    best: tuple[int, Game] | None = None
    for g, who, _legal, _move in medium_moves(seed):
        if who == seat and g.phase == phase and g.round >= 8:
            count = cards_on_table(g, seat)
            if best is None or count > best[0]:
                best = (count, g.clone())
    assert best is not None, f"no {phase} decision of {seat} in round 8 or later"
    return best[1]


def everyone_here() -> Setup:
    """A saved game's seats: every one played at this screen (nothing moves by itself)."""
    return Setup(ai={seat: False for seat in SEATS})


@pytest.mark.parametrize(("seed", "seat", "phase", "language"), [
    (LONG, "USA.politician", "politics", "en"), (LONG, "USA.engineer", "engineering", "en"),
    (MOON_FULL, "USA.engineer", "engineering", "hu")])
def test_a_late_table_fits_its_window_with_every_thing_to_touch_in_view(
    page: Page, site_url: str, seed: int, seat: Seat,
    phase: str, language: str,
) -> None:
    g = densest(seed, seat, phase)
    if seed == MOON_FULL:
        assert cards_on_table(g, seat) >= 6 + 3 + 8, "the Moon's six, eight on Missions"
    page.set_viewport_size({"width": 1280, "height": 800})
    open_saved(page, site_url, export_text(g, everyone_here(), "late"), language)
    assert page.get_attribute("#actions .who", "data-seat") == seat
    folded, tight = {}, {}
    for width, height in ((1280, 800), (1366, 768), (1920, 1080)):
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate(RELAID)
        columns = page.evaluate(COLUMNS)
        where = f"round {g.round} {phase} ({language}) at {width}x{height}"
        print(f"{where}: {cards_on_table(g, seat)} cards; columns (id, content, box, parts "
              f"folded) {columns}")
        for name, content, box, _ in columns:
            assert content <= box + 1, f"{where}: {name} scrolls ({content} px in {box})"
        look = in_view(page, "[data-can]")
        assert look["things"], f"{where}: nothing to touch"
        missed = [thing for thing in look["things"] if thing[1] != "in"]
        assert not missed, f"{where}: {missed}"
        assert not small_text(page), f"{where}: text under 12 px {small_text(page)[:4]}"
        assert not page.evaluate(RISKS_OUT), f"{where}: Risk cards cut {page.evaluate(RISKS_OUT)}"
        folded[width] = page.evaluate(FOLDED)
        tight[width] = page.evaluate(TIGHT)
    print(f"parts folded or gone by window width: {folded}; tightened: {tight}")
    if seed == MOON_FULL:  # the fullest Moon takes the last step at the smaller windows
        assert tight[1280] and tight[1366] and not tight[1920], tight
    assert folded[1920] < folded[1366], folded  # a large window keeps more of the table whole


# a folded part with words its fold hides (a Mission's reward, a Maneuver card's levels...)
HIDING = """() => [...document.querySelectorAll('main .folded')].findIndex(part =>
  part.offsetParent && part.textContent.trim().length > part.innerText.trim().length + 8)"""
ZOOM = "() => { const z = document.querySelector('body > .zoom'); return z && z.innerText; }"


def test_a_folded_part_shows_whole_on_demand_beside_its_column(
    page: Page, site_url: str,
) -> None:
    """Detail on demand: the mouse resting on a folded part, or the keyboard's focus in it,
    shows it whole (its hidden words too) in a copy beside its column, drawn for the eye only
    (nothing in it can be touched or found by the table's selectors); it goes when the mouse
    leaves or the focus moves out."""
    g = densest(LONG, "USA.politician", "politics")
    page.set_viewport_size({"width": 1280, "height": 800})
    open_saved(page, site_url, export_text(g, everyone_here(), "late"))
    page.evaluate(RELAID)
    index = page.evaluate(HIDING)
    assert index >= 0, "no folded part hides words on the densest table"
    part = page.locator("main .folded").nth(index)
    hidden_words = part.evaluate("el => el.innerText.trim().length")
    part.hover(position={"x": 4, "y": 4})
    page.wait_for_function(ZOOM)
    shown = page.evaluate(ZOOM)
    print(f"folded part {index}: {hidden_words} characters shown folded, {len(shown)} whole")
    assert len(shown.strip()) > hidden_words
    beside = page.evaluate("""(i) => {
      const z = document.querySelector('body > .zoom').getBoundingClientRect();
      const column = document.querySelectorAll('main .folded')[i].closest('main > section')
        .getBoundingClientRect();
      return {inWindow: z.left >= 0 && z.right <= innerWidth && z.top >= 0
                && z.bottom <= innerHeight,
              overColumn: z.left < column.right && column.left < z.right,
              touchable: document.querySelectorAll(`body > .zoom :is([data-can], [id],
                a[href], button:not([tabindex="-1"]), [tabindex]:not([tabindex="-1"]))`).length,
              events: getComputedStyle(document.querySelector('body > .zoom')).pointerEvents};
    }""", index)
    assert beside == {"inWindow": True, "overColumn": False, "touchable": 0,
                      "events": "none"}, beside
    page.mouse.move(640, 10)  # the header: off the table
    page.wait_for_function(f"() => !({ZOOM})()")

    # the keyboard: a thing to touch inside a folded part, reached by the keyboard (a
    # pointer's focus does not zoom: a click acts); Escape ends it, and so does the focus
    # leaving the part
    inside = page.locator("main .folded [data-can]").first
    inside.focus()
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")
    page.wait_for_function(ZOOM)
    page.keyboard.press("Escape")
    page.wait_for_function(f"() => !({ZOOM})()")
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")
    page.wait_for_function(ZOOM)
    page.locator("#top button:visible").first.focus()
    page.wait_for_function(f"() => !({ZOOM})()")


# a point of a shown folded part where a tap touches no thing that acts: [x, y] or null
QUIET_SPOT = """() => {
  for (const part of document.querySelectorAll('main .folded')) {
    const box = part.getBoundingClientRect();
    if (!box.width || box.top < 0 || box.bottom > innerHeight) continue;
    for (let y = box.top + 3; y < box.bottom; y += 6) {
      for (let x = box.left + 3; x < box.right; x += 12) {
        const at = document.elementFromPoint(x, y);
        if (at && part.contains(at)
            && !at.closest('[data-can], button, a, input, select, summary')) return [x, y];
      }
    }
  }
  return null;
}"""


def test_on_a_phone_a_tap_shows_a_folded_part_whole_and_a_second_tap_closes_it(
    browser: Browser, site_url: str,
) -> None:
    g = densest(LONG, "USA.politician", "politics")
    phone = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                                is_mobile=True, reduced_motion=MOTION)
    try:
        touch = phone.new_page()
        open_saved(touch, site_url, export_text(g, everyone_here(), "late"))
        touch.evaluate(RELAID)
        spot = touch.evaluate(QUIET_SPOT)
        assert spot, "no folded part to tap on the phone's late table"
        touch.touchscreen.tap(*spot)
        touch.wait_for_function(ZOOM)
        inside = touch.evaluate("""() => {
          const z = document.querySelector('body > .zoom').getBoundingClientRect();
          return z.left >= 0 && z.right <= innerWidth && z.top >= 0 && z.bottom <= innerHeight;
        }""")
        assert inside, "the whole part leaves the phone's window"
        touch.touchscreen.tap(*spot)
        touch.wait_for_function(f"() => !({ZOOM})()")
    finally:
        phone.close()
