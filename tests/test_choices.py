"""A seat's choices (game.rules.choices): what its screen shows that only the rules work out.
Each placement's outcome is what the move does, the odds are the engine's, nothing in them
depends on what the seat cannot see, and they cross to a guest whole."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import game
from game.ai import determinize
from game.core.actions import PlaceTile
from game.core.content import MOON
from game.core.plain import from_plain, to_plain
from game.rules.choices import NO_CHOICES, Choices, placement_key
from game.rules.terms import nation_of, other
from tests.invariants import purposeful_move


def _positions() -> Iterator[tuple[game.Game, str]]:
    """(game, seat that acts) along purposeful games of both rulesets."""
    for ruleset, players, seed in (("v0.10.4", 2, 1), ("preview", 4, 2), ("v0.10.4", 2, 3)):
        g = game.new_game(seed, players=players, ruleset=ruleset)
        rng = random.Random(seed)
        while not g.is_over and g.round < 12:
            seat = rng.choice(g.to_act())
            yield g, seat
            g.apply(seat, purposeful_move(g, seat, rng))


def test_each_placement_shows_what_placing_the_tile_there_does() -> None:
    checked = 0
    for g, seat in _positions():
        choices = g.choices(seat)
        placings = [a for a in g.legal_actions(seat) if isinstance(a, PlaceTile)]
        assert len(choices.placements) == len(placings)
        for action in placings[::3]:
            trial = g.clone()
            trial.apply(seat, action)
            after = trial.view(seat).nations[nation_of(seat)]
            shown = choices.placements[placement_key(action)]
            cols = g.content.board.cols
            assert shown.tile == after.blueprint[action.row * cols + action.col]
            assert shown.parameters == after.parameters
            checked += 1
    assert checked > 50


def test_the_odds_are_the_engines_and_need_nothing_the_seat_cannot_see() -> None:
    for number, (g, seat) in enumerate(_positions()):
        if number % 7:
            continue
        choices = g.choices(seat)
        nation = nation_of(seat)
        for mission, odds in choices.odds.items():
            assert odds == game.launch_odds(g, nation, mission)
        assert set(choices.odds) >= {m for m, _ in g.state.active}
        if (other(nation), MOON) in g.state.launches:
            assert choices.rival_moon == game.launch_odds(g, other(nation), MOON)
        else:
            assert choices.rival_moon is None
        sampled = determinize(g.view(seat), random.Random(number))
        assert sampled.choices(seat) == choices  # worked out from the seat's view alone


def test_choices_cross_to_a_guest_whole_and_a_spectator_has_none() -> None:
    for number, (g, seat) in enumerate(_positions()):
        if number % 11:
            continue
        choices = g.choices(seat)
        text = json.dumps(to_plain(choices))
        assert from_plain(Choices, json.loads(text)) == choices
        assert g.choices(seat) is choices  # once per position
    assert game.new_game(1).choices(None) == NO_CHOICES
