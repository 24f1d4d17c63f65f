"""game.core.plain: a seat's view crosses JSON (to a guest) and reads back
as the same record; plain data that is not a view is refused whole with RecordError."""

from __future__ import annotations

import dataclasses
import json
import random
import re
from collections.abc import Callable, Iterator
from typing import Any, NamedTuple

import pytest

import game
from game.core.plain import RecordError, from_plain, to_plain
from game.engine import Game
from game.rules.records import View
from tests.invariants import purposeful_move

GAMES = [(1, "v0.10.4", 2), (2, "v0.10.4", 4), (3, "preview", 2), (4, "preview", 4)]
EVERY = 13  # every 13th position: about 30 a game, all four games in a few seconds


def _positions(seed: int, ruleset: str, players: int) -> Iterator[Game]:
    """Positions of a game played out by tests.invariants.purposeful_move (it launches, splits
    Adaptivity, installs modules and explores the Moon, which uniform moves seldom reach)."""
    g = game.new_game(seed, players=players, ruleset=ruleset)
    rng = random.Random(seed)
    step = 0
    while not g.is_over:
        if step % EVERY == 0:
            yield g
        seat = rng.choice(g.to_act())
        g.apply(seat, purposeful_move(g, seat, rng))
        step += 1
    yield g


def _holds(view: View) -> set[str]:
    """The parts of ``view`` that an optional field or an empty tuple may leave out."""
    found = {"completed"} if view.completed else set()
    if view.decision is not None and view.decision.splits:
        found.add("splits")
    for nation in view.nations.values():
        if nation.hand:
            found.add("hand")
        if nation.pending is not None:
            found.add(f"pending {nation.pending.what}" + (" tiles" if nation.pending.tiles else ""))
        found.update(name for name, there in (
            ("stack", any(place.stack for place in nation.places)),
            ("module", any(nation.modules)),
            ("supplier tile", any(space.tile for space in nation.suppliers)),
            ("supplier module", any(space.module for space in nation.suppliers)),
            ("moon risk", any(nation.moon_path)),
            ("payload", any(cell and cell.payload for cell in nation.blueprint)),
            ("booked", nation.booked),
            ("matches", nation.matches)) if there)
    return found


def test_every_view_reads_back_equal_from_its_plain_form_and_from_json() -> None:
    seen: set[str] = set()
    for seed, ruleset, players in GAMES:
        for g in _positions(seed, ruleset, players):
            for seat in (None, *game.SEATS):
                view = g.view(seat)
                plain = to_plain(view)
                assert from_plain(View, plain) == view
                assert from_plain(View, json.loads(json.dumps(plain))) == view
                seen |= _holds(view)
    # The games reach every kind of optional part, so each union was read both ways.
    assert seen >= {"completed", "splits", "hand", "pending keep", "pending keep tiles",
                    "pending place", "stack", "module", "supplier tile", "supplier module",
                    "moon risk", "payload", "booked", "matches"}, seen


def _plain_view() -> dict[str, Any]:
    """A fresh plain form of a seat's view at the start of a game."""
    plain: dict[str, Any] = to_plain(game.new_game(5).view("USA.politician"))
    return plain


def _drop(key: str) -> Callable[[dict[str, Any]], object]:
    return lambda part: part.pop(key)


def _keyed(plain: dict[str, Any], field: str) -> None:
    plain[field] = {str(i): item for i, item in enumerate(plain[field])}


BROKEN: list[tuple[str, Callable[[dict[str, Any]], object], str]] = [
    # (what is wrong, how the plain view is broken, where the error says it is)
    ("missing field", _drop("round"), "View: missing ['round'], unknown []"),
    ("missing nested field", lambda p: _drop("money")(p["nations"]["USA"]),
     "View.nations.USA: missing ['money']"),
    ("unknown field", lambda p: p.update(rng=1), "View: missing [], unknown ['rng']"),
    ("unknown nested field", lambda p: p["missions"][0].update(odds=0.5),
     "View.missions[0]: missing [], unknown ['odds']"),
    ("str for int", lambda p: p.update(round="1"), "View.round: not a whole number"),
    ("float for int", lambda p: p.update(round=1.0), "View.round: not a whole number"),
    ("bool for int", lambda p: p["nations"]["USA"].update(money=True),
     "View.nations.USA.money: not a whole number"),
    ("bool for int in a map", lambda p: p["mission_decks"].update({"1": False}),
     "View.mission_decks.1: not a whole number"),
    ("int for bool", lambda p: p.update(over=0), "View.over: not a bool"),
    ("dict for a list", lambda p: _keyed(p, "to_act"), "View.to_act: not a list"),
    ("dict for a list of records", lambda p: _keyed(p, "missions"), "View.missions: not a list"),
    ("short fixed list", lambda p: p["missions"][0]["risks"][0]["ranges"][0].update(
        minimum=[2, 1]), "View.missions[0].risks[0].ranges[0].minimum: not a list of 3"),
    ("non-string key", lambda p: p["mission_decks"].update({1: 5}),
     "View.mission_decks: a key is not text"),
    ("non-string nation key", lambda p: p.update(nations={0: p["nations"]["USA"]}),
     "View.nations: a key is not text"),
    ("none of a union's kinds", lambda p: p.update(decision="adapt"),
     "View.decision: none of its kinds"),
    ("list for a record", lambda p: p.update(research=[]), "View.research: not a mapping"),
    # names (game.core.names) are read as one of their values, keys too
    ("a phase of no game", lambda p: p.update(phase="lunch"), "View.phase: not one of"),
    ("a seat that is none", lambda p: p.update(seat="USA.pilot"), "View.seat: none of its kinds"),
    ("a nation's key that is none", lambda p: p.update(nations={**p["nations"],
                                                               "MARS": p["nations"]["USA"]}),
     "View.nations: an unknown key 'MARS'"),
    ("a seat to act that is none", lambda p: p.update(to_act=["USA.pilot"]),
     "View.to_act[0]: not one of"),
]


@pytest.mark.parametrize(("how", "where"), [(how, where) for _, how, where in BROKEN],
                         ids=[name for name, _, _ in BROKEN])
def test_malformed_plain_data_is_refused_and_says_where(
    how: Callable[[dict[str, Any]], object], where: str,
) -> None:
    plain = _plain_view()
    assert from_plain(View, plain) == game.new_game(5).view("USA.politician")  # whole: read
    how(plain)
    with pytest.raises(RecordError, match=re.escape(where)):
        from_plain(View, plain)


def test_data_that_is_not_a_mapping_is_no_view() -> None:
    for data in ([_plain_view()], json.dumps(_plain_view()), None):
        with pytest.raises(RecordError, match="View: not a mapping"):
            from_plain(View, data)


def test_a_long_key_costs_each_value_under_it_no_more_than_a_short_one() -> None:
    """An error's path shows a key's head only: a host's key of any length, over any number of
    values, is not copied into the path of each (their cost grows with the data, not with
    key length times values)."""
    data = to_plain(game.new_game(1).view(None))
    data["risk_discards"]["x" * 100_000] = [7] * 10
    with pytest.raises(RecordError) as refused:
        from_plain(View, data)
    assert str(refused.value).startswith("View.risk_discards." + "x" * 24 + "[0]:")
    # a map keyed by names refuses such a key at once, and shows its head only
    data = to_plain(game.new_game(1).view(None))
    data["nations"]["x" * 100_000] = {"discard": [7] * 10}
    with pytest.raises(RecordError) as refused:
        from_plain(View, data)
    assert str(refused.value) == "View.nations: an unknown key '" + "x" * 24 + "'"


def test_values_past_the_fast_paths_are_written_as_before() -> None:
    """to_plain answers the usual kinds by exact type; the rest still takes the general path:
    a tuple's subclass becomes a list, a str's subclass stays itself, a record's class (not a
    record) is left alone, and records inside a dict or a tuple are expanded."""

    class Pair(NamedTuple):
        left: int
        right: str

    class Name(str):
        pass

    @dataclasses.dataclass(frozen=True)
    class Leaf:
        name: str
        sizes: tuple[int, ...]

    leaf = Leaf("a", (1, 2))
    plain = to_plain({"pair": Pair(1, "b"), "name": Name("c"), "kind": Leaf,
                      "leaves": (leaf, [leaf]), "nested": {"x": leaf}, "none": None})
    expected = {"name": "a", "sizes": [1, 2]}
    assert plain == {"pair": [1, "b"], "name": "c", "kind": Leaf,
                     "leaves": [expected, [expected]], "nested": {"x": expected}, "none": None}
    assert type(plain["pair"]) is list and type(plain["name"]) is Name
