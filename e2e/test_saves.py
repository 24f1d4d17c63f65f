"""Autosave and reload, Saved games, export/import (and every refused import), undo/redo and
replays, in the built site with the real localStorage, real downloads and real file inputs."""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from conftest import ROOT, NetworkLog, reload_ready, wait_ready
from helpers import (
    answer_confirm,
    bar_option,
    csp_violations,
    current_save,
    game_over,
    near_the_end,
    open_saved,
    pick,
    play_steps,
    play_until_over,
    privacy_up,
    settle,
    store,
    stored,
    table,
)
from playwright.sync_api import Page, expect

sys.path.insert(0, str(ROOT))  # the engine and the pure ui modules from this checkout
from ui.model.replay import game_fingerprint
from ui.model.saves import parse

Opener = Callable[[str], float]
Shot = Callable[[str], Path]


def export_file(page: Page, folder: Path, name: str = "export.json") -> Path:
    """Export the game on the table through Saved games -> Export (a real download)."""
    page.get_by_test_id("open-saves").click()
    expect(page.get_by_test_id("saves")).to_be_visible()
    with page.expect_download() as info:
        page.get_by_test_id("export").click()
    path = folder / name
    info.value.save_as(path)
    page.get_by_test_id("close-saves").click()
    return path


def import_file(page: Page, path: Path) -> None:
    page.get_by_test_id("open-saves").click()
    expect(page.get_by_test_id("saves")).to_be_visible()
    page.get_by_test_id("import-file").set_input_files(path)


def test_reload_mid_game_continues_exactly_where_it_was(
    page: Page, site_url: str, net: NetworkLog, open_game: Opener, screenshot: Shot,
) -> None:
    """One person (USA) against AI: after a reload the page offers the game, and continuing
    puts the very same state on the table; the AI seats go on playing."""
    open_game(site_url + "?players=2&seats=hhaa&seed=7&speed=0")
    rng = random.Random(7)
    play_steps(page, rng, 12)
    before = table(page)
    assert before[0] >= 12
    saved = current_save(page)
    assert game_fingerprint(parse(saved).game) == before[1]  # the autosave is the table

    reload_ready(page, net)
    resume = page.get_by_test_id("resume")
    expect(resume).to_be_visible()
    expect(resume).to_contain_text("USA vs USSR (AI)")
    expect(resume).to_contain_text(f"{before[0]} actions")
    screenshot("resume-prompt")
    page.get_by_test_id("resume-continue").click()
    settle(page)
    assert table(page) == before
    expect(page.get_by_test_id("hand")).to_be_visible()
    # Carry on: the person's clicks and the AI's answers are autosaved to the same entry.
    play_steps(page, rng, 6)
    after = table(page)
    assert after[0] > before[0] + 6 or game_over(page)
    assert len(stored(page)) == 1
    loaded = parse(current_save(page))
    assert game_fingerprint(loaded.game) == after[1]
    assert any(seat.startswith("USSR") for seat, _ in loaded.game.log[before[0]:])
    net.assert_clean()


def test_saved_games_list_continue_delete_and_unreadable_entries(
    page: Page, site_url: str, net: NetworkLog, open_game: Opener, screenshot: Shot,
) -> None:
    open_game(site_url + "?players=2&seats=hhaa&seed=3&speed=0")
    rng = random.Random(3)
    play_steps(page, rng, 4)
    first = table(page)
    page.get_by_test_id("new-game").click()
    page.get_by_test_id("start-game").click()
    settle(page)
    play_steps(page, rng, 3)
    second = table(page)
    # A corrupted entry (truncated JSON) and one that is not a game at all.
    store(page, {"moonshot.save.broken": '{"format": "moonshot-export", "ver',
                 "moonshot.save.other": "[1, 2, 3]"})
    page.get_by_test_id("open-saves").click()
    entries = page.get_by_test_id("save-entry")
    expect(entries).to_have_count(4)
    expect(page.locator('[data-testid="save-entry"][data-ok="0"]')).to_have_count(2)
    expect(page.locator('[data-testid="save-entry"][data-ok="0"]').first).to_contain_text(
        "Unreadable saved game")
    screenshot("saved-games")
    page.locator('[data-testid="save-entry"][data-key="moonshot.save.broken"] '
                 '[data-testid="delete-save"]').click()
    expect(entries).to_have_count(3)
    assert "moonshot.save.broken" not in stored(page)
    # Continue the first game from the list: exactly its state comes back.
    # the first game is the one not marked "this game" (the second is being played)
    page.locator('[data-testid="save-entry"][data-ok="1"]').filter(
        has_not_text="this game").locator('[data-testid="continue-save"]').click()
    settle(page)
    assert table(page) == first
    page.get_by_test_id("open-saves").click()
    page.locator('[data-testid="save-entry"][data-ok="1"]').filter(
        has_not_text="this game").locator('[data-testid="continue-save"]').click()
    settle(page)
    assert table(page) == second
    # A broken "current" pointer never crashes the page: no prompt, a fresh game.
    store(page, {"moonshot.save.bad": "{", "moonshot.current": "bad"})
    page.reload()
    wait_ready(page, net)
    settle(page)
    expect(page.get_by_test_id("resume")).to_have_count(0)
    assert page.locator(".py-error").count() == 0
    net.assert_clean()


def test_storage_full_is_reported_and_the_game_goes_on(
    page: Page, site_url: str, net: NetworkLog, open_game: Opener,
) -> None:
    """A browser that refuses IndexedDB (public/store.js then keeps the games in
    localStorage) with its storage full: the failed save is told, the game goes on, and it
    is saved again once there is room. (Chromium does not enforce the DevTools protocol's
    quota override on IndexedDB, and its real quota is gigabytes.)"""
    page.add_init_script("""{  // as a private window of some browsers: the game's database refused
        const open = IDBFactory.prototype.open;
        IDBFactory.prototype.open = function (name, ...rest) {
            if (name === 'moonshot') throw new DOMException('refused', 'InvalidStateError');
            return open.call(this, name, ...rest);
        };
    }""")
    open_game(site_url + "?players=2&seats=hhaa&seed=7&speed=0")
    assert page.evaluate("MoonshotStore.durable()") is False
    rng = random.Random(7)
    play_steps(page, rng, 2)
    filled = page.evaluate("""() => {  // fill the real quota to the last byte
        let i = 0;
        for (const size of [262144, 16384, 1024, 64, 1]) {
            const chunk = 'x'.repeat(size);
            try { for (;; i++) localStorage.setItem('junk' + i, chunk); } catch (e) { i++; }
        }
        return i;
    }""")
    assert filled > 0
    moves = table(page)[0]
    play_steps(page, rng, 2)
    assert table(page)[0] > moves
    banner = page.get_by_test_id("notice-banner")
    expect(banner).to_be_visible()
    expect(banner).to_contain_text("Autosave failed")
    expect(banner).to_contain_text("full")
    page.get_by_test_id("dismiss").click()
    page.evaluate("() => Object.keys(localStorage).filter(k => k.startsWith('junk'))"
                  ".forEach(k => localStorage.removeItem(k))")
    moves = table(page)[0]
    while table(page)[0] == moves:  # a click may only open a group of controls
        play_steps(page, rng, 1)
    saved = parse(current_save(page)).game
    assert (len(saved.log), game_fingerprint(saved)) == table(page)
    net.assert_clean()


def test_export_new_game_import_continue_and_finish(
    page: Page, site_url: str, net: NetworkLog, tmp_path: Path,
) -> None:
    """A game in its last rounds (opened as saved, 60 moves before its end: what comes
    before is not what this checks) exported, a new game begun, the file imported, and the
    game continued to its end."""
    open_saved(page, site_url, near_the_end(21, moves_left=60))
    rng = random.Random(21)
    play_steps(page, rng, 10)
    exported_at = table(page)
    path = export_file(page, tmp_path)
    data = json.loads(path.read_text())
    assert data["format"] == "moonshot-export" and data["version"] == 1
    assert data["seats"]["USA.politician"] == "human" and data["seats"]["USSR.engineer"] == "ai"
    save = data["save"]
    assert save["seed"] == 21 and save["ruleset"] == "v0.10.4" and save["players"] == 2
    assert len(save["log"]) == exported_at[0] and "state" in save
    assert game_fingerprint(parse(path.read_text()).game) == exported_at[1]

    page.get_by_test_id("new-game").click()
    page.get_by_test_id("start-game").click()
    settle(page)
    assert table(page)[1] != exported_at[1]
    import_file(page, path)
    expect(page.get_by_test_id("notice-banner")).to_contain_text("Imported")
    settle(page)
    assert table(page) == exported_at
    steps = play_until_over(page, rng)
    assert game_over(page)
    assert steps > 0
    # The end screen's own ways on: its replay, its export, a new game (a name typed in its
    # dialog is kept), and the finished game's file imported shows its end again.
    page.get_by_test_id("end-replay").click()
    page.get_by_test_id("rp-first").click()
    page.get_by_test_id("rp-exit").click()
    with page.expect_download() as info:
        page.get_by_test_id("end-export").click()
    ended = tmp_path / "end.json"
    info.value.save_as(ended)
    page.get_by_test_id("end-new-game").click()
    page.get_by_test_id("name-USA.politician").fill("Ann")
    page.get_by_test_id("start-game").click()
    settle(page)
    assert json.loads(current_save(page))["names"]["USA.politician"] == "Ann"
    import_file(page, ended)
    expect(page.get_by_test_id("end-screen")).to_be_visible()
    net.assert_clean()


def _variants(data: dict[str, Any], text: str) -> dict[str, tuple[str, str]]:
    """name -> (file text, words the refusal must contain)."""
    def changed(change: Callable[[dict[str, Any]], None]) -> str:
        copy = json.loads(json.dumps(data))
        change(copy)
        return json.dumps(copy)

    def version(d: dict[str, Any]) -> None:
        d["version"] = 2

    def ruleset(d: dict[str, Any]) -> None:
        d["save"]["ruleset"] = "v99"

    def illegal(d: dict[str, Any]) -> None:
        d["save"]["log"][2]["action"] = {"kind": "launch", "mission": "M9-MARS"}

    def money(d: dict[str, Any]) -> None:
        d["save"]["state"]["nations"]["USA"]["money"] += 40

    return {
        "truncated": (text[: len(text) * 2 // 3], "truncated"),
        "version": (changed(version), "version 2"),
        "ruleset": (changed(ruleset), "Unknown ruleset 'v99'"),
        "illegal": (changed(illegal), "Entry 3 of the log is not a legal move"),
        "money": (changed(money), "was it edited?"),
    }


def test_malformed_imports_are_refused_and_the_game_is_untouched(
    page: Page, site_url: str, net: NetworkLog, open_game: Opener, tmp_path: Path,
    screenshot: Shot,
) -> None:
    open_game(site_url + "?players=2&seats=hhaa&seed=13&speed=0")
    rng = random.Random(13)
    play_steps(page, rng, 8)
    path = export_file(page, tmp_path)
    text = path.read_text()
    play_steps(page, rng, 2)  # the table has moved on from the exported file
    here = table(page)
    autosave = current_save(page)
    for name, (bad, words) in _variants(json.loads(text), text).items():
        file = tmp_path / f"{name}.json"
        file.write_text(bad)
        import_file(page, file)
        error = page.get_by_test_id("import-error")
        expect(error).to_be_visible()
        expect(error).to_contain_text("Import refused")
        expect(error).to_contain_text(words)
        expect(error).to_contain_text("The game in progress is unchanged")
        if name == "money":
            screenshot("import-refused")
        page.get_by_test_id("close-saves").click()
        assert table(page) == here, name
        assert current_save(page) == autosave, name
    # Still playable, and the good file still imports.
    play_steps(page, rng, 1)
    import_file(page, path)
    settle(page)
    log = json.loads(text)["save"]["log"]
    assert table(page)[0] >= len(log)  # the AI may already have answered
    assert json.loads(current_save(page))["save"]["log"][:len(log)] == log
    net.assert_clean()


def test_undo_and_redo(
    page: Page, site_url: str, net: NetworkLog, open_game: Opener, screenshot: Shot,
) -> None:
    """USA (a person) against AI: undo goes back to the exact earlier states (the person's
    action with the AI's answers after it), never past a barrier, says why when it cannot, and redo
    re-applies; a new action clears redo. (A random AI: the medium one ends this seeded game
    before the person's own moves ever line up for an undo.)"""
    open_game(site_url + "?players=2&seats=hhrr&seed=13&speed=0")
    settle(page)
    undo, redo = page.get_by_test_id("undo"), page.get_by_test_id("redo")
    expect(undo).to_be_disabled()
    expect(page.get_by_test_id("undo-reason")).to_contain_text("Undo is not available")
    expect(redo).to_be_disabled()
    rng = random.Random(13)
    history: dict[int, str] = {}
    for _ in range(200):
        settle(page)
        moves, state = table(page)
        history[moves] = state
        if moves >= 2 and undo.is_enabled():
            break
        if privacy_up(page):
            page.get_by_test_id("privacy-continue").click()
            continue
        pick(page, rng)
    else:
        raise AssertionError("undo never became available")
    depth = 0
    while undo.is_enabled():
        undo.click()
        settle(page)
        depth += 1
        moves, state = table(page)
        assert history.get(moves) == state  # exactly the earlier state
    screenshot("undo-reason")
    reason = page.get_by_test_id("undo-reason").inner_text()
    assert reason.startswith("Undo is not available:")
    # The engine agrees: undo stopped at a barrier (the AI's answers are taken back too).
    g = parse(current_save(page)).game
    assert g.log, "undo went past the start"
    from ui.model.undo import player_undo

    computer = frozenset({"USSR.politician", "USSR.engineer"})
    assert player_undo(g, ("USA.politician", "USA.engineer"), computer) == (0, reason)
    # Redo everything back.
    expect(redo).to_contain_text(f"({depth})")
    for _ in range(depth):
        redo.click()
        settle(page)
        moves, state = table(page)
        assert history[moves] == state
    expect(redo).to_be_disabled()
    # Undo once, then act differently: the redo stack is gone.
    undo.click()
    settle(page)
    expect(redo).to_be_enabled()
    bar_option(page, page.locator('#actions [data-testid="action"]').first).click()  # not a group
    answer_confirm(page)
    settle(page)
    if not game_over(page) and not privacy_up(page):
        expect(page.get_by_test_id("redo")).to_be_disabled()
    net.assert_clean()


def test_replay_of_a_finished_game_matches_its_final_state(
    page: Page, site_url: str, net: NetworkLog, screenshot: Shot, csp_watch: None,
) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    open_saved(page, site_url, near_the_end(11))  # a whole game, its end played here
    play_until_over(page, random.Random(11))
    final = table(page)
    g = parse(current_save(page)).game
    assert g.is_over and game_fingerprint(g) == final[1]
    page.get_by_test_id("end-replay").click()
    bar = page.get_by_test_id("replay")
    expect(bar).to_be_visible()
    total = len(g.log)
    expect(bar).to_have_attribute("data-total", str(total))
    expect(bar).to_have_attribute("data-step", str(total))
    match = page.get_by_test_id("replay-match")
    expect(match).to_have_attribute("data-match", "1")
    expect(match).to_contain_text("final state matches")
    expect(match).to_contain_text(final[1])
    page.get_by_test_id("rp-first").click()
    expect(bar).to_have_attribute("data-step", "0")
    expect(page.get_by_test_id("replay-notes")).to_contain_text("New game")
    expect(page.get_by_test_id("rp-prev")).to_be_disabled()
    for step in (1, 2, 3):
        page.get_by_test_id("rp-next").click()
        expect(bar).to_have_attribute("data-step", str(step))
    page.get_by_test_id("rp-prev").click()
    expect(bar).to_have_attribute("data-step", "2")
    # Public view: no hand; a chosen seat's view: that seat's hand.
    expect(page.get_by_test_id("hand")).to_have_count(0)
    page.get_by_test_id("rp-seat").select_option("USSR.politician")
    expect(page.get_by_test_id("hand")).to_have_count(1)
    expect(page.get_by_test_id("board-USSR").get_by_test_id("hand")).to_be_visible()
    screenshot("replay")
    page.get_by_test_id("rp-last").click()
    expect(bar).to_have_attribute("data-step", str(total))
    page.get_by_test_id("rp-exit").click()
    expect(page.get_by_test_id("end-screen")).to_be_visible()
    assert table(page) == final
    assert csp_violations(page) == []
    net.assert_clean()


def test_replay_of_a_saved_game_from_the_list(
    page: Page, site_url: str, net: NetworkLog, open_game: Opener,
) -> None:
    """A game in progress replays from the Saved games list (public view only, as it is
    not over) and leaves the game on the table alone."""
    open_game(site_url + "?players=2&seats=hhaa&seed=9&speed=0")
    play_steps(page, random.Random(9), 6)
    here = table(page)
    page.get_by_test_id("open-saves").click()
    page.get_by_test_id("replay-save").first.click()
    bar = page.get_by_test_id("replay")
    expect(bar).to_have_attribute("data-step", str(here[0]))
    expect(page.get_by_test_id("replay-match")).to_have_attribute("data-match", "1")
    expect(page.get_by_test_id("rp-seat").locator("option")).to_have_count(1)
    page.get_by_test_id("rp-first").click()
    page.get_by_test_id("rp-exit").click()
    settle(page)
    assert table(page) == here
    net.assert_clean()
