"""The board as the controller: which things on the board each legal action is taken through.

Every legal action of the acting seat is a *path*: the board things a person touches, in
order, such as a card in hand and then a Politics-board place, or a blueprint cell and then a
rotation offered on that cell. Things are named by target ids (``"hand:USA:press_conference"``,
``"cell:USSR:7"``); options offered on the thing last touched start with ``"opt:"``.

:class:`Pick` follows a half-made choice: what is marked as actionable now, which options
show on the chosen thing, and what a touch does. It only ever completes an action from
``legal_actions``: the engine stays the only judge of what is allowed.

Pure Python (no browser), so every path is checked in CPython (tests/test_ui_targets.py).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, NewType, Protocol, TypeVar

from game.core import actions as A
from game.core.actions import Action
from game.core.names import NationId, Seat, is_nation
from game.rules.records import Decision, View
from game.rules.terms import nation_of, other

from ..loop.messages import Tab
from ..words.names import content

COLS = content().board.cols  # the Rocket Blueprint's columns (game/content/board.toml)

# A board thing, or an option offered on the thing last touched: "cell:USSR:7", "opt:rot1".
TargetId = NewType("TargetId", str)
Path = tuple[TargetId, ...]


def target_id(kind: str, *parts: object) -> TargetId:
    """The id of a board thing of ``kind`` named by ``parts`` (``target_id("cell", "USSR", 7)``
    is ``"cell:USSR:7"``; an option: ``_opt("rot1")``). Every id the board's markup,
    the marks of a move and the paths of an action use is made here."""
    # (the board's markup makes some two hundred a paint: the usual arities, formatted)
    if len(parts) == 2:
        return TargetId(f"{kind}:{parts[0]}:{parts[1]}")
    if len(parts) == 1:
        return TargetId(f"{kind}:{parts[0]}")
    return TargetId(":".join((kind, *map(str, parts))))


class Acting(Protocol):
    """What a board path reads of the acting seat's view: a :class:`View`, or a
    :class:`_Mover` (the trail knows only who moved, no view)."""

    @property
    def nation(self) -> NationId | None: ...
    @property
    def decision(self) -> Decision | None: ...


@dataclass(frozen=True)
class _Mover:
    """A past move's nation, with no decision at hand."""

    nation: NationId
    decision: Decision | None = None


Act = TypeVar("Act", bound=Action)
PathsOf = Callable[[Act, Acting], list[Path]]  # (action, view) -> paths


def _opt(*parts: object) -> TargetId:
    """An option offered on the thing last touched: ``opt:rot1``, ``opt:explore:2``."""
    return target_id("opt", *parts)


def _me(view: Acting) -> NationId:
    """The acting nation: a view with actions to path has one (a spectator's has none)."""
    if view.nation is None:
        raise ValueError("no acting nation in a spectator's view")
    return view.nation


def _decision_place(view: Acting) -> str:
    return view.decision.about if view.decision else ""


def _cell(a: A.PlaceTile | A.LoadPayload, view: Acting) -> TargetId:
    """A space of the acting nation's Rocket Blueprint: ``cell:USA:7``."""
    return target_id("cell", _me(view), a.row * COLS + a.col)


def _own(thing: str) -> PathsOf[Action]:
    """One touch on a thing of the acting nation, such as ``discussion:USA``."""
    return lambda a, view: [(target_id(thing, _me(view)),)]


def _tie(a: Action, view: Acting) -> list[Path]:
    """A tie is settled on the stack the decision is about."""
    return [(target_id("stack", _me(view), _decision_place(view)), _opt(a.kind))]


def _research(a: A.Research, view: Acting) -> list[Path]:
    """Either deck first, the other offered on it."""
    first, second = a.first, a.second
    found: list[Path] = [(target_id("deck", first), _opt(second))]
    if first != second:
        found.append((target_id("deck", second), _opt(first)))
    return found


def _on(cls: type[Act], of: PathsOf[Act]) -> tuple[type[Action], PathsOf[Any]]:
    """The board paths of the actions of class ``cls`` (``of`` is checked against it)."""
    return cls, of


# The board paths of each action class (game/core/actions.py), in the engine's order. The
# other looks of an action (its bar label, its name in a hint) are in ui/markup/looks.py.
PATHS: dict[type[Action], PathsOf[Any]] = dict([
    _on(A.EndDiscussion, _own("discussion")),
    _on(A.PlayManeuver, lambda a, v: [(target_id("hand", a.card),
                                       target_id("place", _me(v), a.place))]),
    _on(A.PassManeuvers, _own("hand-pass")),
    _on(A.PlaceToken, lambda a, v: [(target_id("stack", a.board, a.place), _opt(a.token))]),
    _on(A.FinishSupport, _own("tokens-done")),
    _on(A.AnnounceMission, lambda a, v: [(target_id("mdeck", a.level),)]),
    _on(A.RaiseInfluence, lambda a, v: [(target_id("influence", _me(v)), _opt(a.amount))]),
    _on(A.Launch, lambda a, v: [(target_id("mission", a.mission),)]),
    _on(A.Abort, _own("rocket")),
    _on(A.ClaimReward, lambda a, v: [(target_id("reward", _me(v)), _opt("claim"))]),
    _on(A.ExploreMoon, lambda a, v: [(target_id("reward", _me(v)), _opt("explore", a.slot)),
                                     (target_id("moonrisk", _me(v), a.slot),)]),
    _on(A.Evaluate, lambda a, v: [(target_id("stack", _me(v), a.place), _opt("evaluate"))]),
    _on(A.Escalate, lambda a, v: [(target_id("stack", _me(v), a.place), _opt("escalate", a.card))]),
    _on(A.PayForTie, _tie),
    _on(A.ConcedeTie, _tie),
    _on(A.TakeFromLine, lambda a, v: [(target_id("line", _me(v), a.deck), _opt("install"))]),
    _on(A.Research, _research),
    _on(A.TakeFromPile, lambda a, v: [(target_id("pile"),)]),
    _on(A.KeepTile, lambda a, v: [(target_id("keep", _me(v), a.index),)]),
    _on(A.PlaceTile, lambda a, v: [(_cell(a, v), _opt(f"rot{a.rotation}"))]),
    _on(A.LineToSuppliers, lambda a, v: [(target_id("line", _me(v), a.deck), _opt("suppliers"))]),
    _on(A.OrderModule, lambda a, v: [(target_id("modrow", a.module),
                                      target_id("supplier", _me(v), a.space))]),
    _on(A.Test, lambda a, v: [(target_id("risk", a.risk), _opt("test"))]),
    _on(A.RemoveSabotage, lambda a, v: [(target_id("sabotage", _me(v)), _opt(a.count))]),
    _on(A.LoadPayload, lambda a, v: [(_cell(a, v), _opt(a.payload))]),
    _on(A.BookPayload, lambda a, v: [(target_id("mission", a.mission), _opt(a.payload))]),
    _on(A.StealTest, lambda a, v: [(target_id("risk", a.risk), _opt("steal"))]),
    _on(A.StealTech, lambda a, v: [(target_id("line", other(_me(v)), a.deck), _opt("steal"))]),
    _on(A.InstallModule, lambda a, v: [(target_id("slot", _me(v), a.slot),)]),
    _on(A.SetAdaptivity, lambda a, v: [(target_id("adapt", _me(v)), _opt(f"{a.s}-{a.e}-{a.c}"))]),
    _on(A.PassEngineer, _own("eng-pass")),
])


def paths(action: Action, view: Acting) -> list[Path]:
    """The ways to take ``action`` on the board, as target ids touched in order."""
    found = PATHS.get(type(action))
    if found is None:
        raise ValueError(f"no board path for {action.kind}")
    return found(action, view)


@dataclass
class Pick:
    """A half-made choice on the board among ``actions`` (the seat's legal actions)."""

    routes: list[tuple[Path, int]]  # every path, with the index of its action
    chosen: Path = ()

    @classmethod
    def of(cls, actions: list[Action], view: View, chosen: Path = ()) -> Pick:
        routes = [(path, i) for i, action in enumerate(actions) for path in paths(action, view)]
        pick = cls(routes)
        if pick._following(chosen):
            pick.chosen = chosen
        return pick

    def _following(self, prefix: Path) -> list[tuple[Path, int]]:
        n = len(prefix)
        return [(p, i) for p, i in self.routes if p[:n] == prefix and len(p) > n]

    def next_steps(self) -> dict[str, list[int]]:
        """The things (or options) that may be touched next, with the actions they lead to."""
        found: dict[str, list[int]] = {}
        for path, index in self._following(self.chosen):
            found.setdefault(path[len(self.chosen)], []).append(index)
        return found

    def marked(self) -> set[str]:
        """Board things marked as actionable now: the next steps (not options), and the thing
        already chosen (touching it again cancels)."""
        marks = {t for t in self.next_steps() if not t.startswith("opt:")}
        return marks | set(self.chosen[-1:])

    def options(self) -> list[tuple[str, int]]:
        """Options offered on the chosen thing: (option id, action index), in action order."""
        if not self.chosen:
            return []
        steps = self.next_steps()
        return sorted(((t, ix[0]) for t, ix in steps.items() if t.startswith("opt:")),
                      key=lambda pair: pair[1])

    def chosen_cell(self) -> int | None:
        """The blueprint cell chosen first (a tile's placement or a payload), if any."""
        first = self.chosen[0] if self.chosen else ""
        return int(first.rsplit(":", 1)[1]) if first.startswith("cell:") else None

    def touch(self, target: str) -> int | None:
        """Touch a board thing or an option: returns the index of the action it completes
        (as soon as only one action is left that way), or None (the choice moved on, was
        cancelled, or the touch did nothing). Touching another first thing starts over."""
        touched = TargetId(target)  # (what the page names: an id no path holds does nothing)
        if self.chosen and touched == self.chosen[-1]:
            self.chosen = ()  # a second touch on the chosen thing cancels
            return None
        for prefix in ((*self.chosen, touched), (touched,)):
            step = len(prefix) - 1
            leads = {i for p, i in self._following(prefix[:-1]) if p[step] == touched}
            if not leads:
                continue
            if len(leads) == 1:  # only one action left this way: take it
                self.chosen = ()
                return leads.pop()
            self.chosen = prefix
            return None
        return None


NO_PICK = Pick([])  # no decision at hand: nothing marked, nothing to choose

# Things drawn in the centre column (the shared board); the rest are on a nation's board.
CENTRE_THINGS = ("mdeck:", "mission:", "risk:", "deck:", "pile", "modrow:", "moonrisk:")


def tab_of(target: str) -> Tab | None:
    """The phone tab that shows a board thing: ``centre``, or the nation whose board holds it
    (its name follows the kind: ``stack:USSR:2``, ``hand:USA:press_conference``)."""
    if target.startswith(CENTRE_THINGS):
        return "centre"
    parts = target.split(":")
    return parts[1] if len(parts) > 1 and is_nation(parts[1]) else None

TRAIL_MOVES = 24  # the trail looks this many moves back at most (a rival's turn is shorter)


def trail(log: Sequence[tuple[Seat, Action]], player: tuple[str, ...] | None,
          touched: Sequence[tuple[str, frozenset[str]]] = ()) -> set[str]:
    """The board things the other seats' moves touched since ``player`` (the seats of the
    person at the screen) last moved: where the rival's last moves happened, by their
    actions' board paths and by what their events ``touched`` (``Table.touched``: the Risk a
    launch rolled on, the stack an evaluation counted). Without a player at the screen, the
    last move's. What only the mover saw is left out: the card in its hand and the option
    it chose on a thing (a token's kind, a tile's rotation)."""
    recent = log[-TRAIL_MOVES:] if player else log[-1:]
    found: set[str] = set()
    for seat, action in reversed(recent):
        if player and seat in player:
            break
        found.update(thing for path in paths(action, _Mover(nation_of(seat))) for thing in path
                     if not thing.startswith(("opt:", "hand:")))
    for mover, things in reversed(touched if player else touched[-1:]):
        if player and mover in player:
            break
        found |= things
    return found


@dataclass(frozen=True)
class Hint:
    """The hinted action (an index into the seat's legal actions; -1: none found) and why."""

    seat: Seat
    index: int
    moves: int  # the game's length when it was given: a later action makes it stale
    routes: tuple[Path, ...]  # the board paths of the action (ui.model.targets)
    reason: str

    @classmethod
    def pointing(cls, seat: Seat, actions: list[Action], pick: Pick, moves: int,
                 action: Action) -> Hint | None:
        """``action`` of the seat's decision as a hint without words, so the board
        highlights its next step (the Tutorial's and a rule example's); None when it is not
        one of ``actions``."""
        if action not in actions:
            return None
        index = actions.index(action)
        return cls(seat, index, moves, tuple(p for p, i in pick.routes if i == index), "")

    def target(self, pick: Pick) -> str:
        """The board thing (or option) to touch next to take the hinted action."""
        n = len(pick.chosen)
        for route in self.routes:
            if route[:n] == pick.chosen and len(route) > n:
                return route[n]
        return self.routes[0][0] if self.routes else ""
