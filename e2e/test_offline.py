"""Offline play and app install: the service worker precaches the whole built site after the
first visit, the game then starts and plays with the network off (under a sub-path here; at
the root in each engine, test_engines), a new build is picked up on the next visit, and the
page is installable.

Each test serves its own copy of the site, so it can take the server down for real (besides
``context.set_offline``) and, for the update test, change files between two visits.
"""

from __future__ import annotations

import json
import random
import shutil
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from conftest import MOTION, NetworkLog, wait_ready
from helpers import CONTROLS, csp_violations, pick, privacy_up, settle
from playwright.sync_api import BrowserContext, BrowserType, Page, expect

from scripts.localsite import LOOPBACK, QuietHandler, QuietServer
from tests.scripts import load_script

# A first visit's browser: the service worker installs in each test (conftest.py ``profile``).
pytestmark = pytest.mark.fresh_context

PRECACHE_TIMEOUT_MS = 120_000
GAME_QUERY = "?players=2&seats=hhaa&seed=5&speed=0"
# Epoch milliseconds when body[data-ready="1"] appears (installed before the page's scripts).
READY_CLOCK = """
new MutationObserver((_, observer) => {
  if (document.body && document.body.dataset.ready === "1" && !window.__readyAt) {
    window.__readyAt = Date.now();
    observer.disconnect();
  }
}).observe(document, {attributes: true, subtree: true, attributeFilter: ["data-ready"]});
"""
CACHE_NAMES = "async () => await caches.keys()"
# The wasm the service worker unpacked (public/sw.js): its size, and its first bytes.
UNPACKED_WASM = """async () => {
  const got = await caches.match(new URL("./pyodide/pyodide.asm.wasm", location.href).href);
  const bytes = new Uint8Array(await got.arrayBuffer());
  return [got.headers.get("Content-Type"), bytes.length, Array.from(bytes.slice(0, 4))];
}"""
CACHE_ENTRIES = """async () => {
  const out = {};
  for (const key of await caches.keys()) out[key] = (await (await caches.open(key)).keys()).length;
  return out;
}"""


def wasm_bytes() -> list[object]:
    """What UNPACKED_WASM reads from the cache when it holds Pyodide's plain wasm."""
    plain = Path(__file__).resolve().parent.parent / "node_modules/pyodide/pyodide.asm.wasm"
    with plain.open("rb") as wasm:
        return ["application/wasm", plain.stat().st_size, list(wasm.read(4))]


def load_build() -> ModuleType:
    """scripts/build.py as a module (its write_service_worker rewrites a site copy)."""
    return load_script("moonshot_build", "scripts/build.py")


@dataclass
class Site:
    """A copy of dist/ served on 127.0.0.1 (optionally under a sub-path) that a test may
    change or take down; ``hits`` lists every path the server was asked for, ``times``
    when (epoch milliseconds)."""

    folder: Path
    url: str
    server: QuietServer
    hits: list[str] = field(default_factory=list)
    times: list[float] = field(default_factory=list)

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def serve_copy(dist: Path, tmp: Path, base_path: str = "/") -> Site:
    parts = [p for p in base_path.split("/") if p]
    folder = tmp.joinpath("webroot", *parts)
    shutil.copytree(dist, folder)
    # The precache list from the copied files themselves: consistent even if another session
    # rebuilt dist/ during the copy.
    load_build().write_service_worker(folder)
    hits: list[str] = []
    times: list[float] = []

    class Recording(QuietHandler):
        def send_head(self) -> Any:
            times.append(time.time() * 1000)
            hits.append(self.path)
            return super().send_head()

    server = QuietServer((LOOPBACK, 0), partial(Recording, directory=str(tmp / "webroot")))
    threading.Thread(target=server.serve_forever, name="e2e-offline", daemon=True).start()
    host, port = server.server_address[:2]
    prefix = "/" + "".join(p + "/" for p in parts)
    return Site(folder, f"http://{host!s}:{port}{prefix}", server, hits, times)


@pytest.fixture
def site_copy(dist: Path, tmp_path: Path) -> Iterator[Site]:
    site = serve_copy(dist, tmp_path)
    yield site
    site.stop()


@pytest.fixture
def subpath_copy(dist: Path, tmp_path: Path) -> Iterator[Site]:
    site = serve_copy(dist, tmp_path, "/moonshot/")
    yield site
    site.stop()


def wait_offline_ready(page: Page) -> str:
    """Wait until a service worker that finished precaching controls the page; its version."""
    page.wait_for_function("document.documentElement.dataset.offline === 'ready'",
                           timeout=PRECACHE_TIMEOUT_MS)
    version: str = page.evaluate("document.documentElement.dataset.swVersion")
    return version


def wait_quiet(site: Site, quiet_s: float = 2.0, timeout_s: float = 120.0) -> None:
    """Wait until the server has had no request for ``quiet_s`` seconds."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        last = site.times[-1] / 1000 if site.times else 0.0
        if time.time() - last >= quiet_s:
            return
        time.sleep(0.2)
    raise AssertionError("the site never went quiet")


def wait_page_quiet(page: Page, net: NetworkLog, quiet_ms: int = 2000) -> None:
    """Wait until the page's background work is done: ``quiet_ms`` without a request
    (navigating away or taking the server down mid-download would fail its requests)."""
    for _ in range(300):
        seen = len(net.requests)
        page.wait_for_timeout(quiet_ms)
        if len(net.requests) == seen:
            return
    raise AssertionError("the page never stopped requesting")


def play_a_few(page: Page, steps: int = 8) -> list[str]:
    """Click privacy screens away and ``steps`` controls of the action bar; what was clicked."""
    rng = random.Random(5)
    clicked: list[str] = []
    while len(clicked) < steps:
        settle(page)
        resume = page.get_by_test_id("resume-continue")
        if resume.count() and resume.is_visible():  # a reload offers the saved game
            resume.click()
            continue
        if privacy_up(page):
            page.get_by_test_id("privacy-continue").click()
            continue
        clicked.append(pick(page, rng))
    settle(page)
    return clicked


def check_offline_play(page: Page, context: BrowserContext, net: NetworkLog, site: Site,
                       first_visit: Callable[[], None] = lambda: None) -> None:
    """A first visit (``first_visit`` looks at it once the site is precached), then the game
    started and played with the network off."""
    manifest = json.loads((site.folder / "precache.json").read_text())
    page.goto(site.url + GAME_QUERY)
    wait_ready(page, net)
    assert page.evaluate("navigator.serviceWorker.controller") is None  # first visit
    version = wait_offline_ready(page)
    assert version == manifest["version"]
    caches = page.evaluate(CACHE_ENTRIES)
    assert len(caches) == 1, caches
    # every file of the site, the wasm unpacked from its packed file, the worker's own index
    assert next(iter(caches.values())) == len(manifest["files"]) + 2, caches
    assert page.evaluate(UNPACKED_WASM) == wasm_bytes()
    first_visit()

    wait_page_quiet(page, net)
    site.stop()  # the network is off: no server, and the browser context offline too
    context.set_offline(True)
    served_before = len(site.hits)
    page.reload()
    wait_ready(page, net)
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    expect(page.get_by_test_id("boot")).to_contain_text("Python 3.")
    clicked = play_a_few(page)
    assert len(clicked) == 8
    assert page.locator(CONTROLS).count() > 0 or page.get_by_test_id("end-screen").is_visible()
    assert page.evaluate("navigator.onLine") is False
    wait_page_quiet(page, net)
    assert len(site.hits) == served_before
    net.assert_clean()
    # And the network really is off: a file outside the precache cannot be fetched.
    got = page.evaluate("fetch('./not-precached.txt').then(() => 'fetched', () => 'failed')")
    assert got == "failed"


def test_offline_after_one_visit_under_a_sub_path(
    page: Page, context: BrowserContext, net: NetworkLog, subpath_copy: Site
) -> None:
    """The site served under a sub-path (as GitHub Pages serves a project), every request
    under it. The first visit registers the service worker only after the game is playable:
    the server sees no request for sw.js or any precache-only file before
    body[data-ready="1"] (same machine clock). Then the game plays offline."""
    base = "/moonshot/"

    def precache_after_ready() -> None:
        ready_at: float = page.evaluate("window.__readyAt")
        hits = list(zip(subpath_copy.hits, subpath_copy.times, strict=True))
        before = [hit for hit, at in hits if at < ready_at]
        after = [hit for hit, at in hits if at >= ready_at]
        sw, demo = base + "sw.js", base + "pyodide-demo.html"
        assert sw not in before and demo not in before, before
        assert sw in after and demo in after, after
        assert base + "app.zip" in before, before  # the game's own load (engine and ui in one)
        # Pyodide's wasm came packed, once, and the worker unpacked it: the plain file, never
        wasm = base + "pyodide/pyodide.asm.wasm"
        assert wasm + ".zst" in before, before
        assert wasm not in before + after, after

    page.add_init_script(READY_CLOCK)
    check_offline_play(page, context, net, subpath_copy, precache_after_ready)
    assert all(base in u for u in net.requests if u.startswith("http")), net.requests


def test_new_build_is_picked_up(
    page: Page, net: NetworkLog, site_copy: Site, csp_watch: None
) -> None:
    """v1 visit; a new build (one page changed); the next visit installs it, reusing every
    unchanged file from the old cache, deletes the old cache and offers a reload; the visit
    after that runs the new build, offline too."""
    page.goto(site_copy.url)
    wait_ready(page, net)
    v1 = wait_offline_ready(page)
    assert "v2" not in page.title()

    index = site_copy.folder / "index.html"
    index.write_text(index.read_text().replace("<title>", "<title>v2 "))
    v2 = load_build().write_service_worker(site_copy.folder)["version"]
    assert v2 != v1

    wait_page_quiet(page, net)
    wait_quiet(site_copy)
    start = len(site_copy.hits)
    page.reload()  # served by the v1 worker; its update check finds v2
    wait_ready(page, net)
    assert "v2" not in page.title()
    page.wait_for_function("document.documentElement.dataset.update === 'ready'",
                           timeout=PRECACHE_TIMEOUT_MS)
    expect(page.get_by_test_id("sw-update")).to_be_visible()
    assert csp_violations(page) == []  # the notice is styled through CSSOM only
    page.wait_for_function(f"document.documentElement.dataset.swVersion === '{v2}'")
    for _ in range(200):  # the old cache goes in the new worker's activate event
        names = page.evaluate(CACHE_NAMES)  # (not opened: opening one being deleted revives it)
        if len(names) == 1:
            break
        page.wait_for_timeout(100)
    assert len(names) == 1 and names[0].endswith(" " + v2), names
    caches = page.evaluate(CACHE_ENTRIES)
    assert list(caches) == names and caches[names[0]] > 1, caches
    downloaded = {h for h in site_copy.hits[start:]}
    # The rest came from v1's cache; the worker's imported decoder (sw.js importScripts) is
    # fetched with the worker's script, as the browser checks both for an update.
    assert downloaded == {"/sw.js", "/index.html", "/vendor/fzstd/index.js"}, downloaded

    wait_page_quiet(page, net)
    page.get_by_test_id("sw-update").get_by_role("button", name="Reload").click()
    wait_ready(page, net)
    assert page.title().startswith("v2 ")
    wait_page_quiet(page, net)
    page.context.set_offline(True)
    site_copy.stop()
    page.reload()
    wait_ready(page, net)
    assert page.title().startswith("v2 ")
    net.assert_clean()


def test_installable(
    browser_type: BrowserType, browser_type_launch_args: dict[str, Any], site_copy: Site,
    tmp_path: Path,
) -> None:
    """Chromium's own installability check passes: a valid manifest with 192 and 512 px PNG
    icons (and a maskable one) and a service worker with a fetch handler. (A persistent
    profile: Playwright's usual contexts are incognito, where nothing is installable.)"""
    context = browser_type.launch_persistent_context(tmp_path / "profile", reduced_motion=MOTION,
                                                     **browser_type_launch_args)
    try:
        net = NetworkLog()
        net.attach(context)
        page = context.new_page()
        page.goto(site_copy.url)
        wait_ready(page, net)
        wait_offline_ready(page)
        cdp = context.new_cdp_session(page)
        manifest = cdp.send("Page.getAppManifest")
        assert not manifest.get("errors"), manifest.get("errors")
        parsed = json.loads(manifest["data"])
        assert parsed["short_name"] == "Moonshot" and parsed["display"] == "standalone"
        assert manifest["url"] == site_copy.url + "manifest.webmanifest"
        sizes = {(i["sizes"], i.get("purpose", "any")) for i in parsed["icons"]}
        assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= sizes
        errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
        assert errors == [], errors
        for icon in parsed["icons"]:
            body = context.request.get(site_copy.url + icon["src"]).body()
            assert body[:8] == b"\x89PNG\r\n\x1a\n"
            width = int.from_bytes(body[16:20], "big")
            assert f"{width}x{width}" == icon["sizes"]
        theme = page.locator('meta[name="theme-color"]').get_attribute("content")
        assert theme == parsed["theme_color"]
        net.assert_clean()
    finally:
        context.close()
