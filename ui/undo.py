"""Undo for one player at the screen: the engine's barriers, limited to the player's seats.

Pure Python (no browser), so it is unit-tested in CPython (tests/test_ui_saves.py).
"""

from __future__ import annotations

import game
from game.history import undo_depth


def player_undo(g: game.Game, seats: tuple[str, ...], ai_seats: frozenset[str] = frozenset(),
                ) -> tuple[int, str]:
    """How many of the latest actions the player holding ``seats`` may take back, and when
    none, why not. The engine's :func:`game.history.undo_depth` (per nation: never past
    dice, shuffles, reveals or the other nation's moves) is further limited to this player's
    own actions, so a teammate's move (a person's or an AI's) is never undone."""
    if g.is_over:
        return 0, "Undo is not available: the game is over."
    nation = seats[0].split(".")[0]
    depth, reason = undo_depth(g, nation)
    if depth == 0:
        return 0, reason
    own = 0
    for seat, _ in reversed(g.log[-depth:]):
        if seat not in seats:
            if own == 0:
                who = "your AI teammate" if seat in ai_seats else "your teammate"
                return 0, f"Undo is not available: {who} has acted since."
            break
        own += 1
    return own, ""
