"""The live rule examples (ui/model/examples.toml) can never drift from the rules: each one's
position is replayed through the engine, its action is legal for the reader's seat there and
has a path on the board, and it causes the events the example promises."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TypeVar

import pytest

import game
from game.core.actions import Action
from game.core.content import MOON
from game.core.events import (
    Evaluated,
    Event,
    Explosion,
    LaunchDelayed,
    Liftoff,
    ManeuverObstructed,
    MissionSuccess,
    MoonRiskRevealed,
    RiskRolled,
)
from ui.model.examples import Example, examples, parse
from ui.model.targets import paths, tab_of

ROOT = Path(__file__).resolve().parent.parent
# The rules the rules page must show live (issue 26): the section of docs/rules.md of each.
SHOWN = {"support", "announce", "risk-roll", "blueprint", "eng-research", "eng-module",
         "eng-test", "moon", "end-of-round", "end-game"}
E = TypeVar("E", bound=Event)


def played(example: Example) -> tuple[list[Event], game.Game]:
    g = example.position()
    assert g.to_act() == [example.seat], "the reader alone acts: the rival never has to move"
    assert example.action in g.legal_actions(example.seat)
    return g.apply(example.seat, example.action), g


@pytest.mark.parametrize("ident", sorted(examples()))
def test_each_example_replays_and_its_action_does_what_it_says(ident: str) -> None:
    example = examples()[ident]
    events, _g = played(example)
    kinds = {event.kind for event in events}
    assert set(example.expect) <= kinds, f"{ident}: {sorted(kinds)}"
    view = example.position().view(example.seat)
    routes = paths(example.action, view)
    assert routes, f"{ident}: the board cannot show its action"
    assert tab_of(routes[0][0]) == example.tab, f"{ident} shows where its action starts"


def test_the_examples_cover_every_rule_the_rules_page_shows_live() -> None:
    assert {example.section for example in examples().values()} >= SHOWN
    for source in ("rules.md", "rules.hu.md"):
        anchors = set(re.findall(r"^\{#([a-z0-9-]+)\}", (ROOT / "docs" / source).read_text(
            encoding="utf-8"), re.MULTILINE))
        assert {example.section for example in examples().values()} <= anchors, source


def test_what_each_example_says_after_is_what_happened() -> None:
    """The texts name outcomes; the engine confirms each of them."""
    outcome = {ident: played(example) for ident, example in examples().items()}

    def of(ident: str, kind: type[E]) -> list[E]:
        return [event for event in outcome[ident][0] if isinstance(event, kind)]

    launch = examples()["launch"]
    assert {e.nation for e in of("launch", Liftoff)} == {launch.nation}
    assert len(of("launch", RiskRolled)) >= 2  # one roll per Risk card
    assert of("launch", MissionSuccess)[0].nation == launch.nation
    flown = of("launch", Liftoff)[0].mission  # a launch whose chance is worth showing
    assert 0.25 < game.launch_odds(launch.position(), launch.nation, flown) < 0.9
    blueprint = examples()["blueprint"]
    g = blueprint.position()

    def gain(action: Action) -> int:
        after = g.clone()
        after.apply(blueprint.seat, action)
        return sum(after.parameters(blueprint.nation)[:3]) - sum(g.parameters(blueprint.nation)[:3])

    placements = [a for a in g.legal_actions(blueprint.seat) if a.kind == "place_tile"]
    assert gain(blueprint.action) > min(map(gain, placements))  # the matched edge's +1
    moon = examples()["moon"]
    revealed = of("moon", MoonRiskRevealed)
    assert revealed and revealed[0].nation == moon.nation
    assert any(e.mission == MOON and e.nation == moon.nation for e in of("moon", Liftoff))
    assert of("moon", Explosion)[0].nation == moon.nation  # "a failed landing"
    evaluation = of("end-of-round", Evaluated)[0]
    assert evaluation.rival > evaluation.own and of("end-of-round", ManeuverObstructed)
    for ident, reason in (("popularity-zero", "popularity"), ("budget-gap", "budget")):
        g = outcome[ident][1]
        assert g.is_over and g.end_reason == reason, ident
    assert outcome["popularity-zero"][1].winner != examples()["popularity-zero"].nation
    assert of("budget-gap", LaunchDelayed)[0].reason == "payload"
    assert outcome["budget-gap"][1].winner == "USA" != examples()["budget-gap"].nation


def test_a_malformed_example_is_refused_by_name() -> None:
    good = (ROOT / "ui/model/examples.toml").read_text(encoding="utf-8")
    with pytest.raises(ValueError, match="unknown seat"):
        parse(good.replace('seat = "USSR.politician"', 'seat = "USSR.astronaut"', 1))
    with pytest.raises(ValueError, match="show is one of"):
        parse(good.replace('show = "politician"', 'show = "everything"', 1))
    with pytest.raises(ValueError, match="names only"):
        parse(good.replace("Supporting Maneuvers:", "Supporting {nothing}:", 1))
