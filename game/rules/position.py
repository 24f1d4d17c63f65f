"""The position the rules act on, and the steps every phase shares.

A :class:`Position` is a game's :class:`~game.core.state.State` with the content and ruleset it is
played under, and the events of the action being applied. Its methods are the steps several
phases take: emitting an event, changing Popularity (which may end the game), running an
effect, drawing a Risk, ending the game. :class:`GameLike` is what the odds and the view read
of a game, so they need not know :class:`game.Game`.
"""

from __future__ import annotations

from typing import Any, Protocol

from ..core.blueprint import rocket_parameters
from ..core.content import Content, Effect, Ruleset, load_content
from ..core.effects import apply_effect
from ..core.events import Changed, Event, GameOver, RisksReshuffled
from ..core.names import NATIONS, NationId
from ..core.state import Nation, Pile, Stack, State
from .terms import other


class GameLike(Protocol):
    """What the odds and the view read of a game: a :class:`game.Game` or a :class:`Position`."""

    @property
    def state(self) -> State: ...

    @property
    def content(self) -> Content: ...

    def parameters(self, nation: NationId) -> tuple[int, int, int, int]: ...


def draw(piles: dict[Any, Pile], key: Any) -> str:
    """Take the top card of a pile; piles are tuples shared with copies, so it is replaced."""
    pile = piles[key]
    piles[key] = pile[:-1]
    return pile[-1]


def has_payload(rules: Ruleset, n: Nation, mission: str, required: str) -> bool:
    """Whether ``n``'s rocket carries the payload ``required`` toward ``mission``."""
    if rules.payload_tiles:
        return required in n.payloads.values()
    return (mission, required) in n.booked


def aboard(rules: Ruleset, n: Nation, mission: str) -> list[str]:
    """The payload markers a launch of ``n`` toward ``mission`` would carry."""
    if rules.payload_tiles:
        return list(n.payloads.values())
    return [p for m, p in n.booked if m == mission]


class Position:
    """A game's state, the content and ruleset it is played under, and the events of the
    action being applied (:meth:`emit` adds to them)."""

    __slots__ = ("content", "events", "rules", "state")

    def __init__(self, state: State, content: Content | None = None) -> None:
        self.state = state
        self.content = content if content is not None else load_content()
        self.rules: Ruleset = self.content.rulesets[state.ruleset]
        self.events: list[Event] = []

    def copy(self) -> Position:
        """An independent position over a copy of the state, with no events yet."""
        position = Position.__new__(Position)
        position.state = self.state.copy()
        position.content = self.content
        position.rules = self.rules
        position.events = []
        return position

    def emit(self, event: Event) -> None:
        self.events.append(event)

    def parameters(self, nation: NationId) -> tuple[int, int, int, int]:
        """Structure, Electronics, Code and Adaptivity of a nation's rocket as it stands."""
        n = self.state.nations[nation]
        return rocket_parameters(n.blueprint, n.modules, self.content)

    def duo_nations(self) -> tuple[NationId, ...]:
        """The nations played by two people (a Politician and an Engineer)."""
        s = self.state
        if s.players == 4:
            return NATIONS
        if s.players == 3 and s.pair:
            return (s.pair,)
        return ()

    def explorable(self, n: Nation, mission: str) -> list[int]:
        """The face-down Moon risks ``n`` may turn up as the reward of ``mission``."""
        if self.rules.moon != "display":
            return []
        if sum(n.moon_up) + 1 > self.content.missions[mission].level:
            return []
        return [slot for slot, up in enumerate(n.moon_up) if not up]

    def draw_risk(self, level: int) -> str:
        s = self.state
        if not s.risk_decks[level]:
            deck = list(s.risk_discards[level])
            s.rng.shuffle(deck)
            s.risk_decks[level] = tuple(deck)
            s.risk_discards[level] = ()
            self.emit(RisksReshuffled(level=level))
        return draw(s.risk_decks, level)

    def changing_stack(self, nation: NationId, place: int) -> Stack:
        """The stack at ``place``, replaced by its own copy first: copies of the state share
        Stack objects, so one is never changed where it stands."""
        stacks = self.state.nations[nation].stacks
        stack = stacks[place - 1]
        assert stack is not None
        stacks[place - 1] = stack = stack.copy()
        return stack

    # ------------------------------------------------------------------ end conditions

    def check_end(self) -> bool:
        """End the game at once if a nation's Popularity hit 0 or the Budget gap is too wide."""
        s = self.state
        if s.phase == "over":
            return True
        for name in (s.first, other(s.first)):
            if s.nations[name].popularity <= 0:
                if s.moon_winners:
                    # The landing already decided the game; the rival's flight was its last
                    # chance to land too, not a way to lose on Popularity.
                    self.finish(s.moon_winners[0], "moon_landing")
                else:
                    self.finish(other(name), "popularity")
                return True
        usa, ussr = s.nations["USA"].budget, s.nations["USSR"].budget
        gap = abs(usa - ussr)
        limit = self.rules.budget_gap
        if gap > limit or (self.rules.budget_gap_inclusive and gap >= limit):
            self.finish("USA" if usa > ussr else "USSR", "budget")
            return True
        return False

    def finish(self, winner: NationId, reason: str) -> None:
        s = self.state
        s.winner = winner
        s.end_reason = reason
        s.phase = "over"
        s.turn = None
        s.decision = None
        s.evaluator = None
        self.emit(GameOver(winner=winner, reason=reason))

    def change_popularity(self, nation: NationId, amount: int, source: str) -> bool:
        """Change a nation's Popularity (within its bounds); True when that ended the game."""
        n = self.state.nations[nation]
        before = n.popularity
        n.popularity = max(0, min(self.content.board.popularity_max, before + amount))
        self.emit(Changed(nation=nation, what="popularity", by=n.popularity - before,
                          now=n.popularity, source=source))
        return self.check_end()

    def effect(self, nation: NationId, effect: Effect, source: str) -> bool:
        """Run a reward or effect for ``nation``; True when that ended the game."""
        s = self.state
        apply_effect(s.nations[nation], s.nations[other(nation)], effect, source,
                     self.content.board.popularity_max, self.emit, self.check_end)
        return s.phase == "over"
