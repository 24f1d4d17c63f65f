"""The position value and the win probability built on it (game.ai.value, game.ai.winprob)."""

from __future__ import annotations

import math
import random

import pytest

from game.ai.value import FEATURES, features, fit, logistic, value, weights
from game.ai.winprob import simulate, win_probability
from game.engine import Game, new_game
from game.tools.calibration import calibration
from tests.test_stakes import SPUTNIK, engineering, same_view_other_secrets


def _medium_position(seed: int, steps: int) -> Game:
    g = new_game(seed)
    simulate(g, steps, random.Random(seed))
    return g


def test_both_nations_chances_add_up_to_one_and_features_mirror() -> None:
    for seed, steps in ((1, 0), (2, 60), (3, 150), (4, 300)):
        g = _medium_position(seed, steps)
        usa, ussr = features(g, "USA"), features(g, "USSR")
        assert len(usa) == len(FEATURES)
        assert all(math.isclose(a, -b, abs_tol=1e-12) for a, b in zip(usa, ussr, strict=True))
        assert value(g, "USA") + value(g, "USSR") == pytest.approx(1.0)


def test_a_nation_near_losing_on_popularity_is_worth_less() -> None:
    g = _medium_position(5, 80)
    assert not g.is_over
    before = value(g, "USA")
    g.state.nations["USA"].popularity = 1
    g.state.nations["USSR"].popularity = 9
    assert value(g, "USA") < before
    assert value(g, "USA") < 0.5


def test_a_finished_game_is_certain() -> None:
    g = _medium_position(6, 2000)
    assert g.is_over and g.winner is not None
    assert value(g, g.winner) == 1.0
    chances = win_probability(g.view(None), random.Random(1))
    assert chances[g.winner] == 1.0 and sum(chances.values()) == 1.0


def test_the_estimate_from_a_view_never_uses_what_the_seat_cannot_see() -> None:
    g = engineering(SPUTNIK)
    seat = "USSR.engineer"
    expected = win_probability(g.view(seat), random.Random(3), samples=3, steps=10)
    assert 0.0 < expected["USA"] < 1.0
    for other in same_view_other_secrets(g):
        assert other.view(seat) == g.view(seat)
        assert win_probability(other.view(seat), random.Random(3), samples=3,
                               steps=10) == expected


def test_fit_recovers_known_weights_from_their_own_outcomes() -> None:
    rng = random.Random(7)
    truth = [0.5 * ((-1) ** i) * (i + 1) / len(FEATURES) for i in range(len(FEATURES))]
    samples = []
    for _ in range(4000):
        row = tuple(rng.uniform(-2, 2) for _ in FEATURES)
        p = logistic(sum(w * x for w, x in zip(truth, row, strict=True)))
        samples.append((row, rng.random() < p))
    fitted = fit(samples, ridge=0.01)
    assert all(abs(a - b) < 0.15 for a, b in zip(fitted, truth, strict=True))


def test_the_weights_file_weighs_every_feature() -> None:
    assert len(weights()) == len(FEATURES)
    assert all(math.isfinite(w) for w in weights())


def test_calibration_scores_positions_of_real_games_in_deciles() -> None:
    table = calibration(2, 11, samples=2, steps=4)
    assert table["positions"] == sum(row["positions"] for row in table["deciles"]) > 4
    assert 0.0 <= table["brier"] <= 1.0
    for row in table["deciles"]:
        if row["positions"]:
            low, high = (float(x) for x in row["range"].split("-"))
            assert low <= row["mean_estimate"] <= high
