"""The AI's thinking, in a PyScript worker: its own Pyodide, no DOM, so the page stays live.

The page (``ui/control/thinker.py``) starts this file as a worker with ``worker.toml`` (the
engine wheel unpacked, nothing else) and calls ``await worker.sync.choose(...)`` or
``...chronicle(...)``.
The AI gets a seat's view and that seat's legal actions as JSON, never the Game, and answers
with the chosen action as JSON. The post-game report's numbers (:func:`chronicle`) are worked
out here too: a second or two of simulations that would otherwise freeze the page. Pure
Python: the page also imports it to think on the main thread while the worker is not ready
(same code, same answer), and CPython tests call it directly.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Generator

# In Pyodide the monotonic clock is the worker's performance.now(): seconds since the worker
# was made. Python runs this line once Pyodide has started and unpacked the app's files.
PYTHON_AT = time.perf_counter()

import game  # noqa: E402 (after the clock above)
from game.ai import finish, get_ai, stepwise  # noqa: E402
from game.ai.chronicle import story  # noqa: E402
from game.core.plain import from_plain, to_plain  # noqa: E402
from game.rules.records import View  # noqa: E402
from game.rules.terms import as_seat  # noqa: E402

IMPORTED_AT = time.perf_counter()  # and the engine imported


def choose(view_json: str, legal_json: str, level: str, seed: int) -> str:
    """The chosen action (JSON: ``{"action": <action dict>, "iterations": <searched>}``, and
    ``"seconds"``, the search's own time, when it searched) among ``legal_json`` (a list of
    action dicts)."""
    return finish(choose_steps(view_json, legal_json, level, seed))


def choose_steps(view_json: str, legal_json: str, level: str, seed: int
                 ) -> Generator[None, None, str]:
    """:func:`choose` a step at a time (:func:`game.ai.stepwise`): the page, thinking on its
    own thread, gives the browser the thread back between steps."""
    view = from_plain(View, json.loads(str(view_json)))
    legal = [game.action_from_dict(item) for item in json.loads(str(legal_json))]
    ai = get_ai(str(level))
    action = yield from stepwise(ai, view, legal, random.Random(int(seed)))
    answer: dict[str, object] = {"action": action.to_dict(),
                                 "iterations": ai.last_stats.iterations}
    if ai.last_stats.iterations:  # a search's own time; other answers stay reproducible
        answer["seconds"] = round(ai.last_stats.seconds, 4)
    return json.dumps(answer)


def chronicle(save_json: str, upto: int, seed: int) -> str:
    """The story in numbers (:func:`game.ai.chronicle.chronicle`, as JSON: its
    :func:`game.core.plain.to_plain`, which the page reads back) of the first ``upto``
    logged actions of the engine save ``save_json`` (its seed, settings and log are read;
    every action is checked again by the engine)."""
    data = json.loads(str(save_json))
    start = game.new_game(int(data["seed"]), players=int(data["players"]),
                          ruleset=str(data["ruleset"]), pair=str(data.get("pair") or "USA"))
    log = [(as_seat(entry["seat"]), game.action_from_dict(entry["action"]))
           for entry in data["log"][:int(upto)]]
    return json.dumps(to_plain(story(start, log, seed=int(seed))))


def started() -> str:
    """How the worker's start went (JSON): milliseconds from its making to Python running its
    code (Pyodide loaded, the files unpacked) and to the engine imported. The load bench
    prints them (bench/load_time.py --mode start)."""
    return json.dumps({"python": round(PYTHON_AT * 1000), "imported": round(IMPORTED_AT * 1000)})


__export__ = ["choose", "chronicle", "started"]
