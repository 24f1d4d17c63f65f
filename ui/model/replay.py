"""Replays and the game's story, rebuilt from a save's seed, settings and action log alone.

Pure Python (no browser), so it is unit-tested in CPython (tests/test_ui_saves.py).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

import game
from game.core.events import ActionTaken, Event, flights
from game.core.names import Seat
from game.rules.records import View
from game.sharing import state_hash

from ..words.i18n import _, ngettext
from ..words.names import ruleset_title, seat_name
from ..words.narration import Told, lines, note
from .saves import SaveError

SHARED = "#game="  # a shared game's link: the page's address, this, the game's code


def shared_link(address: str, code: str) -> str:
    """The link that opens the finished game of ``code`` (:func:`game.sharing.share_code`)
    on the page at ``address``: the game is in the fragment, which no server ever sees."""
    return f"{address}{SHARED}{code}"


def shared_code(fragment: str) -> str | None:
    """The game code in a page's fragment (``location.hash``), if it holds a shared game."""
    return fragment[len(SHARED):] if fragment.startswith(SHARED) else None


def fingerprint(state: dict[str, Any]) -> str:
    """A short hash of a state in ``Game.fingerprint``'s canonical form."""
    text = json.dumps(state, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def game_fingerprint(g: game.Game) -> str:
    """A short hash of a game's state: what the replay bar shows (and a shared link checks)."""
    return state_hash(g)


def opening_line(g: game.Game) -> str:
    return opening_words(g.players, g.ruleset)


def opening_words(players: int, ruleset: str) -> str:
    """The log's first line: 'New game: 2 players, the v0.10.4 rules.'"""
    return ngettext("New game: {count} player, {ruleset}.",
                    "New game: {count} players, {ruleset}.", players).format(
        count=players, ruleset=ruleset_title(ruleset))


def told_move(events: list[Event], bonus: int, seat: str) -> list[Told]:
    """What one action did, in the log's words (public facts only)."""
    return lines(events, bonus) or [note(_("{seat} acted.").format(seat=seat_name(seat)))]


def public_story(players: int, ruleset: str, bonus: int,
                 history: list[list[Event]]) -> list[Told]:
    """The log of a game told from every move's public events (a guest's screen, which has
    no game of its own: the host's referee sends them), as :class:`Replay` tells it."""
    told = [note(opening_words(players, ruleset))]
    for events in history:
        seat = next((e.seat for e in events if isinstance(e, ActionTaken)), "")
        told.extend(told_move(events, bonus, seat))
    return told


@dataclass(frozen=True, slots=True)
class Chapter:
    """A moment of a game to jump to: the start of a phase of a round, or a launch (then
    ``nation``, ``mission`` and ``outcome``: "success", "explosion" or "delayed").
    ``step`` is the frame it opens at (a launch: the frame right after it was resolved)."""

    step: int
    round: int
    phase: str
    nation: str = ""  # ("": none)
    mission: str = ""
    outcome: str = ""

    @property
    def launch(self) -> bool:
        return bool(self.nation)


class Replay:
    """The story of a game, told by replaying its log from the seed: records only.

    ``notes[i]`` tells (public facts only) what the i-th action did; ``chapters`` are the
    phases and launches to jump to, in order. ``matches`` says whether the last position is
    exactly the state the save recorded. Given a list (``frames``), every position is added
    to it: ``frames[0]`` the game before any action, ``frames[i]`` after the i-th. Whoever
    shows them keeps them (the replay desk); a replay on the table holds only the view it
    shows (:class:`Travel`), never a game."""

    def __init__(self, save: dict[str, Any], frames: list[game.Game] | None = None) -> None:
        try:
            seed, players = save["seed"], save["players"]
            ruleset, pair, log = save["ruleset"], save.get("pair") or "USA", save["log"]
            current = game.new_game(seed, players=players, ruleset=ruleset, pair=pair)
        except Exception as exc:
            raise SaveError(_("This game cannot be replayed: {error}").format(
                error=exc)) from None
        bonus = current.rules.test_bonus
        if frames is not None:
            frames.append(current.clone())
        self.length = 0  # the actions replayed
        self.notes: list[list[Told]] = [[note(opening_line(current))]]
        self.seats: list[str | None] = [None]
        self.chapters = [Chapter(0, current.round, current.phase)]
        for number, entry in enumerate(log, start=1):
            round_, phase = current.round, current.phase
            try:
                seat = entry["seat"]
                events = current.apply(seat, game.action_from_dict(entry["action"]))
            except Exception as exc:
                raise SaveError(_("Action {number} of the log cannot be replayed: {error}")
                                .format(number=number, error=exc)) from None
            flown = [Chapter(number, round_, "launches", f.nation, f.mission, f.outcome)
                     for f in flights(events)]
            if (current.round, current.phase) != (round_, phase):
                opened = Chapter(number, current.round, current.phase)
                # the launch phase opens before its launches; the next phase after them
                flown = [opened, *flown] if opened.phase == "launches" else [*flown, opened]
            self.chapters += flown
            if frames is not None:
                frames.append(current.clone())
            self.length = number
            self.seats.append(seat)
            self.notes.append(told_move(events, bonus, seat))
        self.save = save  # what was replayed (the report works its numbers out from it)
        self.saved_fingerprint = fingerprint(save.get("state") or {})
        self.final_fingerprint = game_fingerprint(current)
        self.matches = self.saved_fingerprint == self.final_fingerprint
        self.finished = current.is_over

    def __len__(self) -> int:
        """The number of actions (frames are one more)."""
        return self.length

    def chapter_at(self, step: int, chosen: int | None = None) -> int:
        """The number of the chapter the frame ``step`` shows: ``chosen`` (the one jumped
        to) while it opens at that step, else the last one opened at or before it."""
        if chosen is not None and 0 <= chosen < len(self.chapters) \
                and self.chapters[chosen].step == step:
            return chosen
        return max(i for i, c in enumerate(self.chapters) if c.step <= step)

    def rounds(self) -> list[tuple[int, Chapter]]:
        """The first chapter of every round, with its number."""
        seen: dict[int, tuple[int, Chapter]] = {}
        for number, chapter in enumerate(self.chapters):
            seen.setdefault(chapter.round, (number, chapter))
        return list(seen.values())

    def story(self, upto: int) -> list[Told]:
        """The log lines of the first ``upto`` actions."""
        return [line for notes in self.notes[:upto + 1] for line in notes]


def narrate(g: game.Game) -> list[Told]:
    """The whole log of a game in plain words (for a continued, imported or undone game)."""
    return Replay(json.loads(g.to_json())).story(g.log_size)


@dataclass(frozen=True)
class Travel:
    """A replay on the table instead of the game: the game's story told from its log
    (``replay``), the step shown (``index`` actions in) and its ``view``, whose view it is
    (``seat``; None: the public one) of the views on offer (``seats``), the hints each nation
    took in it (None: not known, as for a shared link's game), the autoplay running (its
    number; 0: none) and the chapter last jumped to (marked on the timeline)."""

    replay: Replay
    index: int
    view: View
    seats: tuple[str, ...]
    hints: tuple[tuple[str, int], ...] | None = None
    seat: Seat | None = None
    playing: int = 0
    chosen: int | None = None

    def report_subject(self) -> tuple[str, int, int, dict[str, int] | None]:
        """What the report of this replay tells: the engine save, the step shown, the
        number of actions, the hints taken."""
        return (json.dumps(self.replay.save), self.index, len(self.replay),
                None if self.hints is None else dict(self.hints))
