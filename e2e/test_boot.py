"""The built site boots offline: at the server root and under a GitHub-Pages-like sub-path."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import NetworkLog, wait_ready
from playwright.sync_api import Page, expect

# A first visit's tests have a browser of their own (``fresh_context``: the service worker
# installs in each, nothing is cached); the others use the suite's profile (conftest.py).


def check_boot(
    page: Page,
    url: str,
    name: str,
    net: NetworkLog,
    open_game: Callable[[str], float],
    screenshot: Callable[[str], Path],
    artifacts: Path,
) -> None:
    seconds = open_game(url)
    # The versions sit in the About box under the log, folded away until asked for.
    expect(page.get_by_test_id("boot")).to_be_hidden()
    if page.get_by_test_id("start").is_visible():  # the About box is under the table's log
        page.get_by_test_id("start-play").click()
    about = page.get_by_test_id("about").locator("summary")
    about.scroll_into_view_if_needed()
    about.click()
    expect(page.get_by_test_id("boot")).to_contain_text("Python 3.")
    expect(page.get_by_test_id("boot")).to_contain_text("version 0.")
    screenshot(name)
    net.assert_clean()
    assert any(u.endswith("/app.zip") for u in net.requests), "the engine was not loaded"
    (artifacts / f"{name}.json").write_text(
        json.dumps({"url": url, "ready_seconds": round(seconds, 3)}) + "\n"
    )
    print(f"{name}: ready in {seconds:.2f} s")


# Every value #boot's data-step takes (public/boot.js), recorded from the page's first moment.
BOOT_STEPS = """
window.__bootSteps = [];
new MutationObserver((records) => {
  for (const r of records) {
    if (r.target.id === "boot") window.__bootSteps.push(r.target.dataset.step);
  }
}).observe(document, {attributes: true, subtree: true, attributeFilter: ["data-step"]});
"""


@pytest.mark.fresh_context
def test_boot_at_root_showing_each_step_of_the_start_in_turn(
    page: Page,
    site_url: str,
    net: NetworkLog,
    open_game: Callable[[str], float],
    screenshot: Callable[[str], Path],
    artifacts: Path,
) -> None:
    page.add_init_script(BOOT_STEPS)
    check_boot(page, site_url, "boot-root", net, open_game, screenshot, artifacts)
    # Python (the page's own first step) -> loading the game, once PyScript has Python
    assert page.evaluate("window.__bootSteps") == ["game"]
    expect(page.get_by_test_id("booting")).to_be_hidden()  # the game is on
    steps = page.get_by_test_id("booting").locator("li")
    assert steps.evaluate_all("items => items.map(li => li.dataset.step)") == ["python", "game"]


@pytest.mark.fresh_context
def test_boot_under_sub_path(
    page: Page,
    serve_site: Callable[[str], str],
    net: NetworkLog,
    open_game: Callable[[str], float],
    screenshot: Callable[[str], Path],
    artifacts: Path,
) -> None:
    url = serve_site("/moonshot/")
    assert url.endswith("/moonshot/")
    check_boot(page, url, "boot-subpath", net, open_game, screenshot, artifacts)
    assert all("/moonshot/" in u for u in net.requests if u.startswith("http")), net.requests


def test_the_boot_screen_speaks_the_language_the_app_will(
    page: Page,
    site_url: str,
    open_game: Callable[[str], float],
) -> None:
    # Hungarian chosen in the header on an earlier visit: the loading screen, shown before
    # Python and its catalogues, is in Hungarian from the build's translations.
    page.add_init_script("localStorage.setItem('moonshot.language', 'hu')")
    open_game(site_url)
    boot = page.get_by_test_id("booting")
    assert boot.locator("p").text_content() == "Tankoljuk a rakétát…"
    assert boot.locator("li").all_text_contents() == ["A Python letöltése és indítása",
                                                      "A játék betöltése"]
    assert page.evaluate("document.documentElement.lang") == "hu"


def test_python_runs_on_its_own_stack_where_chromium_offers_stack_switching(
    page: Page, site_url: str, net: NetworkLog, open_game: Callable[[str], float],
) -> None:
    """Chromium offers WebAssembly stack switching (JSPI), and its renderer now and then
    crashes scanning a switched stack; the shipped Pyodide, the one the page
    loads, does not take it (scripts/build.py, STACK_SWITCHING_PROBE)."""
    open_game(site_url)
    offered, taken = page.evaluate("""async () => {
        const { loadPyodide } = await import("./pyodide/pyodide.mjs");
        const pyodide = await loadPyodide({ indexURL: "./pyodide/" });
        return ["Suspending" in WebAssembly, pyodide._module.jspiSupported];
    }""")
    assert offered, "this Chromium no longer offers stack switching: the test shows nothing"
    assert taken is False
    net.assert_clean()


@pytest.mark.fresh_context
def test_a_first_visit_reads_the_start_screen_before_python_is_up(
    page: Page, site_url: str, net: NetworkLog, screenshot: Callable[[str], Path],
) -> None:
    """On a slow network the start screen is there from the first paint (the build's
    preview, public/boot.js), every control disabled until the game is ready; then the game
    draws the real one in its place, in the same dialog."""
    page.set_viewport_size({"width": 390, "height": 844})
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {  # Chromium DevTools' Fast 4G
        "offline": False, "latency": 165, "downloadThroughput": 9e6 / 8 * 0.9,
        "uploadThroughput": 1.5e6 / 8 * 0.9})
    page.goto(site_url)
    preview = page.locator('#dialog [data-testid="start"][aria-busy="true"]')
    expect(preview).to_be_visible(timeout=10_000)
    assert page.locator('body[data-ready="1"]').count() == 0  # Python is not up yet
    expect(preview.get_by_test_id("start-play")).to_be_disabled()
    expect(preview.locator(".st-lead")).to_contain_text("The Cold War race to the Moon")
    expect(page.get_by_test_id("booting")).to_have_attribute("data-start", "1")
    screenshot("start-before-python-390")
    wait_ready(page, net)
    start = page.get_by_test_id("start")
    expect(start).not_to_have_attribute("aria-busy", "true")
    expect(start.get_by_test_id("start-play")).to_be_enabled()
    net.assert_clean()
