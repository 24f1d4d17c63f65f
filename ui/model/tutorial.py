"""The Tutorial's script: a guided first game on the real board and the real engine.

``ui/model/tutorial.toml`` holds the steps (see its header): action steps, each one exact legal
action of a seat (the person's with a text that says why, the scripted rival's without), and
info steps, a text about a part of the table (a CSS selector) that waits for Next. Where the
tutorial stands is derived from the game itself: the number of actions played says which
action step is next, so a reloaded tutorial resumes where it was (its info steps since the
last action shown again).

A text names no number of the rules: it says ``{line_cost}`` and the like, filled from the
game's content when shown (:func:`facts`), so the lesson follows board.toml and the ruleset.

Pure Python (no browser): tests/test_tutorial.py replays every step through the engine.
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
from game.core.names import NationId, Seat

from ..words.i18n import _
from ..words.names import content
from .players import Setup

SOURCE = Path(__file__).with_name("tutorial.toml")
PERSON: NationId = "USA"  # the nation the person plays (both its seats); the other is scripted


@dataclass(frozen=True)
class Step:
    """One step: an action of ``seat`` (``text`` empty for the scripted rival), or an info
    step (no seat) about the part of the table ``highlight`` selects."""

    seat: Seat | None
    action: Action | None
    text: str
    highlight: str = ""

    @property
    def scripted(self) -> bool:
        """The app plays it (a rival's action)."""
        return self.seat is not None and not self.seat.startswith(PERSON)

    def words(self) -> str:
        """The step's text in the player's language (the English text is the message id),
        with the rule numbers it names filled in."""
        return _(self.text).format(**facts()) if self.text else ""


@dataclass(frozen=True)
class Script:
    seed: int
    level: str  # the computer's level once the tutorial hands the game over
    steps: tuple[Step, ...]

    def setup(self) -> Setup:
        """The tutorial's table: the person holds the USA, the rival's seats are the
        computer's (scripted until the end, then at :attr:`level`)."""
        setup = Setup(players=2, seed=self.seed, speed_ms=300)
        setup.ai = {seat: not seat.startswith(PERSON) for seat in SEATS}
        setup.levels = {seat: self.level for seat in SEATS if setup.ai[seat]}
        return setup

    def actions(self) -> list[tuple[Seat, Action]]:
        return [(s.seat, s.action) for s in self.steps if s.seat and s.action]

    def follows(self, g: game.Game) -> bool:
        """Whether ``g`` was played by this script so far (a game the tutorial can resume)."""
        played = g.log
        return (g.seed == self.seed and g.players == 2
                and played == self.actions()[:len(played)])

    def number(self, index: int) -> int:
        """The counter's number for step ``index``: the person's steps (their actions and the
        info steps they read) up to it; the rival's scripted moves are not counted."""
        return sum(1 for step in self.steps[:index + 1] if not step.scripted)

    @property
    def total(self) -> int:
        """The person's steps in the whole tutorial (the counter's "of N")."""
        return self.number(len(self.steps) - 1)

    def position(self, moves: int) -> int:
        """The index of the step to show once ``moves`` actions are played: the first info
        step after the last action played, or the next action step."""
        if moves == 0:
            return 0
        seen = 0
        for index, step in enumerate(self.steps):
            if step.action is not None:
                seen += 1
                if seen == moves:
                    return index + 1
        return len(self.steps)


def facts() -> dict[str, int]:
    """The numbers of the rules a tutorial text may name, as ``{name}`` fields: read from the
    content (game/content/board.toml) and the tutorial's ruleset (a new game's default)."""
    c = content()
    board, rules = c.board, c.rulesets[Setup().ruleset]
    return {
        "start_money": board.start["money"],
        "line_cost": board.costs["line"],
        "research_cost": board.costs["research"],
        "test_cost": board.costs["test"],
        "satellite_cost": board.payload_costs["satellite"],
        "supplier_price": board.supplier_prices[0],  # the Suppliers line's first space
        "abort_cost": board.penalties["abort"],
        "delay_cost": board.penalties["delay"],
        "tie_cost": board.penalties["tie"],
        "sabotage_cost": board.costs["anti_sabotage_base"] + 1,  # one marker removed
        "test_bonus": rules.test_bonus,
        "budget_gap": rules.budget_gap,
        "active_missions": board.active_missions,
    }


def _action(data: Any) -> Action:
    if not isinstance(data, dict):
        raise ValueError(f"a tutorial action must be a table, not {data!r}")
    return game.action_from_dict(data)


def parse(text: str) -> Script:
    """The script in ``text`` (TOML); a malformed step raises ValueError."""
    data = tomllib.loads(text)
    steps = [_step(number, raw) for number, raw in enumerate(data["steps"], 1)]
    return Script(int(data["seed"]), str(data["level"]), tuple(steps))


def _step(number: int, raw: dict[str, Any]) -> Step:
    """Step ``number`` of the script, checked (ValueError saying what is wrong with it)."""
    seat = raw.get("seat")
    if seat is not None and seat not in SEATS:
        raise ValueError(f"step {number}: unknown seat {seat!r}")
    action = _action(raw["action"]) if "action" in raw else None
    if (seat is None) != (action is None):
        raise ValueError(f"step {number}: a seat and an action go together")
    step = Step(seat, action, str(raw.get("text", "")), str(raw.get("highlight", "")))
    try:
        step.text.format(**facts())
    except (KeyError, IndexError, ValueError) as error:
        raise ValueError(f"step {number}: a text names only {sorted(facts())} in "
                         f"braces ({error!r})") from error
    if step.seat is None and not (step.text and step.highlight):
        raise ValueError(f"step {number}: an info step needs a text and a highlight")
    if step.seat is not None and not step.scripted and not step.text:
        raise ValueError(f"step {number}: the person's step needs a text")
    return step


@cache
def script() -> Script:
    return parse(SOURCE.read_text(encoding="utf-8"))


def texts() -> list[str]:
    """Every text of the tutorial (for the message catalogue)."""
    return [step.text for step in script().steps if step.text]
