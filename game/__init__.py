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

from .analysis.stakes import Stakes, stakes
from .core import actions
from .core.actions import Action, action_from_dict
from .core.content import load_content
from .core.errors import BadSave, ContentError, IllegalAction
from .core.names import NATIONS, PHASES, SEATS
from .engine import Game, new_game
from .rules.odds import launch_odds
from .rules.terms import RULESETS
from .save import load

__version__ = "0.1.0"

__all__ = [
    "NATIONS", "PHASES", "RULESETS", "SEATS", "Action", "BadSave", "ContentError", "Game",
    "IllegalAction", "Stakes", "action_from_dict", "actions", "launch_odds", "load",
    "load_content", "new_game", "stakes",
]
