"""The computer players judge a game by the content it is played with (``game.content``),
never by the package's own: the same position played under changed content is weighed by the
changed numbers, and asking about the stock game in between changes nothing (the memos are
keyed by the content)."""

from __future__ import annotations

import dataclasses
import random

import game
from game.ai import get_ai
from game.ai.heuristics import prep_plan
from game.ai.medium import card_value, medium_move
from game.ai.montecarlo import hard_move
from game.ai.pathodds import path_odds
from game.core import actions as A
from game.core.content import Content, Effect
from game.engine import Game
from game.rules.odds import launch_odds
from game.rules.position import Position


def _under(g: Game, content: Content) -> Game:
    """A copy of ``g`` played under ``content`` (a Game is played under its position's
    content; new_game always gives the package's own)."""
    twin = g.clone()
    twin._p = Position(twin.state, content)
    return twin


def _sure(content: Content) -> Content:
    """``content`` with every risk passed by any rocket: no range asks for a parameter."""
    risks = {rid: dataclasses.replace(risk, ranges=tuple(
        dataclasses.replace(part, minimum=(0, 0, 0)) for part in risk.ranges))
        for rid, risk in content.risks.items()}
    return dataclasses.replace(content, risks=risks)


def _money_cards(content: Content) -> Content:
    """``content`` with every Maneuver card worth 70 money and nothing else, at every level."""
    money = Effect(money=70)
    cards = {key: dataclasses.replace(card, levels=(money, money, money))
             for key, card in content.maneuvers.items()}
    return dataclasses.replace(content, maneuvers=cards)


def test_launch_odds_are_those_of_the_games_risks() -> None:
    stock = game.new_game(1)
    sure = _under(stock, _sure(stock.content))
    assert sure.content is not stock.content and stock.parameters("USA") == (0, 0, 0, 0)
    for mission, _ in stock.state.active:
        assert path_odds(stock, "USA", mission) < 0.6  # an empty rocket, real risks
        assert path_odds(sure, "USA", mission) == 1.0 == launch_odds(sure, "USA", mission)
        assert prep_plan(sure, "USA", mission) == (1.0, 0, {}, True)  # no Test to buy
        # and the stock game, asked again, still has its own answers
        assert path_odds(stock, "USA", mission) == launch_odds(stock, "USA", mission) < 0.6
        assert prep_plan(stock, "USA", mission)[1] > 0


def test_maneuver_cards_are_worth_what_the_games_cards_give() -> None:
    stock = game.new_game(1)
    rich = _under(stock, _money_cards(stock.content))
    for card in sorted(set(stock.state.nations["USA"].hand)):
        assert card_value(stock, "USA", card, 1) < 2.0
        assert card_value(rich, "USA", card, 1) == 10.0  # 70 money at 7 a Popularity point
        assert card_value(stock, "USA", card, 1) < 2.0


def test_no_test_is_bought_for_a_launch_that_cannot_fail() -> None:
    """Along a medium game, medium's and hard's Engineers buy Tests for their launches; the
    same positions under content whose every risk is passed never get one."""
    g = game.new_game(1)
    sure_content = _sure(g.content)
    ai = get_ai("medium")
    rng = random.Random(1)
    bought = 0
    step = 0
    while not g.is_over and g.round <= 4:
        seats = g.to_act()
        seat = seats[step % len(seats)]
        step += 1
        legal = g.legal_actions(seat)
        if seat.endswith("engineer") and any(isinstance(a, A.Test) for a in legal):
            sure = _under(g, sure_content)
            for move in (medium_move, hard_move):
                bought += isinstance(move(g, seat, legal, random.Random(0)), A.Test)
                assert not isinstance(move(sure, seat, legal, random.Random(0)), A.Test)
        g.apply(seat, ai.choose(g.view(seat), legal, rng))
    assert bought >= 2
