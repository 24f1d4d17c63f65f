"""Each kind of action has one handler, registered by its action class in the table of the
phase module that takes it (game.rules.handlers); none is found by its name."""

from __future__ import annotations

import typing

from game.core.actions import ACTION_TYPES
from game.rules.flow import HANDLERS
from game.rules.phases import administration, engineering, launches, politics

PHASES = (politics, engineering, launches, administration)


def test_every_kind_of_action_has_exactly_one_handler_in_one_phase_table() -> None:
    rows = [cls for phase in PHASES for cls, _handler in phase.HANDLERS]
    assert len(rows) == len(set(rows)) == len(ACTION_TYPES)
    assert set(HANDLERS) == set(rows) == set(ACTION_TYPES.values())


def test_each_handler_takes_the_class_it_is_registered_for() -> None:
    """mypy checks each row (handles() is generic in the class); this checks the tables the
    engine runs, whatever was type-checked."""
    for phase in PHASES:
        for cls, handler in phase.HANDLERS:
            hints = typing.get_type_hints(handler, vars(phase))
            assert hints["action"] is cls, (phase.__name__, cls.kind, handler.__name__)
            assert handler.__module__ == phase.__name__
