"""The only module that touches the browser: regions set by innerHTML, delegated events."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import Any

from pyodide.ffi import (  # type: ignore[import-not-found]
    create_once_callable,
    create_proxy,
    to_js,
)
from pyscript import document, window  # type: ignore[import-not-found]

from .popover import popover_spot
from .port import GAME_TAKEN, TYPED_TAGS
from .stdlib import user_defined_bytes

_last: dict[str, str] = {}
_proxies: list[Any] = []
_download_url: list[Any] = []


def null(value: Any) -> bool:
    """JavaScript null/undefined arrive as None or as a JsNull object, by Pyodide version."""
    return value is None or type(value).__name__ in ("JsNull", "JsUndefined")


_MORPH = to_js({"morphStyle": "innerHTML"}, dict_converter=window.Object.fromEntries)
# Markup is parsed here, into the page's own inert template content, and Idiomorph is given
# the nodes: given the text, it parses it with a DOMParser, a new Document for every region
# redrawn (Chromium counted some 250 of them waiting for the collector at the first screen).
_PARSER = document.createElement("template")
# Regions that hold nothing a morph keeps (no control to focus, no running animation, no
# scroll of their own: the log scrolls its <details>) are replaced whole. The log's list grows
# a line at a time: morphed, each line's nodes were allocated among a redraw's garbage and,
# living on, held the DOM heap's pages once it was collected (some 6 MB of the renderer after
# a game); replaced, the list's nodes all come from the last parse, side by side.
REPLACED = frozenset({"log-list"})


def set_html(element_id: str, markup: str) -> None:
    """Redraw a region as ``markup``, skipping the DOM when nothing changed. The vendored
    Idiomorph changes only the nodes that differ, so what stays the same keeps its focus,
    scroll position and running animation (the pulse of a rival's last move); without it
    (a page that did not load it) the region's content is replaced.

    Inline ``style`` attributes would break the Content-Security-Policy (no
    'unsafe-inline' styles), so markup says ``data-left="12.5"`` / ``data-width="25"``
    (percent) and the positions are applied here through the CSSOM, which CSP allows."""
    if _last.get(element_id) == markup:
        return
    _last[element_id] = markup
    region = document.getElementById(element_id)
    held = _focus_in(region)
    morph: Any = getattr(window, "Idiomorph", None)
    if null(morph) or element_id in REPLACED:
        region.innerHTML = markup
    else:
        _PARSER.innerHTML = markup
        morph.morph(region, _PARSER.content, _MORPH)
    if held and not region.contains(document.activeElement):  # its element was replaced
        again = region.querySelector(f'[data-testid="{held}"]')
        if not null(again):
            again.focus()
    if "data-left=" in markup or "data-width=" in markup:
        for el in region.querySelectorAll("[data-left],[data-width]"):
            left, width = el.getAttribute("data-left"), el.getAttribute("data-width")
            if not null(left):
                el.style.left = f"{float(left)}%"
            if not null(width):
                el.style.width = f"{float(width)}%"


# What lies behind a modal overlay (a dialog, the privacy screen, the rules panel...): inert
# while one is up, so Tab and clicks keep to the overlay on top. The banner stays live.
BEHIND = ("top", "main", "dock", "pick")


def show(element_id: str, visible: bool) -> None:
    el = document.getElementById(element_id)
    if visible:
        el.removeAttribute("hidden")
    else:
        el.setAttribute("hidden", "")
    if el.classList.contains("overlay"):
        _hold_behind()


def _top_overlay() -> Any:
    """The topmost shown overlay (the last in the page's order: later overlays stack above
    earlier ones), or None."""
    shown = [el for el in document.querySelectorAll("body > .overlay:not([hidden])")
             if not el.classList.contains("booting")]
    return shown[-1] if shown else None


def _hold_behind() -> None:
    """The page inert behind the topmost overlay, or nothing inert when none is up."""
    top = _top_overlay()
    for name in BEHIND:
        el = document.getElementById(name)
        if not null(el):
            el.inert = top is not None
    for el in document.querySelectorAll("body > .overlay"):
        el.inert = top is not None and not el.isSameNode(top)


FOCUSABLE = ("a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), "
             "textarea:not([disabled]), summary, iframe, [tabindex]:not([tabindex='-1'])")


def keep_tab_inside(event: Any) -> None:
    """Tab past the last control of the overlay on top comes back to its first (Shift+Tab
    the other way): the page behind is inert, and the browser would otherwise take the focus
    out of the page."""
    top = _top_overlay()
    if top is None:
        return
    # rendered ones only (getClientRects: Safari before 17.4 has no checkVisibility)
    items = [el for el in top.querySelectorAll(FOCUSABLE) if el.getClientRects().length]
    if not items:
        return
    active = document.activeElement
    inside = not null(active) and bool(top.contains(active))
    back = bool(getattr(event, "shiftKey", False))
    edge = items[0] if back else items[-1]
    if not inside or active.isSameNode(edge):
        event.preventDefault()
        (items[-1] if back else items[0]).focus()


def set_body(key: str, value: str) -> None:
    """``data-KEY`` on the body; an empty value removes it (a style's ``body[data-KEY]``
    matches an empty value too, and would go on hiding what it hides while the key is set)."""
    if value:
        document.body.setAttribute(f"data-{key}", value)
    else:
        document.body.removeAttribute(f"data-{key}")


def probe(key: str, value: str) -> None:
    """A signal for the tests and the benches: ``data-KEY`` on the body (``set_body``), that
    no style reads (``tests/test_ui_cycle.py`` checks it) and the app never reads back: what
    happened (a save on disk, a worker ready, a report filled), not what the page shows."""
    set_body(key, value)


def set_class(element_id: str, cls: str) -> None:
    document.getElementById(element_id).className = cls


def on(event: str, handler: Callable[[Any], None]) -> None:
    """One listener on the document for every element (event delegation). The handler must
    not raise (the app wraps its handlers so an error becomes a readable banner)."""
    proxy = create_proxy(handler)
    _proxies.append(proxy)
    document.addEventListener(event, proxy)


def closest(event: Any, selector: str) -> Any:
    target = event.target
    if null(target) or not hasattr(target, "closest"):
        return None
    found = target.closest(selector)
    return None if null(found) else found


def data(element: Any, key: str) -> str | None:
    """The element's ``data-<key>`` (None when it has none, or is no element: the window)."""
    if null(element) or not hasattr(element, "getAttribute"):
        return None
    value = element.getAttribute(f"data-{key}")
    return None if null(value) else str(value)


def form_values(form_id: str) -> tuple[dict[str, str], dict[str, str]]:
    """(named field values, seat choices) of a form; checked radios only."""
    form = document.getElementById(form_id)
    values: dict[str, str] = {}
    seats: dict[str, str] = {}
    if null(form):
        return values, seats
    for el in form.querySelectorAll("input, select, textarea"):
        name = str(el.name)
        if el.type == "radio" and not el.checked:
            continue
        if name == "seat":
            seats[str(el.getAttribute("data-seat"))] = str(el.value)
        else:
            values[name] = str(el.value)
    return values, seats


def set_value(selector: str, value: str) -> None:
    """Set a form field's value (a text box emptied after its line was sent)."""
    el = document.querySelector(selector)
    if not null(el):
        el.value = value


def focus_first(selector: str) -> bool:
    """Focus the first element matching ``selector``; False when there is none."""
    el = document.querySelector(selector)
    if null(el):
        return False
    el.focus()
    return True


def site_url(path: str) -> str:
    """The absolute address of ``path``, relative to the page."""
    return str(window.URL.new(path, window.location.href).href)


def fetch_now(url: str) -> bytes:
    """The bytes at ``url``, fetched synchronously: an import cannot wait for a promise. The
    page's only blocking request, for the standard modules left for later (ui.platform.stdlib);
    a synchronous request may not ask for an ArrayBuffer, so the bytes come as characters."""
    request = window.XMLHttpRequest.new()
    request.open("GET", url, False)
    request.overrideMimeType("text/plain; charset=x-user-defined")
    request.send(None)
    if request.status != 200:
        raise OSError(f"{url}: HTTP {request.status}")
    return user_defined_bytes(str(request.responseText))


async def keep_for_offline(url: str, keep: Callable[[bytes], bool]) -> None:
    """Once a service worker holds the whole site (sw-register.js keeps its promise
    ``window.moonshotOffline`` as it marks ``html[data-offline=ready]``), copy ``url``
    through it (from its cache: no network) and hand the bytes to ``keep``. What a
    synchronous request fetches never comes from a service worker in Chromium and WebKit:
    offline, it would find nothing. (A page without sw-register.js keeps nothing.)"""
    offline: Any = getattr(window, "moonshotOffline", None)
    if null(offline):
        return
    await offline
    with contextlib.suppress(Exception):  # not there, refused: the import fetches it itself
        response = await window.fetch(url)
        if response.ok and keep((await response.arrayBuffer()).to_bytes()):
            document.body.dataset.restOfStdlib = "kept"  # for the curious, and the tests


def _focus_in(region: Any) -> str:
    """The ``data-testid`` of the element in ``region`` that has the keyboard's focus (""
    for none): a region drawn again gives it back to the element of that id, say Pause in a
    replay's bar as it plays (read as an attribute: a dataset key it lacks raises
    AttributeError in Pyodide)."""
    el = document.activeElement
    if null(el) or not region.contains(el):
        return ""
    return str(el.getAttribute("data-testid") or "")


def _typing() -> bool:
    """Whether the keyboard's focus is in a field to type in (on a phone, its keyboard is up:
    the window shrank for it)."""
    el = document.activeElement
    return not null(el) and str(el.tagName).upper() in TYPED_TAGS


_followed: set[str] = set()  # elements scroll_to_end keeps at their end when opened


def scroll_to_end(element_id: str) -> None:
    """Show the end of a scrolling element (the log's newest lines), from the next frame on
    and whenever it is opened (a closed ``<details>`` opens at its top). On the next frame,
    not now: reading scrollHeight in the middle of a redraw would lay the whole page out
    at once (some 40 ms on the first screen), and a frame lays it out anyway. Scrolled again
    on the frame after: the log's off-screen chapters are laid out at an estimated height
    (content-visibility), so the first scroll can stop short once they get their real one."""
    el = document.getElementById(element_id)
    if null(el):
        return

    def to_end(*_args: Any) -> None:
        el.scrollTop = el.scrollHeight

    def follow(frames: int) -> None:
        """At the end now and on each of the next ``frames`` frames: opened, the chapters
        that come into view get their real height some frames later (in a long game the log
        opened 150 px short of its end on a phone)."""
        to_end()
        if frames > 0:
            window.requestAnimationFrame(create_once_callable(lambda *_args: follow(frames - 1)))

    window.requestAnimationFrame(create_once_callable(lambda *_args: follow(1)))
    if element_id not in _followed:
        _followed.add(element_id)
        proxy = create_proxy(lambda _event: follow(6) if el.hasAttribute("open") else None)
        _proxies.append(proxy)
        el.addEventListener("toggle", proxy)


def query_string() -> str:
    return str(window.location.search)


def embedded() -> bool:
    """The page is embed.html (its body says so): it starts a game directly."""
    return str(document.body.getAttribute("data-embed") or "") == "1"


def referrer() -> str:
    """The address of the page that opened or embeds this one (often its origin only)."""
    return str(document.referrer or "")


def post_to_host(text: str, origin: str) -> None:
    """A JSON object to the page embedding this one, delivered only if it has ``origin``."""
    if not null(window.parent) and window.parent is not window:
        window.parent.postMessage(window.JSON.parse(text), origin)


def on_host_message(origin: str, limit: int, handler: Callable[[str, str], None]) -> None:
    """Messages posted to this page from ``origin``: ``handler(origin, the data as JSON
    text)``. public/host-messages.js listens: another origin's messages, and those that are
    no JSON or whose text is longer than ``limit`` characters, are dropped there, before
    any Python work."""
    proxy = create_proxy(handler)
    _proxies.append(proxy)
    window.MoonshotHost.listen(origin, limit, proxy)


def console_warn(text: str) -> None:
    window.console.warn(text)


def mark(name: str) -> None:
    """A mark on the page's timeline (the phone bench's trace of the start reads them)."""
    window.performance.mark(name)


def prevent_default(event: Any) -> None:
    event.preventDefault()


# --------------------------------------------------------------------------- storage


# The saved games live in public/store.js (IndexedDB: a write is on disk once it completes),
# read into memory at start; every other setting in localStorage.


def _store(key: str) -> Any:
    """public/store.js when it keeps ``key`` (a saved game or the pointer to one)."""
    store: Any = getattr(window, "MoonshotStore", None)
    return None if null(store) or not store.ours(key) else store


async def store_ready() -> None:
    """Wait until the saved games are read (store.js began at the page's start)."""
    store: Any = getattr(window, "MoonshotStore", None)
    if not null(store):
        await store.ready


def storage_get(key: str) -> str | None:
    store = _store(key)
    try:
        value = store.get(key) if store is not None else window.localStorage.getItem(key)
    except Exception:
        return None
    return None if null(value) else str(value)


def _refusal(name: str) -> str:
    if "Quota" in name or name == "full":
        return "the browser's storage for this site is full"
    return f"the browser refused to store it ({name})"


def storage_set(key: str, text: str) -> str | None:
    """Store a text; returns None, or why it failed (storage full, storage disabled). A saved
    game's write goes to disk in the background: :func:`storage_kept` tells when it is."""
    store = _store(key)
    if store is not None:
        store.put(key, text)
        return None
    try:
        window.localStorage.setItem(key, text)
    except Exception as exc:
        return _refusal(str(getattr(exc, "name", "")) or type(exc).__name__)
    return None


async def storage_kept() -> str | None:
    """Wait until every saved game written so far is on disk: None, :data:`GAME_TAKEN`
    (another tab holds that game now) or why a write failed."""
    store: Any = getattr(window, "MoonshotStore", None)
    if null(store):
        return None
    failed = await store.kept()
    if null(failed):
        return None
    return GAME_TAKEN if str(failed) == "taken" else _refusal(str(failed))


async def hold_game(key: str, take: bool) -> bool:
    """Whether this tab now holds the saved game ``key`` (``take``: from the tab that holds
    it); its entry is read afresh from disk."""
    store = _store(key)
    return True if store is None else bool(await store.hold(key, take))


def let_go(key: str) -> None:
    store = _store(key)
    if store is not None:
        store.letGo(key)


def on_game_taken(handler: Callable[[str], None]) -> None:
    """``handler(key)`` when another tab takes a saved game this tab held."""
    store: Any = getattr(window, "MoonshotStore", None)
    if not null(store):
        proxy = create_proxy(lambda key: handler(str(key)))
        _proxies.append(proxy)
        store.onTaken(proxy)


def storage_remove(key: str) -> None:
    store = _store(key)
    with contextlib.suppress(Exception):
        if store is not None:
            store.remove(key)
        else:
            window.localStorage.removeItem(key)


def storage_keys(prefix: str) -> list[str]:
    """Every stored key that starts with ``prefix`` (their texts left unread)."""
    store = _store(prefix)
    try:
        if store is not None:
            return [str(key) for key in store.keys(prefix)]
        local = window.localStorage
        keys = [local.key(i) for i in range(int(local.length))]
    except Exception:
        return []
    return [str(key) for key in keys if not null(key) and str(key).startswith(prefix)]


def storage_items(prefix: str) -> dict[str, str]:
    """Every stored (key, text) whose key starts with ``prefix``."""
    return {key: text for key in storage_keys(prefix)
            if (text := storage_get(key)) is not None}


# --------------------------------------------------------------------------- files


def download(file_name: str, text: str) -> None:
    """Offer ``text`` as a JSON file download (a Blob URL and a temporary link)."""
    options = to_js({"type": "application/json"}, dict_converter=window.Object.fromEntries)
    blob = window.Blob.new(to_js([text]), options)
    url = window.URL.createObjectURL(blob)
    while _download_url:
        window.URL.revokeObjectURL(_download_url.pop())
    _download_url.append(url)
    link = document.createElement("a")
    link.href = url
    link.download = file_name
    link.hidden = True
    document.body.appendChild(link)
    link.click()
    link.remove()


async def read_file(element: Any, most: int) -> bytes | None:
    """The bytes of the file chosen in a file input, at most ``most`` of them (None when
    none is chosen: the reader of what it holds decides what it is); the input is cleared
    so choosing the same file again fires ``change`` again."""
    files = element.files
    if null(files) or int(files.length) == 0:
        return None
    part = files.item(0).slice(0, most)  # a file of gigabytes costs no more than this
    data = bytes((await part.arrayBuffer()).to_bytes())
    element.value = ""
    return data


def set_text(element_id: str, text: str) -> None:
    el = document.getElementById(element_id)
    if not null(el):
        el.textContent = text


def narrow_screen() -> bool:
    return bool(window.innerWidth < 760)


def close_details(element_id: str) -> None:
    el = document.getElementById(element_id)
    if not null(el):
        el.removeAttribute("open")


# --------------------------------------------------------------------------- slices

# The page's own channel for giving the browser its thread back, and who waits on it.
_breath: list[Any] = []  # [the MessageChannel], once made
_breathing: list[asyncio.Future[None]] = []


def _breathed(_event: Any) -> None:
    waiting = list(_breathing)
    _breathing.clear()
    for future in waiting:
        if not future.done():
            future.set_result(None)


async def breathe() -> None:
    """Give the browser its thread back for one task (input, a frame when one is due), then
    go on: a MessageChannel's message, not ``asyncio.sleep(0)``, whose setTimeout browsers
    hold back 4 ms or more once timers nest (each slice of a search would wait that long)."""
    if not _breath:
        channel = window.MessageChannel.new()
        handler = create_proxy(_breathed)
        _proxies.append(handler)
        channel.port1.onmessage = handler
        _breath.append(channel)
    waiting: asyncio.Future[None] = asyncio.get_running_loop().create_future()
    _breathing.append(waiting)
    _breath[0].port2.postMessage(None)
    await waiting


# --------------------------------------------------------------------------- focus and view


def click_nth(selector: str, index: int) -> None:
    """Click the ``index``-th offered element matching ``selector``: shown, or folded into
    the action bar's "+N more" (class ``spill``, public/bar-fit.js), so that a digit key
    reaches an option wherever the row ends; nothing if there is none."""
    visible = [el for el in document.querySelectorAll(selector)
               if (not null(el.offsetParent) or bool(el.classList.contains("spill")))
               and not bool(el.disabled)]
    if index < len(visible):
        visible[index].click()


def _fit_scene() -> None:
    """The table folded to its window now (public/scene-fit.js), not after this task: a
    render's refit waits for a microtask, and a scroll measured before it goes astray (a
    phone's Engineer's cell was left below the board's fold)."""
    scene = getattr(window, "MoonshotScene", None)
    if scene is not None and not null(scene):
        scene.fitNow()


def scroll_into_view(selector: str) -> None:
    """Scroll the first visible element matching ``selector`` into view inside its scroll
    container (the board), moving as little as possible, once the table is fitted."""
    _fit_scene()
    for el in document.querySelectorAll(selector):
        if not null(el.offsetParent):
            options = to_js({"block": "nearest", "inline": "nearest"},
                            dict_converter=window.Object.fromEntries)
            el.scrollIntoView(options)
            return


def reveal(container_id: str, selector: str) -> None:
    """Scroll the (shown) scrolling panel ``container_id`` as little as possible so the
    elements matching ``selector`` in it lie below its scroll padding (a sticky head): all of
    them when they fit, the first ones when they do not; once the table is fitted."""
    _fit_scene()
    panel = document.getElementById(container_id)
    if null(panel) or null(panel.offsetParent):
        return
    boxes = [el.getBoundingClientRect() for el in panel.querySelectorAll(selector)
             if not null(el.offsetParent)]
    if not boxes:
        return
    top, bottom = min(b.top for b in boxes), max(b.bottom for b in boxes)
    frame = panel.getBoundingClientRect()
    padding = str(window.getComputedStyle(panel).scrollPaddingTop)
    seen_top = frame.top + (float(padding[:-2]) if padding.endswith("px") else 0.0)
    if top < seen_top:
        panel.scrollTop += top - seen_top
    elif bottom > frame.bottom:
        panel.scrollTop += min(bottom - frame.bottom, top - seen_top)


# A popover follows its anchor for a few frames after it opens: the render that opened it may
# still fold the anchor's column (public/scene-fit.js, in the mutation's microtask), and on a
# slow machine the layout settles frames later (under a CPU slowed six times, the chosen stack
# grew by 8 px after the picker was placed, and the picker covered its foot).
SETTLED_FRAMES = 10  # the anchor kept still this many frames: the popover stays where it is
PLACE_FRAMES = 90  # and it is followed no longer than this
_placing: dict[str, int] = {}  # popover id -> the opening being followed (a newer one wins)


def place_popover(popover_id: str, anchor_selector: str) -> None:
    """Put the (fixed) popover beside the visible anchor element: below it, else above it,
    else to its right or left; inside the window and clear of the dock at the window's foot
    (the Tutorial's text and the action bar stay readable while it is open). Placed at the
    next frame, and again at each frame after while the anchor moves (see SETTLED_FRAMES)."""
    opening = _placing.get(popover_id, 0) + 1
    _placing[popover_id] = opening
    _follow_anchor(popover_id, anchor_selector, opening, None, 0, PLACE_FRAMES)


def _follow_anchor(popover_id: str, anchor_selector: str, opening: int,
                   last: tuple[float, float, float, float] | None, still: int,
                   frames_left: int) -> None:
    def frame(_time: float) -> None:
        if _placing.get(popover_id) != opening:
            return  # the popover was opened again, on another anchor maybe
        box = _place_popover(popover_id, anchor_selector)
        kept = still + 1 if box is not None and box == last else 0
        if box is None or kept >= SETTLED_FRAMES or frames_left <= 1:
            return
        _follow_anchor(popover_id, anchor_selector, opening, box, kept, frames_left - 1)

    window.requestAnimationFrame(create_once_callable(frame))


def _place_popover(popover_id: str,
                   anchor_selector: str) -> tuple[float, float, float, float] | None:
    """Place the popover by its anchor now; the anchor's box it was placed by (None when the
    popover or its anchor is not shown). It keeps clear of the anchor's board's head (the
    nation's money and its target's odds, which the decision needs) as of the dock; on a
    phone, where it fits neither over nor under its anchor, it takes the larger of the two
    rooms and scrolls."""
    pop = document.getElementById(popover_id)
    anchor = None
    for el in document.querySelectorAll(anchor_selector):
        if not null(el.offsetParent):
            anchor = el
            break
    if null(pop) or anchor is None:
        return None
    pop.style.maxHeight = ""
    box = anchor.getBoundingClientRect()
    view_w, view_h = float(window.innerWidth), float(window.innerHeight)
    floor = view_h - 4  # the lowest the popover may reach: the dock's top, when it shows
    dock = document.getElementById("dock")
    if not null(dock) and not null(dock.offsetParent):
        floor = min(floor, float(dock.getBoundingClientRect().top) - 4)
    ceiling = 4.0  # the highest: under the head of the anchor's board, if it is on one
    board = anchor.closest(".board")
    head = None if null(board) else board.querySelector(".bhead")
    if head is not None and not null(head):
        ceiling = max(ceiling, float(head.getBoundingClientRect().bottom) + 4)
    left, top, most = popover_spot(
        (float(box.left), float(box.top), float(box.right), float(box.bottom)),
        (float(pop.offsetWidth), float(pop.offsetHeight)), (view_w, view_h), floor, ceiling)
    if most is not None:
        pop.style.maxHeight = f"{most:.0f}px"
    pop.style.left = f"{left:.0f}px"
    pop.style.top = f"{top:.0f}px"
    return (float(box.left), float(box.top), float(box.right), float(box.bottom))


def toggle_log() -> None:
    el = document.getElementById("log")
    if null(el):
        return
    if el.hasAttribute("open"):
        el.removeAttribute("open")
    else:
        el.setAttribute("open", "")
        el.querySelector("summary").focus()


_spotted = ("", "")  # (selector, the board in front) last scrolled to by spot


def spot(selector: str) -> None:
    """Mark the one element ``selector`` finds with ``data-spot`` (the part of the table a
    tutorial step explains), and scroll it into view when it is new or the board in front
    changed; "" clears the mark."""
    for el in document.querySelectorAll("[data-spot]"):
        if not selector or not bool(el.matches(selector)):
            el.removeAttribute("data-spot")
    if not selector:
        return
    el = document.querySelector(selector)
    if null(el):
        return
    # Scrolled to when newly marked, or when the board in front changed (marked while its
    # phone tab was hidden, it could not be scrolled to then).
    global _spotted
    where = (selector, str(document.getElementById("main").className))
    if not el.hasAttribute("data-spot") or where != _spotted:
        _spotted = where
        el.setAttribute("data-spot", "1")
        scroll_into_view("[data-spot]")


def browser_languages() -> list[str]:
    """The languages the browser asks for, most wanted first (BCP 47 tags)."""
    return [str(tag) for tag in window.navigator.languages]


def set_language(code: str) -> None:
    """The page's language (``<html lang>``: screen readers and hyphenation follow it)."""
    document.documentElement.setAttribute("lang", code)


def set_words(words: dict[str, tuple[str, str]]) -> None:
    """Words of the static page: CSS selector -> (attribute, text); attribute "" is the text."""
    for selector, (attribute, text) in words.items():
        for el in document.querySelectorAll(selector):
            if attribute:
                el.setAttribute(attribute, text)
            else:
                el.textContent = text


# --------------------------------------------------------------------------- the report's charts


_loads: dict[str, asyncio.Future[bool]] = {}  # by URL: each file is added to the page once


def _settler(done: asyncio.Future[bool], ok: bool) -> Callable[[Any], None]:
    def settle(event: Any) -> None:
        if not done.done():
            done.set_result(ok)
    return settle


async def load_once(tag: str, url: str) -> None:
    """Add a ``<script src>`` (tag "script") or stylesheet ``<link>`` (tag "link") to the
    page once and wait until it has loaded; raises if it cannot be loaded (and a later call
    tries again)."""
    done = _loads.get(url)
    if done is None:
        done = _loads[url] = asyncio.get_running_loop().create_future()
        element = document.createElement(tag)
        if tag == "link":
            element.rel = "stylesheet"
        for event, ok in (("load", True), ("error", False)):
            proxy = create_proxy(_settler(done, ok))
            _proxies.append(proxy)
            element.addEventListener(event, proxy)
        element.setAttribute("src" if tag == "script" else "href", url)
        document.head.appendChild(element)
        if not await done:
            element.remove()
            del _loads[url]
            raise OSError(f"{url} could not be loaded")
    elif not await asyncio.shield(done):
        raise OSError(f"{url} could not be loaded")


SOUND_SCRIPT = "./sound.js"  # public/sound.js: the table's sounds, made by Web Audio
_pending: set[asyncio.Task[None]] = set()  # sounds waiting for the script's first load


def play_sound(name: str) -> None:
    """Sound ``name`` (one of public/sound.js's). The script is fetched the first time a
    sound is wanted, so a player who keeps the sound off never loads it."""
    player: Any = getattr(window, "MoonshotSound", None)
    if not null(player):
        player.play(name)
        return

    async def first() -> None:
        with contextlib.suppress(OSError):  # offline and never cached: silence, not an error
            await load_once("script", SOUND_SCRIPT)
            window.MoonshotSound.play(name)

    task = asyncio.get_running_loop().create_task(first())
    _pending.add(task)
    task.add_done_callback(_pending.discard)


def draw_chart(key: str, spec_json: str) -> None:
    """Draw one of the report's charts into its box (``public/charts.js``)."""
    box = document.querySelector(f'[data-chart-box="{key}"]')
    if not null(box):
        window.MoonshotCharts.draw(box, spec_json)


# --------------------------------------------------------------------------- online play


PEER_SCRIPT = "./peer.js"  # public/peer.js: the WebRTC transport (loaded for online play)
QR_SCRIPT = "./vendor/qrcode/qrcode.js"  # the QR code library (npm qrcode-generator)
# public/relay.js, the signaling through public relays, and the MQTT client it speaks with
# (npm mqtt): loaded when an online game with relays starts, in this order
RELAY_SCRIPTS = ("./vendor/mqtt/mqtt.min.js", "./relay.js")


def page_address() -> str:
    """The page's address without its query or fragment (an invitation link is built on it:
    the host's own game choices in the query are not the guest's)."""
    return str(window.location.origin) + str(window.location.pathname)


def on_hash_change(handler: Callable[[Any], None]) -> None:
    """An invitation link opened in a tab already on this page changes only its fragment."""
    proxy = create_proxy(handler)
    _proxies.append(proxy)
    window.addEventListener("hashchange", proxy)


# A window dragged to a new size, or a phone turned, sends a resize event a frame: the app
# answers the last, once the size has held this long (the table has refolded by then).
RESIZE_QUIET_MS = 150


def on_resize(handler: Callable[[bool], None]) -> None:
    """``handler(typing)`` once the window's size has held ``RESIZE_QUIET_MS`` after a change
    (``typing``: the keyboard's focus is in a field, so a phone's keyboard is what came up);
    the body's ``data-resized`` counts the times it ran (what a test waits for)."""
    pending, answers = [0], [0]

    def answer(_: Any = None) -> None:
        handler(_typing())
        answers[0] += 1
        set_body("resized", str(answers[0]))

    answered = create_proxy(answer)

    def changed(_event: Any) -> None:
        window.clearTimeout(pending[0])
        pending[0] = window.setTimeout(answered, RESIZE_QUIET_MS)

    proxy = create_proxy(changed)
    _proxies.extend((answered, proxy))
    window.addEventListener("resize", proxy)


def location_hash() -> str:
    return str(window.location.hash or "")


def clear_hash() -> None:
    """Drop the fragment from the address bar (a used invitation must not join twice)."""
    window.history.replaceState(None, "", str(window.location.href).split("#", 1)[0])


async def peer_listen(handler: Callable[[str, str, str], None]) -> None:
    """Load the transport once and send its events (id, kind, text) to ``handler``."""
    await load_once("script", PEER_SCRIPT)
    proxy = create_proxy(lambda ident, kind, text: handler(str(ident), str(kind), str(text)))
    _proxies.append(proxy)
    window.MoonshotPeer.listen(proxy)


async def peer_offer(ident: str, ice_json: str, limit: int, rated: bool) -> str:
    return str(await window.MoonshotPeer.offer(ident, ice_json, limit, rated))


async def peer_accept(ident: str, sdp: str) -> None:
    await window.MoonshotPeer.accept(ident, sdp)


async def peer_answer(ident: str, sdp: str, ice_json: str, limit: int, rated: bool) -> str:
    return str(await window.MoonshotPeer.answer(ident, sdp, ice_json, limit, rated))


def peer_send(ident: str, text: str) -> bool:
    return bool(window.MoonshotPeer.send(ident, text))


def peer_close(ident: str) -> None:
    window.MoonshotPeer.close(ident)


async def relay_listen(handler: Callable[[str, str, str], None]) -> None:
    """Load the relays' signaling once and send its events (room, kind, text) to ``handler``."""
    for script in RELAY_SCRIPTS:
        await load_once("script", script)
    proxy = create_proxy(lambda room, kind, text: handler(str(room), str(kind), str(text)))
    _proxies.append(proxy)
    window.MoonshotRelay.listen(proxy)


async def relay_enter(room: str, relays_json: str, secret: str) -> None:
    await window.MoonshotRelay.enter(room, relays_json, secret)


async def relay_send(room: str, text: str, relay: str = "") -> int:
    return int(await window.MoonshotRelay.send(room, text, relay))


def relay_leave(room: str) -> None:
    if hasattr(window, "MoonshotRelay"):  # (a room is left also when loading it failed)
        window.MoonshotRelay.leave(room)


async def qr_modules(text: str) -> list[str]:
    """The QR code of ``text`` (error correction L, smallest version that holds it) as rows
    of "1" (dark) and "0"."""
    await load_once("script", QR_SCRIPT)
    code = window.qrcode(0, "L")
    code.addData(text)
    code.make()
    size = int(code.getModuleCount())
    return ["".join("1" if code.isDark(r, c) else "0" for c in range(size))
            for r in range(size)]


async def copy_text(text: str) -> bool:
    """A Copy button: ``text`` on the clipboard; whether it got there. A browser may refuse
    (no permission, not a secure context); the text stays shown in its box to copy by hand."""
    try:
        await window.navigator.clipboard.writeText(text)
    except Exception:  # refused: the caller says to copy by hand
        return False
    return True
