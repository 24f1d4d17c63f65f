"""The AI's thinking, in a PyScript worker: its own Pyodide, no DOM, so the page stays live.

The page (``ui/ai.py``) starts this file as a worker with ``worker.toml`` (the engine wheel
unpacked, nothing else) and calls ``await worker.sync.choose(...)``. The AI gets a seat's view
and that seat's legal actions as JSON, never the Game, and answers with the chosen action as
JSON. Pure Python: the page also imports it to think on the main thread while the worker is
not ready (same code, same answer), and CPython tests call it directly.
"""

from __future__ import annotations

import json
import random

import game
from game.ai import get_ai


def choose(view_json: str, legal_json: str, level: str, seed: int) -> str:
    """The chosen action's dict (JSON) among ``legal_json`` (a list of action dicts)."""
    view = json.loads(str(view_json))
    legal = [game.action_from_dict(item) for item in json.loads(str(legal_json))]
    action = get_ai(str(level)).choose(view, legal, random.Random(int(seed)))
    return json.dumps(action.to_dict())


__export__ = ["choose"]
