"""Moonshot: The Next Giant Leap — the rules engine of the digital edition.

Pure Python, standard library only, so it runs unchanged in CPython and in Pyodide::

    import game
    g = game.new_game(seed=7)
    seat = g.to_act()[0]
    g.apply(seat, g.legal_actions(seat)[0])
    text = g.to_json()
    assert game.load(text) == g
"""

from __future__ import annotations

from . import actions
from .actions import Action, action_from_dict
from .content import NATIONS, load_content
from .engine import Game, new_game
from .errors import BadSave, ContentError, IllegalAction
from .odds import launch_odds
from .rules.terms import PHASES, RULESETS, SEATS
from .save import load
from .stakes import Stakes, stakes

__version__ = "0.1.0"

__all__ = [
    "NATIONS", "PHASES", "RULESETS", "SEATS", "Action", "BadSave", "ContentError", "Game",
    "IllegalAction", "Stakes", "action_from_dict", "actions", "launch_odds", "load",
    "load_content", "new_game", "stakes",
]
