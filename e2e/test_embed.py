"""Embedding: embed.html shows the game alone, fits its frame and takes its setup from the URL;
public/embed-demo.html (a rules page with the game embedded twice) works at the root and
under a sub-path, with no request leaving 127.0.0.1."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from conftest import READY_TIMEOUT_MS, NetworkLog, wait_ready
from helpers import (
    CONTROLS,
    NO_SIDEWAYS_SCROLL,
    PAGE,
    end_discussion,
    host_page,
    on_disk,
    pick,
    privacy_up,
    settle,
    table,
)
from playwright.sync_api import FrameLocator, Page, expect

from scripts.localsite import served
from ui.model.examples import examples

FRAMES = ("embed-1", "embed-2")


def moves(page: Page) -> int:
    return int(page.evaluate("document.body.dataset.moves"))


def settled_network(page: Page, game: Page | FrameLocator, net: NetworkLog) -> None:
    """Before the page is left: the game on it (the page itself, or a frame) is ready, and
    every request has its answer (the icon sprite...). Leaving aborts what is still on its
    way, and an aborted request counts as a failure (seen: pyodide.asm.wasm, icons.svg)."""
    expect(game.locator("body")).to_have_attribute("data-ready", "1",
                                                   timeout=2 * READY_TIMEOUT_MS)
    net.wait_quiet(page)


def wait_frame_ready(frame: FrameLocator) -> None:
    frame.locator('body[data-ready="1"]').wait_for(state="attached", timeout=2 * READY_TIMEOUT_MS)


def check_demo(page: Page, url: str, net: NetworkLog) -> None:
    page.set_viewport_size({"width": 1100, "height": 900})
    page.goto(url + "embed-demo.html")
    for test_id in FRAMES:
        wait_frame_ready(page.frame_locator(f'[data-testid="{test_id}"]'))
    first = page.frame_locator('[data-testid="embed-1"]')
    second = page.frame_locator('[data-testid="embed-2"]')
    # Each frame started the game its URL asked for.
    expect(first.get_by_test_id("log")).to_contain_text("2 players")
    expect(first.locator('body[data-seed="3"]')).to_have_count(1)
    expect(second.get_by_test_id("log")).to_contain_text("4 players")
    expect(second.locator('body[data-seed="8"]')).to_have_count(1)
    expect(second.get_by_test_id("centre")).to_contain_text("preview", ignore_case=True)
    # Frame 1: the person holds the USA and gets the action bar; frame 2 is all AI.
    expect(first.locator(CONTROLS).first).to_be_visible(timeout=30_000)
    expect(second.locator(CONTROLS)).to_have_count(0)
    for test_id, seed in zip(FRAMES, ("seed=3", "seed=8"), strict=True):
        frame = next(f for f in page.frames if "embed.html" in f.url and seed in f.url)
        assert frame.evaluate("window.__csp") == [], test_id  # the page's strict CSP holds
        assert frame.evaluate("document.body.dataset.embed") == "1"
        assert frame.evaluate(NO_SIDEWAYS_SCROLL), f"{test_id} scrolls sideways"
        share = frame.evaluate(
            "document.getElementById('top').getBoundingClientRect().height / innerHeight")
        assert share < 0.15, f"{test_id}: the header takes {share:.0%} of the frame"
    for frame_locator in (first, second):  # minimal bar: no subtitle, no AI speed control
        expect(frame_locator.locator(".top h1 small")).to_be_hidden()
        expect(frame_locator.locator(".tools label")).to_be_hidden()
    net.assert_clean()


def test_embed_demo_page(page: Page, site_url: str, net: NetworkLog, csp_watch: None) -> None:
    check_demo(page, site_url, net)


def test_embed_demo_under_sub_path(
    page: Page, serve_site: Callable[[str], str], net: NetworkLog, csp_watch: None
) -> None:
    url = serve_site("/moonshot/")
    check_demo(page, url, net)
    assert all("/moonshot/" in u for u in net.requests if u.startswith("http")), net.requests


def test_embed_fits_and_plays(page: Page, site_url: str, net: NetworkLog) -> None:
    """embed.html alone: no sideways scrolling from a phone-sized frame to a wide one, the
    setup from the URL (3 players, USSR pair, hard AI), and the action bar works."""
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(site_url + "embed.html?players=3&pair=USSR&seats=xxhh&seed=4&speed=0")
    wait_ready(page, net)
    settle(page)
    expect(page.get_by_test_id("log")).to_contain_text("3 players")
    for width, height in ((360, 640), (600, 420), (1000, 620), (1600, 900)):
        page.set_viewport_size({"width": width, "height": height})
        assert page.evaluate(NO_SIDEWAYS_SCROLL), f"sideways scroll at {width}x{height}"
        box = page.get_by_test_id("actions").bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width + 1
    page.set_viewport_size({"width": 1000, "height": 620})
    expect(page.get_by_test_id("discussion")).to_be_visible()  # the USSR's two talk first
    assert end_discussion(page)
    settle(page)
    if privacy_up(page):  # two people share the USSR: hot-seat privacy screen first
        page.get_by_test_id("privacy-continue").click()
        settle(page)
    before = page.get_by_test_id("actions").inner_html()
    page.locator(CONTROLS).first.click()
    settle(page)
    assert page.get_by_test_id("actions").inner_html() != before
    net.assert_clean()


def test_an_embed_on_another_origin_keeps_to_itself_and_continue_stays_the_same(
    page: Page, site_url: str, net: NetworkLog, tmp_path: Path,
) -> None:
    """A game is played and autosaved on index.html; a page from another origin (another
    port on 127.0.0.1: the same site, so the same storage) embeds the game: no resume
    prompt, the embed plays, and afterwards index.html still offers Continue with the
    original game, its moves and state unchanged."""
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(site_url + "?players=2&seats=hmmm&seed=5&speed=0")
    wait_ready(page, net)
    rng = random.Random(5)
    while moves(page) < 6:
        settle(page)
        pick(page, rng, 1.0)
    settle(page)
    saved = table(page)
    key = on_disk(page)["moonshot.current"]
    settled_network(page, page, net)

    (tmp_path / "rules.html").write_text(
        PAGE + "<title>A rules page elsewhere</title><h1>Launching</h1>"
        f'<iframe data-testid="embedded" style="width:900px;height:600px" title="Moonshot" '
        f'src="{site_url}embed.html?players=2&amp;seats=mmmm&amp;seed=3&amp;speed=0"></iframe>')
    with served(tmp_path) as host_url:
        assert urlsplit(host_url).port != urlsplit(site_url).port  # another origin
        page.goto(host_url + "/rules.html")
        frame = page.frame_locator('[data-testid="embedded"]')
        wait_frame_ready(frame)
        expect(frame.get_by_test_id("resume-continue")).to_have_count(0)
        expect(frame.locator("#dialog")).to_be_hidden()
        expect(frame.locator("body")).not_to_have_attribute("data-moves", "0", timeout=30_000)
        inner = next(f for f in page.frames if "embed.html" in f.url)
        assert on_disk(inner)["moonshot.current"] == key
        settled_network(page, frame, net)

    page.goto(site_url)
    wait_ready(page, net)
    page.get_by_test_id("start-continue").click()
    settle(page)
    assert table(page) == saved  # the same game, the same exact state
    net.assert_clean()


def test_the_page_around_an_embed_hears_its_game_and_starts_a_new_one_by_command(
    page: Page, site_url: str, net: NetworkLog, tmp_path: Path,
) -> None:
    """A rules page on another origin embeds the game and listens: 'ready' and each move
    arrive from the game's origin; a 'new-game' command from the page starts that game; the
    same command from a third origin (another frame on the page) is ignored."""
    site = f"{urlsplit(site_url).scheme}://{urlsplit(site_url).netloc}"
    (tmp_path / "intruder").mkdir()
    (tmp_path / "intruder" / "x.html").write_text(
        PAGE + "<title>x</title><script>addEventListener('message', () => "
        "parent.frames[0].postMessage({type: 'new-game', seed: 99, seats: 'hhhh'}, '*'));"
        "</script>")
    with served(tmp_path / "intruder") as intruder_url:
        (tmp_path / "rules.html").write_text(host_page(
            "Rules", '<iframe data-testid="embedded" style="width:800px;height:560px" '
            f'title="Moonshot" src="{site_url}embed.html?players=2&amp;seats=mmmm&amp;seed=3'
            f'&amp;speed=100"></iframe><iframe title="another site" src="{intruder_url}/x.html">'
            "</iframe>"))
        with served(tmp_path) as host_url:
            page.goto(host_url + "/rules.html")
            page.wait_for_function("window.events.filter(([, e]) => e.type === 'move').length >= 2",
                                   timeout=2 * READY_TIMEOUT_MS)
            events = page.evaluate("window.events")
            assert {origin for origin, _event in events} == {site}
            assert events[0][1] == {"source": "moonshot", "type": "ready", "players": 2, "seed": 3,
                                    "ruleset": "v0.10.4", "example": ""}
            moved = [event for _origin, event in events if event["type"] == "move"]
            assert [m["moves"] for m in moved[:2]] == [1, 2]
            frame = page.frame_locator('[data-testid="embedded"]')
            # Another site's frame on the page asks for a game: nothing happens.
            page.evaluate("window.frames[1].postMessage('go', '*')")
            page.wait_for_timeout(500)
            expect(frame.locator('body[data-seed="3"]')).to_have_count(1)
            # The page itself asks: that game starts, and says it is ready.
            page.evaluate("o => window.frames[0].postMessage({type: 'new-game', seed: 7, "
                          "seats: 'hhmm', speed: 0}, o)", site)
            expect(frame.locator('body[data-seed="7"]')).to_have_count(1, timeout=20_000)
            page.wait_for_function("window.events.some(([, e]) => e.type === 'ready' && "
                                   "e.seed === 7)")
            expect(frame.locator(CONTROLS).first).to_be_visible(timeout=30_000)  # a person's turn
    net.assert_clean()


# The parts of a whole table in a wide frame (the minimal bar keeps Saved games, New game
# and Rules); a rule example hides all but its own part and the action bar.
WHOLE_TABLE = ("board-USA", "centre", "board-USSR", "open-saves", "new-game", "open-rules",
               "log", "undo")


@contextmanager
def rules_page_embedding(page: Page, site_url: str, folder: Path,
                         seats: str) -> Iterator[tuple[str, FrameLocator]]:
    """A rules page on another origin, 1200x800, embedding a two-player game with ``seats``
    (seed 3, the AI at full speed) and keeping what the game tells it (``window.events``):
    (the game's origin, its frame), once the game said it is ready."""
    (folder / "rules.html").write_text(host_page(
        "Rules", '<iframe data-testid="embedded" style="width:1100px;height:700px" '
        f'title="Moonshot" src="{site_url}embed.html?players=2&amp;seats={seats}&amp;seed=3'
        '&amp;speed=0"></iframe>'))
    with served(folder) as host_url:
        page.set_viewport_size({"width": 1200, "height": 800})
        page.goto(host_url + "/rules.html")
        page.wait_for_function("window.events.some(([, e]) => e.type === 'ready')",
                               timeout=2 * READY_TIMEOUT_MS)
        yield (f"{urlsplit(site_url).scheme}://{urlsplit(site_url).netloc}",
               page.frame_locator('[data-testid="embedded"]'))


def test_a_new_game_after_each_rule_example_shows_the_whole_table(
    page: Page, site_url: str, net: NetworkLog, tmp_path: Path,
) -> None:
    """A rules page shows every example in turn in one embedded game, a new game after each
    (its 'new-game' command): the whole table comes back each time (leaving an example once
    left an empty data-example on the body, and embed.css hid all but the USA's board)."""
    with rules_page_embedding(page, site_url, tmp_path, "hhmm") as (site, frame):
        for testid in WHOLE_TABLE:
            expect(frame.get_by_test_id(testid)).to_be_visible(timeout=30_000)  # after the AI
        for number, (ident, example) in enumerate(examples().items()):
            page.evaluate("([o, x]) => window.frames[0].postMessage("
                          "{type: 'start-example', example: x}, o)", [site, ident])
            page.wait_for_function("x => window.events.some(([, e]) => e.type === 'ready' "
                                   "&& e.example === x)", arg=ident)
            expect(frame.locator("body")).to_have_attribute("data-example", example.show)
            expect(frame.get_by_test_id("log")).to_be_hidden()  # the example's own view
            seed = 100 + number
            page.evaluate("([o, s]) => window.frames[0].postMessage({type: 'new-game', "
                          "players: 2, seats: 'hhmm', seed: s, speed: 0}, o)", [site, seed])
            page.wait_for_function("s => window.events.some(([, e]) => e.type === 'ready' "
                                   "&& e.seed === s && e.example === '')", arg=seed)
            expect(frame.locator("body")).not_to_have_attribute("data-example", example.show)
            assert frame.locator("body").get_attribute("data-example") is None, ident
            for testid in WHOLE_TABLE:
                expect(frame.get_by_test_id(testid), f"after {ident}").to_be_visible(
                    timeout=30_000)
        net.wait_quiet(page)
    net.assert_clean()


# In the frame: the moment (ms since the epoch, as the host page's clock) each click is
# dispatched, and the start of the frame that paints the first change it made.
ANSWER_TIMER = """() => {
  window.__answers = [];
  let clicked = null;
  addEventListener('click', () => { clicked = performance.timeOrigin + performance.now(); },
                   true);
  new MutationObserver(() => {
    if (clicked === null) return;
    const at = clicked; clicked = null;
    requestAnimationFrame(() => window.__answers.push(
      [at, performance.timeOrigin + performance.now()]));
  }).observe(document.body, {childList: true, subtree: true, characterData: true,
                             attributes: true});
}"""

# From the host page: a burst of messages to the game's frame; when it was sent (what the
# frame does with it comes after: the two pages share one thread).
BURST = """([origin, count, size]) => {
  const pad = 'x'.repeat(size);
  for (let i = 0; i < count; i++) {
    window.frames[0].postMessage({type: 'hello', seed: i, pad}, origin);
  }
  return performance.timeOrigin + performance.now();
}"""


@pytest.mark.alone  # measures against a reference in the same run: no other test beside it
def test_long_messages_from_the_page_are_dropped_before_python_and_cost_a_click_nothing(
    page: Page, site_url: str, net: NetworkLog, tmp_path: Path,
) -> None:
    """A page posts 1,000 messages of 50 kB, then the reader clicks: public/host-messages.js
    drops each before any Python work (it counts them), so the click is answered about as
    soon as after 1,000 small messages, which Python reads and refuses (their type is no
    command's). Measured as a ratio in one run; the game stays the one on the table."""
    with rules_page_embedding(page, site_url, tmp_path, "hhhh") as (site, frame):
        inner = next(f for f in page.frames if "embed.html" in f.url)
        inner.evaluate(ANSWER_TIMER)
        sound = frame.get_by_test_id("sound")
        answered: dict[str, list[float]] = {"small": [], "long": []}
        for _round in range(3):
            for kind, size in (("small", 10), ("long", 50_000)):
                dropped = inner.evaluate("window.MoonshotHost.dropped")
                sent = page.evaluate(BURST, [site, 1_000, size])
                sound.click()
                inner.wait_for_function("n => window.__answers.length === n",
                                        arg=sum(map(len, answered.values())) + 1)
                _clicked, painted = inner.evaluate("window.__answers.at(-1)")
                answered[kind].append(round(painted - sent))
                now_dropped = inner.evaluate("window.MoonshotHost.dropped") - dropped
                assert now_dropped == (1_000 if kind == "long" else 0), (kind, now_dropped)
        ratio = min(answered["long"]) / min(answered["small"])
        print(f"a click after 1,000 messages: small {answered['small']} ms, "
              f"50 kB {answered['long']} ms; best of each, long/small {ratio:.2f}")
        # 1.42 and 1.50 measured; with the long messages handed to Python (planted) 5.52
        assert ratio < 3
        assert inner.evaluate("document.body.dataset.seed") == "3"  # no command was obeyed
        net.wait_quiet(page)
    net.assert_clean()
