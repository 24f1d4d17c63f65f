"""Setup, seats, the round structure and the strategic discussion (phase 1)."""

from __future__ import annotations

import pytest

import game
from game.core import actions as A
from game.core.events import PhaseBegun
from game.engine import Game
from tests.conftest import eng, engineers_pass, kinds, new, pass_maneuvers, pol, to_engineering

# ---------------------------------------------------------------------------- setup


@pytest.mark.rule("setup")
def test_tracks_money_and_hands_start_as_printed(g: Game) -> None:
    for n in g.state.nations.values():
        assert (n.popularity, n.budget, n.money) == (10, 30, 30)
        assert len(n.hand) == 4
        assert len(n.deck) == 8  # twelve Maneuver cards per Politician
        assert all(card.startswith(f"{n.name}:") for card in n.hand + n.deck)
        assert n.sabotage == n.test_steal == n.tech_steal == 0
    assert g.state.first == "USSR"
    assert (g.round, g.phase) == (1, "maneuvers")


@pytest.mark.rule("setup")
def test_first_player_gets_one_extra_bluff(g: Game) -> None:
    usa, ussr = g.state.nations["USA"], g.state.nations["USSR"]
    assert (usa.influence, usa.bluff) == (4, 4)
    assert (ussr.influence, ussr.bluff) == (4, 5)


@pytest.mark.rule("setup")
def test_two_level0_missions_with_one_face_up_level0_risk_each(g: Game) -> None:
    content = g.content
    assert sorted(m for m, _ in g.state.active) == ["M0-SPUTNIK", "M0-VANGUARD"]
    for _, risks in g.state.active:
        assert len(risks) == 1
        assert content.risks[risks[0]].level == 0
        assert g.state.tests[risks[0]] == (0, 0)
    assert sorted(g.state.mission_decks) == [1, 2, 3]
    assert all(len(deck) == 5 for deck in g.state.mission_decks.values())


@pytest.mark.rule("setup")
def test_moon_on_display_with_three_hidden_level3_risks_per_nation(g: Game) -> None:
    content = g.content
    paths = [g.state.nations[n].moon_path for n in ("USA", "USSR")]
    for nation in ("USA", "USSR"):
        n = g.state.nations[nation]
        assert len(n.moon_path) == 3 and n.moon_up == [False, False, False]
        assert all(content.risks[r].level == 3 for r in n.moon_path)
    assert len(set(paths[0]) | set(paths[1])) == 6
    assert all(p is None for p in g.view("USA.politician").nations["USA"].moon_path)


@pytest.mark.rule("setup")
def test_research_center_development_lines_and_suppliers(g: Game) -> None:
    content = g.content
    assert len(g.state.module_row) == 4 and None not in g.state.module_row
    for n in g.state.nations.values():
        assert sorted(n.line) == ["C", "E", "S"]  # no Payload tile in the line
        assert all(content.tiles[t].deck == d for d, t in n.line.items() if t)
        assert n.suppliers[0] is not None and n.suppliers[0].startswith("M:")
        assert n.suppliers[1:] == [None, None]
        assert all(c is None for c in n.blueprint) and len(n.blueprint) == 15
        assert g.parameters(n.name) == (0, 0, 0, 0)
    assert len(g.state.tile_decks["P"]) == 8


@pytest.mark.rule("setup")
def test_new_game_is_deterministic_per_seed_and_rejects_bad_settings() -> None:
    assert new(5).to_json() == new(5).to_json()
    assert new(5).to_json() != new(6).to_json()
    for bad in ({"players": 5}, {"ruleset": "v9"}, {"pair": "GB"}):
        with pytest.raises(ValueError):
            game.new_game(1, **bad)  # type: ignore[arg-type]


# ---------------------------------------------------------------------------- seats


@pytest.mark.rule("seats")
def test_four_seats_and_unknown_seat_is_illegal(g: Game) -> None:
    assert game.SEATS == ("USA.politician", "USA.engineer", "USSR.politician",
                          "USSR.engineer")
    with pytest.raises(game.IllegalAction):
        g.apply("USA.pilot", A.PassManeuvers())
    with pytest.raises(game.IllegalAction):
        g.legal_actions("CCCP.politician")


@pytest.mark.rule("seats")
def test_two_players_politicians_first_then_engineers(g: Game) -> None:
    assert g.to_act() == ["USSR.politician"]
    assert g.legal_actions(eng("USSR")) == [] and g.legal_actions(eng("USA")) == []
    pass_maneuvers(g)
    assert g.to_act() == ["USSR.politician"]
    assert g.legal_actions(eng("USA")) == []
    g.apply(pol("USSR"), A.Abort())
    g.apply(pol("USA"), A.Abort())
    assert g.phase == "engineering"
    # Both Engineers may act in any interleaving; USSR listed first as First Player.
    assert g.to_act() == ["USSR.engineer", "USA.engineer"]


@pytest.mark.rule("seats")
def test_engineers_interleave_freely_and_a_passed_nation_stops(g: Game) -> None:
    to_engineering(g)
    g.apply(eng("USA"), A.TakeFromLine("S"))
    assert "USA.engineer" in g.to_act() and "USSR.engineer" in g.to_act()
    g.apply(eng("USSR"), A.PassEngineer())
    assert g.legal_actions(eng("USSR")) == []
    with pytest.raises(game.IllegalAction):
        g.apply(eng("USSR"), A.TakeFromLine("E"))
    assert kinds(g.legal_actions(eng("USA"))) == {"place_tile"}


@pytest.mark.rule("seats")
def test_view_shows_own_hand_but_not_the_rivals() -> None:
    g = new(3)
    view = g.view("USA.engineer")
    hand = view.nations["USA"].hand
    assert hand is not None and [card.id for card in hand] == g.state.nations["USA"].hand
    assert view.nations["USSR"].hand is None
    assert view.nations["USSR"].hand_size == 4
    assert g.view(None).nations["USA"].hand is None


# ---------------------------------------------------------------------------- round


@pytest.mark.rule("round")
def test_phases_run_in_order_and_the_first_player_alternates(g: Game) -> None:
    seen = [g.phase]
    pass_maneuvers(g)
    seen.append(g.phase)
    g.apply(pol("USSR"), A.Abort())
    g.apply(pol("USA"), A.Abort())
    seen.append(g.phase)
    events = engineers_pass(g)
    phases = [e.phase for e in events if isinstance(e, PhaseBegun)]
    assert seen == ["maneuvers", "politics", "engineering"]
    assert phases == ["launches", "administration"]
    assert (g.round, g.phase, g.state.first) == (2, "maneuvers", "USA")
    assert g.to_act() == ["USA.politician"]
    assert g.state.nations["USA"].bluff == 5 and g.state.nations["USSR"].bluff == 4


@pytest.mark.rule("round")
def test_round_three_starts_with_ussr_again(g: Game) -> None:
    for _ in range(2):
        to_engineering(g)
        engineers_pass(g)
    assert (g.round, g.state.first, g.to_act()) == (3, "USSR", ["USSR.politician"])


# ---------------------------------------------------------------------------- discussion


@pytest.mark.rule("discussion")
def test_no_discussion_phase_with_two_players(g: Game) -> None:
    assert g.phase == "maneuvers"
    assert A.EndDiscussion() not in g.legal_actions(pol("USSR"))


@pytest.mark.rule("discussion")
def test_four_players_every_round_starts_with_a_skippable_discussion() -> None:
    g = new(2, players=4)
    assert g.phase == "discussion"
    assert g.to_act() == ["USSR.politician", "USSR.engineer", "USA.politician",
                          "USA.engineer"]
    assert g.legal_actions(eng("USA")) == [A.EndDiscussion()]
    before = g.state.nations["USA"].money
    g.apply(eng("USA"), A.EndDiscussion())  # either seat ends its team's discussion
    assert g.to_act() == ["USSR.politician", "USSR.engineer"]
    assert g.phase == "discussion"
    g.apply(pol("USSR"), A.EndDiscussion())
    assert g.phase == "maneuvers"
    assert g.state.nations["USA"].money == before  # no game effect
    to_engineering(g)
    engineers_pass(g)
    assert (g.round, g.phase) == (2, "discussion")


@pytest.mark.rule("discussion")
def test_three_players_discussion_only_for_the_pair_nation() -> None:
    g = new(2, players=3, pair="USA")
    assert g.phase == "discussion"
    assert g.to_act() == ["USA.politician", "USA.engineer"]
    assert g.legal_actions(pol("USSR")) == []
    g.apply(pol("USA"), A.EndDiscussion())
    assert g.phase == "maneuvers" and g.to_act() == ["USSR.politician"]
    # Three players: the Engineers wait for the launch decisions, as with two.
    assert g.legal_actions(eng("USA")) == []
