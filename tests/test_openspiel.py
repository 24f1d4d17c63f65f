"""Moonshot through OpenSpiel's game API (game.tools.openspiel): OpenSpiel's own checks, the
action codes, information states that keep the rival's secrets, resampled worlds ISMCTS can
search, and OpenSpiel's bots as players of a tournament and the lab."""

from __future__ import annotations

import io
import random
import sys

import pyspiel
import pytest

from game import new_game
from game.ai import get_ai
from game.ai.base import Budget
from game.core import actions as A
from game.core.content import use_content
from game.core.names import NATIONS
from game.rules.terms import RULESETS
from game.tools import openspiel
from game.tools.cli import main
from game.tools.lab import player
from game.tools.openspiel import (
    ActionCodes,
    MoonshotState,
    OpenSpielAI,
    moonshot_game,
)
from game.tools.tournament import OPENSPIEL_BOTS, medium_moves, play_game
from game.tools.variant import parse_variant
from tests.conftest import counting_clock


def _positions(seed: int, ruleset: str = RULESETS[0]) -> list[MoonshotState]:
    """Every position of one game the Medium level plays for both nations, as states."""
    game = moonshot_game(ruleset)
    state = MoonshotState(game, new_game(seed, ruleset=ruleset), seed)
    medium = get_ai("medium")
    rng = random.Random(seed)
    found = []
    while not state.is_terminal():
        found.append(state.clone())
        seat = state.seat
        legal = state.engine.legal_actions(seat)
        move = medium.choose(state.engine.view(seat), legal, rng)
        state.apply_action(game.codes.code(move))
    return found


@pytest.mark.parametrize("ruleset", RULESETS)
def test_openspiel_s_own_checks_pass_on_random_games(ruleset: str) -> None:
    game = pyspiel.load_game(openspiel.SHORT_NAME, {"seed": 5, "ruleset": ruleset})
    assert game.num_players() == 2
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    # Serialisation replays the actions, which a sampled game's hidden dice do not repeat.
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)


def test_every_action_of_whole_games_has_one_code_and_back() -> None:
    codes = ActionCodes(moonshot_game().content)
    seen: set[A.Action] = set()
    for ruleset in RULESETS:
        for seed in range(20):
            g = new_game(seed, ruleset=ruleset)
            rng = random.Random(seed)
            while not g.is_over:
                seat = rng.choice(g.to_act())
                legal = g.legal_actions(seat)
                seen.update(legal)
                g.apply(seat, rng.choice(legal))
    for players in (2, 4):  # Medium players reach the Moon and Adaptivity; four, discussion
        for seed in range(3):
            for _, _, legal, _ in medium_moves(seed, players):
                seen.update(legal)
    kinds = {a.kind for a in seen}
    assert kinds == set(A.ACTION_TYPES), sorted(set(A.ACTION_TYPES) - kinds)  # every kind
    coded = {codes.code(a): a for a in seen}
    assert len(coded) == len(seen)  # one code per action
    for code, action in coded.items():
        assert 0 <= code < codes.size
        assert codes.action(code) == action
    # every code means an action (a Research's two decks in either order: the same one)
    for code in range(codes.size):
        action = codes.action(code)
        assert codes.action(codes.code(action)) == action


def test_an_action_outside_the_content_has_no_code() -> None:
    codes = ActionCodes(moonshot_game().content)
    for action in (A.RemoveSabotage(openspiel.MOST_SABOTAGE_REMOVED + 1),
                   A.PlaceToken("MARS", 1, "bluff"), A.Launch("M9-NOWHERE"),
                   A.PlaceTile(9, 0, 0)):
        with pytest.raises(ValueError, match="coded"):
            codes.code(action)
    for code in (-1, codes.size):
        with pytest.raises(ValueError, match="not in"):
            codes.action(code)


def test_a_variant_s_cards_are_coded_under_it() -> None:
    variant = parse_variant('[variant]\ntitle = "t"\n[remove]\nmaneuvers = ["covert_operation"]\n',
                            "fewer.toml")
    size = moonshot_game().codes.size
    card = A.PlayManeuver("USA:covert_operation", 1)
    assert moonshot_game().codes.code_of(card) is not None
    use_content(variant.content)  # (the tests' fixture puts the game's own back)
    codes = moonshot_game().codes
    # a card fewer: its 2 nations x 4 places to play it, and 4 places to lay it over one
    assert codes.size == size - 2 * 4 - 2 * 4
    assert codes.code_of(card) is None


def test_information_states_hide_the_rival_s_secrets_and_resampling_keeps_them() -> None:
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    differs = 0
    positions = _positions(3)
    assert len(positions) > 100
    for state in positions[::7]:
        player = state.current_player()
        rival = 1 - player
        world = state.resample_from_infostate(player, sampler)
        # the acting player cannot tell the sampled world from the true one ...
        assert world.current_player() == player
        assert world.information_state_string(player) == state.information_state_string(player)
        assert world.observation_string(player) == state.observation_string(player)
        assert world.legal_actions() == state.legal_actions()
        # ... though it differs in what the player cannot see: the rival's hand
        hands = (s.engine.state.nations[NATIONS[rival]].hand for s in (state, world))
        hands_differ = sorted(next(hands)) != sorted(next(hands))
        differs += hands_differ
        # the rival, who sees its hand, can tell the two apart when the hands differ
        if hands_differ:
            assert world.information_state_string(rival) != \
                state.information_state_string(rival)
    assert differs > len(positions[::7]) // 2


def test_ismcts_chooses_a_legal_move_from_the_view_alone_and_the_same_for_the_same_seed() -> None:
    bot = OpenSpielAI("ismcts", iterations=8)
    mcts = OpenSpielAI("mcts", iterations=8)
    for state in _positions(4)[5:200:40]:
        seat = state.seat
        view, legal = state.engine.view(seat), state.engine.legal_actions(seat)
        first = bot.choose(view, legal, random.Random(1))
        assert first in legal
        assert bot.choose(view, legal, random.Random(1)) == first
        assert mcts.choose(view, legal, random.Random(2)) in legal
        if len(legal) > 1:
            assert bot.last_stats.iterations == 8


def test_ismcts_searches_for_the_time_a_budget_gives(monkeypatch: pytest.MonkeyPatch) -> None:
    """The search goes on until its time is up: its clock here counts its own readings (10 ms
    each), so 0.3 s is a number of simulations, the same on any machine."""
    monkeypatch.setattr(openspiel, "time", counting_clock(0.01))
    state = next(s for s in _positions(6) if len(s.legal_actions()) > 5)
    bot = OpenSpielAI("ismcts")
    seat = state.seat
    bot.choose(state.engine.view(seat), state.engine.legal_actions(seat), random.Random(3),
               Budget(seconds=0.3))
    print(f"ISMCTS: {bot.last_stats.iterations} simulations in {bot.last_stats.seconds:.3f} s")
    # one reading a simulation after the first two, until the deadline's: 2 + 29
    assert bot.last_stats.iterations >= 2 + 29
    assert 0.3 <= bot.last_stats.seconds <= 0.33
    # a time shorter than one simulation: still a choice (the first simulation only expands
    # the root, which OpenSpiel's bot cannot choose from)
    legal = state.engine.legal_actions(seat)
    assert bot.choose(state.engine.view(seat), legal, random.Random(3),
                      Budget(seconds=1e-6)) in legal
    assert bot.last_stats.iterations == 2


def test_a_removal_of_more_sabotage_than_coded_is_left_out_of_the_bots_choices() -> None:
    state = next(s for s in _positions(7) if s.engine.phase == "engineering")
    nation = state.engine.state.nations[NATIONS[state.current_player()]]
    most = openspiel.MOST_SABOTAGE_REMOVED
    nation.sabotage, nation.money = most + 3, 200
    state.engine.forget_cache()
    removals = [a for a in state.engine.legal_actions(state.seat)
                if isinstance(a, A.RemoveSabotage)]
    assert len(removals) == most + 3  # the rules allow them all ...
    codes = state.get_game().codes
    coded = [codes.action(c) for c in state.legal_actions()]
    # ... the bots choose among those with a code, and the game goes on
    assert [a for a in coded if isinstance(a, A.RemoveSabotage)] == removals[:most]
    assert OpenSpielAI("ismcts", iterations=4).choose(
        state.engine.view(state.seat), state.engine.legal_actions(state.seat),
        random.Random(5)) in removals + [a for a in coded if a not in removals]


def test_a_bot_without_openspiel_installed_is_refused_in_words(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "game.tools.openspiel", None)  # as if not installed
    out = io.StringIO()
    assert main(["tournament", "--a", "ismcts", "--b", "random", "--games", "1"], out) == 2
    assert "ismcts is OpenSpiel's, which is not installed here" in out.getvalue()
    assert "pip install -e '.[lab]'" in out.getvalue()


def test_a_tournament_and_the_lab_field_openspiel_s_bots() -> None:
    assert set(OPENSPIEL_BOTS) == set(openspiel.BOTS)
    result = play_game("hard", "ismcts", 11, "USSR", iterations=6)
    assert result.winner in NATIONS
    assert result.decisions["b"] > 0 and result.iterations["b"] > 0
    assert isinstance(player("ismcts"), OpenSpielAI)
    out = io.StringIO()
    assert main(["tournament", "--a", "mcts", "--b", "random", "--games", "2",
                 "--iterations", "4"], out) == 0
    assert "mcts (a) vs random (b): 2 games" in out.getvalue()

