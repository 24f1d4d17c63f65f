"""Shared moves of the e2e tests: wait for the app to settle, list and click its controls."""

from __future__ import annotations

import contextlib
import functools
import json
import random
import statistics
import uuid
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import Frame, FrameLocator, Locator, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

CONTROLS = '[data-testid="action"]:visible, [data-testid="action-group"]:visible'
# ... and those folded into the bar's switch ("+N more": public/bar-fit.js), in page order
OFFERED = (CONTROLS + ', #actions .spill:is([data-testid="action"], '
           '[data-testid="action-group"])')
# Controls that move a game toward its end quickly (launch with a bare rocket, abort, pass...).
CHEAP = ("launch", "abort", "pass", "pass_maneuvers", "finish_support", "end_discussion",
         "claim_reward", "evaluate", "concede_tie", "keep_tile", "install_module",
         "set_adaptivity", "place_cell", "place_tile", "explore_moon")
MARKED = "[data-can]:visible:not([data-sel])"  # board things a person may touch now
# Board things that move a game on quickly (a pass, a launch, an abort, a placement...).
QUICK = ("place:", "hand-pass:", "tokens-done:", "rocket:", "eng-pass:", "mission:", "reward:",
         "keep:", "cell:", "slot:", "adapt:", "discussion:", "moonrisk:")
OPTIONS = '#pick [data-testid="pick-option"]:visible'  # the options on a chosen thing
SETTLED = "document.body.dataset.busy === '0' || document.body.dataset.over === '1'"
# two frames: the page laid out again after a resize, and public/scene-fit.js done with it
RELAID = "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))"
# A page may be left only once what it loads in the background has arrived: leaving earlier
# aborts that download, which the network log rightly counts as a failure. That is, once the
# service worker holds the site (a visit after the first: the suite's shared profile,
# conftest.py), the rest of the standard library, which the page copies through it for
# offline play (ui/platform/dom.py keep_for_offline).
BACKGROUND_LOADED = """document.body === null
    || document.documentElement.dataset.offline !== 'ready'
    || document.body.dataset.restOfStdlib === 'kept'"""


def settle(page: Page) -> None:
    """Wait until the app waits for a person (or the game is over)."""
    page.wait_for_function(SETTLED, timeout=30_000)


def privacy_up(page: Page) -> bool:
    return page.get_by_test_id("privacy").is_visible()


def _click_shown(page: Page, testid: str) -> bool:
    """Click the first visible element of ``testid`` if there is one (True when it was)."""
    found = page.get_by_test_id(testid)
    if found.count() and found.first.is_visible():
        found.first.click()
        return True
    return False


def end_discussion(page: Page) -> bool:
    """End a team's part of a strategic discussion at one screen if one is up."""
    return _click_shown(page, "end-discussion")


def show_mine(page: Page) -> bool:
    """At a screen shared by both nations, show the acting player's secrets if the decision
    waits for that touch."""
    return _click_shown(page, "show-mine")


def answer_confirm(page: Page) -> bool:
    """Say yes to a risky action's confirmation if one is up (True when one was)."""
    confirm = page.get_by_test_id("confirm")
    if confirm.count() and confirm.is_visible():
        page.get_by_test_id("confirm-yes").click()
        return True
    return False


def game_over(page: Page) -> bool:
    return page.get_by_test_id("end-screen").is_visible()


def controls(page: Page) -> list[tuple[str, str]]:
    """(kind, group) of every control offered, in page order: those shown and those folded
    into the bar's "+N more"."""
    found: list[list[str]] = page.locator(OFFERED).evaluate_all(
        "els => els.map(e => [e.dataset.kind || '', e.dataset.group || ''])")
    return [(kind, group) for kind, group in found]


class NothingOffered(AssertionError):
    """No control was on the screen when a person should have acted."""


def pick(page: Page, rng: random.Random, cheap: float = 0.85,
         timeout: float | None = None) -> str:
    """Click one control (seeded); mostly a cheap one. Returns what was clicked."""
    found: list[list[Any]] = page.locator(OFFERED).evaluate_all(  # (kind, group, folded)
        "els => els.map(e => [e.dataset.kind || '', e.dataset.group || '', "
        "e.classList.contains('spill')])")
    if not found:
        raise NothingOffered("no control offered while a person should act")
    quick = [i for i, (kind, _group, _folded) in enumerate(found) if kind in CHEAP]
    use_quick = bool(quick) and rng.random() < cheap
    index = rng.choice(quick) if use_quick else rng.randrange(len(found))
    kind, group, folded = found[index]
    if folded:
        page.get_by_test_id("all-moves").click()  # "+N more": every option in rows
    page.locator(OFFERED).nth(index).click(timeout=timeout)
    answer_confirm(page)  # a risky action asks first: these games go ahead
    return str(kind or f"group:{group}")


# Playwright's is_visible, in the page (the calls these one-call looks replace used it): a
# box that is not empty, not visibility: hidden. (engines.VISIBLE, checkVisibility, is the
# other engines' reading of it.)
VISIBLE_JS = """(el) => {
  if (!el) return false;
  const box = el.getBoundingClientRect();
  return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
}"""
# What stands between a person and a decision, seen in one call (one call each cost a whole
# game some 6 calls a decision, each waiting for a page still drawing): the end screen, the
# hand-off screen, a confirmation, a team's discussion to end, a touch to show a player's
# secrets (the first element of each test id).
IN_THE_WAY = f"""() => {{
  const shown = (id) => ({VISIBLE_JS})(document.querySelector(`[data-testid="${{id}}"]`));
  return {{over: shown('end-screen'), privacy: shown('privacy'), confirm: shown('confirm'),
           discussion: shown('end-discussion'), mine: shown('show-mine')}};
}}"""
CLEARED_BY = {"privacy": "privacy-continue", "confirm": "confirm-yes",
              "discussion": "end-discussion", "mine": "show-mine"}


def clear_the_way(page: Page) -> str:
    """Once the app waits for a person: "over" if the game ended; "" if a decision is on
    show; else the name of what was in its way (``IN_THE_WAY``), now clicked away (the
    hand-off screen passed, a confirmation answered Yes, a discussion ended, a player's
    secrets shown)."""
    settle(page)
    up: dict[str, bool] = page.evaluate(IN_THE_WAY)
    if up["over"]:
        return "over"
    for name, button in CLEARED_BY.items():
        if up[name]:
            page.get_by_test_id(button).first.click()
            return name
    return ""


def each_decision(page: Page, limit: int) -> Iterator[int]:
    """Each decision of the person at the screen until the game is over, within ``limit``
    steps of the page: a privacy screen is clicked away and a confirmation answered Yes on
    the way. Yields the decision's number (1, 2, ...); the caller makes the move."""
    made = 0
    for _ in range(limit):
        found = clear_the_way(page)
        if found == "over":
            return
        if found:
            continue
        made += 1
        yield made


def touch_the_board(page: Page, rng: random.Random, touched: dict[str, int]) -> None:
    """One move by touching the board alone (seeded; mostly the things that move a game
    on): an option of the thing chosen if its popover is up, else a marked thing; counted by
    kind in ``touched``."""
    options = page.locator(OPTIONS)
    if options.count():
        options.nth(rng.randrange(options.count())).click()
        answer_confirm(page)
        return
    targets: list[str] = page.locator(MARKED).evaluate_all(
        "els => els.map(e => e.dataset.target)")
    assert targets, "a person must act but nothing on the board in front is marked"
    quick = [t for t in targets if t.startswith(QUICK)]
    target = rng.choice(quick if quick and rng.random() < 0.8 else targets)
    kind = target.split(":")[0]
    touched[kind] = touched.get(kind, 0) + 1
    page.locator(f'[data-target="{target}"]:visible').first.click()
    answer_confirm(page)


def play_until_over(page: Page, rng: random.Random, max_steps: int = 1500,
                    on_step: object = None) -> int:
    """Click privacy screens away and controls until the end screen shows; returns steps."""
    for step in range(max_steps):
        found = clear_the_way(page)
        if found == "over":
            return step
        if found:
            continue
        pick(page, rng)
        if callable(on_step):
            on_step(step)
    raise AssertionError(f"game not over after {max_steps} steps")


# --------------------------------------------------------------------------- saves


SAVE_PREFIX = "moonshot.save."
CSP_WATCH = """
window.__csp = [];
document.addEventListener('securitypolicyviolation', e => window.__csp.push(
    `${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber} ${e.sample}`));
"""


def table(page: Page) -> tuple[int, str]:
    """(actions played, short fingerprint of the exact state) of the game on the table."""
    moves, state = page.evaluate("[document.body.dataset.moves, document.body.dataset.state]")
    return int(moves), str(state)


# The saved games as they are on disk: read from the game's IndexedDB database by the test
# itself (not from public/store.js's copy in memory), so a test checks what a browser killed
# now would keep.
ON_DISK = """async (prefix) => {
  if (!MoonshotStore.durable())  // IndexedDB refused: the store keeps them in localStorage
    return Object.fromEntries(Object.keys(localStorage).filter(k => k.startsWith(prefix))
                                    .map(k => [k, localStorage.getItem(k)]));
  const db = await new Promise((ok, fail) => {
    const asked = indexedDB.open('moonshot');
    asked.onsuccess = () => ok(asked.result);
    asked.onerror = () => fail(asked.error);
  });
  try {
    const store = db.transaction('entries', 'readonly').objectStore('entries');
    const read = (request) => new Promise((ok, fail) => {
      request.onsuccess = () => ok(request.result);
      request.onerror = () => fail(request.error);
    });
    const [keys, texts] = await Promise.all([read(store.getAllKeys()), read(store.getAll())]);
    return Object.fromEntries(keys.map((key, i) => [key, texts[i]])
                                  .filter(([key]) => key.startsWith(prefix)));
  } finally {
    db.close();
  }
}"""

# Stores entries as an earlier run of the app (or a damaged disk) left them: on disk, and in
# this page's copy; a reload reads them as any start does.
STORE = """async (entries) => {
  for (const [key, text] of Object.entries(entries)) {
    await MoonshotStore.hold(key, true);  // (a game an earlier page of the test wrote)
    MoonshotStore.put(key, text);
    MoonshotStore.letGo(key);
  }
  const failed = await MoonshotStore.kept();
  if (failed) throw new Error(failed);
}"""


def on_disk(page: Page | Frame, prefix: str = "moonshot.") -> dict[str, str]:
    """The game's stored entries on disk whose key starts with ``prefix`` (key -> text), in
    ``page``'s origin."""
    found: dict[str, str] = page.evaluate(ON_DISK, prefix)
    return found


def stored(page: Page) -> dict[str, str]:
    """Every saved game on disk (key -> text)."""
    return on_disk(page, SAVE_PREFIX)


def store(page: Page, entries: dict[str, str]) -> None:
    """Put ``entries`` in the game's storage on disk, as a save of the app would."""
    page.evaluate(STORE, entries)


# Put before a fresh page's first load (an init script, once per tab: sessionStorage keeps
# its mark over reloads): public/store.js moves entries it finds in localStorage into its
# database as it starts, so the page opens on them without a load to write them first.
SEED_ONCE = """(() => {{
  const mark = 'e2e.seeded.' + {mark};
  if (location.origin !== {origin} || sessionStorage.getItem(mark)) return;
  for (const [key, text] of Object.entries({entries})) localStorage.setItem(key, text);
  sessionStorage.setItem(mark, '1');
}})();"""


def opened_entries(save_text: str) -> dict[str, str]:
    """The storage entries of a game the app saved as ``save_text`` (an export) and had on
    its table last: what a load offers to go on with."""
    return {SAVE_PREFIX + "opened": save_text, "moonshot.current": "opened"}


def open_saved(page: Page, url: str, save_text: str, language: str = "") -> None:
    """Open ``url`` on the game of ``save_text`` (an export) as the last game played, in
    ``language`` if given: the offer to go on with it and the hand-over screen are clicked
    through until a decision shows. A fresh page opens on it at its first load; a page
    already on the site is given it in storage and reloaded."""
    saved = opened_entries(save_text)
    chosen = {"moonshot.language": language} if language else {}  # the header's choice
    if page.url == "about:blank":
        origin = "{0.scheme}://{0.netloc}".format(urlsplit(url))
        page.add_init_script(SEED_ONCE.format(mark=json.dumps(uuid.uuid4().hex),
                                              origin=json.dumps(origin),
                                              entries=json.dumps(saved | chosen)))
        page.goto(url)
    else:
        page.wait_for_function(BACKGROUND_LOADED, timeout=120_000)  # the page it leaves
        page.goto(url)
        page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=120_000)
        store(page, saved)  # the game's entries, through the page's store
        page.evaluate("(chosen) => { for (const [k, v] of Object.entries(chosen)) "
                      "localStorage.setItem(k, v); }", chosen)
        page.wait_for_function(BACKGROUND_LOADED, timeout=120_000)
        page.reload()
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=120_000)
    for _ in range(4):
        page.wait_for_function("document.body.dataset.busy === '0'")
        if show_mine(page):  # both nations at this screen: the seat's secrets on show
            continue
        if page.locator("#actions .who").count():
            return
        for button in ("resume-continue", "start-continue", "privacy-continue"):
            found = page.get_by_test_id(button)
            if found.count() and found.is_visible():
                found.click()
                break


@functools.cache  # a second near_the_end on a seed (each engine's, say) plays no game again
def medium_game(seed: int) -> tuple[tuple[str, Any, int], ...]:
    """A whole game the medium AI plays for every seat: each move's (seat, action, how many
    moves its seat could choose from), played once; :func:`position_after` deals any moment of
    it again by replaying the log (the AI's choices are the costly part, not the moves)."""
    from game.tools.tournament import medium_moves

    return tuple((seat, move, len(legal)) for _g, seat, legal, move in medium_moves(seed))


def position_after(seed: int, moves: Sequence[tuple[str, Any, int]], count: int) -> Any:
    """The game of ``seed`` after the first ``count`` of ``moves`` (of :func:`medium_game`)."""
    import game
    from game.rules.terms import as_seat

    g = game.new_game(seed)
    for seat, move, _options in moves[:count]:
        g.apply(as_seat(seat), move)
    return g


def near_the_end(seed: int, moves_left: int = 8, people: bool = True, speed_ms: int = 0) -> str:
    """An export of a game the medium AI plays for every seat, at the USA's first decision
    ``moves_left`` actions or fewer before its end, with the USA's seats people (unless not
    ``people``: computers for all) and the USSR's computers at the pace ``speed_ms`` (full
    speed by default): a finished game's story in the page without playing all of it through
    the page (the tests that play whole games there are the ones about that)."""
    from game import SEATS
    from ui.model.players import Setup
    from ui.model.saves import export_text

    setup = Setup(seed=seed, speed_ms=speed_ms)
    if not people:
        setup.ai = dict.fromkeys(SEATS, True)
    moves = medium_game(seed)
    number = next((n for n, (seat, _move, _options) in enumerate(moves)
                   if n >= len(moves) - moves_left and seat.startswith("USA")), None)
    assert number is not None, f"the USA has no decision in the last {moves_left} moves"
    return export_text(position_after(seed, moves, number), setup, f"seed {seed}, near the end")


def forget_saves(page: Page) -> None:
    """Every saved game and setting of the site gone, as if the browser's data were cleared:
    the next load starts afresh (no Continue)."""
    page.evaluate("""async () => {
        for (const key of MoonshotStore.keys('moonshot.')) MoonshotStore.remove(key);
        await MoonshotStore.kept();
        localStorage.clear();
    }""")


def current_save(page: Page) -> str:
    """The autosave of the game on the table, as it is on disk."""
    key = on_disk(page, "moonshot.current").get("moonshot.current")
    assert key, "nothing autosaved yet"
    return stored(page)[SAVE_PREFIX + key]


def csp_violations(page: Page) -> list[str]:
    found: list[str] = page.evaluate("window.__csp || []")
    return found


def play_steps(page: Page, rng: random.Random, steps: int) -> None:
    """Click ``steps`` controls (privacy screens are clicked away, not counted)."""
    done = 0
    while done < steps:
        found = clear_the_way(page)
        assert found != "over", "the game ended early"
        if found:
            continue
        pick(page, rng)
        done += 1
    settle(page)


# --------------------------------------------------------------------------- accessibility

AXE_SOURCE = Path(__file__).resolve().parent.parent / "node_modules/axe-core/axe.min.js"
AXE_RUN = """async () => {
  const found = await axe.run(document, {resultTypes: ['violations']});
  return found.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
    .map(v => `${v.id} (${v.impact}): ` + v.nodes.slice(0, 4).map(n => n.target.join(' ')
      + ' — ' + ((n.any[0] || n.all[0] || n.none[0] || {}).message || '')).join(' | '));
}"""


def axe_serious(page: Page) -> list[str]:
    """axe-core's serious and critical violations on the page as it is (loaded through the
    DevTools protocol, which the page's Content-Security-Policy does not govern)."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.evaluate(AXE_SOURCE.read_text(encoding="utf-8") + "\n;0")
    found: list[str] = page.evaluate(AXE_RUN)
    return found


# --------------------------------------------------------------------------- click timing

CLICK_TIMER = """() => {
  if (window.__clicks) return;
  window.__clicks = [];
  let started = null;
  // Capture phase on window: runs before the app's own (delegated) click handler.
  window.addEventListener('click', () => { started = performance.now(); }, true);
  new MutationObserver(() => {
    if (started === null) return;
    const t0 = started; started = null;
    // The first change after a click (a node, a text or an attribute: Idiomorph keeps the
    // nodes, so choosing a thing often changes only its attributes), then the start of the
    // frame that paints it; and,
    // as an upper bound, the first task after that frame (it also waits for whatever the
    // page queued meanwhile, such as the computer's answer).
    requestAnimationFrame(() => {
      const frame = performance.now() - t0;
      setTimeout(() => window.__clicks.push([frame, performance.now() - t0]));
    });
  }).observe(document.getElementById('main').parentNode,
             {childList: true, subtree: true, characterData: true, attributes: true});
}"""


def start_click_timer(page: Page) -> None:
    """From now on, time every click to the frame that paints the first change it made."""
    page.evaluate(CLICK_TIMER)


def click_times(page: Page) -> list[tuple[float, float]]:
    """(to the frame that paints the click's first change, to the task after it) in ms."""
    found: list[list[float]] = page.evaluate("window.__clicks || []")
    return [(frame, after) for frame, after in found]


def paint_times(timed: list[tuple[float, float]]) -> str:
    """The click-to-paint figures, as the suite prints them."""
    times = sorted(frame for frame, _ in timed)
    after = statistics.median(late for _, late in timed)
    return (f"click to screen update over {len(times)} clicks: median "
            f"{statistics.median(times):.1f} ms to the painting frame (90th percentile "
            f"{times[len(times) * 9 // 10]:.1f} ms, max {times[-1]:.1f} ms); median "
            f"{after:.1f} ms to the first task after it")


# Is what a decision needs in view? For every element ``selector`` finds (shown): "in", "out"
# (its centre outside the window or a scrolling panel's box) or "covered" (another element
# is on top: document.elementFromPoint); and the same for the USA's money counter and its
# launch target's odds (on the target card or on its board's head). bench/in_view.py too.
IN_VIEW = """(selector) => {
  const w = innerWidth, h = innerHeight;
  const seen = el => {
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    if (r.width === 0 || x < 0 || y < 0 || x >= w || y >= h) return 'out';
    for (let p = el.parentElement; p; p = p.parentElement) {  // clipped by a scrolling panel
      const s = getComputedStyle(p);
      if (/(auto|scroll|hidden)/.test(s.overflowY + s.overflowX)) {
        const b = p.getBoundingClientRect();
        if (x < b.left || x > b.right || y < b.top || y > b.bottom) return 'out';
      }
    }
    const top = document.elementFromPoint(x, y);
    return top && (top === el || el.contains(top)) ? 'in' : 'covered';
  };
  const marked = [...document.querySelectorAll(selector)].filter(
    el => el.offsetParent !== null);
  const found = (selectors) => selectors.map(s => document.querySelector(s)).filter(el => el);
  const any = (els) => els.length ? (els.some(el => seen(el) === 'in') ? 'in' : 'out') : 'none';
  // the person's nation's money: on its board's head, or on a phone on its board's tab
  const money = found(['#board-USA .bhead .count.money', '.tab[data-tab="USA"] .count.money']);
  // its launch target's odds: on the target card, on its board's head, or on that tab
  const odds = found(['#centre .aim-usa .odds', '#board-USA [data-testid="target-odds"] .odds',
                      '.tab[data-tab="USA"] .odds']);
  return {
    phase: (document.querySelector('#centre .phase') || {}).textContent || '',
    things: marked.map(el => [el.dataset.target || '', seen(el)]),
    money: any(money),
    odds: any(odds),
  };
}"""


SMALL_TEXT = """() => {
  // every shown piece of text whose font is under 12 px (the ui brief's floor for what a
  // player must read): [size in px, the element's tag and classes, the text's start]
  const small = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const el = n.parentElement;
    if (!n.textContent.trim() || !el || el.closest('script, style, title')) continue;
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height || r.width <= 1 && r.height <= 1) continue;  // visually hidden
    if (!el.checkVisibility({checkOpacity: true, checkVisibilityCSS: true})) continue;
    const px = parseFloat(getComputedStyle(el).fontSize);
    if (px < 12) small.push([px, el.tagName.toLowerCase() + '.' + [...el.classList].join('.'),
                             n.textContent.trim().slice(0, 40)]);
  }
  return small;
}"""


def small_text(page: Page) -> list[list[Any]]:
    """The shown text set under 12 px (SMALL_TEXT), empty when there is none."""
    found: list[list[Any]] = page.evaluate(SMALL_TEXT)
    return found


SHOWN = """s => [...document.querySelectorAll(s)].some(el => el.offsetParent !== null)"""


def highlight_shown(page: Page) -> bool:
    """Wait (5 s at most) until the Tutorial's highlight is drawn on a shown part of the page
    (a step's render can follow the moment the app stops being busy, as after a launch show);
    False when a launch show came up instead."""
    launch = page.get_by_test_id("launch")
    page.wait_for_function(
        f"() => ({SHOWN})('[data-spot], [data-hint]') "
        "|| !document.getElementById('launch').hidden", timeout=5_000)
    return not launch.is_visible()


def tutorial_on(page: Page) -> bool:
    """The Tutorial runs (its panel is out, though hidden while a launch show plays)."""
    return not page.evaluate("document.getElementById('tour').hidden")


# The picker of a chosen thing's options (#pick), if open: whether it overlaps the chosen
# thing itself or the Tutorial's panel (issue 39: it opens beside what it belongs to).
PICKER_CLEAR = """() => {
  const pick = document.getElementById('pick');
  // (it is fixed: it has no offsetParent)
  if (!pick || pick.hidden || !pick.getClientRects().length) return null;
  const meets = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom
    && b.top < a.bottom;
  const box = pick.getBoundingClientRect();
  const chosen = [...document.querySelectorAll('[data-sel][data-target]')]
    .filter(el => el.offsetParent && !pick.contains(el));
  const tour = document.getElementById('tour');
  const panel = tour && !tour.hidden && tour.offsetParent ? tour.getBoundingClientRect() : null;
  return {chosen: chosen.some(el => meets(box, el.getBoundingClientRect())),
          tour: !!panel && meets(box, panel)};
}"""


def picker_clear(page: Page) -> dict[str, bool] | None:
    """What PICKER_CLEAR finds once the picker has had its frames to be placed (None when no
    picker is open). The picker is placed at a frame after the render, and public/scene-fit.js
    may fold the table at the next one: on a loaded machine those frames come late, so this
    polls for up to two seconds until the picker is clear, then reports what is there."""
    clear = f"() => {{ const f = ({PICKER_CLEAR})(); return !f || (!f.chosen && !f.tour); }}"
    with contextlib.suppress(PlaywrightTimeout):  # what is over what is then reported
        page.wait_for_function(clear, timeout=2_000)
    found: dict[str, bool] | None = page.evaluate(PICKER_CLEAR)
    return found


def in_view(page: Page, selector: str) -> dict[str, Any]:
    """What IN_VIEW finds for ``selector`` now: phase, things [(target, state)], money, odds."""
    found: dict[str, Any] = page.evaluate(IN_VIEW, selector)
    return found


# The action bar's row (public/bar-fit.js): each option either shown, its centre in the
# window and on top there, or folded into the switch at the row's end, which is then shown
# the same way and counts exactly the folded options; what is shown is whole in the row.
# An element's centre inside the window, and the element itself (or a part of it) found there.
ON_TOP = """(el) => {
    const r = el.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
    if (!r.width || x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return false;
    const at = document.elementFromPoint(x, y);
    return !!at && (at === el || el.contains(at));
  }"""
BAR_ROW = f"""() => {{
  const bar = document.getElementById('actions');
  const row = bar && bar.querySelector(':scope > .opts');
  if (!row) return null;
  const on_top = {ON_TOP};
  const options = [...row.children].filter((el) => el.matches('button:not(.more)'));
  const folded = options.filter((el) => el.classList.contains('spill')).length;
  const shown = options.filter(on_top).length;
  const more = row.querySelector(':scope > .more');
  const words = more && !more.hidden ? more.textContent : '';
  // whole in the row, not only its centre: a switch cut at the edge cut its own words
  const edge = row.getBoundingClientRect().right + 0.5;
  const whole = [...options.filter((el) => !el.classList.contains('spill')), more]
    .every((el) => !el || el.hidden || el.getBoundingClientRect().right <= edge);
  const counted = folded === 0 || (on_top(more) && words.includes(String(folded)));
  return {{options: options.length, shown, folded, words, whole,
          ok: shown + folded === options.length && counted && whole}};
}}"""


def bar_row(page: Page) -> dict[str, Any] | None:
    """What BAR_ROW finds now (None with no options' row: a wait, a placement's hint...)."""
    found: dict[str, Any] | None = page.evaluate(BAR_ROW)
    return found


def bar_option(page: Page | FrameLocator, option: Locator) -> Locator:
    """The bar's ``option`` (in ``page``, or a game's frame), the bar's switch clicked first
    when the option is folded into it ("+N more")."""
    if option.evaluate("el => el.classList.contains('spill')"):
        page.get_by_test_id("all-moves").click()
    return option


def header_tool(page: Page, testid: str) -> Locator:
    """The header's tool ``testid``, the menu opened first on a phone (where the tools wait in
    it)."""
    tool = page.get_by_test_id(testid)
    if not tool.is_visible() and page.get_by_test_id("menu").is_visible():
        page.get_by_test_id("menu").click()
    return tool


# --------------------------------------------------------------------------- board moves


def to_tile_placement(page: Page, width: int) -> None:
    """Play USA by board clicks (passing, installing, aborting) until its Engineer holds a
    tile to place on the blueprint."""
    for _ in range(400):
        settle(page)
        assert not game_over(page)
        if answer_confirm(page):
            continue
        cells = page.locator('#board-USA [data-target^="cell:USA:"]:visible')
        if cells.count() and page.locator("#board-USA .pending").count():
            return
        options = page.locator(OPTIONS)
        if options.count():
            options.first.click()
            continue
        line = page.locator('[data-target^="line:USA:"]:visible')
        if line.count():
            line.first.click()  # installs at once when that is the only choice
            install = page.locator('#pick [data-target="opt:install"]')
            if install.count():
                install.click()
            continue
        for target in ("hand-pass:USA", "tokens-done:USA", "rocket:USA"):
            found = page.locator(f'[data-target="{target}"]:visible')
            if found.count():
                found.first.click()
                break
        else:
            if not page.locator(MARKED).count():  # on a phone: it is on the centre tab
                page.locator('[data-tab="centre"]').click()
            page.locator(MARKED).first.click()
            if width < 760:
                page.locator('[data-tab="USA"]').click()
    raise AssertionError("the USA Engineer never had a tile to place")


# ---------------------------------------------------------------------- a page around the game

PAGE = "<!doctype html><link rel='icon' href='data:,'>"  # a hand-made page (no favicon 404)
NO_SIDEWAYS_SCROLL = "document.documentElement.scrollWidth <= document.documentElement.clientWidth"


def host_page(title: str, frames: str) -> str:
    """A hand-made page that embeds ``frames`` and keeps every message from the game in
    ``window.events`` as ``[origin, data]`` (what a rules website's script would hear)."""
    return (PAGE + f"<title>{title}</title><script>window.events = [];"
            "addEventListener('message', (e) => { if (e.data && e.data.source === 'moonshot') "
            f"window.events.push([e.origin, e.data]); }});</script>{frames}")
