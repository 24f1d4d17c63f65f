"""The three browser engines players use, behind one small interface, so one scenario runs in
each (e2e/test_engines.py):

- Chromium: Debian's chromium through Playwright (the rest of the suite's browser);
- Firefox: Debian's firefox-esr over WebDriver BiDi, by puppeteer-core (e2e/firefox.mjs);
- WebKit: WebKitGTK's MiniBrowser over WebDriver (WebKitWebDriver, by selenium), on an Xvfb
  display: the engine of Safari.

A :class:`Browser` opens a URL, runs a script in the page, clicks a visible element with a
real pointer at its centre (after scrolling it into view), presses a key, sizes its window,
takes a screenshot and tells what went wrong in the page (page errors and console errors).
"""

from __future__ import annotations

import json
import os
import queue
import subprocess
import threading
import time
from pathlib import Path
from typing import Any, Protocol

from playwright.sync_api import ConsoleMessage, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

E2E = Path(__file__).resolve().parent
FIREFOX = "/usr/bin/firefox-esr"
WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver"
MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
ENGINES = ("chromium", "firefox", "webkit")
# Firefox shows its WebRTC host candidates by their addresses (not mDNS names), as the
# suite's Chromium does: two browsers on this machine find each other (test_online.py).
FIREFOX_PREFS = {"media.peerconnection.ice.obfuscate_host_addresses": False}
ANSWER_TIMEOUT = 180.0  # seconds for one command of Firefox's driver (a page load: a few)

# Rendered elements matching a selector, in document order (all three engines have
# checkVisibility: Safari since 17.4).
VISIBLE = "[...document.querySelectorAll(css)].filter((e) => e.checkVisibility())"

# WebDriver has no page-error events: WebKit's page records its own, from the moment the
# document has loaded (an error before that stops the boot, which the tests see).
WATCH = """() => {
  if (window.__errors) return;
  window.__errors = [];
  addEventListener('error', (e) => window.__errors.push(`page error: ${e.message}`));
  addEventListener('unhandledrejection', (e) =>
    window.__errors.push(`page error: ${e.reason && e.reason.message || e.reason}`));
  const log = console.error.bind(console);
  console.error = (...args) => { window.__errors.push(`console error: ${args.join(' ')}`);
                                 log(...args); };
}"""


class NotClickable(Exception):
    """The pointer at the element's centre would not reach it (something else is there)."""


class Browser(Protocol):
    """One page of one engine."""

    engine: str

    def open(self, url: str) -> None:
        """Navigate to ``url`` and wait for its load event."""

    def run(self, script: str, arg: Any = None) -> Any:
        """Call the JavaScript function ``script`` (its source) with ``arg`` in the page; its
        result (awaited if a promise), as JSON values."""

    def click(self, css: str, index: int = 0) -> None:
        """A real pointer click at the centre of the ``index``-th visible match of ``css``;
        :class:`NotClickable` when the engine finds that point taken by something else."""

    def press(self, key: str) -> None:
        """Press and release ``key`` ("Tab", "Enter", "Shift+Tab")."""

    def resize(self, width: int, height: int) -> None:
        """Make the page's viewport ``width`` x ``height`` CSS pixels."""

    def screenshot(self, path: Path) -> None: ...

    def errors(self) -> list[str]:
        """The page's errors and console errors since the last call."""

    def close(self) -> None: ...


def wait_for(browser: Browser, expression: str, timeout: float = 60.0) -> Any:
    """Poll the JavaScript ``expression`` until it is truthy; its value."""
    deadline = time.monotonic() + timeout
    while True:
        value = browser.run(f"() => {expression}")
        if value:
            return value
        if time.monotonic() > deadline:
            raise TimeoutError(f"{browser.engine}: not true after {timeout:.0f} s: {expression}")
        time.sleep(0.05)


# --------------------------------------------------------------------------- Chromium


class ChromiumBrowser:
    """A Playwright page of Debian's Chromium (the suite's ``page`` fixture)."""

    engine = "chromium"

    def __init__(self, page: Page) -> None:
        self.page = page
        self._errors: list[str] = []
        page.on("pageerror", lambda error: self._errors.append(f"page error: {error}"))
        page.on("console", self._on_console)

    def _on_console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self._errors.append(f"console error: {message.text}")

    def open(self, url: str) -> None:
        self.page.goto(url)

    def run(self, script: str, arg: Any = None) -> Any:
        return self.page.evaluate(script, arg)

    def click(self, css: str, index: int = 0) -> None:
        try:
            self.page.locator(css).filter(visible=True).nth(index).click(timeout=10_000)
        except PlaywrightTimeout as error:  # it waited for the point to be the element's
            raise NotClickable(str(error)) from error

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)

    def resize(self, width: int, height: int) -> None:
        self.page.set_viewport_size({"width": width, "height": height})

    def screenshot(self, path: Path) -> None:
        self.page.screenshot(path=str(path))

    def errors(self) -> list[str]:
        found, self._errors = self._errors, []
        return found

    def close(self) -> None:
        pass  # the page is the fixture's


# --------------------------------------------------------------------------- Firefox


class FirefoxBrowser:
    """Firefox ESR driven by puppeteer-core in a Node process (e2e/firefox.mjs), one JSON
    command per line."""

    engine = "firefox"

    def __init__(self, prefs: dict[str, Any] | None = None) -> None:
        self._process = subprocess.Popen(
            ["node", str(E2E / "firefox.mjs"), FIREFOX, json.dumps(prefs or {})], cwd=E2E.parent,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        # The driver's answers, read on a thread of their own: a driver that hangs fails the
        # test after ANSWER_TIMEOUT instead of stalling the whole run.
        self._answers: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read, name="firefox-driver", daemon=True).start()
        self._sent = 0
        self._answer(0)  # launched

    def _read(self) -> None:
        assert self._process.stdout is not None
        for line in self._process.stdout:
            self._answers.put(line)
        self._answers.put("")  # the driver ended

    def _answer(self, wanted: int) -> Any:
        try:
            line = self._answers.get(timeout=ANSWER_TIMEOUT)
        except queue.Empty:
            self._process.kill()
            raise RuntimeError(f"Firefox's driver did not answer in {ANSWER_TIMEOUT} s") from None
        if not line:
            raise RuntimeError(f"Firefox's driver ended (exit {self._process.wait()})")
        answer = json.loads(line)
        assert answer["id"] == wanted, (answer, wanted)
        if "error" in answer:
            raise RuntimeError(f"firefox: {answer['error']}")
        return answer["value"]

    def _send(self, op: str, **args: Any) -> Any:
        assert self._process.stdin is not None
        self._sent += 1
        self._process.stdin.write(json.dumps({"id": self._sent, "op": op, **args}) + "\n")
        return self._answer(self._sent)

    def fresh(self) -> None:
        """A new page in a new browser context (its own storage, service workers and caches,
        as a fresh profile's); the last page closed, its errors forgotten."""
        self._send("fresh")

    def add_init_script(self, script: str) -> None:
        """Run ``script`` in every document this page loads, before the page's own."""
        self._send("init", script=script)

    def open(self, url: str) -> None:
        self._send("open", url=url)

    def run(self, script: str, arg: Any = None) -> Any:
        return self._send("run", script=script, arg=arg)

    def click(self, css: str, index: int = 0) -> None:
        self._send("click", css=css, index=index)

    def press(self, key: str) -> None:
        self._send("press", key=key)

    def resize(self, width: int, height: int) -> None:
        self._send("resize", width=width, height=height)

    def screenshot(self, path: Path) -> None:
        self._send("screenshot", path=str(path))

    def errors(self) -> list[str]:
        found: list[str] = self._send("errors")
        return found

    def version(self) -> str:
        found: str = self._send("version")
        return found

    def close(self) -> None:
        assert self._process.stdin is not None
        try:
            self._process.stdin.write(json.dumps({"id": -1, "op": "close"}) + "\n")
            self._process.stdin.close()
            self._process.wait(timeout=20)
        except (OSError, subprocess.TimeoutExpired):
            self._process.kill()


# --------------------------------------------------------------------------- WebKit


class Display:
    """An Xvfb display for WebKitGTK (it has no headless mode)."""

    def __init__(self) -> None:
        read, write = os.pipe()
        self._process = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write), "-screen", "0", "1600x1200x24",
             "-nolisten", "tcp"], pass_fds=(write,), stderr=subprocess.DEVNULL)
        os.close(write)
        with os.fdopen(read) as told:
            self.name = ":" + told.readline().strip()

    def close(self) -> None:
        self._process.terminate()
        self._process.wait(timeout=10)


class WebKitBrowser:
    """WebKitGTK's MiniBrowser driven by WebKitWebDriver (selenium), with overlay scrollbars
    (WebKitGTK's default, as Safari's on iOS and on a Mac with a trackpad)."""

    engine = "webkit"

    def __init__(self, display: Display) -> None:
        from selenium import webdriver  # imported here: only the WebKit runs need it
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service

        options = Options()
        options.binary_location = MINIBROWSER
        options.add_argument("--automation")
        service = Service(executable_path=WEBKIT_DRIVER,
                          env={**os.environ, "DISPLAY": display.name})
        self.driver = webdriver.WebKitGTK(options=options, service=service)

    def open(self, url: str) -> None:
        self.driver.get(url)
        self.driver.execute_script(f"({WATCH})()")

    def run(self, script: str, arg: Any = None) -> Any:
        from selenium.common.exceptions import WebDriverException

        # WebKitWebDriver now and then loses a script's answer on its way back ("Could not
        # parse script result": once, mid-game, in a CI run on a loaded machine). The tests'
        # scripts read the page or set a value, so running one again is safe; an answer that
        # can never be read still fails, on the third try.
        call = f"return ({script})(arguments[0])"
        for _ in range(2):
            try:
                return self.driver.execute_script(call, arg)
            except WebDriverException as error:
                if "Could not parse script result" not in str(error):
                    raise
                time.sleep(0.1)
        return self.driver.execute_script(call, arg)

    def click(self, css: str, index: int = 0) -> None:
        from selenium.common.exceptions import (
            ElementClickInterceptedException,
            ElementNotInteractableException,
            WebDriverException,
        )

        shown = self.driver.execute_script(f"const css = arguments[0]; return {VISIBLE}", css)
        if index >= len(shown):
            raise RuntimeError(f"webkit: no visible {css} at {index} ({len(shown)})")
        # WebKit's own scrolling into view gives up inside a sideways scroller (the action
        # bar): "element not interactable". The page scrolls it, as a person would.
        self.driver.execute_script(
            "arguments[0].scrollIntoView({block: 'nearest', inline: 'nearest'})", shown[index])
        for attempt in range(2):
            try:
                shown[index].click()  # WebDriver's Element Click: a pointer at its in-view centre
                return
            except (ElementNotInteractableException, ElementClickInterceptedException) as error:
                raise NotClickable(type(error).__name__) from error
            except WebDriverException as error:
                # WebKitWebDriver asks the page whether the element is a file input before it
                # clicks, and now and then loses that answer ("Could not parse element file
                # upload information": once, mid-game, in a CI run). Nothing was clicked
                # then, so clicking again is safe; a second loss still fails.
                if attempt or "Could not parse element file upload" not in str(error):
                    raise
                time.sleep(0.1)

    def press(self, key: str) -> None:
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.keys import Keys

        # "Shift+Tab": selenium names keys by their constants (Keys.SHIFT, Keys.TAB)
        *held, last = (getattr(Keys, part.upper(), part) for part in key.split("+"))
        chain = ActionChains(self.driver)
        for modifier in held:
            chain.key_down(modifier)
        chain.send_keys(last)
        for modifier in reversed(held):
            chain.key_up(modifier)
        chain.perform()

    def resize(self, width: int, height: int) -> None:
        # The window's frame and toolbar take room: size it until the viewport is right.
        for _ in range(3):
            inner = self.driver.execute_script("return [innerWidth, innerHeight]")
            outer = self.driver.get_window_size()
            if inner == [width, height]:
                return
            self.driver.set_window_size(outer["width"] + width - inner[0],
                                        outer["height"] + height - inner[1])

    def screenshot(self, path: Path) -> None:
        self.driver.save_screenshot(str(path))

    def errors(self) -> list[str]:
        found: list[str] = self.driver.execute_script(
            "return (window.__errors || []).splice(0)")
        return found

    def close(self) -> None:
        self.driver.quit()

