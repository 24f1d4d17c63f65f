"""Shared moves of the e2e tests: wait for the app to settle, list and click its controls."""

from __future__ import annotations

import random

from playwright.sync_api import Page

CONTROLS = '[data-testid="action"]:visible, [data-testid="action-group"]:visible'
# Controls that move a game toward its end quickly (launch with a bare rocket, abort, pass...).
CHEAP = ("launch", "abort", "pass", "pass_maneuvers", "finish_support", "end_discussion",
         "claim_reward", "evaluate", "concede_tie", "keep_tile", "install_module",
         "set_adaptivity", "place_cell", "place_tile", "explore_moon")
SETTLED = "document.body.dataset.busy === '0' || document.body.dataset.over === '1'"


def settle(page: Page) -> None:
    """Wait until the app waits for a person (or the game is over)."""
    page.wait_for_function(SETTLED, timeout=30_000)


def privacy_up(page: Page) -> bool:
    return page.get_by_test_id("privacy").is_visible()


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
    """(kind, group) of every visible control, in page order."""
    found: list[list[str]] = page.locator(CONTROLS).evaluate_all(
        "els => els.map(e => [e.dataset.kind || '', e.dataset.group || ''])")
    return [(kind, group) for kind, group in found]


def pick(page: Page, rng: random.Random, cheap: float = 0.85) -> str:
    """Click one control (seeded); mostly a cheap one. Returns what was clicked."""
    found = controls(page)
    assert found, "no control offered while a person should act"
    quick = [i for i, (kind, _) in enumerate(found) if kind in CHEAP]
    use_quick = bool(quick) and rng.random() < cheap
    index = rng.choice(quick) if use_quick else rng.randrange(len(found))
    page.locator(CONTROLS).nth(index).click()
    answer_confirm(page)  # a risky action asks first: these games go ahead
    kind, group = found[index]
    return kind or f"group:{group}"


def play_until_over(page: Page, rng: random.Random, max_steps: int = 1500,
                    on_step: object = None) -> int:
    """Click privacy screens away and controls until the end screen shows; returns steps."""
    for step in range(max_steps):
        settle(page)
        if game_over(page):
            return step
        if privacy_up(page):
            page.get_by_test_id("privacy-continue").click()
            continue
        if answer_confirm(page):
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


def stored(page: Page) -> dict[str, str]:
    """Every saved game in the page's real localStorage (key -> text)."""
    found: dict[str, str] = page.evaluate(
        "p => Object.fromEntries(Object.keys(localStorage).filter(k => k.startsWith(p))"
        ".map(k => [k, localStorage.getItem(k)]))", SAVE_PREFIX)
    return found


def current_save(page: Page) -> str:
    """The autosave of the game on the table."""
    key = page.evaluate("localStorage.getItem('moonshot.current')")
    assert key, "nothing autosaved yet"
    return stored(page)[SAVE_PREFIX + key]


def csp_violations(page: Page) -> list[str]:
    found: list[str] = page.evaluate("window.__csp || []")
    return found


def play_steps(page: Page, rng: random.Random, steps: int) -> None:
    """Click ``steps`` controls (privacy screens are clicked away, not counted)."""
    done = 0
    while done < steps:
        settle(page)
        assert not game_over(page), "the game ended early"
        if privacy_up(page):
            page.get_by_test_id("privacy-continue").click()
            continue
        if answer_confirm(page):
            continue
        pick(page, rng)
        done += 1
    settle(page)
