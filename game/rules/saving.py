"""The save format: seed, settings and the action log, with the final state as a check.

:func:`save_text` writes it. Loading (:func:`game.load`) reads the header with
:func:`read_save`, replays the log from the seed through the rules (:func:`replay_log`), so a
save cannot smuggle in an illegal move, and compares the replayed state with the saved one
(:func:`check_state`), so an edited number (money raised, a card moved) is caught and named.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from ..core.actions import Action, action_from_dict
from ..core.errors import BadSave, IllegalAction
from ..core.names import Seat, is_seat
from ..core.reading import SAVE, Unreadable, read_json
from ..core.state import State
from .terms import RULESETS

FORMAT = "moonshot-save"
VERSION = 1


def save_text(state: State, seed: int, log: Iterable[tuple[Seat, Action]]) -> str:
    """A game (its final state, seed and log) as save text."""
    data = {
        "format": FORMAT, "version": VERSION,
        "ruleset": state.ruleset, "players": state.players, "pair": state.pair or "USA",
        "seed": seed,
        "log": [{"seat": seat, "action": action.to_dict()} for seat, action in log],
        "state": state.to_dict(),
    }
    return json.dumps(data, separators=(",", ":"))


@dataclass(frozen=True, slots=True)
class Saved:
    """A save's settings, its log (entries not checked yet) and its final state."""

    ruleset: str
    players: int
    pair: str
    seed: int
    log: list[Any]
    state: dict[str, Any]


def read_save(text: str) -> Saved:
    """The settings, log and state of save text; :class:`BadSave` when they are not there."""
    try:
        data = read_json(text, SAVE)
    except Unreadable as exc:
        raise BadSave(f"The save cannot be read: {exc}.") from None
    return saved_from(data)


def saved_from(data: object) -> Saved:
    """The settings, log and state of a save already read as JSON (an export's ``save``
    field); :class:`BadSave` when they are not there."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise BadSave("This is not a Moonshot save file.")
    version = data.get("version")
    if type(version) is not int or version != VERSION:  # not True, 1.0 nor "1"
        raise BadSave(f"This save uses format version {json.dumps(version)[:20]}; "
                      f"this game reads version {VERSION}.")
    ruleset, players, pair, seed = (data.get(k) for k in ("ruleset", "players", "pair", "seed"))
    if ruleset not in RULESETS:
        raise BadSave(f"Unknown ruleset {ruleset!r} in the save.")
    if players not in (2, 3, 4) or isinstance(players, bool):
        raise BadSave("The save's player count must be 2, 3 or 4.")
    if pair not in ("USA", "USSR"):
        raise BadSave("The save's 'pair' must be USA or USSR.")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise BadSave("The save's seed must be an integer.")
    log = data.get("log")
    if not isinstance(log, list):
        raise BadSave("The save has no action log.")
    if not isinstance(data.get("state"), dict):
        raise BadSave("The save has no final state.")
    return Saved(ruleset, players, pair, seed, log, data["state"])


def replay_log(log: list[Any], apply: Callable[[Seat, Action], object]) -> None:
    """Apply every entry of a save's log in order; :class:`BadSave` names the first entry
    that is malformed or not a legal move."""
    for number, entry in enumerate(log, start=1):
        seat = entry.get("seat") if isinstance(entry, dict) else None
        if not is_seat(seat):
            raise BadSave(f"Entry {number} of the log names no valid seat.")
        try:
            apply(seat, action_from_dict(entry.get("action")))
        except IllegalAction as exc:
            raise BadSave(f"Entry {number} of the log is not a legal move: {exc}") from None


def check_state(saved: dict[str, Any], state: State) -> None:
    """:class:`BadSave`, naming the first difference, unless the replayed ``state`` is the
    ``saved`` one."""
    replayed = json.loads(json.dumps(state.to_dict()))
    if replayed != saved:
        raise BadSave("The saved state does not match its own action log (was it edited?): "
                      + first_difference(saved, replayed))


def first_difference(saved: Any, replayed: Any, path: str = "state") -> str:
    if isinstance(saved, dict) and isinstance(replayed, dict):
        for key in sorted(set(saved) | set(replayed), key=str):
            if saved.get(key, ...) != replayed.get(key, ...):
                return first_difference(saved.get(key), replayed.get(key), f"{path}.{key}")
    if isinstance(saved, list) and isinstance(replayed, list) and len(saved) == len(replayed):
        for i, (a, b) in enumerate(zip(saved, replayed, strict=True)):
            if a != b:
                return first_difference(a, b, f"{path}[{i}]")
    return (f"{path} is {json.dumps(saved)[:60]} in the save "
            f"but {json.dumps(replayed)[:60]} by the rules")
