"""The shared scenarios, run in each browser engine players use (Chromium, Firefox, WebKit;
e2e/engines.py drives them), five a engine, each page start doing as much as it can (a start
costs WebKit about 9 s): a first visit boots to ready with no page error, and the keyboard
is kept in the start dialog and brought back to each decision of a game; the last rounds of
a game against the AI (from a saved position) by clicking the board and the action bar
(every click on the bar must reach the option under the pointer); the header on one row at
1280 px with room to spare; moves, a reload with the server gone (the service worker
serves the site) and Continue from the same state; the rules page's second Try it without a
new Python. (The online game between a Chromium host and a Firefox guest is in
test_online.py, with the other online tests.)

Each engine's figures are printed: seconds to ready, clicks, seconds per scenario."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from engine_play import (
    CONTROLS,
    Play,
    open_ready,
    open_saved_game,
    play_moves,
    play_to_the_end,
    table,
)
from engines import Browser, wait_for
from helpers import near_the_end
from test_offline import Site, serve_copy, wait_quiet

from ui.model.examples import examples


@pytest.fixture
def shot(engine: Browser, artifacts: Path) -> Iterator[Any]:
    """``shot(name)``: the engine's page as e2e/artifacts/engine-<engine>-<name>.png."""

    def take(name: str) -> None:
        engine.screenshot(artifacts / f"engine-{engine.engine}-{name}.png")

    yield take


# The last rounds of a game: from the USA's first decision this many moves before the end of
# the game the medium AI plays for every seat on seed 4 (433 moves): 26 clicks, 10 of them on
# the bar, through launches, evaluations and the end screen (the early rounds' clicks in each
# engine: the offline reload and keyboard scenarios below). 100 moves took WebKit
# 64 s, 60 about 35.
LAST_MOVES = 60


def test_the_last_rounds_of_a_game_against_the_ai_by_board_and_bar(
    engine: Browser, site_url: str, shot: Any
) -> None:
    """Every click on the action bar, a real pointer at the option's centre, reaches it."""
    engine.resize(1280, 800)
    ready = open_saved_game(engine, site_url + "?players=2&seats=hhmm&seed=4&speed=0",
                            near_the_end(4, moves_left=LAST_MOVES))
    started = time.perf_counter()
    play = Play(random.Random(4))
    end = play_to_the_end(engine, play)
    shot("game-over")
    assert engine.run("() => document.querySelector('[data-testid=\"end-screen\"]')"
                      ".dataset.winner") in ("USA", "USSR")
    assert play.bar_clicks >= 10, play
    assert play.missed == [], (f"{len(play.missed)} of {play.bar_clicks} clicks on the bar "
                               f"reached nothing: {play.missed[:12]}")
    assert engine.errors() == []
    print(f"{engine.engine}: ready in {ready:.1f} s; to action {end['moves']}, {play.clicks} "
          f"clicks ({play.bar_clicks} on the bar, all taken) in "
          f"{time.perf_counter() - started:.0f} s")


# The header's room to spare on one row: the tools laid out in one row at their own width,
# the room between the title and them (negative: they do not fit).
HEADER_ROOM = """() => {
  const top = document.querySelector('.top'), tools = top.querySelector('.tools');
  const rows = new Set([...tools.children].filter((c) => c.checkVisibility())
                       .map((c) => Math.round(c.getBoundingClientRect().top / 8)));
  const height = top.getBoundingClientRect().height;
  tools.style.flex = 'none';
  tools.style.flexWrap = 'nowrap';
  const style = getComputedStyle(top);
  const end = top.getBoundingClientRect().right - parseFloat(style.paddingRight);
  const title = top.querySelector('.brand').getBoundingClientRect().right;
  const room = end - title - parseFloat(style.columnGap) - tools.getBoundingClientRect().width;
  tools.style.flex = '';
  tools.style.flexWrap = '';
  return {rows: rows.size, height, room};
}"""


def test_the_header_is_one_row_at_1280_with_room_to_spare_in_each_language(
    engine: Browser, site_url: str, shot: Any
) -> None:
    """In English and then Hungarian (the longer words), switched on the same page."""
    engine.resize(1280, 800)
    open_ready(engine, site_url + "?players=2&seats=hhmm&seed=4&speed=0")  # the most it shows
    for language in ("en", "hu"):
        engine.run("""(code) => {
          const choice = document.querySelector('[data-testid="language"]');
          choice.value = code;
          choice.dispatchEvent(new Event('change', {bubbles: true}));
        }""", language)
        wait_for(engine, f"document.documentElement.lang === '{language}' && "
                         "document.body.dataset.busy === '0'")
        header = engine.run(HEADER_ROOM)
        shot(f"header-{language}")
        assert header["rows"] == 1, (language, header)
        assert header["room"] >= 40, (language, header)
        print(f"{engine.engine} ({language}): header {header['height']:.0f} px high, "
              f"{header['room']:.0f} px to spare")


@pytest.fixture
def site_copy(dist: Path, tmp_path: Path) -> Iterator[Site]:
    site = serve_copy(dist, tmp_path)
    yield site
    site.stop()


def test_a_save_a_reload_with_the_server_gone_and_continue(engine: Browser,
                                                           site_copy: Site) -> None:
    """Moves made, then the server gone: after one visit the service worker holds the site,
    so the reload boots, asks the network for nothing, offers the game on the table, and
    Continue goes on from the very same state."""
    url = site_copy.url + "?players=2&seats=hhaa&seed=7&speed=0"
    open_ready(engine, url)
    play = Play(random.Random(7))
    before = play_moves(engine, play, 12)
    wait_for(engine, "document.documentElement.dataset.offline === 'ready'", timeout=180)
    wait_quiet(site_copy)
    site_copy.stop()
    served = len(site_copy.hits)
    seconds = open_ready(engine, url)
    assert engine.run("() => navigator.serviceWorker.controller !== null")
    wait_for(engine, "document.querySelector('[data-testid=\"resume\"]')?.checkVisibility()")
    engine.click('[data-testid="resume-continue"]')
    after = table(engine)
    assert (after["moves"], after["state"]) == (before["moves"], before["state"])
    later = play_moves(engine, play, 6)
    assert later["moves"] > before["moves"] or later["over"]
    assert len(site_copy.hits) == served
    assert engine.errors() == []
    print(f"{engine.engine}: ready offline in {seconds:.1f} s; {before['moves']} actions kept "
          f"over the reload")


# The example frame's place and its page's state, seen from the rules page (same origin).
EXAMPLE_FRAME = """(ident) => {
  const frames = document.querySelectorAll('iframe.rx-frame');
  const frame = frames[0];
  const figure = document.getElementById('example-' + ident);
  const inner = frame.contentWindow;
  const at = frame.getBoundingClientRect(), within = figure.getBoundingClientRect();
  const centre = document.elementFromPoint(at.left + at.width / 2, at.top + at.height / 2);
  return {
    frames: frames.length,
    state: figure.dataset.state || '',
    example: inner.document.querySelector('[data-testid="example"]')?.dataset.example || '',
    first: inner.__firstExample === true,
    inside: at.top >= within.top - 1 && at.bottom <= within.bottom + 1 && at.width > 200,
    reachable: centre === frame,
    moves: typeof Element.prototype.moveBefore === 'function',
  };
}"""


def test_the_rules_page_tries_two_examples_in_one_python(
    engine: Browser, site_url: str, shot: Any
) -> None:
    """The second Try it answers without a new Python boot: the first example's window
    lives on (in an engine without moveBefore the frame floats over the figure's slot)."""
    first, second = list(examples())[:2]
    engine.resize(1280, 800)
    engine.open(site_url + "rules.html")
    started = time.perf_counter()
    engine.click(f'[data-testid="try-{first}"]')
    wait_for(engine, f"document.getElementById('example-{first}').dataset.state === 'live'",
             timeout=120)
    booted = time.perf_counter() - started
    engine.run("() => { document.querySelector('iframe.rx-frame').contentWindow"
               ".__firstExample = true; }")
    started = time.perf_counter()
    engine.click(f'[data-testid="try-{second}"]')
    wait_for(engine, f"document.getElementById('example-{second}').dataset.state === 'live'",
             timeout=120)
    again = time.perf_counter() - started
    engine.run(f"() => document.getElementById('example-{second}').scrollIntoView()")
    try:  # a floating frame follows its slot when the page's layout has settled
        wait_for(engine, f"({EXAMPLE_FRAME})('{second}').inside", timeout=5)
    finally:
        frame = engine.run(EXAMPLE_FRAME, second)
    shot("rules-second-example")
    assert frame["first"], f"the game reloaded for the second example: {frame}"
    assert frame == {**frame, "frames": 1, "state": "live", "example": second,
                     "inside": True, "reachable": True}, frame
    assert engine.errors() == []
    print(f"{engine.engine} (moveBefore: {frame['moves']}): first example live in "
          f"{booted:.1f} s, the second in {again:.2f} s")


IN_DIALOG = """() => {
  const at = document.activeElement;
  return at && at !== document.body && at.closest('[aria-modal="true"]') !== null
    ? 'in' : `${at ? at.tagName + '.' + at.className : 'nothing'}`;
}"""
ON_THE_BAR = f"""() => {{
  const at = document.activeElement;
  return at && at.matches('#actions :is({CONTROLS})') ? 'bar'
    : `${{at ? at.tagName + '.' + at.className : 'nothing'}}`;
}}"""


def test_boot_to_ready_and_the_keyboard_in_a_dialog_and_at_each_decision(
    engine: Browser, site_url: str, shot: Any
) -> None:
    """A first visit boots to the start dialog with no page error; Tab and Shift+Tab keep to
    that dialog; in a game, after each AI turn the focus is on the first control of the
    person's decision, so Enter plays on."""
    engine.resize(1280, 800)
    seconds = open_ready(engine, site_url)
    assert wait_for(engine,
                    "document.querySelector('[data-testid=\"start\"]')?.checkVisibility()")
    shot("boot")
    assert engine.errors() == []
    print(f"{engine.engine}: ready in {seconds:.1f} s")
    where = []
    for key in ["Tab"] * 10 + ["Shift+Tab"] * 10:
        engine.press(key)
        where.append(engine.run(IN_DIALOG))
    assert set(where) == {"in"}, where

    open_ready(engine, site_url + "?players=2&seats=hmmm&seed=3&speed=0")
    decisions = 0
    for _ in range(40):
        seen = table(engine)
        if seen["over"] or decisions == 8:
            break
        if seen["confirm"]:
            engine.click('[data-testid="confirm-yes"]')
            continue
        assert engine.run(ON_THE_BAR) == "bar", (decisions, seen["controls"])
        engine.press("Enter")
        decisions += 1
    assert decisions == 8 or seen["over"], decisions
    assert engine.errors() == []
