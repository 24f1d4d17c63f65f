"""Invitation and answer codes for online play: a WebRTC offer or answer, packed to travel in
a link's fragment or a chat message, so no server ever sees it.

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
