"""End-to-end fixtures: the BUILT site (dist/) served on 127.0.0.1, driven by Playwright.

Fixtures for tests:
- ``context``: the test's browser context: the suite's one Chromium profile (``profile``),
  emptied of the site's storage before each test; a test marked ``fresh_context`` gets a new
  context of its own instead;
- ``site_url``: base URL (ending in "/") of dist/ served at the server root;
- ``serve_site``: ``serve_site("/moonshot/")`` serves dist/ under a sub-path, as GitHub Pages
  does, and returns that URL;
- ``net``: a :class:`NetworkLog` recording every request, failed response, console error and
  page error of the test's browser context (workers included); ``net.assert_clean()``;
- ``open_game``: navigates a page to a URL, waits for ``body[data-ready="1"]`` and returns the
  seconds it took;
- ``artifacts``: the folder e2e/artifacts/; ``screenshot(name)`` saves the page there.

What a passing test prints (its measurements: load times, click-to-paint, AI speed) is shown
at the end of the run, under "measured" (pytest would otherwise keep it to itself).
"""

from __future__ import annotations

import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import (
    Browser as PlaywrightBrowser,
)
from playwright.sync_api import (
    BrowserContext,
    BrowserType,
    ConsoleMessage,
    Page,
    Request,
    Response,
    WebError,
)

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
READY_TIMEOUT_MS = 60_000

sys.path.insert(0, str(ROOT))  # scripts.localsite, the engine and the pure ui modules
from engines import (  # noqa: E402
    ENGINES,
    FIREFOX_PREFS,
    Browser,
    ChromiumBrowser,
    Display,
    FirefoxBrowser,
    WebKitBrowser,
)
from helpers import BACKGROUND_LOADED  # noqa: E402

from scripts.localsite import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    LOOPBACK,
    QuietHandler,
    QuietServer,
    SuiteHandler,
    start_server,
)

# --------------------------------------------------------------------------- browser


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Debian's Chromium (Playwright's own browser download is not used)."""
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


# One profile: a page's start costs about 11 s of CPU in a fresh context (Pyodide's
# WebAssembly compiled twice, for the page and its AI worker, and the service worker's
# precache); in a profile that has seen the site before, about 6 s (V8 keeps the compiled code
# beside the cached bytes, and the service worker stays installed). So the tests share one
# Chromium profile, and what a test could see of another's is emptied before each test: the
# site's storage (localStorage, IndexedDB, cookies, file systems), its pages, offline mode and
# permissions. The service worker and its cache stay: the same build for the whole run. What a
# first visit does (the service worker's install, a boot without it) is tested in contexts of
# their own (``fresh_context``: test_offline, test_stdlib_split, three of test_boot).

EMPTIED = "file_systems,indexeddb,local_storage,websql,storage_buckets,shared_storage"


FROM_SERVICE_WORKER: Counter[str] = Counter()  # game pages the server never saw


class Profile:
    """The suite's one Chromium profile (see above). Its first page stays open and blank, to
    speak to the browser through; it remembers every loopback origin its pages asked."""

    def __init__(self, context: BrowserContext) -> None:
        self.context = context
        self.origins: set[str] = set()
        context.on("request", self._seen)
        context.on("response", self._answered)
        self.keeper = context.pages[0] if context.pages else context.new_page()
        self.devtools = context.new_cdp_session(self.keeper)

    def _seen(self, request: Request) -> None:
        parts = urlsplit(request.url)
        if parts.scheme in ("http", "https") and parts.hostname == LOOPBACK:
            self.origins.add(f"{parts.scheme}://{parts.netloc}")

    def _answered(self, response: Response) -> None:
        if response.from_service_worker:
            path = urlsplit(response.url).path
            for name in QuietHandler.COUNTED:
                if path.endswith(name):
                    FROM_SERVICE_WORKER[name] += 1

    def empty(self) -> None:
        """Nothing of an earlier test left: its pages, offline mode, permissions, cookies and
        every origin's storage (the service worker and its cache aside)."""
        for page in self.context.pages:
            if page is not self.keeper:
                page.close()
        self.context.set_offline(False)
        self.context.clear_permissions()
        self.context.clear_cookies()
        for origin in sorted(self.origins):
            self.devtools.send("Storage.clearDataForOrigin",
                               {"origin": origin, "storageTypes": EMPTIED})


# The suite's pages ask for reduced motion, as a player may: the acting seat's pulse, the
# rival's ring and a hint's glow then stand still instead of redrawing the page at 60 frames a
# second for as long as a page is open (a tenth of a core each, measured: a whole suite's worth
# of CPU). The motions themselves are checked with motion on (test_rival_moves).
MOTION: Literal["reduce"] = "reduce"


@pytest.fixture(scope="session")
def profile(
    browser_type: BrowserType, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Profile]:
    context = browser_type.launch_persistent_context(
        tmp_path_factory.mktemp("profile"), executable_path=CHROMIUM, args=CHROMIUM_ARGS,
        viewport={"width": 1280, "height": 720}, reduced_motion=MOTION)
    yield Profile(context)
    context.close()


CSP_REFUSAL = "Content Security Policy"  # in each refusal Chromium writes to the console


@pytest.fixture
def csp_refusals() -> Iterator[list[str]]:
    """What the Content-Security-Policy refused on any page or frame of the test's context
    (Chromium reports each on the console). Every Chromium test ends with none: the policy of
    every screen a test reaches is checked where it is reached. A test that provokes a refusal
    on purpose reads it here and clears the list."""
    refusals: list[str] = []
    yield refusals
    assert not refusals, "the Content-Security-Policy refused:\n  " + "\n  ".join(refusals)


@pytest.fixture
def context(
    request: pytest.FixtureRequest, csp_refusals: list[str]
) -> Iterator[BrowserContext]:
    """The test's browser context: the suite's profile, emptied before and after the test; or,
    for a test marked ``fresh_context``, a new context of its own."""
    def refused(message: ConsoleMessage) -> None:
        if message.type == "error" and CSP_REFUSAL in message.text:
            csp_refusals.append(f"{message.text} ({message.location.get('url')})")

    if request.node.get_closest_marker("fresh_context"):
        browser: PlaywrightBrowser = request.getfixturevalue("browser")
        own = browser.new_context(reduced_motion=MOTION)
        own.on("console", refused)
        yield own
        own.close()
        return
    profile: Profile = request.getfixturevalue("profile")
    profile.empty()
    profile.context.on("console", refused)
    yield profile.context
    profile.context.remove_listener("console", refused)
    profile.empty()


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--full", action="store_true",
                     help="the full breadth: the load bench's smoke tests in every mode and "
                          "engine (scripts/test --full, the weekly workflow)")


@pytest.fixture
def full(request: pytest.FixtureRequest) -> bool:
    """The run is at full size (--full)."""
    return bool(request.config.getoption("--full"))


# --------------------------------------------------------------------------- build and serve


def pytest_sessionstart(session: pytest.Session) -> None:
    """Build dist/ once per run (about a second: always rebuilt, never stale). With workers
    (pytest-xdist, ``-n 2``) the controller builds it before any worker starts, and the
    workers only serve it: two builds into one folder would race."""
    if not hasattr(session.config, "workerinput"):
        subprocess.run([sys.executable, str(ROOT / "scripts" / "build.py")], check=True,
                       cwd=ROOT)


@pytest.fixture(scope="session")
def dist() -> Path:
    """The site built for this run (by :func:`pytest_sessionstart`)."""
    assert (DIST / "index.html").is_file(), "dist/ was not built"
    return DIST


@pytest.fixture(scope="session")
def serve_site(
    dist: Path, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Callable[[str], str]]:
    """``serve_site(base_path)`` serves dist/ at ``base_path`` ("/" or "/sub/path/") and
    returns the site's URL. For a sub-path, the server's root is a scratch folder where dist/
    is mounted (symlinked) at that path, so everything outside it is a 404."""
    servers: dict[str, tuple[QuietServer, str]] = {}

    def serve(base_path: str = "/") -> str:
        parts = [p for p in base_path.split("/") if p]
        key = "/" + "".join(p + "/" for p in parts)
        if key not in servers:
            root = dist
            if parts:
                root = tmp_path_factory.mktemp("webroot")
                mount = root.joinpath(*parts)
                mount.parent.mkdir(parents=True, exist_ok=True)
                mount.symlink_to(dist, target_is_directory=True)
            servers[key] = start_server(root, SuiteHandler)
        return servers[key][1] + key

    yield serve
    for server, _ in servers.values():
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def site_url(serve_site: Callable[[str], str]) -> str:
    return serve_site("/")


# --------------------------------------------------------------------------- recording


def is_local(url: str) -> bool:
    if url.startswith(("blob:", "data:")):
        return True
    parts = urlsplit(url)
    return parts.scheme in ("http", "https", "ws") and parts.hostname == LOOPBACK


@dataclass
class NetworkLog:
    """What a browser context did: every request URL and everything that went wrong."""

    requests: list[str] = field(default_factory=list)
    bad_responses: list[str] = field(default_factory=list)
    failed_requests: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    in_flight: set[Request] = field(default_factory=set)

    def _listeners(self) -> dict[str, Callable[[Any], None]]:
        return {"request": self._on_request, "requestfinished": self._on_request_finished,
                "requestfailed": self._on_request_failed, "response": self._on_response,
                "console": self._on_console, "weberror": self._on_web_error}

    def attach(self, context: BrowserContext) -> None:
        for event, listener in self._listeners().items():
            context.on(event, listener)  # type: ignore[call-overload]

    def detach(self, context: BrowserContext) -> None:
        for event, listener in self._listeners().items():
            context.remove_listener(event, listener)

    def _on_request(self, request: Request) -> None:
        self.requests.append(request.url)
        self.in_flight.add(request)

    def _on_request_finished(self, request: Request) -> None:
        self.in_flight.discard(request)

    def _on_request_failed(self, request: Request) -> None:
        self.in_flight.discard(request)
        try:
            where = f" (from {request.frame.url})"
        except Exception:  # a service worker's request has no frame
            where = " (from a worker)"
        self.failed_requests.append(f"{request.url}: {request.failure}{where}")

    def wait_quiet(self, page: Page, quiet_ms: int = 500, timeout_ms: int = 60_000) -> None:
        """Wait until no request of the context has been on its way for ``quiet_ms``.

        Before a test leaves a page: leaving aborts what is still loading (seen: the icon
        sprite a late render asked for), and an aborted request counts as a failure.
        Playwright's "networkidle" cannot serve: it fires once per page, so a request made
        after it is not waited for."""
        deadline = time.monotonic() + timeout_ms / 1000
        quiet_since = time.monotonic()
        while True:
            now = time.monotonic()
            if self.in_flight:
                quiet_since = now
            elif (now - quiet_since) * 1000 >= quiet_ms:
                return
            if now > deadline:
                raise AssertionError(f"still loading: {sorted(r.url for r in self.in_flight)}")
            page.wait_for_timeout(50)

    def _on_response(self, response: Response) -> None:
        if response.status >= 400:
            self.bad_responses.append(f"{response.status} {response.url}")

    def _on_console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.console_errors.append(f"{message.text} ({message.location})")

    def _on_web_error(self, error: WebError) -> None:
        self.page_errors.append(str(error.error))

    @property
    def foreign_requests(self) -> list[str]:
        return [url for url in self.requests if not is_local(url)]

    def problems(self) -> dict[str, list[str]]:
        found = {
            "requests to another host": self.foreign_requests,
            "HTTP errors": self.bad_responses,
            "failed requests": self.failed_requests,
            "console errors": self.console_errors,
            "page errors": self.page_errors,
        }
        return {kind: items for kind, items in found.items() if items}

    def assert_clean(self) -> None:
        problems = self.problems()
        assert not problems, "\n".join(
            f"{kind}:\n  " + "\n  ".join(items) for kind, items in problems.items()
        )


@pytest.fixture
def csp_watch(page: Page) -> None:
    """The test's page (and its frames) records Content-Security-Policy violations in
    ``window.__csp`` (see ``helpers.csp_violations``)."""
    from helpers import CSP_WATCH

    page.add_init_script(CSP_WATCH)


@pytest.fixture
def net(context: BrowserContext) -> Iterator[NetworkLog]:
    """Records the test's browser context (attach happens before any page navigates)."""
    log = NetworkLog()
    log.attach(context)
    yield log
    log.detach(context)


def wait_ready(page: Page, net: NetworkLog, timeout_ms: int = READY_TIMEOUT_MS) -> None:
    """Wait for ``body[data-ready="1"]``; fail at once (not after the timeout) if PyScript
    shows an error or the page throws."""
    deadline = time.monotonic() + timeout_ms / 1000
    while True:
        if page.locator('body[data-ready="1"]').count():
            return
        errors = page.locator(".py-error")
        if errors.count() or net.page_errors:
            text = errors.first.inner_text() if errors.count() else ""
            raise AssertionError(f"page failed to boot: {text}\n{net.problems()}")
        if time.monotonic() > deadline:
            raise AssertionError(f"not ready after {timeout_ms} ms\n{net.problems()}")
        page.wait_for_timeout(50)


def reload_ready(page: Page, net: NetworkLog) -> None:
    """Reload ``page`` and wait until it says it is ready. The page is left only once what it
    loads in the background has arrived (``helpers.BACKGROUND_LOADED``): a reload aborts a
    download, which ``net`` would rightly count as a failure (seen in CI)."""
    page.wait_for_function(BACKGROUND_LOADED, timeout=READY_TIMEOUT_MS)
    net.wait_quiet(page)  # (a sprite or a font a late render asked for)
    page.reload()
    wait_ready(page, net)


@pytest.fixture
def open_game(page: Page, net: NetworkLog) -> Callable[[str], float]:
    """``open_game(url)``: navigate, wait until the page says it is ready; returns seconds.

    A page is left only once what it loads in the background has arrived
    (``helpers.BACKGROUND_LOADED``): leaving earlier aborts a download, which ``net`` would
    rightly count as a failure."""

    def open_(url: str) -> float:
        page.wait_for_function(BACKGROUND_LOADED, timeout=READY_TIMEOUT_MS)
        start = time.perf_counter()
        page.goto(url)
        wait_ready(page, net)
        return time.perf_counter() - start

    return open_


# --------------------------------------------------------------------------- artifacts


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


@pytest.fixture
def screenshot(page: Page, artifacts: Path) -> Callable[[str], Path]:
    """``screenshot(name)`` saves the page as e2e/artifacts/<name>.png."""

    def shoot(name: str) -> Path:
        path = artifacts / f"{name}.png"
        page.screenshot(path=str(path), full_page=True)
        return path

    return shoot


# --------------------------------------------------------------------------- measurements


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """Each passing test's own printout (not its fixtures'), after the results; then the time
    the shared scenarios (the ``engine`` fixture's tests) took in each engine."""
    passed = terminalreporter.stats.get("passed", [])
    printed = [(report.nodeid, text) for report in passed
               for name, text in report.sections
               if name == "Captured stdout call" and text.strip()]
    if printed:
        terminalreporter.section("measured")
        for nodeid, text in printed:
            terminalreporter.write_line(f"{nodeid}:")
            for line in text.strip().splitlines():
                terminalreporter.write_line(f"    {line}")
    spent: dict[str, list[float]] = {}
    for report in terminalreporter.stats.get("", []) + passed + \
            terminalreporter.stats.get("failed", []):
        for name, engine in getattr(report, "user_properties", ()):
            if name == "engine":
                spent.setdefault(str(engine), []).append(report.duration)
    if spent:
        terminalreporter.write_line("shared scenarios, seconds per engine (setup, call and "
                                    "teardown): " + ", ".join(
                                        f"{engine} {sum(times):.0f}"
                                        for engine, times in spent.items()))


@pytest.fixture(autouse=True)
def pages_started(request: pytest.FixtureRequest) -> Iterator[None]:
    """Each test's JUnit record says how many game pages it started from the suite's servers
    (a page load costs seconds of both cores: docs/testing.md)."""
    def started() -> Counter[str]:  # (FROM_SERVICE_WORKER: the suite's profile, above)
        return QuietHandler.served + FROM_SERVICE_WORKER

    before = started()
    yield
    after = started()
    (page,) = QuietHandler.COUNTED
    request.node.user_properties += [("pages", after[page] - before[page])]


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """Each report of a shared scenario carries its engine (for the summary above) as a user
    property: those reach the controller from pytest-xdist's workers."""
    report = yield
    callspec = getattr(item, "callspec", None)
    if callspec is not None and "engine" in callspec.params:
        report.user_properties.append(("engine", callspec.params["engine"]))
    return report


# --------------------------------------------------------------------------- three engines


@pytest.fixture(scope="session")
def xvfb() -> Iterator[Display]:
    """An X display for WebKitGTK, started the first time a WebKit test asks."""
    display = Display()
    yield display
    display.close()


@pytest.fixture(scope="session")
def firefox_browser() -> Iterator[FirefoxBrowser]:
    """One Firefox for the session (its start takes some 5 s), started the first time a test
    asks; each test has a browser context of its own (``firefox``)."""
    browser = FirefoxBrowser({**FIREFOX_PREFS, "ui.prefersReducedMotion": 1})  # (MOTION)
    yield browser
    browser.close()


@pytest.fixture
def firefox(firefox_browser: FirefoxBrowser) -> Iterator[FirefoxBrowser]:
    """A page of the session's Firefox in a new browser context (its own storage, service
    workers and caches: nothing a test before left), closed after the test."""
    firefox_browser.fresh()
    yield firefox_browser
    firefox_browser.fresh()


@pytest.fixture(params=ENGINES)
def engine(request: pytest.FixtureRequest) -> Iterator[Browser]:
    """A page of each engine in turn, as a fresh profile's: Chromium is the suite's
    Playwright page, Firefox a new context of the session's Firefox, WebKit its own
    browser (it starts in about a second)."""
    name = request.param
    if name == "firefox":
        yield request.getfixturevalue("firefox")
        return
    browser: Browser
    if name == "chromium":
        browser = ChromiumBrowser(request.getfixturevalue("page"))
    else:
        browser = WebKitBrowser(request.getfixturevalue("xvfb"))
    yield browser
    browser.close()
