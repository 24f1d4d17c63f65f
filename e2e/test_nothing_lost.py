"""Nothing lost, nothing bricked, in the built site with the real localStorage and real file
inputs: damaged stored games never stop the start screen and are set aside with Delete and
Export as is; files nesting 10,000 and 100,000 deep are refused in words, the game going on."""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlsplit

from conftest import READY_TIMEOUT_MS, ROOT, NetworkLog, wait_ready
from helpers import CONTROLS, current_save, host_page, play_steps, settle, stored, table
from playwright.sync_api import Locator, Page, expect

from scripts.localsite import served

sys.path.insert(0, str(ROOT))  # the engine and the pure ui modules from this checkout
import game
from ui.control.saves import EMBED_GAMES
from ui.model.players import Setup
from ui.model.saves import export_text

Opener = Callable[[str], float]
Shot = Callable[[str], Path]
PREFIX = "moonshot.save."


def _good_export() -> str:
    g = game.new_game(4)
    rng = random.Random(4)
    for _ in range(20):
        seat = g.to_act()[0]
        g.apply(seat, rng.choice(g.legal_actions(seat)))
    return export_text(g, Setup(seed=4))


def entry_of(page: Page, key: str) -> Locator:
    """The Saved games list's entry of ``moonshot.save.<key>``."""
    return page.locator(f'[data-testid="save-entry"][data-key="{PREFIX + key}"]')


def test_damaged_stored_games_never_stop_the_start_and_are_set_aside(
    page: Page, site_url: str, net: NetworkLog, open_game: Opener, screenshot: Shot,
) -> None:
    """A stored game nesting 100,000 deep, a 5 MB string and a truncated save, each in turn
    the game Continue would offer, among a good one: every reload comes up on the start
    screen (no Continue), Saved games lists the three as unreadable with Export as is and
    Delete, the good one as a game; the page never errs."""
    good = _good_export()
    bad = {"deep": "[" * 100_000, "huge": '"' + "x" * 5_000_000 + '"',
           "cut": good[: len(good) // 2]}
    open_game(site_url)
    expect(page.get_by_test_id("start")).to_be_visible()
    for current in bad:
        page.evaluate("""([entries, current]) => {
            for (const [key, text] of Object.entries(entries)) localStorage.setItem(key, text);
            localStorage.setItem('moonshot.current', current);
        }""", [{**{PREFIX + k: v for k, v in bad.items()}, PREFIX + "good": good}, current])
        page.reload()
        wait_ready(page, net)
        expect(page.get_by_test_id("start")).to_be_visible()
        expect(page.get_by_test_id("start-continue")).to_have_count(0)
        page.get_by_test_id("start-saves").click()
        entries = page.get_by_test_id("save-entry")
        expect(entries).to_have_count(4)
        unreadable = page.locator('[data-testid="save-entry"][data-ok="0"]')
        expect(unreadable).to_have_count(3)
        for key in bad:
            entry = entry_of(page, key)
            expect(entry).to_contain_text("Unreadable saved game")
            expect(entry.get_by_test_id("delete-save")).to_be_visible()
            expect(entry.get_by_test_id("export-raw")).to_be_visible()
        for key, words in (("deep", "nest deeper"), ("huge", "longer than"),
                           ("cut", "truncated")):
            expect(entry_of(page, key)).to_contain_text(words)
        page.get_by_test_id("close-saves").click()
        expect(page.get_by_test_id("start")).to_be_visible()
    page.get_by_test_id("start-saves").click()
    screenshot("unreadable-saves")
    # Export as is gives the stored text back exactly; Delete removes the entry.
    cut = entry_of(page, "cut")
    with page.expect_download() as info:
        cut.get_by_test_id("export-raw").click()
    path = info.value.path()
    assert path is not None and Path(path).read_text(encoding="utf-8") == bad["cut"]
    for key in bad:
        entry_of(page, key).get_by_test_id("delete-save").click()
        expect(entry_of(page, key)).to_have_count(0)
    assert list(stored(page)) == [PREFIX + "good"]
    expect(page.get_by_test_id("save-entry")).to_have_count(1)
    assert net.page_errors == []
    net.assert_clean()


def test_files_nesting_ten_and_a_hundred_thousand_deep_are_refused_and_the_game_goes_on(
    page: Page, site_url: str, net: NetworkLog, open_game: Opener, tmp_path: Path,
) -> None:
    open_game(site_url + "?players=2&seats=hhaa&seed=13&speed=0")
    rng = random.Random(13)
    play_steps(page, rng, 4)
    here, autosave = table(page), current_save(page)
    files = {"nest-10k.json": "[" * 10_000 + "]" * 10_000, "nest-100k.json": "[" * 100_000,
             "utf16.json": None}
    for name, text in files.items():
        path = tmp_path / name
        if text is None:
            path.write_bytes(current_save(page).encode("utf-16"))
        else:
            path.write_text(text)
        page.get_by_test_id("open-saves").click()
        page.get_by_test_id("import-file").set_input_files(path)
        error = page.get_by_test_id("import-error")
        expect(error).to_be_visible()
        expect(error).to_contain_text("Import refused")
        expect(error).to_contain_text("UTF-16" if text is None else "nest deeper")
        expect(error).to_contain_text("The game in progress is unchanged")
        page.get_by_test_id("close-saves").click()
        assert table(page) == here and current_save(page) == autosave, name
    play_steps(page, rng, 2)  # every button still answers
    settle(page)
    assert table(page)[0] > here[0]
    assert net.page_errors == []
    net.assert_clean()


def test_a_burst_of_a_thousand_embed_commands_leaves_the_game_answering(
    page: Page, site_url: str, net: NetworkLog, tmp_path: Path,
) -> None:
    """A rules page sends its embedded game (save=1) 1,000 new-game and start-example
    commands in one burst: the last one is obeyed, a few games are dealt at most, a click
    on the game after it is answered within a second or so, no error banner, and the
    embed keeps a bounded number of games."""
    site = f"{urlsplit(site_url).scheme}://{urlsplit(site_url).netloc}"
    (tmp_path / "rules.html").write_text(host_page(
        "Rules", '<iframe data-testid="embedded" style="width:900px;height:640px" '
        f'title="Moonshot" src="{site_url}embed.html?players=2&amp;seats=hhmm&amp;seed=3'
        '&amp;speed=0&amp;save=1"></iframe>'))
    with served(tmp_path) as host_url:
        page.goto(host_url + "/rules.html")
        page.wait_for_function("window.events.some(([, e]) => e.type === 'ready')",
                               timeout=2 * READY_TIMEOUT_MS)
        frame = page.frame_locator('[data-testid="embedded"]')
        expect(frame.locator(CONTROLS).first).to_be_visible(timeout=30_000)
        sent = page.evaluate("""o => {
            const started = performance.now();
            for (let n = 1; n <= 1000; n++) {
                window.frames[0].postMessage({type: 'new-game', seed: n, seats: 'hhmm',
                                              speed: 0}, o);
                if (n % 50 === 25)
                    window.frames[0].postMessage({type: 'start-example', example: 'launch'}, o);
            }
            return performance.now() - started;
        }""", site)
        expect(frame.locator('body[data-seed="1000"]')).to_have_count(1, timeout=30_000)
        button = frame.locator('[data-testid="action"]:visible').first  # one move, no group
        expect(button).to_be_visible(timeout=30_000)
        before = int(frame.locator("body").evaluate("b => b.dataset.moves"))
        started = time.perf_counter()
        button.click()
        expect(frame.locator("body")).not_to_have_attribute("data-moves", str(before),
                                                           timeout=10_000)
        answered = time.perf_counter() - started
        readies = page.evaluate("window.events.filter(([, e]) => e.type === 'ready').length")
        kept = frame.locator("body").evaluate(
            "() => Object.keys(localStorage).filter(k => k.startsWith('moonshot.embed.') "
            "&& k.includes('.save.')).length")
        print(f"1,000 commands posted in {sent:.0f} ms; {readies - 1} games dealt after the "
              f"first; a click answered in {answered * 1000:.0f} ms; {kept} games kept")
        assert answered < 3.0  # about a second on a loaded machine; 8-13 s before
        assert readies - 1 <= 3
        assert 1 <= kept <= EMBED_GAMES
        expect(frame.get_by_test_id("error-banner")).to_have_count(0)
    assert net.page_errors == []
    net.assert_clean()
