"""Playing the game in any engine (an :class:`engines.Browser`): what the table offers, seen
in one call, and a seeded person's clicks on it (the shared scenarios of test_engines.py and
the cross-engine online game)."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any

from engines import VISIBLE, Browser, NotClickable, wait_for
from helpers import BACKGROUND_LOADED, STORE, opened_entries

CONTROLS = '[data-testid="action"], [data-testid="action-group"]'
MARKED = "[data-can]:not([data-sel])"  # board things a person may touch now
OPTIONS = '#pick [data-testid="pick-option"]'  # the options on a chosen thing
READY = "document.body && document.body.dataset.ready === '1'"
SETTLED = "document.body.dataset.busy === '0' || document.body.dataset.over === '1'"
# Controls and board things that move a game toward its end quickly.
CHEAP = ("launch", "abort", "pass", "pass_maneuvers", "finish_support", "end_discussion",
         "claim_reward", "evaluate", "concede_tie", "keep_tile", "install_module",
         "set_adaptivity", "place_cell", "place_tile", "explore_moon")
QUICK = ("place:", "hand-pass:", "tokens-done:", "rocket:", "eng-pass:", "mission:", "reward:",
         "keep:", "cell:", "slot:", "adapt:", "discussion:", "moonrisk:")

# Everything a step of a scenario decides on, in one call (a WebDriver call costs a few ms).
TABLE = f"""() => {{
  const shown = (css) => {VISIBLE};
  const data = document.body.dataset;
  return {{
    settled: {SETTLED},
    over: shown('[data-testid="end-screen"]').length > 0,
    privacy: shown('[data-testid="privacy-continue"]').length > 0,
    confirm: shown('[data-testid="confirm-yes"]').length > 0,
    resume: shown('[data-testid="resume-continue"]').length > 0,
    options: shown('{OPTIONS}').length,
    marked: shown('{MARKED}').map((e) => e.dataset.target),
    controls: shown('{CONTROLS}').map((e) => e.dataset.kind || 'group:' + e.dataset.group),
    moves: Number(data.moves || 0),
    state: data.state || '',
  }};
}}"""

# Before a click on the bar: remember the option aimed at; the next click anywhere records
# whether it reached that option (null until a click arrives).
AIM = f"""(index) => {{
  const css = '{CONTROLS}';
  const aimed = {VISIBLE}[index];
  if (window.__aim) window.__aim.abort();
  window.__aim = new AbortController();
  window.__hit = null;
  document.addEventListener('click', (e) => {{
    const box = aimed.getBoundingClientRect();
    window.__hit = e.target.closest(css) === aimed ||
      `${{e.target.tagName}}.${{e.target.className}} at ${{e.clientX}},${{e.clientY}}; aimed `
      + `at ${{Math.round(box.x)}},${{Math.round(box.y)}} ${{Math.round(box.width)}}x`
      + `${{Math.round(box.height)}}`;
  }}, {{capture: true, once: true, signal: window.__aim.signal}});
}}"""


@dataclass
class Play:
    """What a scenario clicked: counts, and the bar clicks that reached nothing."""

    rng: random.Random
    clicks: int = 0
    bar_clicks: int = 0
    missed: list[str] = field(default_factory=list)


def open_ready(browser: Browser, url: str) -> float:
    """Navigate to ``url`` and wait for the game to say it is ready; seconds it took."""
    start = time.perf_counter()
    browser.open(url)
    wait_for(browser, READY, timeout=120)
    return time.perf_counter() - start


# Writes a saved game's entries through the page's store (helpers.STORE), and says so in
# ``window.__stored`` ("ok" or what failed): an engine's driver need not await a promise.
STORE_ENTRIES = f"""(entries) => {{
  window.__stored = null;
  ({STORE})(entries).then(() => {{ window.__stored = 'ok'; }},
                         (error) => {{ window.__stored = String(error); }});
}}"""


def open_saved_game(browser: Browser, url: str, save_text: str) -> float:
    """Open ``url`` on the game of ``save_text`` (an export: ``helpers.near_the_end``) as the
    last game played: a first load writes it to the page's storage, the second offers to go
    on with it (a scenario's first click takes the offer). Seconds to the second ready."""
    open_ready(browser, url)
    wait_for(browser, BACKGROUND_LOADED, timeout=120)  # leaving earlier aborts its download
    browser.run(STORE_ENTRIES, opened_entries(save_text))
    stored = wait_for(browser, "window.__stored")
    assert stored == "ok", stored
    return open_ready(browser, url)


def table(browser: Browser) -> dict[str, Any]:
    """The table as a person sees it, once the app waits for a person (or the game ended)."""
    deadline = time.monotonic() + 60
    while True:
        seen: dict[str, Any] = browser.run(TABLE)
        if seen["settled"] or time.monotonic() > deadline:
            return seen
        time.sleep(0.05)


def click_bar(browser: Browser, play: Play, index: int, kind: str) -> None:
    """A real pointer click at the centre of the bar's ``index``-th option; a click that
    does not reach it is recorded."""
    browser.run(AIM, index)
    play.bar_clicks += 1
    try:
        browser.click(CONTROLS, index)
    except NotClickable as error:  # the engine found the point taken by something else
        hit = f"not clickable: {error}"
    else:
        try:
            hit = wait_for(browser, "window.__hit !== null && String(window.__hit)", 3)
        except TimeoutError:
            hit = "no click arrived"
    if hit != "true":
        play.missed.append(f"{kind} ({hit})")
    assert len(play.missed) < 5, (f"{len(play.missed)} of {play.bar_clicks} clicks on the "
                                  f"bar did not reach the option: {play.missed}")


def step(browser: Browser, play: Play, seen: dict[str, Any]) -> None:
    """One decision on the table ``seen``: a privacy screen, a confirmation or a saved game's
    prompt is answered; otherwise an option of a chosen thing, a marked thing of the board or
    an option of the bar is clicked (seeded, mostly those that end a game soon)."""
    rng = play.rng
    play.clicks += 1
    if seen["privacy"]:
        browser.click('[data-testid="privacy-continue"]')
    elif seen["confirm"]:
        browser.click('[data-testid="confirm-yes"]')
    elif seen["resume"]:
        browser.click('[data-testid="resume-continue"]')
    elif seen["options"]:
        browser.click(OPTIONS, rng.randrange(seen["options"]))
    elif seen["marked"] and (not seen["controls"] or rng.random() < 0.3):
        targets: list[str] = seen["marked"]
        quick = [t for t in targets if t.startswith(QUICK)]
        target = rng.choice(quick if quick and rng.random() < 0.8 else targets)
        browser.click(f'[data-target="{target}"]')
    else:
        found: list[str] = seen["controls"]
        assert found, "a person must act but nothing is offered"
        cheap = [i for i, kind in enumerate(found) if kind in CHEAP]
        index = rng.choice(cheap) if cheap and rng.random() < 0.85 else rng.randrange(
            len(found))
        click_bar(browser, play, index, found[index])


def play_moves(browser: Browser, play: Play, moves: int) -> dict[str, Any]:
    """Click until ``moves`` more actions are on the record (or the game is over)."""
    seen = table(browser)
    goal = seen["moves"] + moves
    for _ in range(moves * 20):
        if seen["over"] or seen["moves"] >= goal:
            return seen
        step(browser, play, seen)
        seen = table(browser)
    raise AssertionError(f"{moves} moves not made in {moves * 20} clicks: {seen}")


def play_to_the_end(browser: Browser, play: Play, limit: int = 3000) -> dict[str, Any]:
    for _ in range(limit):
        seen = table(browser)
        if seen["over"]:
            return seen
        step(browser, play, seen)
    raise AssertionError(f"the game did not end in {limit} clicks")


def play_screens(screens: list[Browser], rng: random.Random, limit: int = 3000) -> int:
    """Click on whichever screen may act (seeded, cheap controls mostly) until every screen
    shows the game's end; the clicks made. A move landing on another screen between a look
    and a click takes the choice away: the screen is looked at again."""
    clicks = 0
    idle_since = time.monotonic()
    while True:
        seen = [screen.run(TABLE) for screen in screens]
        if all(s["over"] for s in seen):
            return clicks
        acted = False
        for screen, table_seen in zip(screens, seen, strict=True):
            if table_seen["over"] or not table_seen["settled"] or not (
                    table_seen["confirm"] or table_seen["options"] or table_seen["controls"]):
                continue
            try:
                if table_seen["confirm"]:
                    screen.click('[data-testid="confirm-yes"]')
                elif table_seen["options"]:
                    screen.click(OPTIONS, rng.randrange(table_seen["options"]))
                else:
                    found: list[str] = table_seen["controls"]
                    cheap = [i for i, kind in enumerate(found) if kind in CHEAP]
                    screen.click(CONTROLS, rng.choice(cheap) if cheap and rng.random() < 0.4
                                 else rng.randrange(len(found)))
            except (RuntimeError, NotClickable):
                continue
            clicks += 1
            acted = True
        if acted:
            idle_since = time.monotonic()
        elif time.monotonic() - idle_since > 30:
            raise AssertionError(f"no screen could act for 30 s: {seen}")
        else:
            time.sleep(0.03)
        assert clicks < limit, f"not over after {limit} clicks"
