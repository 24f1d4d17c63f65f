"""Undo and replay, built on the action log (a game is its seed, settings and log).

A nation may take back its own latest actions, but never past a *barrier*: an action that
used the random generator (a shuffle, a die roll), drew something hidden (a card, tile,
module or Mission from a deck, a face-down Moon risk turned up), or showed the nation
something it had not seen (the rival's Maneuver card played from hand, the tile the rival
kept back from a Research, the kinds of the tokens on an evaluated stack). Actions of the
other nation stop undo too, unless they belong to seats the caller names as *undoable*
(computer players, which simply decide again) and none of them is a barrier.

Barriers are found by replaying the log, so the engine's hot path pays nothing for undo; a
caller that applies actions one by one (the app) keeps them with :func:`apply_traced` and
never replays.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.events import Evaluated, Event, ManeuverPlayed, TileKept
from ..core.names import NATIONS, NationId, Seat
from ..engine import Game, new_game
from ..rules.terms import nation_of

# Events that make something private public: the card a nation plays from its hand and the
# tile it keeps back from a Research show the rival what only the actor knew; an evaluation
# turns every token on the stack face up, so both nations learn something.
_SHOWN_TO_RIVAL: tuple[type[Event], ...] = (ManeuverPlayed, TileKept)
_SHOWN_TO_BOTH: tuple[type[Event], ...] = (Evaluated,)


def _hidden_signature(game: Game) -> tuple[int, ...]:
    """Numbers that change whenever randomness is used or a hidden card or tile is drawn."""
    s = game.state
    sizes = [s.rng.state, len(s.module_deck)]
    sizes += [len(d) for _, d in sorted(s.mission_decks.items())]
    sizes += [len(d) for _, d in sorted(s.risk_decks.items())]
    sizes += [len(d) for _, d in sorted(s.tile_decks.items())]
    for name in sorted(s.nations):
        n = s.nations[name]
        sizes += [len(n.deck), sum(n.moon_up)]
    return tuple(sizes)


def _shown_to(events: list[Event], actor: str) -> set[str]:
    """The nations an action's events showed something they had not seen."""
    found: set[str] = set()
    for event in events:
        if isinstance(event, _SHOWN_TO_BOTH):
            found.update(NATIONS)
        elif isinstance(event, _SHOWN_TO_RIVAL):
            found.update(n for n in NATIONS if n != actor)
    return found


@dataclass(frozen=True, slots=True)
class Trace:
    """What one logged action did that undo must respect: whether it used randomness or drew
    something hidden, and which nations it showed something they had not seen."""

    hidden_changed: bool
    shown: frozenset[str]

    def bars(self, nation: NationId | None) -> bool:
        """Whether the action is a barrier for ``nation`` (``None``: for anyone)."""
        revealed = bool(self.shown) if nation is None else nation in self.shown
        return self.hidden_changed or revealed


def apply_traced(game: Game, seat: Seat, action: Any) -> tuple[list[Event], Trace]:
    """``game.apply(seat, action)`` and the action's :class:`Trace` (the events first)."""
    before = _hidden_signature(game)
    events = game.apply(seat, action)
    shown = frozenset(_shown_to(events, nation_of(seat)))
    return events, Trace(_hidden_signature(game) != before, shown)


def traces(game: Game) -> list[Trace]:
    """The trace of every logged action, by replaying the log from the seed."""
    current = fresh(game)
    return [apply_traced(current, seat, action)[1] for seat, action in game.log]


def fresh(game: Game) -> Game:
    """A new game with ``game``'s seed and settings, before any action."""
    state = game.state
    return new_game(game.seed, players=state.players, ruleset=state.ruleset,
                    pair=state.pair or "USA")


def replay(game: Game, upto: int | None = None) -> Iterator[Game]:
    """A fresh game from ``game``'s seed and settings, yielded before any action and after
    each of the first ``upto`` logged actions (all of them by default). Each yielded game is
    a new copy, safe to keep."""
    log = game.log if upto is None else game.log[:upto]
    current = fresh(game)
    yield current.clone()
    for seat, action in log:
        current.apply(seat, action)
        yield current.clone()


def barriers(game: Game, nation: NationId | None = None) -> list[bool]:
    """For each logged action, whether it is a barrier to undo for ``nation``: it used
    randomness, drew something hidden, or showed ``nation`` something it had not seen
    (``None``: showed anyone anything)."""
    return [t.bars(nation) for t in traces(game)]


def undo_walk(game: Game, nation: NationId, undoable: frozenset[str] = frozenset(),
              known: Sequence[Trace] | None = None) -> tuple[int, str]:
    """How many of the latest actions ``nation`` may take back, and what stops it there (in
    words that finish "Undo is not available: ..."). Actions of ``undoable`` seats of the
    other nation may be taken back with them. ``known``: the log's traces, when the caller
    kept them (see :func:`apply_traced`); otherwise the log is replayed."""
    log = game.log
    if not log:
        return 0, ""
    if known is not None and len(known) != len(log):
        raise ValueError(f"{len(known)} traces for {len(log)} logged actions")
    flags = [t.bars(nation) for t in (traces(game) if known is None else known)]
    depth = 0
    for (seat, _), barrier in zip(reversed(log), reversed(flags), strict=True):
        ours = nation_of(seat) == nation
        if not ours and seat not in undoable:
            return depth, "the other nation has acted since"
        if barrier:
            if ours:
                return depth, "it revealed hidden information or used the dice or a shuffle"
            return depth, ("a computer player's move since used the dice or a shuffle or "
                           "showed you a card or tile")
        depth += 1
    return depth, "that is the start of the game"


def undo_depth(game: Game, nation: NationId, undoable: frozenset[str] = frozenset(),
               ) -> tuple[int, str]:
    """How many of the latest actions ``nation`` may take back, and, when none, why not.

    ``undoable``: seats of the other nation (computer players) whose actions may be taken back
    too, as long as none of them is a barrier for ``nation``."""
    if not game.log_size:
        return 0, "Nothing has been played yet."
    depth, stop = undo_walk(game, nation, undoable)
    if depth:
        return depth, ""
    return 0, f"Undo is not available: {stop}."


def rewind(game: Game, count: int) -> Game:
    """The game as it was ``count`` actions ago (a new game; ``game`` is untouched)."""
    if not 0 <= count <= game.log_size:
        raise ValueError(f"cannot rewind {count} of {game.log_size} actions")
    *_, last = replay(game, game.log_size - count)
    return last
