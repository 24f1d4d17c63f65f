"""The AI opponents in the browser: they think on the page's own Python, a slice at a time, while
the page stays live, at the level chosen per seat, and the log tells what they did."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import NetworkLog
from helpers import clear_the_way, csp_violations, current_save, pick, settle
from playwright.sync_api import Page, expect

AI_MOVES = 12  # about a round of the USSR's two seats
Opener = Callable[[str], float]


def body(page: Page, key: str) -> str:
    value: str | None = page.evaluate(f"document.body.dataset[{key!r}] ?? null")
    return value or ""


def timing(page: Page) -> dict[str, list[float]]:
    """Per level: [decisions, total ms, max ms], as the page measured them."""
    found: dict[str, list[float]] = json.loads(body(page, "aiTiming") or "{}")
    return found


def report(found: dict[str, list[float]]) -> str:
    return ", ".join(f"{key}: {n:.0f} decisions, mean {total / n:.0f} ms, max {top:.0f} ms"
                     for key, (n, total, top) in sorted(found.items()) if n)


def test_a_person_plays_the_medium_ai_set_up_in_the_new_game_dialog(
    page: Page, site_url: str, net: NetworkLog, open_game: Opener, csp_watch: None,
    screenshot: Callable[[str], Path],
) -> None:
    """A game by clicks, set up in the New game dialog: the person holds the USA, a medium AI
    the USSR. The AI thinks on the page (no second Python: no worker is started, none of its
    files fetched), the log attributes its moves, the autosave keeps the level, and nothing
    is refused by the CSP, fails or leaves 127.0.0.1. Played until the AI has made a round's
    worth of moves: a whole game against Medium is test_in_view's (its game's USSR seats)."""
    page.set_viewport_size({"width": 1280, "height": 800})
    open_game(site_url)
    page.get_by_test_id("start-new").click()  # the start screen's way to every option
    seat = page.locator('#newgame select[data-seat="USSR.politician"]')
    assert seat.locator("option").all_inner_texts() == [
        "Human", "AI Random", "AI Easy", "AI Medium", "AI Hard", "Online friend"]
    expect(seat).to_have_value("m")  # the default AI level
    seat.select_option("x")
    seat.select_option("m")
    page.locator('#newgame input[name="seed"]').fill("5")
    page.locator('#newgame select[name="speed"]').select_option("0")
    page.get_by_test_id("start-game").click()
    settle(page)
    rng, steps = random.Random(5), 0
    while int(body(page, "aiMoves") or 0) < AI_MOVES:
        found_now = clear_the_way(page)
        assert found_now != "over" and steps < 400, f"{steps} clicks: {found_now}"
        if not found_now:
            pick(page, rng)
            steps += 1
    settle(page)
    screenshot("ai-game")
    found = timing(page)
    assert set(found) == {"medium"} and found["medium"][0] >= AI_MOVES, found
    print(f"\n{steps} clicks; AI moves: {body(page, 'aiMoves')}; {report(found)}")
    log = page.get_by_test_id("log").inner_text()
    assert "(AI medium)" in log and "USSR" in log
    assert "not available" not in log
    saved = json.loads(current_save(page))
    assert saved["levels"] == {"USSR.politician": "medium", "USSR.engineer": "medium"}
    assert saved["save"]["seed"] == 5
    # One Python: the page's script alone was fetched, once, and Pyodide's runtime once:
    # packed when no service worker controlled the page (public/unpack.js), else plain, from
    # the worker's unpacked copy (a first visit's requests: e2e/test_offline.py).
    assert sum(url.endswith("/ui/main.py") for url in net.requests) == 1
    assert sum(url.endswith(("/pyodide.asm.wasm.zst", "/pyodide.asm.wasm"))
               for url in net.requests) == 1
    assert csp_violations(page) == []
    net.assert_clean()


LONGEST_GAP = """() => new Promise(done => {
    // The longest the main thread went without running a timer, over `ms` milliseconds.
    const ms = 6000, start = performance.now();
    let last = start, worst = 0;
    const tick = () => {
        const now = performance.now();
        worst = Math.max(worst, now - last);
        last = now;
        if (now - start < ms) setTimeout(tick, 10); else done(worst);
    };
    setTimeout(tick, 10);
})"""


@pytest.mark.alone  # measures against a reference in the same run: no other test beside it
def test_the_hard_ai_thinks_on_the_page_while_the_page_stays_live(
    page: Page, site_url: str, net: NetworkLog, open_game: Opener, csp_watch: None,
) -> None:
    """Four hard AI seats play on their own: searches of about a second each run on the page
    in slices, and meanwhile the page's main thread is never blocked for long."""
    open_game(site_url + "?players=4&seats=xxxx&seed=3&speed=0")
    before = timing(page).get("hard", [0, 0.0, 0.0])
    searched = json.loads(body(page, "aiSearch") or "{}").get("hard", [0, 0, 0])
    gap = float(page.evaluate(LONGEST_GAP))
    after = timing(page)["hard"]
    moves = after[0] - before[0]
    searched_ms = after[1] - before[1]
    search = json.loads(body(page, "aiSearch") or "{}").get("hard", [0, 0, 0])
    print(f"\nhard AI, 6 s window: {moves:.0f} decisions taking {searched_ms:.0f}"
          f" ms in all (longest {after[2]:.0f} ms); the main thread's longest pause "
          f"{gap:.0f} ms; {report(timing(page))}; searches: {search[0]}, "
          f"{search[1] / max(1, search[0]):.0f} iterations each on average, fewest "
          f"{search[2]}")
    assert search[0] > 0, "no search reported its iterations"
    # The AI really searched meanwhile: searches made and iterations run in the window.
    assert moves >= 2 and search[0] - searched[0] >= 2 and search[1] > searched[1], \
        (before, after, searched, search)
    # A search in one piece would block the thread for the whole search: the page's longest
    # pause is judged against the longest search timed in the same run.
    assert gap < 0.5 * after[2], f"the main thread was blocked for {gap:.0f} ms"
    assert csp_violations(page) == []
    net.assert_clean()
