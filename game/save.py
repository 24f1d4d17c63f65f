"""Saving and loading a whole :class:`~game.engine.Game` (the format: :mod:`game.rules.saving`).

Loading replays the log from the seed through the rules, so a save cannot smuggle in an
illegal move, and then compares the replayed state with the saved one, so an edited number
(money raised, a card moved) is caught and named.
"""

from __future__ import annotations

from .engine import Game, new_game
from .rules.saving import FORMAT, VERSION, Saved, check_state, read_save, replay_log, saved_from

__all__ = ["FORMAT", "VERSION", "load", "load_data", "to_json"]


def to_json(game: Game) -> str:
    """The complete game as JSON text (see :func:`load`)."""
    return game.to_json()


def load(text: str) -> Game:
    """Rebuild a game from :func:`to_json` text; anything wrong raises :class:`BadSave`."""
    return replayed(read_save(text))


def load_data(data: object) -> Game:
    """:func:`load` of a save already read as JSON by the one bounded reader (the ``save``
    field of an export: not written out and read again)."""
    return replayed(saved_from(data))


def replayed(saved: Saved) -> Game:
    """The game of a save's settings and log, checked against its final state."""
    game = new_game(saved.seed, players=saved.players, ruleset=saved.ruleset, pair=saved.pair)
    replay_log(saved.log, game.apply)
    check_state(saved.state, game.state)
    return game
