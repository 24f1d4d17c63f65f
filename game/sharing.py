"""A finished game as a short text a link's fragment can hold (no server ever sees it).

:func:`share_code` packs a game's settings, seed and action log, with its final state's
fingerprint as a check, into URL-safe text (JSON, deflated, base64url). :func:`open_code`
reads such text back into the game, or refuses it with a :class:`BadCode` naming why: cut
short, damaged or edited, a game not finished. Reading costs bounded work whatever the text
holds: its length, the inflated size and the number of actions are capped before anything
is replayed, and every action is checked by the rules as it is replayed.

Only a finished game is shared: a game still being played would show its hidden cards.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import zlib
from typing import Any

from .core.actions import action_from_dict
from .core.errors import IllegalAction
from .core.names import SEATS
from .core.reading import Bounds, Unreadable, read_json
from .engine import Game, new_game
from .rules.terms import RULESETS

__all__ = ["MAX_CODE", "REASONS", "BadCode", "open_code", "share_code", "state_hash"]

VERSION = "1"
MAX_CODE = 20_000  # characters: a 500-action game takes some 2,600
MAX_INFLATED = 400_000  # bytes of JSON once inflated: a 500-action game takes some 35,000
MAX_ACTIONS = 3_000  # a long 4-player game logs some 600
BOUNDS = Bounds(chars=MAX_INFLATED, depth=6, digits=20)

# Why a code is refused (``BadCode.reason``): the UI words each one.
REASONS = ("empty", "version", "too-long", "cut", "damaged", "unreadable", "illegal",
           "unfinished", "edited")


class BadCode(ValueError):
    """A shared game's text refused: ``reason`` (one of :data:`REASONS`), and for an
    illegal action its number in the log (``at``)."""

    def __init__(self, reason: str, at: int = 0) -> None:
        assert reason in REASONS, reason
        super().__init__(f"{reason} (action {at})" if at else reason)
        self.reason = reason
        self.at = at


def state_hash(game: Game) -> str:
    """A short hash of a game's state (the fingerprint a replay shows)."""
    return hashlib.sha256(game.fingerprint().encode()).hexdigest()[:16]


def share_code(game: Game) -> str:
    """The finished ``game`` as URL-safe text: ``1.`` and the packed game."""
    if not game.is_over:
        raise ValueError("only a finished game is shared: its hidden cards are all told")
    s = game.state
    log = [[SEATS.index(seat), action.to_dict()] for seat, action in game.log]
    data = [s.ruleset, s.players, s.pair or "USA", game.seed, state_hash(game), log]
    packed = zlib.compress(json.dumps(data, separators=(",", ":")).encode(), 9)
    return f"{VERSION}.{base64.urlsafe_b64encode(packed).decode().rstrip('=')}"


def _inflate(code: str) -> bytes:
    """The JSON bytes in a code's packed part, within the bounds."""
    if not code:
        raise BadCode("empty")
    version, dot, packed = code.partition(".")
    if not dot or version != VERSION:
        raise BadCode("version")
    if len(code) > MAX_CODE:
        raise BadCode("too-long")
    if not packed:
        raise BadCode("empty")
    if len(packed) % 4 == 1:  # no base64 text ends there: the link was cut
        raise BadCode("cut")
    try:
        raw = base64.b64decode(packed + "=" * (-len(packed) % 4), altchars=b"-_",
                               validate=True)
    except (binascii.Error, ValueError):
        raise BadCode("damaged") from None
    inflater = zlib.decompressobj()
    try:
        text = inflater.decompress(raw, MAX_INFLATED + 1)
    except zlib.error:
        raise BadCode("damaged") from None
    if len(text) > MAX_INFLATED or inflater.unconsumed_tail:
        raise BadCode("too-long")
    if not inflater.eof:
        raise BadCode("cut")
    if inflater.unused_data:  # something after the packed game: not what was made
        raise BadCode("damaged")
    return text


def _settings(data: Any) -> tuple[str, int, str, int, str, list[Any]]:
    if not isinstance(data, list) or len(data) != 6:
        raise BadCode("unreadable")
    ruleset, players, pair, seed, fingerprint, log = data
    if (ruleset not in RULESETS or type(players) is not int or players not in (2, 3, 4)
            or pair not in ("USA", "USSR") or type(seed) is not int
            or not isinstance(fingerprint, str) or not isinstance(log, list)):
        raise BadCode("unreadable")
    if len(log) > MAX_ACTIONS:
        raise BadCode("too-long")
    return ruleset, players, pair, seed, fingerprint, log


def open_code(code: str) -> Game:
    """The finished game that :func:`share_code` packed into ``code``; :class:`BadCode`
    says why not."""
    try:
        data = read_json(_inflate(code.strip()), BOUNDS)
    except Unreadable:
        raise BadCode("unreadable") from None
    ruleset, players, pair, seed, fingerprint, log = _settings(data)
    game = new_game(seed, players=players, ruleset=ruleset, pair=pair)
    for number, entry in enumerate(log, start=1):
        # an entry is [seat's index, action]; none comes after the end of the game
        if (game.is_over or not isinstance(entry, list) or len(entry) != 2
                or type(entry[0]) is not int or not 0 <= entry[0] < len(SEATS)):
            raise BadCode("illegal", number)
        try:
            game.apply(SEATS[entry[0]], action_from_dict(entry[1]))
        except IllegalAction:
            raise BadCode("illegal", number) from None
    if not game.is_over:
        raise BadCode("unfinished")
    if state_hash(game) != fingerprint:
        raise BadCode("edited")
    return game
