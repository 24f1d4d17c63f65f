"""Property-based hardening: whatever is thrown at the public API, only ``IllegalAction`` or
``BadSave`` escapes, and a refused action or save changes nothing."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import game
from game.core.actions import ACTION_TYPES

SETTINGS = settings(max_examples=150, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=False)
    | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                   max_size=4),
    max_leaves=12)

field_values = (st.integers(-3, 20) | st.sampled_from(
    ["S", "E", "C", "P", "USA", "USSR", "MOON", "M0-SPUTNIK", "influence", "bluff",
     "astrodog", "satellite", "astronaut", "", "USA:press"]) | json_values)

action_dicts = st.builds(
    lambda kind, fields: {"type": kind, **fields},
    st.sampled_from([*ACTION_TYPES, "fly_to_mars"]),
    st.dictionaries(st.sampled_from(["card", "place", "board", "token", "level", "amount",
                                     "mission", "slot", "deck", "first", "second", "index",
                                     "row", "col", "rotation", "module", "space", "risk",
                                     "count", "payload", "s", "e", "c", "extra"]),
                    field_values, max_size=4))


def position(seed: int, steps: int, players: int, ruleset: str) -> game.Game:
    g = game.new_game(seed, players=players, ruleset=ruleset)
    rng = random.Random(seed)
    for _ in range(steps):
        if g.is_over:
            break
        seat = rng.choice(g.to_act())
        g.apply(seat, rng.choice(g.legal_actions(seat)))
    return g


positions = st.builds(position, st.integers(0, 10**6), st.integers(0, 120),
                      st.sampled_from([2, 3, 4]), st.sampled_from(list(game.RULESETS)))


@SETTINGS
@given(positions, st.sampled_from([*game.SEATS, "USA", "nobody", ""]), action_dicts)
def test_random_action_dicts_are_refused_cleanly_or_applied_legally(
        g: game.Game, seat: str, data: dict[str, Any]) -> None:
    before = g.to_json()
    try:
        action = game.action_from_dict(data)
        legal = seat in game.SEATS and action in g.legal_actions(seat)
        g.apply(seat, action)
    except game.IllegalAction as exc:
        assert str(exc)
        assert g.to_json() == before
        return
    assert legal


def test_a_name_an_action_carries_is_read_as_one_of_its_values() -> None:
    """A PlaceToken's board is a nation (game.core.names.NationId): anything else is refused
    where the action is read, before any rule looks at it."""
    place = {"type": "place_token", "board": "USSR", "place": 2, "token": "bluff"}
    assert game.action_from_dict(place) == game.actions.PlaceToken("USSR", 2, "bluff")
    for board in ("MARS", "usa", ""):
        with pytest.raises(game.IllegalAction, match="must be one of USA, USSR"):
            game.action_from_dict({**place, "board": board})


@SETTINGS
@given(positions, st.data())
def test_another_seats_legal_action_is_refused_unless_it_is_legal_for_this_seat_too(
        g: game.Game, data: st.DataObject) -> None:
    if g.is_over:
        return
    actor = data.draw(st.sampled_from(g.to_act()))
    action = data.draw(st.sampled_from(g.legal_actions(actor)))
    intruder = data.draw(st.sampled_from([s for s in game.SEATS if s != actor]))
    before = g.to_json()
    if action in g.legal_actions(intruder):
        return
    try:
        g.apply(intruder, action)
    except game.IllegalAction:
        assert g.to_json() == before
    else:
        raise AssertionError(f"{intruder} was allowed {action}")


@SETTINGS
@given(json_values)
def test_random_json_is_never_a_save(value: Any) -> None:
    try:
        game.load(json.dumps(value))
    except game.BadSave as exc:
        assert str(exc)
    else:
        raise AssertionError("random JSON loaded as a game")


@SETTINGS
@given(st.binary(max_size=64) | st.text(max_size=64))
def test_random_bytes_and_text_are_never_a_save(raw: bytes | str) -> None:
    try:
        game.load(raw)  # type: ignore[arg-type]
    except game.BadSave:
        pass
    else:
        raise AssertionError("garbage loaded as a game")


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            found += _paths(item, (*path, i))
    return found


SAVE = position(5, 90, 2, "v0.10.4").to_json()


@SETTINGS
@given(st.data(), json_values)
def test_any_edit_to_a_save_is_refused_or_harmless(data: st.DataObject, new: Any) -> None:
    tree = json.loads(SAVE)
    path = data.draw(st.sampled_from(_paths(tree)[1:]))
    parent = tree
    for key in path[:-1]:
        parent = parent[key]
    old = parent[path[-1]]
    if old == new:
        return
    parent[path[-1]] = new
    try:
        loaded = game.load(json.dumps(tree))
    except game.BadSave as exc:
        assert str(exc)
        return
    # An edit can only load if it changed nothing the rules depend on, e.g. a log entry's
    # action rewritten to an equivalent form; the loaded game then equals the original.
    assert loaded == game.load(SAVE)


@SETTINGS
@given(st.integers(1, len(SAVE) - 1))
def test_a_truncated_save_is_refused(cut: int) -> None:
    try:
        game.load(SAVE[:cut])
    except game.BadSave:
        return
    raise AssertionError("a truncated save loaded")
