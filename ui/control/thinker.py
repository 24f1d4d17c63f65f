"""Computer players on the page: the AI worker, started in the background, and the fallback.

The AI thinks in a PyScript worker (``ui/ai_worker.py``: its own Pyodide, no DOM) so the page
stays live while it does (the hard level takes about a second). It gets only the acting seat's
view and that seat's legal actions, as JSON, and answers with an action. Until the worker is
up (it boots its own interpreter, a few seconds), or if it fails, the very same function runs
on the main thread: same inputs, same seed, same answer. There a search runs in slices: a
rollout at a time (``ui.ai_worker.choose_steps``), the browser given its thread back every
``SLICE_SECONDS`` (``Platform.breathe``), so a click is still drawn at once while the
computer thinks, and the search's budget counts its own time only. (A hard move first waits
a while for a starting worker: see ``WAIT_FOR_WORKER``.) The page's address may ask for no
worker at all (``?ai=page``): the AI then always thinks on the page, the design the load and
click benches weigh against the worker's (issue 56).

The body tells the tests what happened: ``data-ai-worker`` (starting, ready, failed),
``data-ai-moves-worker`` / ``data-ai-moves-main`` (decisions made in each place) and
``data-ai-timing`` (JSON: per "level/place", [decisions, total ms, max ms], measured on the
page, worker round trip included; hints for a person count as "hint/place") and
``data-ai-search`` (JSON: per "level/place", [searched decisions, total iterations, fewest
iterations in one, longest ms of one decision as the AI itself timed it], for the levels that
search).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import time
from collections.abc import Awaitable, Callable, Generator
from typing import TYPE_CHECKING, Any, TypeVar

import game
from game.core.actions import Action
from game.core.plain import from_plain, to_plain
from game.rules.records import View

from ..platform.port import Platform

if TYPE_CHECKING:  # the AI's modules load when the report is first asked for (chronicle)
    from game.ai.chronicle import Chronicle

WORKER_SRC = "./ui/ai_worker.py"
WORKER_CONFIG = "./worker.toml"
CALL_TIMEOUT = 60.0  # seconds: a worker that does not answer by then is given up
# Levels whose move waits (up to so many seconds) for a worker that is still starting rather
# than think on the main thread: a hard search there would freeze the page for a second per
# move, and slow the worker's own start. The other levels answer in milliseconds anyway.
WAIT_FOR_WORKER = {"hard": 12.0}
# The report's simulations take a few seconds in the worker, and would freeze the page as long.
WAIT_FOR_REPORT = 12.0
# The longest stretch a search on the page keeps the thread before the browser gets it back
# (input, a frame): a click waits at most this long for its handler.
SLICE_SECONDS = 0.01
T = TypeVar("T")


class Thinker:
    """Chooses AI moves, in the worker when it is ready, else on the main thread."""

    def __init__(self, dom: Platform) -> None:
        self.dom = dom
        self.state = "off"  # off, starting, ready, failed; "page": no worker, by request
        self.error = ""
        self.worker: Any = None
        self.boot: asyncio.Future[None] | None = None
        self.moves = {"worker": 0, "main": 0}
        self.timing: dict[str, list[float]] = {}
        self.search: dict[str, list[float]] = {}

    def keep_on_page(self) -> None:
        """No worker for this page: the AI always thinks on the page's own Python (asked for
        by the page's address, ``?ai=page``)."""
        if self.state == "off":
            self.state = "page"
            self.dom.probe("ai-worker", "page")

    def start(self) -> None:
        """Start the worker in the background (once); the page does not wait for it."""
        if self.state != "off":
            return
        self.state = "starting"
        self.dom.probe("ai-worker", "starting")
        self.boot = asyncio.ensure_future(self._boot())

    async def _boot(self) -> None:
        try:
            self.worker = await self.dom.start_worker(WORKER_SRC, WORKER_CONFIG)
            # its start, in milliseconds from the worker's making: for the load bench
            steps = json.loads(await self.dom.worker_call(self.worker, "started"))
        except Exception as exc:
            self.fail(exc)
            return
        self.dom.probe("ai-worker-start", f"{int(steps['python'])} {int(steps['imported'])}")
        self.state = "ready"
        self.dom.probe("ai-worker", "ready")

    def fail(self, exc: BaseException) -> None:
        text = str(exc).strip().splitlines()
        self.error = (text[-1] if text else type(exc).__name__)[:160]
        self.state = "failed"
        self.worker = None
        self.dom.probe("ai-worker", "failed")

    async def choose(self, view: View, legal: list[Action], level: str,
                     seed: int, purpose: str = "move") -> tuple[Action, str]:
        """(the chosen action, where it was chosen: "worker" or "main"). ``purpose`` is
        "move" (an AI seat's) or "hint" (for a person: timed apart, and the page records a
        digest of the view sent, ``data-hint-sent``, which tests compare with the seat's)."""
        view_json = json.dumps(to_plain(view))
        if purpose == "hint":
            self.dom.probe("hint-sent", hashlib.sha256(view_json.encode()).hexdigest()[:16])
        legal_json = json.dumps([a.to_dict() for a in legal])
        started = time.perf_counter()

        def legal_action(answer: dict[str, Any]) -> Action:
            action = game.action_from_dict(answer["action"])
            if action not in legal:
                raise ValueError("the worker answered an action that is not legal")
            return action

        async def here() -> str:
            from .. import ai_worker  # (see _call)
            return await self.sliced(ai_worker.choose_steps(view_json, legal_json, level, seed))

        (action, answer), where = await self._call(
            "choose", WAIT_FOR_WORKER.get(level, 0.0), (view_json, legal_json, level, seed),
            lambda answer: (legal_action(answer), answer), here)
        key = level if purpose == "move" else purpose
        self.record(key, where, (time.perf_counter() - started) * 1000)
        if answer.get("iterations"):
            self.record_search(f"{key}/{where}", int(answer["iterations"]),
                               float(answer["seconds"]))
        return action, where

    async def chronicle(self, save_json: str, upto: int, seed: int) -> Chronicle:
        """The post-game report's numbers (``ui.ai_worker.chronicle``), worked out in the
        worker (started now if it was not), else here. An answer that is not a whole
        :class:`game.ai.chronicle.Chronicle` is refused like any unreadable one."""
        from game.ai.chronicle import Chronicle

        async def here() -> str:
            from .. import ai_worker  # (see _call)
            return ai_worker.chronicle(save_json, upto, seed)

        self.start()
        data, _where = await self._call("chronicle", WAIT_FOR_REPORT, (save_json, upto, seed),
                                        lambda answer: from_plain(Chronicle, answer), here)
        return data

    async def _call(self, name: str, wait: float, args: tuple[Any, ...],
                    read: Callable[[dict[str, Any]], T],
                    here: Callable[[], Awaitable[str]]) -> tuple[T, str]:
        """(``read`` of the JSON answer of ``ui.ai_worker``'s function ``name``, where it was
        worked out): in the worker, waiting up to ``wait`` seconds for one still starting,
        else (the worker not there, failing, or ``read`` refusing its answer) ``here``, the
        same function on the page. (``ui.ai_worker`` is imported there, on the first answer
        worked out on the page: the page itself never needs the AI's modules before that,
        their import being 25 ms of the first load.)"""
        if self.state == "starting" and self.boot is not None and wait:
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(asyncio.shield(self.boot), wait)
        if self.state == "ready":
            try:
                call = self.dom.worker_call(self.worker, name, *args)
                return read(json.loads(await asyncio.wait_for(call, CALL_TIMEOUT))), "worker"
            except Exception as exc:
                self.fail(exc)
        return read(json.loads(await here())), "main"

    async def sliced(self, steps: Generator[None, None, T]) -> T:
        """What ``steps`` return, taken on the page: the browser gets the thread back
        whenever they have kept it ``SLICE_SECONDS``."""
        began = time.perf_counter()
        while True:
            try:
                next(steps)
            except StopIteration as done:
                return done.value  # type: ignore[no-any-return]
            if time.perf_counter() - began >= SLICE_SECONDS:
                await self.dom.breathe()
                began = time.perf_counter()

    def record_search(self, key: str, iterations: int, seconds: float) -> None:
        stats = self.search.setdefault(key, [0, 0, iterations, 0.0])
        stats[0] += 1
        stats[1] += iterations
        stats[2] = min(stats[2], iterations)
        stats[3] = max(stats[3], round(seconds * 1000, 1))
        self.dom.probe("ai-search", json.dumps(self.search, separators=(",", ":")))

    def record(self, key: str, where: str, ms: float) -> None:
        if key != "hint":
            self.moves[where] += 1
        stats = self.timing.setdefault(f"{key}/{where}", [0, 0.0, 0.0])
        stats[0] += 1
        stats[1] = round(stats[1] + ms, 1)
        stats[2] = round(max(stats[2], ms), 1)
        self.dom.probe(f"ai-moves-{where}", str(self.moves[where]))
        self.dom.probe("ai-timing", json.dumps(self.timing, separators=(",", ":")))
