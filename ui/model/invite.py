"""Invitation and answer codes for online play: a WebRTC offer or answer, packed to travel in
a link's fragment or a chat message, so no server ever sees it; and the messages a guest and
the host exchange through the signaling relays (public/relay.js), which open the connection
from the link alone.

Pure Python (no browser), unit-tested in CPython (tests/test_ui_invite.py).

A code is ``<kind><version>.<data>``: ``kind`` is ``o`` (the host's offer, in the invitation
link after ``#join=``) or ``a`` (the guest's answer), ``data`` the JSON payload compressed
with raw DEFLATE and written in URL-safe base64 without padding. A browser puts everything
after ``#`` in the fragment, which it never sends to a web server. The payload is checked on
the way in: a code that is too long, does not inflate, inflates too far (a "zip bomb") or is
not a JSON object is refused with :class:`BadCode`.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from typing import Any

from game.core.reading import Bounds, Unreadable, read_json

from ..words.i18n import _

VERSION = 1
KINDS = {"offer": "o", "answer": "a"}
MAX_CODE = 8_192  # characters of a code; an offer with a few candidates needs about 700
MAX_PAYLOAD = 32_768  # bytes once inflated
CODE = Bounds(MAX_PAYLOAD, 8, 20)  # a code's payload: an SDP and candidates, 3 deep
FRAGMENT = "#join="
# The signaling relays' messages (public/relay.js seals and opens them with the link's secret):
# a guest's "knock" (its page's own name and its WebRTC offer), the host's "welcome" (the
# answer) or "refused" (a reason, which the guest's page puts in words). In the host's lobby
# (a room of every link this browser hosts), a guest's "ask": is its link's game and
# invitation the one the host's page holds now? (answered only by a refusal)
RELAY_KINDS = ("knock", "welcome", "refused", "ask")
# why a knock or an ask is refused: the seats are played on a screen that is connected; the
# watchers' places are taken; the link is of another game; the invitation was replaced
REFUSALS = ("taken", "full", "other-game", "replaced")
LOBBY_KEY = "moonshot.lobby"  # this browser's lobby secret, made once (localStorage)
MAX_RELAY_MESSAGE = 16_000  # characters (relay.js takes at most 16 KB a payload)
RELAY_MESSAGE = Bounds(MAX_RELAY_MESSAGE, 8, 2)
MAX_PAGE_NAME = 32  # characters of the name a knocking page gives itself
MAX_RELAYS = 6  # relays an invitation names
# network addresses one offer or answer may name for the other browser to try: a browser
# gathers a handful; a page that names hundreds would have the host's browser probe them all
MAX_CANDIDATES = 32
MAX_RELAY_URL = 200


class BadCode(ValueError):
    """A code (or link) that is not a valid invitation or answer; the text says why."""


def pack(kind: str, payload: dict[str, Any]) -> str:
    """The code for ``payload`` (a JSON object) as ``kind`` ("offer" or "answer")."""
    raw = json.dumps(payload, separators=(",", ":"), sort_keys=True).encode()
    squeezer = zlib.compressobj(9, zlib.DEFLATED, -15)
    data = squeezer.compress(raw) + squeezer.flush()
    text = base64.urlsafe_b64encode(data).decode().rstrip("=")
    return f"{KINDS[kind]}{VERSION}.{text}"


def found_code(kind: str, text: str) -> str:
    """The longest code of ``kind`` inside ``text`` (a link, or a whole chat message that
    carries one among other words); ``text`` itself, stripped, when it holds none."""
    head = re.escape(f"{KINDS[kind]}{VERSION}.")
    codes = re.findall(rf"(?<![\w-]){head}[\w-]+", text[:4 * MAX_CODE])
    return max(codes, key=len) if codes else text.strip()


def unpack(kind: str, code: str) -> dict[str, Any]:
    """The payload of a code of ``kind``; a link holding one, or any text around it (a
    whole chat message copied), works too."""
    code = found_code(kind, code)
    if len(code) > MAX_CODE:
        raise BadCode(_("A code has at most {count} characters.").format(count=MAX_CODE))
    head, dot, text = code.partition(".")
    if not dot or head != f"{KINDS[kind]}{VERSION}":
        raise BadCode(_("This is not an invitation of this version of the game.")
                      if kind == "offer" else
                      _("This is not an answer code of this version of the game."))
    damaged = BadCode(_("The code is damaged; copy it again, whole."))
    try:
        data = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
        inflater = zlib.decompressobj(-15)
        raw = inflater.decompress(data, MAX_PAYLOAD)  # stops there: no "zip bomb"
    except (binascii.Error, zlib.error, ValueError):
        raise damaged from None
    if inflater.unconsumed_tail or not inflater.eof:
        raise BadCode(_("The code is cut short or too large; copy it again, whole."))
    try:
        payload = read_json(raw, CODE)  # (one the game made is always within its bounds)
    except Unreadable:
        raise damaged from None
    if not isinstance(payload, dict):
        raise damaged
    return payload


def link(page_url: str, offer_code: str) -> str:
    """The invitation link: this page's address (its own fragment dropped) and the code."""
    return page_url.split("#", 1)[0] + FRAGMENT + offer_code


def code_in(fragment: str) -> str | None:
    """The offer code in a page's fragment (``location.hash``), if it is an invitation."""
    return fragment[len(FRAGMENT):] if fragment.startswith(FRAGMENT) else None


def lobby_in(payload: dict[str, Any]) -> tuple[str, str]:
    """An invitation's lobby secret and game, both or neither ("", "")."""
    lobby, game = payload.get("lobby"), payload.get("game")
    if not isinstance(lobby, str) or not 16 <= len(lobby) <= 64 \
            or not re.fullmatch(r"[\w-]+", lobby) or not isinstance(game, str) \
            or not 0 < len(game) <= MAX_PAGE_NAME:
        return "", ""
    return lobby, game


def relays_in(payload: dict[str, Any]) -> tuple[str, list[str]]:
    """An invitation's secret and relays, both or neither: ("", []) for an invitation made
    without relays (by an older page, or a host who gave none), whose guest answers by code."""
    secret, relays = payload.get("key"), payload.get("relays")
    if not isinstance(secret, str) or not 16 <= len(secret) <= 64 \
            or not re.fullmatch(r"[\w-]+", secret) or not isinstance(relays, list):
        return "", []
    kept = [url for url in relays[:MAX_RELAYS] if isinstance(url, str)
            and url.startswith(("wss://", "ws://")) and len(url) <= MAX_RELAY_URL]
    return (secret, kept) if kept else ("", [])


def relay_message(kind: str, **fields: str) -> str:
    """A message for the room, as JSON text (relay.js seals it)."""
    assert kind in RELAY_KINDS
    return json.dumps({"t": kind, **fields}, separators=(",", ":"))


def read_relay_message(text: str) -> dict[str, str] | None:
    """A message another page sent the room, if it is one of ours and whole: an object whose
    kind is known and whose every field is text; None otherwise (it is ignored: a room's
    messages come from pages that hold the link, so a malformed one is a page of another
    version, or a faulty one)."""
    try:
        message = read_json(text, RELAY_MESSAGE)
    except Unreadable:
        return None
    if not isinstance(message, dict) or message.get("t") not in RELAY_KINDS \
            or not all(isinstance(value, str) for value in message.values()):
        return None
    named = message.get("from" if message["t"] in ("knock", "ask") else "to", "")
    needs = {"knock": "sdp", "welcome": "sdp", "refused": "why", "ask": "game"}[message["t"]]
    if not 0 < len(named) <= MAX_PAGE_NAME or not message.get(needs) \
            or message.get("sdp", "").count("a=candidate") > MAX_CANDIDATES \
            or (message["t"] == "refused" and message["why"] not in REFUSALS):
        return None
    return message
