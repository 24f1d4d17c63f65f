"""Every field of the state is written in four places (``__slots__``, ``__init__``, ``copy``,
``to_dict``): these tests set every slot to a value of its own and fail when ``copy`` or
``to_dict`` leaves one out, so a new field cannot be forgotten in either (a search copies
the state thousands of times a move; a field it dropped would be found only in play)."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

import game
from game.core.rng import Rng
from game.core.state import Nation, Stack, State

_numbers = itertools.count(1000)


def _mid_game() -> State:
    g = game.new_game(8)
    rng = random.Random(8)
    while g.round < 3 and not g.is_over:
        seat = g.to_act()[0]
        g.apply(seat, rng.choice(g.legal_actions(seat)))
    return g.state


def _own(value: Any) -> Any:
    """A value of the same shape as ``value`` that no other slot holds."""
    mark = next(_numbers)
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return mark
    if isinstance(value, Rng):
        return Rng(mark)
    if isinstance(value, list):
        return [f"v{mark}"]
    if isinstance(value, dict):
        return {f"k{mark}": (f"v{mark}",)}
    if isinstance(value, tuple):
        return (f"v{mark}",)
    return f"v{mark}"  # a str, or a None that may hold one


def _marked(obj: Any) -> Any:
    for name in type(obj).__slots__:
        if name != "nations":
            setattr(obj, name, _own(getattr(obj, name)))
    return obj


@pytest.mark.parametrize("kind", [State, Nation])
def test_copy_carries_every_slot(kind: type[Any]) -> None:
    state = _mid_game()
    original = _marked(state.nations["USA"] if kind is Nation else state)
    copied = original.copy()
    for name in kind.__slots__:
        assert hasattr(copied, name), f"{kind.__name__}.copy() leaves out {name}"
        mine, theirs = getattr(original, name), getattr(copied, name)
        if isinstance(mine, Rng):
            assert theirs.state == mine.state and theirs is not mine
        elif name == "nations":
            assert {k: v.to_dict() for k, v in theirs.items()} == \
                {k: v.to_dict() for k, v in mine.items()}
        else:
            assert theirs == mine, name
            if isinstance(mine, list | dict):  # its own container: changing it changes one
                assert theirs is not mine, f"{kind.__name__}.copy() shares {name}"


@pytest.mark.parametrize("kind", [State, Nation])
def test_to_dict_names_every_slot(kind: type[Any]) -> None:
    state = _mid_game()
    original = state.nations["USA"] if kind is Nation else state
    assert set(original.to_dict()) == set(kind.__slots__)


def test_a_stack_copies_and_saves_every_slot() -> None:
    stack = Stack("budget_hearing", "press_conference", 2, [("USA", "bluff")], "won")
    copied = stack.copy()
    assert all(getattr(copied, name) == getattr(stack, name) for name in Stack.__slots__)
    assert copied.tokens is not stack.tokens
    assert set(stack.to_dict()) == set(Stack.__slots__)
