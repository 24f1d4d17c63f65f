"""Undo and replay, built on the action log (a game is its seed, settings and log).

A nation may take back its own latest actions, but never past a *barrier*: an action that
used the random generator (a shuffle, a die roll), revealed something hidden (a card, tile,
module or Mission drawn from a deck, a face-down Moon risk turned up), or was taken by the
other nation (whose choice may have been private). Barriers are found by replaying the log,
so the engine's hot path pays nothing for undo.
"""

from __future__ import annotations

from collections.abc import Iterator

from .engine import Game, new_game


def _hidden_signature(game: Game) -> tuple[int, ...]:
    """Numbers that change whenever randomness is used or hidden information comes out."""
    s = game.state
    sizes = [s.rng.state, len(s.module_deck)]
    sizes += [len(d) for _, d in sorted(s.mission_decks.items())]
    sizes += [len(d) for _, d in sorted(s.risk_decks.items())]
    sizes += [len(d) for _, d in sorted(s.tile_decks.items())]
    for name in sorted(s.nations):
        n = s.nations[name]
        sizes += [len(n.deck), sum(n.moon_up)]
    return tuple(sizes)


def replay(game: Game, upto: int | None = None) -> Iterator[Game]:
    """A fresh game from ``game``'s seed and settings, yielded before any action and after
    each of the first ``upto`` logged actions (all of them by default). Each yielded game is
    a new copy, safe to keep."""
    log = game.log if upto is None else game.log[:upto]
    state = game.state
    current = new_game(game.seed, players=state.players, ruleset=state.ruleset,
                       pair=state.pair or "USA")
    yield current.clone()
    for seat, action in log:
        current.apply(seat, action)
        yield current.clone()


def barriers(game: Game) -> list[bool]:
    """For each logged action, whether it is a barrier to undo (see the module docstring)."""
    state = game.state
    current = new_game(game.seed, players=state.players, ruleset=state.ruleset,
                       pair=state.pair or "USA")
    found = []
    for seat, action in game.log:
        before = _hidden_signature(current)
        current.apply(seat, action)
        found.append(_hidden_signature(current) != before)
    return found


def undo_depth(game: Game, nation: str) -> tuple[int, str]:
    """How many of the latest actions ``nation`` may take back, and, when none, why not."""
    log = game.log
    if not log:
        return 0, "Nothing has been played yet."
    flags = barriers(game)
    depth = 0
    for (seat, _), barrier in zip(reversed(log), reversed(flags), strict=True):
        if seat.split(".")[0] != nation:
            reason = "the other nation has acted since"
            break
        if barrier:
            reason = "it revealed hidden information or used the dice or a shuffle"
            break
        depth += 1
    else:
        reason = "that is the start of the game"
    if depth:
        return depth, ""
    return 0, f"Undo is not available: {reason}."


def rewind(game: Game, count: int) -> Game:
    """The game as it was ``count`` actions ago (a new game; ``game`` is untouched)."""
    if not 0 <= count <= len(game.log):
        raise ValueError(f"cannot rewind {count} of {len(game.log)} actions")
    *_, last = replay(game, len(game.log) - count)
    return last
