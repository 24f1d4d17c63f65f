"""Hardening: names and imported text are never markup, the Content-Security-Policy holds with
no violation, errors become a readable banner with a bug report, and in hot-seat play the DOM
never holds the other nation's secrets."""

from __future__ import annotations

import html
import json
import random
import sys
from collections.abc import Callable
from pathlib import Path

from conftest import ROOT, NetworkLog
from helpers import (
    CONTROLS,
    OFFERED,
    bar_option,
    controls,
    csp_violations,
    current_save,
    game_over,
    pick,
    play_steps,
    privacy_up,
    settle,
    show_mine,
    table,
)
from playwright.sync_api import Page, expect

from game import SEATS

sys.path.insert(0, str(ROOT))  # the engine and the pure ui modules from this checkout
import game
from game.core.names import NationId
from game.core.plain import to_plain
from game.rules.terms import as_seat
from ui.model.players import Setup
from ui.model.replay import narrate
from ui.model.saves import export_text, parse

Opener = Callable[[str], float]
Shot = Callable[[str], Path]
XSS = '<img src=x onerror="window.__pwned=1">'


def assert_not_pwned(page: Page) -> None:
    assert page.evaluate("typeof window.__pwned") == "undefined"
    assert page.locator('img[src="x"]').count() == 0
    assert page.locator("img[onerror]").count() == 0


def test_imported_names_are_text_never_markup(
    page: Page, site_url: str, net: NetworkLog, open_game: Opener, tmp_path: Path,
    screenshot: Shot, csp_watch: None,
) -> None:
    """An imported save whose player names and title are an XSS payload: the names show as
    literal text (a shared screen's gate, toolbar, Saved games) and nothing runs."""
    g = game.new_game(6)
    rng = random.Random(6)
    for _ in range(5):
        seat = g.to_act()[0]
        g.apply(seat, rng.choice(g.legal_actions(seat)))
    setup = Setup(seed=6, ai={s: False for s in SEATS}, names={s: XSS for s in SEATS})
    path = tmp_path / "pwn.json"
    path.write_text(export_text(g, setup, title=XSS))
    open_game(site_url + "?players=2&seats=hhaa&seed=1&speed=0")
    settle(page)
    plain = page.locator("header.top").bounding_box()
    assert plain is not None
    page.get_by_test_id("open-saves").click()
    page.get_by_test_id("import-file").set_input_files(path)
    gate = page.get_by_test_id("gate")  # both nations at this screen: a hand waits for a touch
    expect(gate).to_be_visible()
    expect(page.get_by_test_id("show-mine")).to_contain_text(f"I am {XSS}: show my secrets")
    assert_not_pwned(page)
    page.get_by_test_id("show-mine").click()
    settle(page)
    expect(page.get_by_test_id("viewing")).to_contain_text(f"Viewing as {XSS}")
    page.get_by_test_id("open-saves").click()
    expect(page.get_by_test_id("saves")).to_contain_text(XSS)
    screenshot("xss-as-text")
    page.get_by_test_id("close-saves").click()
    # The import's notice hangs below the header, which the long name has made taller than
    # it was with short names, so the toolbar stays clickable while it shows.
    header = page.locator("header.top").bounding_box()
    notice = page.get_by_test_id("notice-banner").bounding_box()
    assert header is not None and notice is not None
    assert header["height"] > plain["height"], (plain, header)
    assert notice["y"] >= header["y"] + header["height"], (header, notice)
    # Typed into the new-game dialog's name fields, too.
    page.get_by_test_id("new-game").click()
    page.get_by_test_id("name-USA.politician").fill(XSS)
    page.locator('select[data-seat="USSR.politician"]').select_option("h")
    page.get_by_test_id("start-game").click()
    settle(page)
    expect(gate).to_be_visible()
    assert_not_pwned(page)
    page.get_by_test_id("show-mine").click()
    settle(page)
    pick(page, random.Random(1))
    settle(page)
    if gate.is_visible():
        expect(page.get_by_test_id("show-mine")).to_contain_text(XSS)
    assert_not_pwned(page)
    assert csp_violations(page) == []
    net.assert_clean()


CSP_PARTS = ("default-src 'self'", "script-src 'self' 'wasm-unsafe-eval' 'unsafe-eval'",
             "style-src 'self'", "object-src 'none'")


def test_content_security_policy_is_declared_and_enforced(
    page: Page, site_url: str, open_game: Opener, csp_watch: None, csp_refusals: list[str],
) -> None:
    """The page declares the CSP, and the browser enforces it: an inline script injected into
    the running game is refused and reported. That no screen of the game is refused anything
    is checked on every Chromium test's pages, wherever each screen is reached
    (``conftest.csp_refusals``: launch shows, dialogs, Saved games, export and import, the
    replay, the report, the embed, the rules page)."""
    open_game(site_url + "?players=2&seats=hhmm&seed=11&speed=0")
    policy = page.locator('meta[http-equiv="Content-Security-Policy"]').get_attribute("content")
    assert policy and all(part in policy for part in CSP_PARTS), policy
    assert "unsafe-inline" not in policy
    assert csp_violations(page) == [] and csp_refusals == []
    ran = page.evaluate("""() => { const s = document.createElement('script');
        s.textContent = 'window.__inline = 1'; document.body.appendChild(s);
        return typeof window.__inline; }""")
    assert ran == "undefined"
    page.wait_for_function("window.__csp.length > 0")
    assert csp_violations(page)[0].startswith("script-src")
    for _ in range(100):  # the console's report is on its way to the driver
        if csp_refusals:
            break
        page.wait_for_timeout(50)
    assert len(csp_refusals) == 1 and "inline script" in csp_refusals[0], csp_refusals
    csp_refusals.clear()  # provoked here: the suite's own check at the test's end is not


def test_an_unexpected_error_shows_a_banner_and_a_bug_report(
    page: Page, site_url: str, net: NetworkLog, open_game: Opener, tmp_path: Path,
    screenshot: Shot,
) -> None:
    """A browser that fails the app inside a click's handler (what the page sends is checked
    before any handler sees it: tests/test_ui_messages.py; here the browser's focus() throws
    while the menu opens): a readable banner, no traceback on screen, a bug report download
    holding the export and the error, and the game goes on once the browser works again."""
    open_game(site_url + "?players=2&seats=hhaa&seed=13&speed=0")
    rng = random.Random(13)
    play_steps(page, rng, 3)
    before = table(page)
    page.evaluate("""() => {
        window.workingFocus = HTMLElement.prototype.focus;
        HTMLElement.prototype.focus = () => { throw new TypeError('focus broke'); };
        document.getElementById('actions').insertAdjacentHTML('beforeend',
            '<button data-cmd="menu" data-testid="boom">boom</button>');
    }""")
    page.get_by_test_id("boom").click()
    banner = page.get_by_test_id("error-banner")
    expect(banner).to_be_visible()
    page.evaluate("() => { HTMLElement.prototype.focus = window.workingFocus; }")
    expect(banner).to_contain_text("Something went wrong")
    expect(banner).to_contain_text("focus broke")
    text = page.locator("body").inner_text()
    assert "Traceback" not in text and 'File "' not in text
    assert page.locator(".py-error").count() == 0
    screenshot("error-banner")
    with page.expect_download() as info:
        page.get_by_test_id("bug-report").click()
    path = tmp_path / "bug.json"
    info.value.save_as(path)
    report = json.loads(path.read_text())
    assert report["format"] == "moonshot-bug-report"
    assert "Traceback" in report["error"] and "focus broke" in report["error"]
    assert parse(json.dumps(report["export"])).game.log  # the game, importable
    page.get_by_test_id("dismiss").click()
    expect(banner).to_be_hidden()
    assert table(page) == before
    while table(page)[0] == before[0] and not game_over(page):
        play_steps(page, rng, 1)
    assert table(page)[0] > before[0]
    net.assert_clean()


# --------------------------------------------------------------------------- DOM privacy


def secrets_of(g: game.Game, nation: NationId, viewer: str | None) -> list[str]:
    """``nation``'s hand card names that the ``viewer`` seat (None: nobody) may not know:
    names found nowhere in what that seat may see, nor in the public log."""
    content = game.load_content()
    hand = g.state.nations[nation].hand
    public = (json.dumps(to_plain(g.view(None)), ensure_ascii=False)
              + "\n".join(t.line for t in narrate(g)))
    if viewer is not None:
        public += json.dumps(to_plain(g.view(as_seat(viewer))), ensure_ascii=False)
    names = {content.maneuver_card(card).names[nation] for card in hand}
    return sorted(n for n in names if n not in public)


def check_privacy(page: Page, checked: list[str]) -> int:
    """Check the DOM now; returns how many of the viewer's own token stacks show kinds (to
    prove the selector finds kinds when they may be shown)."""
    g = parse(current_save(page)).game
    dom = page.content()
    if privacy_up(page):
        hidden: list[NationId] = ["USA", "USSR"]
        viewer = None
        own_kinds = 0
        shown_kinds = page.locator('.tok[title*=" Influence, "]').count()
        assert shown_kinds == 0, "token kinds in the DOM behind the privacy screen"
        assert page.get_by_test_id("hand").count() == 0
    else:
        label = page.get_by_test_id("viewing").inner_text()
        if "(" not in label:
            return 0  # nobody at the screen: spectator view
        viewer_seat = label.split("(")[-1].rstrip(")").replace(" ", ".").replace(
            "Politician", "politician").replace("Engineer", "engineer")
        viewer = viewer_seat
        own = viewer_seat.split(".")[0]
        other: NationId = "USSR" if own == "USA" else "USA"
        hidden = [other]
        kinds = page.locator(f'.tok.{other.lower()}[title*=" Influence, "]').count()
        assert kinds == 0, f"{other}'s token kinds in the DOM while {own} is at the screen"
        own_kinds = page.locator(f'.tok.{own.lower()}[title*=" Influence, "]').count()
    for nation in hidden:
        secret = secrets_of(g, nation, viewer)
        leaked = [n for n in secret if n in dom or html.escape(n) in dom]
        assert not leaked, f"{nation}'s hand {leaked} in the DOM (viewer {viewer})"
        checked.extend(secret)
    return own_kinds if viewer else 0


def pick_politics(page: Page, rng: random.Random) -> None:
    """Mostly play Maneuver cards and place tokens (so stacks with face-down tokens exist),
    else a cheap control."""
    found = controls(page)
    wanted = [i for i, (kind, group) in enumerate(found)
              if kind in ("play_maneuver", "place_token") or group.startswith(("card:", "tok:"))]
    if wanted and rng.random() < 0.8:
        bar_option(page, page.locator(OFFERED).nth(rng.choice(wanted))).click()
    else:
        pick(page, rng)


def test_hot_seat_dom_never_holds_the_other_nations_secrets(
    page: Page, site_url: str, net: NetworkLog, open_game: Opener,
) -> None:
    """Two people, hot-seat, some 80 actions: before every click (a gate or a privacy screen
    up, or a nation at the screen) the DOM holds neither the hidden hand card names nor token
    kinds."""
    open_game(site_url + "?players=2&seats=hhhh&seed=4&speed=0")
    rng = random.Random(4)
    checked: list[str] = []
    points = own_kinds = 0
    for _ in range(160):  # some 80 actions: Maneuvers, Politics and more, several rounds
        settle(page)
        if game_over(page):
            break
        if page.evaluate("document.body.dataset.saved") is not None:
            own_kinds += check_privacy(page, checked)
            points += 1
        if privacy_up(page):
            page.get_by_test_id("privacy-continue").click()
            continue
        if show_mine(page):  # the gate of a shared screen, checked above while it was up
            continue
        if page.locator(CONTROLS).count():
            pick_politics(page, rng)
    assert points >= 10, points
    assert checked, "no hidden card was ever checked"
    assert own_kinds, "own token kinds never showed: the token check would prove nothing"
    net.assert_clean()
