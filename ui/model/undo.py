"""Undo for one player at the screen: the engine's barriers, limited to the player's seats.

Pure Python (no browser), so it is unit-tested in CPython (tests/test_ui_saves.py).
"""

from __future__ import annotations

from collections.abc import Sequence

import game
from game.analysis.history import Trace, undo_walk
from game.rules.terms import nation_of

from ..words.i18n import _


def _stopped(stop: str) -> str:
    """Why undo stops, as a whole sentence (``stop``: game.analysis.history.undo_walk's reason)."""
    known = {
        "the other nation has acted since":
            _("Undo is not available: the other nation has acted since."),
        "it revealed hidden information or used the dice or a shuffle":
            _("Undo is not available: it revealed hidden information or used the dice or a "
              "shuffle."),
        "a computer player's move since used the dice or a shuffle or showed you a card or "
        "tile":
            _("Undo is not available: a computer player's move since used the dice or a "
              "shuffle or showed you a card or tile."),
        "that is the start of the game":
            _("Undo is not available: that is the start of the game."),
    }
    return known.get(stop) or _("Undo is not available: {reason}.").format(reason=stop)


def player_undo(g: game.Game, seats: tuple[str, ...], ai_seats: frozenset[str] = frozenset(),
                known: Sequence[Trace] | None = None) -> tuple[int, str]:
    """How many of the latest actions one Undo takes back for the player holding ``seats``,
    and when none, why not.

    One Undo takes back the player's last action together with every computer player's
    action after it (the computers then decide again). The engine's
    :func:`game.analysis.history.undo_walk` says how far back is allowed: never past dice, shuffles,
    draws, something shown to the player, or the other nation's move unless a computer made
    it. A person's move (a teammate's or a rival's) is never undone. ``known``: the traces
    of the log, when the caller keeps them (:func:`game.analysis.history.apply_traced`)."""
    if g.is_over:
        return 0, _("Undo is not available: the game is over.")
    if not g.log_size:
        return 0, _("Nothing has been played yet.")
    nation = nation_of(seats[0])
    depth, stop = undo_walk(g, nation, ai_seats, known)
    for back, (seat, _action) in enumerate(reversed(g.log[-depth:] if depth else [])):
        if seat in seats:
            return back + 1, ""
        if seat not in ai_seats:
            return 0, _("Undo is not available: your teammate has acted since.")
    if not any(seat in seats for seat, _action in g.log):
        return 0, _("Undo is not available: you have not acted yet.")
    return 0, _stopped(stop)
