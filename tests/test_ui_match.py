"""The game a screen holds and each moment of it (ui.model.match): Undo's traces kept as the
game is played (and worked out again when someone else moved it: an online host's referee),
a guest's screen that holds none, and the position every table is drawn from."""

from __future__ import annotations

import random

import pytest

import game
from game.analysis.history import traces
from game.core.names import SEATS
from game.rules.choices import NO_CHOICES
from tests.invariants import purposeful_move
from ui.model.match import Match, Position
from ui.model.targets import TRAIL_MOVES


def _played(match: Match, moves: int, rng: random.Random) -> None:
    for _ in range(moves):
        g = match.game
        seat = g.to_act()[0]
        match.apply(seat, purposeful_move(g, seat, rng))


def test_undos_traces_follow_the_game_however_it_moved() -> None:
    match = Match(game.new_game(6))
    rng = random.Random(6)
    _played(match, 30, rng)
    assert match.traces() == traces(match.game)
    g = match.game  # a referee applies a guest's move to the same game: no trace kept
    seat = g.to_act()[0]
    g.apply(seat, purposeful_move(g, seat, rng))
    assert match.traces() == traces(g)  # worked out again: its length said so
    first = g.log[-3]
    assert match.rewind(3) == first and match.game is not g
    assert match.game.log == g.log[:-3] and match.traces() == traces(match.game)


def test_a_screen_that_holds_no_game_says_so_instead_of_playing_another() -> None:
    match = Match(game.new_game(1))
    assert match.held
    match.take(None)
    assert not match.held
    with pytest.raises(RuntimeError, match="holds no game"):
        _ = match.game


def test_a_position_is_the_games_moment_and_its_world_is_what_a_seat_may_believe() -> None:
    match = Match(game.new_game(8))
    _played(match, TRAIL_MOVES + 6, random.Random(8))
    g = match.game
    position = match.position()
    assert position.moves == g.log_size and position.seed == g.seed
    assert position.last == tuple(g.log[-TRAIL_MOVES:])
    assert all(position.view(seat) == g.view(seat) for seat in (*SEATS, None))
    assert all(position.choices(seat) == g.choices(seat) for seat in SEATS)
    assert position == Position.of(g)  # the same moment: the same record
    seat = g.to_act()[0]
    world = position.world(seat)
    assert world.view(seat) == g.view(seat) and world.legal_actions(seat) == g.legal_actions(seat)
    assert world.to_json() == position.world(seat).to_json()  # the same for the same moment
    _played(match, 1, random.Random(8))
    assert position.moves == g.log_size - 1  # a record: the game moved on, it did not


def test_a_guests_position_shows_its_own_seats_and_no_other() -> None:
    g = game.new_game(5)
    seat = g.to_act()[0]
    mine = Position({seat: g.view(seat)}, {seat: g.choices(seat)}, g.log_size)
    assert mine.view(seat) == mine.view(None) == g.view(seat)  # its public: its own view
    assert mine.choices(None) is NO_CHOICES
    other = next(s for s in SEATS if s != seat)
    with pytest.raises(KeyError):
        mine.view(other)  # never drawn from another's (a fallback would hide the mistake)
    assert mine.choices(other) is NO_CHOICES
