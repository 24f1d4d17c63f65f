"""An in-memory browser for the app's unit tests: :class:`FakePlatform` implements
:class:`ui.platform.port.Platform` so :class:`ui.app.App` and its controllers run in CPython.

It records what the app asks of the page and answers from plain dicts the test fills; it
does not parse or lay out markup, run scripts or pretend to be a browser. The helpers at the
bottom read the markup the app put in a region (``elements``) so a test can click what the
page would show, through the app's own input routing.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any


@dataclass
class FakeElement:
    """A page element as the app's input code reads it: its ``data-*`` attributes (without
    the ``data-`` prefix), its value, name and tag."""

    data: dict[str, str] = field(default_factory=dict)
    value: str = ""
    name: str = ""
    tagName: str = "BUTTON"  # the DOM's spelling (ui.control.inputs reads it)
    attrs: dict[str, str] = field(default_factory=dict)  # every attribute, as in the markup

    def getAttribute(self, attribute: str) -> str | None:  # the DOM's name
        if attribute.startswith("data-"):
            return self.data.get(attribute[len("data-"):])
        return self.attrs.get(attribute)


@dataclass
class FakeEvent:
    """A DOM event: its target element, a key for keydown, the modifier keys."""

    target: FakeElement | None = None
    key: str = ""
    ctrlKey: bool = False
    metaKey: bool = False
    altKey: bool = False
    prevented: bool = False


# The regions of index.html: shown at first, and hidden at first (the overlays and panels);
# an id that is not on the page is not shown.
SHOWN_AT_START = ("top", "main", "board-USA", "centre", "board-USSR", "dock", "actions", "log",
                  "log-list", "launch-stage", "boot")
HIDDEN_AT_START = ("banner", "tour", "chat", "pick", "privacy", "launch", "end", "report",
                   "dialog", "rules")


def _data_keys(selector: str) -> list[str]:
    """The data attributes a selector like ``[data-act],[data-cmd]`` asks for ("act", "cmd")."""
    keys = []
    for part in selector.split(","):
        part = part.strip()
        if part.startswith("[data-") and part.endswith("]"):
            keys.append(part[len("[data-"):-1].split("=")[0])
    return keys


class FakePlatform:
    """Every function of the Platform Protocol, over dicts. Storage is a dict (``quota``: the
    characters it holds at most, None for no limit); ``breathe`` counts the times the
    thread is given back and yields to the event loop's other tasks; the peer functions
    return canned SDP strings and record what is sent."""

    def __init__(self) -> None:
        self.regions: dict[str, str] = {}
        self.shown: dict[str, bool] = {**dict.fromkeys(SHOWN_AT_START, True),
                                       **dict.fromkeys(HIDDEN_AT_START, False)}
        self.body: dict[str, str] = {}
        self.classes: dict[str, str] = {}
        self.texts: dict[str, str] = {}
        self.handlers: dict[str, list[Callable[[Any], None]]] = {}
        self.hash_handlers: list[Callable[[Any], None]] = []
        self.resize_handlers: list[Callable[[bool], None]] = []
        self.typing_now = False  # a resize's: the focus in a text field
        self.forms: dict[str, tuple[dict[str, str], dict[str, str]]] = {}
        self.values: dict[str, str] = {}  # set_value: selector -> value
        self.focused: list[str] = []  # every focus_first selector, in order
        self.focus_ok = True  # what focus_first answers (the element is there)
        self.scrolled: list[str] = []
        self.trail: list[str] = []  # region writes, focuses and scrolls, in the order they came
        self.tabbed: list[Any] = []  # the Tab key events handed to keep_tab_inside
        self.warnings: list[str] = []
        self.storage: dict[str, str] = {}
        self.quota: int | None = None
        self.unkept: str | None = None  # what the next storage_kept answers
        self.held: set[str] = set()  # saved games this tab holds
        self.elsewhere: set[str] = set()  # saved games another tab holds
        self.taken_handler: Callable[[str], None] | None = None
        self.downloads: list[tuple[str, str]] = []
        self.files: dict[int, str | bytes] = {}  # id(element) -> the chosen file's content
        self.query = ""
        self.is_embedded = False
        self.referrer_url = ""
        self.posted: list[tuple[str, dict[str, Any]]] = []  # (origin, event) to the host page
        self.host_handler: Callable[[str, str], None] | None = None
        self.host_origin = ""  # the only origin whose messages the real page passes on
        self.host_limit = 0  # and the longest text it passes on (public/host-messages.js)
        self.narrow = False
        self.languages = ["en-US"]
        self.language = ""
        self.words: dict[str, tuple[str, str]] = {}
        self.loaded: list[tuple[str, str]] = []
        self.charts: dict[str, str] = {}
        self.sounds: list[str] = []  # play_sound calls, in order
        self.clicks: list[tuple[str, int]] = []  # click_nth calls (nothing is clicked)
        self.popovers: list[tuple[str, str]] = []
        self.spots: list[str] = []
        self.revealed: list[tuple[str, str]] = []  # reveal calls
        self.closed_details: list[str] = []
        self.log_toggles = 0
        self.address = "https://moonshot.example/"
        self.hash = ""
        self.breaths = 0  # the thread given back (a search on the page between its slices)
        self.peer_handler: Callable[[str, str, str], None] | None = None
        self.offers: list[str] = []
        self.accepted: list[tuple[str, str]] = []
        self.answered: list[tuple[str, str]] = []
        self.sent: list[tuple[str, str]] = []
        self.peer_closed: list[str] = []
        self.connected = True  # what peer_send answers
        self.relay_handler: Callable[[str, str, str], None] | None = None
        self.rooms: dict[str, tuple[list[str], str]] = {}  # room -> (relays, secret) now
        self.relay_sent: list[tuple[str, str, str]] = []  # (room, text, relay or "")
        self.relay_left: list[str] = []
        self.copied: list[str] = []

    # ------------------------------------------------------------------ regions and body

    def set_html(self, element_id: str, markup: str) -> None:
        self.regions[element_id] = markup
        self.trail.append(f"html {element_id}")

    def show(self, element_id: str, visible: bool) -> None:
        self.shown[element_id] = visible

    def is_shown(self, element_id: str) -> bool:
        """The tests' look at the page (the app never reads what the page shows back)."""
        return self.shown.get(element_id, False)

    def set_body(self, key: str, value: str) -> None:
        if value:
            self.body[key] = value
        else:  # as the page's: an empty value is no attribute
            self.body.pop(key, None)

    def probe(self, key: str, value: str) -> None:
        self.set_body(key, value)

    def set_class(self, element_id: str, cls: str) -> None:
        self.classes[element_id] = cls

    def on(self, event: str, handler: Callable[[Any], None]) -> None:
        self.handlers.setdefault(event, []).append(handler)

    def closest(self, event: Any, selector: str) -> Any:
        """The event's own element when it carries one of the selector's data attributes
        (the fake has no tree: an element is its own closest ancestor or nothing)."""
        target = getattr(event, "target", None)
        if not isinstance(target, FakeElement):
            return None
        return target if any(k in target.data for k in _data_keys(selector)) else None

    def data(self, element: Any, key: str) -> str | None:
        if not isinstance(element, FakeElement):
            return None
        return element.data.get(key)

    def form_values(self, form_id: str) -> tuple[dict[str, str], dict[str, str]]:
        values, seats = self.forms.get(form_id, ({}, {}))
        return dict(values), dict(seats)

    def set_value(self, selector: str, value: str) -> None:
        self.values[selector] = value

    def focus_first(self, selector: str) -> bool:
        self.focused.append(selector)
        self.trail.append(f"focus {selector}")
        return self.focus_ok

    def keep_tab_inside(self, event: Any) -> None:
        self.tabbed.append(event)

    def scroll_to_end(self, element_id: str) -> None:
        self.scrolled.append(element_id)

    def query_string(self) -> str:
        return self.query

    def embedded(self) -> bool:
        return self.is_embedded

    def referrer(self) -> str:
        return self.referrer_url

    def post_to_host(self, text: str, origin: str) -> None:
        self.posted.append((origin, json.loads(text)))

    def on_host_message(self, origin: str, limit: int,
                        handler: Callable[[str, str], None]) -> None:
        self.host_origin, self.host_limit, self.host_handler = origin, limit, handler

    def console_warn(self, text: str) -> None:
        self.warnings.append(text)

    def prevent_default(self, event: Any) -> None:
        if isinstance(event, FakeEvent):
            event.prevented = True

    # ------------------------------------------------------------------ storage

    def storage_get(self, key: str) -> str | None:
        return self.storage.get(key)

    def storage_set(self, key: str, text: str) -> str | None:
        """As the real store: a saved game's write that does not fit is told by the next
        storage_kept, any other at once."""
        if self.quota is not None:
            used = sum(len(k) + len(v) for k, v in self.storage.items() if k != key)
            if used + len(key) + len(text) > self.quota:
                full = "the browser's storage for this site is full"
                if not key.startswith(("moonshot.save.", "moonshot.current", "moonshot.embed.")):
                    return full
                self.unkept = self.unkept or full
                return None
        self.storage[key] = text
        return None

    def storage_remove(self, key: str) -> None:
        self.storage.pop(key, None)

    async def storage_kept(self) -> str | None:
        said, self.unkept = self.unkept, None
        return said

    async def hold_game(self, key: str, take: bool) -> bool:
        if key in self.elsewhere and not take:
            return False
        self.elsewhere.discard(key)
        self.held.add(key)
        return True

    def let_go(self, key: str) -> None:
        self.held.discard(key)

    def on_game_taken(self, handler: Callable[[str], None]) -> None:
        self.taken_handler = handler

    def take_elsewhere(self, key: str) -> None:
        """Another tab takes the game ``key`` (what the real store tells)."""
        self.held.discard(key)
        self.elsewhere.add(key)
        if self.taken_handler is not None:
            self.taken_handler(key)

    def storage_keys(self, prefix: str) -> list[str]:
        return [k for k in self.storage if k.startswith(prefix)]

    def storage_items(self, prefix: str) -> dict[str, str]:
        return {k: v for k, v in self.storage.items() if k.startswith(prefix)}

    # ------------------------------------------------------------------ files

    def download(self, file_name: str, text: str) -> None:
        self.downloads.append((file_name, text))

    async def read_file(self, element: Any, most: int) -> bytes | None:
        chosen = self.files.get(id(element))
        data = chosen.encode() if isinstance(chosen, str) else chosen
        return None if data is None else data[:most]

    def set_text(self, element_id: str, text: str) -> None:
        self.texts[element_id] = text

    def narrow_screen(self) -> bool:
        return self.narrow

    def close_details(self, element_id: str) -> None:
        self.closed_details.append(element_id)

    # ------------------------------------------------------------------ slices

    async def breathe(self) -> None:
        self.breaths += 1
        await asyncio.sleep(0)  # (the browser's turn: the event loop's other tasks here)

    # ------------------------------------------------------------------ focus and view

    def click_nth(self, selector: str, index: int) -> None:
        self.clicks.append((selector, index))

    def scroll_into_view(self, selector: str) -> None:
        self.scrolled.append(selector)
        self.trail.append(f"scroll {selector}")

    def reveal(self, container_id: str, selector: str) -> None:
        self.revealed.append((container_id, selector))

    def place_popover(self, popover_id: str, anchor_selector: str) -> None:
        self.popovers.append((popover_id, anchor_selector))

    def toggle_log(self) -> None:
        self.log_toggles += 1

    def spot(self, selector: str) -> None:
        self.spots.append(selector)

    def browser_languages(self) -> list[str]:
        return list(self.languages)

    def set_language(self, code: str) -> None:
        self.language = code

    def set_words(self, words: dict[str, tuple[str, str]]) -> None:
        self.words.update(words)

    async def load_once(self, tag: str, url: str) -> None:
        self.loaded.append((tag, url))

    def draw_chart(self, key: str, spec_json: str) -> None:
        self.charts[key] = spec_json

    def play_sound(self, name: str) -> None:
        self.sounds.append(name)

    # ------------------------------------------------------------------ online play

    def page_address(self) -> str:
        return self.address

    def on_hash_change(self, handler: Callable[[Any], None]) -> None:
        self.hash_handlers.append(handler)

    def on_resize(self, handler: Callable[[bool], None]) -> None:
        self.resize_handlers.append(handler)

    def resize(self) -> None:
        """The window took another size (with the keyboard's focus in a field: typing_now)."""
        for handler in self.resize_handlers:
            handler(self.typing_now)

    def location_hash(self) -> str:
        return self.hash

    def clear_hash(self) -> None:
        self.hash = ""

    async def peer_listen(self, handler: Callable[[str, str, str], None]) -> None:
        self.peer_handler = handler

    async def peer_offer(self, ident: str, ice_json: str, limit: int, rated: bool) -> str:
        self.offers.append(ident)
        return f"offer-sdp-{ident}"

    async def peer_accept(self, ident: str, sdp: str) -> None:
        self.accepted.append((ident, sdp))

    async def peer_answer(self, ident: str, sdp: str, ice_json: str, limit: int,
                          rated: bool) -> str:
        self.answered.append((ident, sdp))
        return f"answer-sdp-{ident}"

    def peer_send(self, ident: str, text: str) -> bool:
        if not self.connected:
            return False
        self.sent.append((ident, text))
        return True

    def peer_close(self, ident: str) -> None:
        self.peer_closed.append(ident)

    async def relay_listen(self, handler: Callable[[str, str, str], None]) -> None:
        self.relay_handler = handler

    async def relay_enter(self, room: str, relays_json: str, secret: str) -> None:
        self.rooms[room] = (json.loads(relays_json), secret)

    async def relay_send(self, room: str, text: str, relay: str = "") -> int:
        if room not in self.rooms:
            return 0
        self.relay_sent.append((room, text, relay))
        return 1

    def relay_leave(self, room: str) -> None:
        if self.rooms.pop(room, None) is not None:
            self.relay_left.append(room)

    async def qr_modules(self, text: str) -> list[str]:
        return ["1"]

    async def copy_text(self, text: str) -> bool:
        self.copied.append(text)
        return True


# ---------------------------------------------------------------------- reading the markup


class _Elements(HTMLParser):
    """Every element of a piece of markup with its attributes (no tree, no styles)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[FakeElement] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        given = {k: v or "" for k, v in attrs}
        data = {k[len("data-"):]: v for k, v in given.items() if k.startswith("data-")}
        self.found.append(FakeElement(data, given.get("value", ""), given.get("name", ""),
                                      tag.upper(), given))


def elements(markup: str, **data: str) -> list[FakeElement]:
    """The elements of ``markup`` whose data attributes include ``data`` (an attribute
    named with ``_`` for ``-``: ``testid="action"``); ``data`` empty: every element."""
    parser = _Elements()
    parser.feed(markup)
    wanted = {k.replace("_", "-"): v for k, v in data.items()}
    return [el for el in parser.found
            if all(el.data.get(k) == v for k, v in wanted.items())]
