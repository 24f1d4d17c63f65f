"""Computer players, hints and the report's numbers, worked out on the page's own Python.

One interpreter does it all: a second one in a worker cost a phone half again the page's
memory (docs/performance.md, issue 56). So nothing long runs in one piece here: a search is
a generator, a rollout a step (:func:`game.ai.stepwise`), and so is the report's story (an
action or a simulation a step, :func:`game.ai.chronicle.story_steps`). :meth:`Thinker.sliced`
takes the steps and gives the browser its thread back whenever they have kept it
``SLICE_SECONDS`` (``Platform.breathe``), so a click is drawn at once while the computer
thinks; a search's budget counts its own time only, so it searches as much as it would in
one piece. The AI gets the acting seat's view and legal actions only, never the game.

The AI's modules are imported on the first answer, not with the page (their import is 25 ms
of the first load). The body tells the tests what happened: ``data-ai-moves`` (decisions
made for computer seats), ``data-ai-timing`` (JSON: per level, [decisions, total ms, max ms],
measured on the page, slices and the browser's turns between them included; hints for a
person count as "hint") and ``data-ai-search`` (JSON: per level, [searched decisions, total
iterations, fewest iterations in one, longest ms of one search as the AI itself timed it],
for the levels that search).
"""

from __future__ import annotations

import hashlib
import json
import random
import time
from collections.abc import Callable, Generator
from typing import TYPE_CHECKING, TypeVar

import game
from game.core.actions import Action
from game.core.plain import to_plain
from game.rules.records import View
from game.rules.terms import as_seat

from ..platform.port import Platform

if TYPE_CHECKING:  # the AI's modules load on the first answer (see above)
    from game.ai.chronicle import Chronicle

# The longest stretch a search on the page keeps the thread before the browser gets it back
# (input, a frame): a click waits at most this long, and a step, for its handler.
SLICE_SECONDS = 0.01
T = TypeVar("T")


class Thinker:
    """Chooses the computer's moves and hints, and tells a game's story, in slices."""

    def __init__(self, dom: Platform) -> None:
        self.dom = dom
        self.moves = 0
        self.timing: dict[str, list[float]] = {}
        self.search: dict[str, list[float]] = {}

    async def choose(self, view: View, legal: list[Action], level: str, seed: int,
                     purpose: str = "move", wanted: Callable[[], bool] = lambda: True
                     ) -> Action | None:
        """The action ``level`` chooses among ``legal`` from ``view`` (the same ``seed``, the
        same answer), or None once ``wanted`` says the answer is not (see :meth:`sliced`).
        ``purpose`` is "move" (a computer seat's) or "hint" (for a person: timed apart, and the
        page records a digest of the view searched, ``data-hint-sent``, which tests compare
        with the seat's own)."""
        from game.ai import get_ai, stepwise

        if purpose == "hint":
            digest = hashlib.sha256(json.dumps(to_plain(view)).encode()).hexdigest()[:16]
            self.dom.probe("hint-sent", digest)
        started = time.perf_counter()
        ai = get_ai(level)
        action = await self.sliced(stepwise(ai, view, legal, random.Random(seed)), wanted)
        if action is None:
            return None
        key = level if purpose == "move" else purpose
        self.record(key, (time.perf_counter() - started) * 1000)
        if ai.last_stats.iterations:
            self.record_search(key, ai.last_stats.iterations, ai.last_stats.seconds)
        return action

    async def chronicle(self, save_json: str, upto: int, seed: int,
                        wanted: Callable[[], bool] = lambda: True) -> Chronicle | None:
        """The post-game report's numbers (:func:`game.ai.chronicle.story`) of the first
        ``upto`` logged actions of the engine save ``save_json`` (its seed, settings and log
        are read, and every action is checked again by the engine), or None once ``wanted``
        says they are not."""
        from game.ai.chronicle import story_steps

        data = json.loads(save_json)
        start = game.new_game(int(data["seed"]), players=int(data["players"]),
                              ruleset=str(data["ruleset"]), pair=str(data.get("pair") or "USA"))
        log = [(as_seat(entry["seat"]), game.action_from_dict(entry["action"]))
               for entry in data["log"][:int(upto)]]
        return await self.sliced(story_steps(start, log, seed=seed), wanted)

    async def sliced(self, steps: Generator[None, None, T], wanted: Callable[[], bool]
                     ) -> T | None:
        """What ``steps`` return, taken on the page: the browser gets the thread back
        whenever they have kept it ``SLICE_SECONDS``. After each such breath ``wanted`` is
        asked: once the answer is no longer wanted (a new game dealt, the decision moved on,
        the report closed), the steps stop there and the answer is None. With one Python for
        the page and the computer, a stale search would otherwise take the new game's time
        for the rest of its budget."""
        began = time.perf_counter()
        while True:
            try:
                next(steps)
            except StopIteration as done:
                return done.value  # type: ignore[no-any-return]
            if time.perf_counter() - began >= SLICE_SECONDS:
                await self.dom.breathe()
                if not wanted():
                    steps.close()
                    return None
                began = time.perf_counter()

    def record_search(self, key: str, iterations: int, seconds: float) -> None:
        stats = self.search.setdefault(key, [0, 0, iterations, 0.0])
        stats[0] += 1
        stats[1] += iterations
        stats[2] = min(stats[2], iterations)
        stats[3] = max(stats[3], round(seconds * 1000, 1))
        self.dom.probe("ai-search", json.dumps(self.search, separators=(",", ":")))

    def record(self, key: str, ms: float) -> None:
        if key != "hint":
            self.moves += 1
            self.dom.probe("ai-moves", str(self.moves))
        stats = self.timing.setdefault(key, [0, 0.0, 0.0])
        stats[0] += 1
        stats[1] = round(stats[1] + ms, 1)
        stats[2] = round(max(stats[2], ms), 1)
        self.dom.probe("ai-timing", json.dumps(self.timing, separators=(",", ":")))
