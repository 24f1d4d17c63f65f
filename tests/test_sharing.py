"""A finished game as a link's code (game.sharing): the same game back, short enough for a
link, and every damaged or edited code refused with its reason, in bounded time."""

from __future__ import annotations

import base64
import json
import random
import time
import zlib
from functools import cache

import pytest

import game
from game.ai.levels import HeuristicAI
from game.sharing import MAX_CODE, BadCode, open_code, share_code, state_hash
from tests.test_ui_saves import played
from ui.model.replay import shared_code, shared_link

LINK_LIMIT = 8_000  # characters, the bound for a long game's link
ADDRESS = "https://example.github.io/moonshot/index.html"


@cache
def long_game() -> game.Game:
    """A whole 4-player game of two medium computer teams (over 400 actions)."""
    ai, rng = HeuristicAI("medium", shallow=False), random.Random(1)
    g = game.new_game(1, players=4)
    while not g.is_over:
        seat = g.to_act()[0]
        g.apply(seat, ai.choose(g.view(seat), g.legal_actions(seat), rng))
    return g


def pack(data: object) -> str:
    """A code written as share_code writes one, around any ``data``."""
    raw = zlib.compress(json.dumps(data, separators=(",", ":")).encode(), 9)
    return "1." + base64.urlsafe_b64encode(raw).decode().rstrip("=")


def test_a_long_finished_game_comes_back_whole_from_a_short_link() -> None:
    g = long_game()
    assert g.log_size > 400
    code = share_code(g)
    link = shared_link(ADDRESS, code)
    print(f"\na {g.log_size}-action game, {g.round} rounds, 4 players: its link has "
          f"{len(link)} characters ({len(code)} of them the game)")
    assert len(link) < LINK_LIMIT
    assert shared_code(link[len(ADDRESS):]) == code
    back = open_code(code)
    assert back == g and back.to_json() == g.to_json() and state_hash(back) == state_hash(g)


def test_a_game_still_being_played_is_never_shared() -> None:
    with pytest.raises(ValueError):
        share_code(played(3, 40))
    g = played(3, 40)  # and a code made around one anyway is refused
    log = [[game.SEATS.index(s), a.to_dict()] for s, a in g.log]
    with pytest.raises(BadCode) as refused:
        open_code(pack(["v0.10.4", 2, "USA", 3, state_hash(g), log]))
    assert refused.value.reason == "unfinished"


def damaged_codes(g: game.Game) -> dict[str, tuple[str, str]]:
    """Twenty and more ways a link's code arrives wrong, each with the reason it must get."""
    code = share_code(g)
    head, body = code[:2], code[2:]
    data = json.loads(zlib.decompress(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))))
    ruleset, players, pair, seed, fingerprint, log = data
    other = "0" * 16 if fingerprint != "0" * 16 else "1" * 16
    swapped = list(log)
    swapped[5], swapped[6] = swapped[6], swapped[5]
    flipped = body[:40] + ("A" if body[40] != "A" else "B") + body[41:]
    return {
        "nothing": ("", "empty"),
        "only the version": (head, "empty"),
        "another version": ("2." + body, "version"),
        "no version": (body, "version"),
        "cut to half": (code[: len(code) // 2], "cut"),
        "cut by one character": (code[:-1], "cut"),
        "cut by four characters": (code[:-4], "cut"),
        "a character changed": (head + flipped, "damaged"),
        "a character not of base64": (head + body[:30] + "*" + body[31:], "damaged"),
        "a space inside": (head + body[:30] + " " + body[30:], "damaged"),
        "something after it": (code + "AAAA", "damaged"),
        "not deflated": (head + base64.urlsafe_b64encode(b"hello world!").decode(), "damaged"),
        "far too long": (head + "A" * (MAX_CODE + 10), "too-long"),
        "a deflate bomb": (head + base64.urlsafe_b64encode(
            zlib.compress(b" " * 5_000_000, 9)).decode().rstrip("="), "too-long"),
        "not JSON": (pack("x")[:2] + base64.urlsafe_b64encode(zlib.compress(b"{oops")).decode(),
                     "unreadable"),
        "a list of the wrong size": (pack([ruleset, players, pair, seed, log]), "unreadable"),
        "an unknown ruleset": (pack(["v9", players, pair, seed, fingerprint, log]),
                               "unreadable"),
        "five players": (pack([ruleset, 5, pair, seed, fingerprint, log]), "unreadable"),
        "a seed in words": (pack([ruleset, players, pair, str(seed), fingerprint, log]),
                            "unreadable"),
        "another seed": (pack([ruleset, players, pair, seed + 1, fingerprint, log]),
                         "illegal"),
        "two actions swapped": (pack([ruleset, players, pair, seed, fingerprint, swapped]),
                                "illegal"),
        "a seat out of range": (pack([ruleset, players, pair, seed, fingerprint,
                                      [[9, log[0][1]], *log[1:]]]), "illegal"),
        "an action of no kind": (pack([ruleset, players, pair, seed, fingerprint,
                                       [[log[0][0], {"type": "win"}], *log[1:]]]), "illegal"),
        "the last action dropped": (pack([ruleset, players, pair, seed, fingerprint,
                                          log[:-1]]), "unfinished"),
        "an action after the end": (pack([ruleset, players, pair, seed, fingerprint,
                                          [*log, log[-1]]]), "illegal"),
        "another final state": (pack([ruleset, players, pair, seed, other, log]), "edited"),
        "too many actions": (pack([ruleset, players, pair, seed, fingerprint,
                                   [log[0]] * 3_001]), "too-long"),
    }


def test_damaged_and_edited_codes_are_refused_with_their_reason_in_bounded_work(
    applied: list[int],
) -> None:
    """Each refused with its reason, none replaying more actions than the game has (what a
    good code costs); the times are printed."""
    g = long_game()
    applied[0] = 0
    started = time.perf_counter()
    open_code(share_code(g))
    whole = time.perf_counter() - started
    assert applied[0] == g.log_size
    worst, most = 0.0, 0
    codes = damaged_codes(g)
    assert len(codes) >= 20
    for name, (code, reason) in codes.items():
        applied[0] = 0
        started = time.perf_counter()
        with pytest.raises(BadCode) as refused:
            open_code(code)
        worst = max(worst, time.perf_counter() - started)
        most = max(most, applied[0])
        assert refused.value.reason == reason, name
        assert applied[0] <= g.log_size + 1, name
        if reason == "illegal":
            assert refused.value.at >= 1
    print(f"\nthe whole game read back in {whole * 1000:.1f} ms ({g.log_size} actions); the "
          f"slowest of {len(codes)} refusals {worst * 1000:.1f} ms, at most {most} actions "
          "replayed")
