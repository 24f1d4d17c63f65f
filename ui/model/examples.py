"""Live rule examples: one moment of a game, set up to show one rule, for a reader to try.

``ui/model/examples.toml`` holds them (see its header). An example is a position, given as a
seed and the actions played from it, the seat the reader plays there, the one action to try
(the board highlights it), the engine events that action must cause, the part of the table
shown, and three texts: a caption, what to try, and what the page says after. The position is
replayed through the engine, so it can hold nothing the rules forbid, and
tests/test_examples.py replays every example with its action and checks the events it
promises: an example cannot drift from the rules.

Like the Tutorial's, a text names no number of the rules: it says ``{test_cost}`` and the
like (:func:`ui.model.tutorial.facts`), filled from the game's content when shown. The English
text is the message id; the catalogues translate it.

Pure Python (no browser): the build draws each example's still picture from it.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import game
from game import SEATS
from game.core.actions import Action
from game.core.names import NationId, Seat, is_seat
from game.rules.terms import nation_of

from ..loop.messages import Tab
from ..words.i18n import _
from .players import Setup
from .tutorial import facts

SOURCE = Path(__file__).with_name("examples.toml")
PARTS = ("politician", "engineer", "centre")  # what an example may show of the table
MAX_ID = 32  # characters of an example's id (a URL or a host page's command names it)


@dataclass(frozen=True)
class Example:
    id: str
    section: str  # the rules' section it shows (an id of docs/rules.md)
    seed: int
    ruleset: str
    seat: Seat  # the reader's seat (the reader holds its whole nation)
    log: tuple[tuple[Seat, Action], ...]  # the position: every action from the deal
    action: Action  # the one to try
    expect: tuple[str, ...]  # engine events the action causes
    show: str  # the part of the table shown: one of PARTS
    caption: str
    try_text: str
    after: str

    @property
    def nation(self) -> NationId:
        return nation_of(self.seat)

    @property
    def tab(self) -> Tab:
        """The part of the table (a phone's tab) the example shows."""
        return "centre" if self.show == "centre" else self.nation

    def setup(self) -> Setup:
        """The example's table: two players, the reader holds the nation of ``seat``; the
        rival's seats are the computer's (it never moves during the example)."""
        setup = Setup(players=2, ruleset=self.ruleset, seed=self.seed, speed_ms=300)
        setup.ai = {seat: nation_of(seat) != self.nation for seat in SEATS}
        return setup

    def position(self) -> game.Game:
        """The moment the example shows (each action of its log applied: an illegal one
        raises :class:`game.IllegalAction`)."""
        g = game.new_game(self.seed, players=2, ruleset=self.ruleset)
        for seat, action in self.log:
            g.apply(seat, action)
        return g

    def words(self) -> tuple[str, str, str]:
        """The caption, what to try and what is said after, in the reader's language."""
        known = facts()
        return (_(self.caption).format(**known), _(self.try_text).format(**known),
                _(self.after).format(**known))


def _action(data: Any, where: str) -> Action:
    if not isinstance(data, dict):
        raise ValueError(f"{where}: an action must be a table, not {data!r}")
    return game.action_from_dict(data)


def _seat(data: Any, where: str) -> Seat:
    if not is_seat(data):
        raise ValueError(f"{where}: unknown seat {data!r}")
    return data


def parse(text: str) -> dict[str, Example]:
    """The examples in ``text`` (TOML) by id; a malformed one raises ValueError."""
    found: dict[str, Example] = {}
    for raw in tomllib.loads(text)["example"]:
        ident = str(raw["id"])
        if not ident.replace("-", "").isalnum() or len(ident) > MAX_ID or ident in found:
            raise ValueError(f"example {ident!r}: a new id of letters, digits and dashes")
        log = []
        for number, entry in enumerate(raw["log"], 1):
            entry = dict(entry)
            seat = _seat(entry.pop("seat", None), f"{ident}, action {number}")
            log.append((seat, _action(entry, f"{ident}, action {number}")))
        show = str(raw["show"])
        if show not in PARTS:
            raise ValueError(f"example {ident}: show is one of {PARTS}")
        example = Example(
            ident, str(raw["section"]), int(raw["seed"]), str(raw.get("ruleset", "v0.10.4")),
            _seat(raw["seat"], ident), tuple(log), _action(raw["action"], ident),
            tuple(str(kind) for kind in raw["expect"]), show, str(raw["caption"]),
            str(raw["try"]), str(raw["after"]))
        for text in (example.caption, example.try_text, example.after):
            try:
                text.format(**facts())
            except (KeyError, IndexError, ValueError) as error:
                raise ValueError(f"example {ident}: a text names only {sorted(facts())} in "
                                 f"braces ({error!r})") from error
        found[ident] = example
    return found


@cache
def examples() -> dict[str, Example]:
    return parse(SOURCE.read_text(encoding="utf-8"))


def texts() -> list[str]:
    """Every text of the examples (for the message catalogue)."""
    return [text for ex in examples().values() for text in (ex.caption, ex.try_text, ex.after)]
