"""Live rule examples (ui/model/examples.toml) on the built rules page and in any host page.

The rules page is a page until the reader asks: no Python, no game file, under 1 MB with its
still pictures. "Try it" makes an example live in one embedded game, which every later
"Try it" reuses (the frame moves, its interpreter lives on); the reader's action works and
its outcome is told. A page on another origin hears the embed's events and starts an
example by command; the embed fits 320 to 800 px of frame width, light or dark.
"""

from __future__ import annotations

import time
from pathlib import Path
from urllib.parse import urlsplit

from conftest import READY_TIMEOUT_MS, NetworkLog
from helpers import NO_SIDEWAYS_SCROLL, SETTLED, csp_violations, host_page
from playwright.sync_api import Frame, Page, Response, expect

from scripts.localsite import served
from ui.model.examples import examples
from ui.words.i18n import use

# What only the game needs: none of it may load before "Try it".
GAME_FILES = ("pyodide", "pyscript", "embed.html", "wheels/", "app.zip", "ui/main.py",
              "pyscript.json")
PAGE_BUDGET = 1_000_000  # bytes: a page, not an app


def example_frame(page: Page) -> Frame:
    return next(frame for frame in page.frames if "embed.html" in frame.url)


def take_the_example(frame: Frame) -> None:
    """Follow the highlight in the example's frame until its outcome is told (a risky
    action's question answered Yes, a launch's show skipped)."""
    for _ in range(16):
        if frame.get_by_test_id("example-outcome").count():
            return
        frame.wait_for_function(SETTLED, timeout=30_000)
        for button in ("confirm-yes", "skip-launch"):
            if frame.get_by_test_id(button).is_visible():
                frame.get_by_test_id(button).click()
                break
        else:
            hinted = frame.locator("[data-hint]:visible")
            if hinted.count():
                hinted.first.click()
            else:
                frame.wait_for_timeout(200)
    raise AssertionError(f"no outcome in {frame.url}")


def after_words(ident: str, lang: str) -> str:
    """The first sentence the example says after its action, in ``lang``."""
    use(lang)
    try:
        return examples()[ident].words()[2].split(".")[0]
    finally:
        use("en")


def test_the_rules_page_is_a_page_until_try_it_and_then_every_example_is_live(
    page: Page, site_url: str, net: NetworkLog, csp_watch: None,
) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    sizes: dict[str, int] = {}

    def weigh(response: Response) -> None:
        if urlsplit(response.url).hostname == "127.0.0.1" and response.ok:
            sizes[response.url] = len(response.body())

    page.on("response", weigh)
    started = time.perf_counter()
    page.goto(site_url + "rules.html")
    page.wait_for_load_state("load")
    loaded = time.perf_counter() - started
    net.wait_quiet(page)
    page.remove_listener("response", weigh)
    before = list(net.requests)
    assert not [url for url in before if any(part in url for part in GAME_FILES)], before
    weight = sum(sizes.values())
    parts = ", ".join(f"{urlsplit(url).path.rsplit('/', 1)[-1]} {size:,}"
                      for url, size in sizes.items())
    print(f"rules page before Try it: {len(before)} requests, {weight:,} bytes ({parts}), "
          f"loaded in {loaded:.2f} s")
    assert weight < PAGE_BUDGET
    expect(page.locator("figure.rx")).to_have_count(len(examples()))
    expect(page.locator("figure.rx .rx-still [data-hint]")).to_have_count(len(examples()))

    marked = False
    for ident, example in examples().items():
        figure = page.locator(f"#example-{ident}")
        page.get_by_test_id(f"try-{ident}").click()
        expect(figure).to_have_attribute("data-state", "live", timeout=2 * READY_TIMEOUT_MS)
        frame = example_frame(page)
        if not marked:  # the frame's page, as the first example loaded it
            frame.evaluate("window.__firstExample = true")
            marked = True
        assert frame.evaluate("window.__firstExample === true"), f"{ident}: the game reloaded"
        expect(frame.get_by_test_id("example")).to_have_attribute("data-example", ident)
        expect(frame.locator("body")).to_have_attribute("data-example", example.show)
        take_the_example(frame)
        expect(figure).to_have_attribute("data-state", "done")
        expect(frame.get_by_test_id("example-outcome")).to_contain_text(after_words(ident, "en"))
        assert frame.evaluate("document.body.dataset.moves") == str(len(example.log) + 1)
    assert page.locator("iframe").count() == 1  # one game, one Python, for every example
    assert csp_violations(page) == []
    net.assert_clean()


def test_without_move_before_one_floating_frame_serves_every_example(
    page: Page, site_url: str, net: NetworkLog,
) -> None:
    """A browser without Element.moveBefore (Safari; here Chromium with it taken away): the
    frame never moves in the page, it floats over its slot in the figure tried, and one game
    serves every example, each taken by clicks in the frame where it shows."""
    page.add_init_script("delete Element.prototype.moveBefore")
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(site_url + "rules.html")
    idents = list(examples())[:3]
    for number, ident in enumerate(idents):
        figure = page.locator(f"#example-{ident}")
        page.get_by_test_id(f"try-{ident}").click()
        expect(figure).to_have_attribute("data-state", "live", timeout=2 * READY_TIMEOUT_MS)
        frame = example_frame(page)
        if number == 0:
            frame.evaluate("window.__firstExample = true")
        assert frame.evaluate("window.__firstExample === true"), f"{ident}: the game reloaded"
        assert page.locator(".rx-slot").count() == 1
        assert figure.locator(".rx-slot").count() == 1  # the slot moved to this figure
        slot = figure.locator(".rx-slot").bounding_box()
        at = page.locator("iframe.rx-frame").bounding_box()
        assert slot and at and all(abs(slot[k] - at[k]) <= 1 for k in ("x", "y", "width",
                                                                        "height")), (slot, at)
        take_the_example(frame)
        expect(figure).to_have_attribute("data-state", "done")
    assert page.locator("iframe").count() == 1
    assert page.locator("body > iframe.rx-frame.rx-floating").count() == 1
    net.assert_clean()


def test_the_hungarian_rules_page_tries_its_examples_in_hungarian(
    page: Page, site_url: str, net: NetworkLog,
) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(site_url + "rules.hu.html")
    expect(page.locator("figure.rx")).to_have_count(len(examples()))
    expect(page.get_by_test_id("try-test")).to_have_text("Kipróbálom")
    # A second "Try it" while the game is still loading for the first: the second one wins.
    page.get_by_test_id("try-support").click()
    page.get_by_test_id("try-test").click()
    expect(page.locator("#example-support")).not_to_have_attribute("data-state", "loading")
    figure = page.locator("#example-test")
    expect(figure).to_have_attribute("data-state", "live", timeout=2 * READY_TIMEOUT_MS)
    frame = example_frame(page)
    expect(frame.get_by_test_id("example")).to_have_attribute("data-example", "test")
    assert frame.evaluate(NO_SIDEWAYS_SCROLL)
    take_the_example(frame)
    expect(frame.get_by_test_id("example-outcome")).to_contain_text(after_words("test", "hu"))
    net.wait_quiet(page)
    net.assert_clean()


def test_a_page_on_another_origin_hears_an_example_and_starts_another_by_command(
    page: Page, site_url: str, net: NetworkLog, tmp_path: Path,
) -> None:
    site = f"{urlsplit(site_url).scheme}://{urlsplit(site_url).netloc}"
    (tmp_path / "teach.html").write_text(host_page(
        "Teaching", '<iframe data-testid="embedded" style="width:320px;height:640px;border:0" '
        f'title="Moonshot" src="{site_url}embed.html?example=announce&amp;theme=light">'
        "</iframe>"))
    with served(tmp_path) as host_url:
        page.goto(host_url + "/teach.html")
        page.wait_for_function("window.events.some(([, e]) => e.type === 'ready')",
                               timeout=2 * READY_TIMEOUT_MS)
        events = page.evaluate("window.events")
        assert events[0] == [site, {"source": "moonshot", "type": "ready", "players": 2,
                                    "seed": examples()["announce"].seed,
                                    "ruleset": "v0.10.4", "example": "announce"}]
        frame = example_frame(page)
        assert frame.evaluate("document.body.dataset.theme") == "light"
        background = frame.evaluate("getComputedStyle(document.body).backgroundImage")
        assert "rgb(251, 247, 236)" in background, background  # daylight, not the night sky
        for width in (320, 560, 800):  # no sideways scrolling in any frame width
            page.evaluate(f"document.querySelector('iframe').style.width = '{width}px'")
            page.wait_for_timeout(100)
            assert frame.evaluate(NO_SIDEWAYS_SCROLL), f"sideways scroll at {width} px"
        take_the_example(frame)
        page.wait_for_function("window.events.some(([, e]) => e.type === 'example-done')")
        done = [e for _o, e in page.evaluate("window.events") if e["type"] == "example-done"]
        assert done == [{"source": "moonshot", "type": "example-done", "example": "announce"}]

        page.evaluate("o => window.frames[0].postMessage({type: 'start-example', "
                      "example: 'module'}, o)", site)
        page.wait_for_function("window.events.some(([, e]) => e.type === 'ready' && "
                               "e.example === 'module')")
        expect(frame.get_by_test_id("example")).to_have_attribute("data-example", "module")
        take_the_example(frame)
        page.wait_for_function("window.events.filter(([, e]) => e.type === 'example-done')"
                               ".length === 2")
        net.wait_quiet(page)
    net.assert_clean()
