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

import game
from game.ai import get_ai
from game.ai.chronicle import story
from game.core.plain import from_plain, to_plain
from game.rules.records import View


def choose(view_json: str, legal_json: str, level: str, seed: int) -> str:
    """The chosen action (JSON: ``{"action": <action dict>, "iterations": <searched>}``, and
    ``"seconds"``, the search's own time, when it searched) among ``legal_json`` (a list of
    action dicts)."""
    view = from_plain(View, json.loads(str(view_json)))
    legal = [game.action_from_dict(item) for item in json.loads(str(legal_json))]
    ai = get_ai(str(level))
    action = ai.choose(view, legal, random.Random(int(seed)))
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
    log = [(str(entry["seat"]), game.action_from_dict(entry["action"]))
           for entry in data["log"][:int(upto)]]
    return json.dumps(to_plain(story(start, log, seed=int(seed))))


__export__ = ["choose", "chronicle"]
