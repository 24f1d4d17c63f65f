"""How an action's handler is registered: by its action class, in an explicit table of the
phase module that takes it (:data:`game.rules.flow.HANDLERS` merges them), so no handler is
found by its name and mypy checks that each takes the class it is registered for."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from ..core.actions import Action
from ..core.names import NationId
from .position import Position

ActionT = TypeVar("ActionT", bound=Action)

# A registered handler: (the position, the acting nation, the action). It is called with
# the class it was registered for only (the engine looks it up by the action's type).
Handler = Callable[[Position, NationId, Any], None]


def handles(cls: type[ActionT],
            handler: Callable[[Position, NationId, ActionT], None]) -> tuple[type[Action], Handler]:
    """One row of a handler table: ``handler`` takes the actions of class ``cls``."""
    return cls, handler
