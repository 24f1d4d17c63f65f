"""The icons (public/icons.svg) a player must tell apart at a glance differ in shape, not only
in colour or in a small glyph (issue 23): an Influence token is a disc, a Bluff a hexagon (a
diamond read as U+FFFD, issue 39; e2e/test_icons.py compares the drawn shapes with glyphs); and
every icon and piece of card art the table draws exists in the sprite."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import game
from game.core.content import EFFECT_KEYS
from ui.markup.board import board_html
from ui.markup.centre import FLIGHTS, centre_html, flight_art
from ui.markup.html import art
from ui.words.names import EFFECT_ICON, card_icon, content

SVG = "{http://www.w3.org/2000/svg}"
ICONS = Path(__file__).resolve().parent.parent / "public" / "icons.svg"


def outline(symbol_id: str) -> str:
    """The tag (and rotation) of the symbol's first drawn element: its silhouette."""
    root = ET.parse(ICONS).getroot()
    symbol = next(s for s in root.iter(f"{SVG}symbol") if s.get("id") == symbol_id)
    first = next(el for el in symbol if el.tag != f"{SVG}title")
    return first.tag.removeprefix(SVG) + (" " + first.get("transform", "")).rstrip()


def test_influence_and_bluff_have_different_silhouettes() -> None:
    assert outline("i-influence") == "circle"
    assert outline("i-bluff") == "path"
    root = ET.parse(ICONS).getroot()
    bluff = next(s for s in root.iter(f"{SVG}symbol") if s.get("id") == "i-bluff")
    hexagon = bluff.find(f"{SVG}path")
    assert hexagon is not None
    assert len(re.findall(r"[MLlVvHh]", hexagon.get("d", ""))) == 6  # six corners


def _symbols() -> set[str]:
    root = ET.parse(ICONS).getroot()
    return {s.get("id", "") for s in root.iter(f"{SVG}symbol")}


def _drawn(markup: str) -> list[str]:
    """The sprite symbols a piece of markup draws (``<use href="#ID">``)."""
    return re.findall(r'<use href="#([^"]+)"', markup)


def test_every_symbol_the_table_draws_is_in_the_sprite() -> None:
    """Over random games, seen by each nation and by nobody, in every phase: each icon and
    each piece of card art the boards and the centre draw exists (a missing one is a blank)."""
    symbols = _symbols()
    drawn: set[str] = set()
    for seed in (2, 5):
        g = game.new_game(seed)
        rng = random.Random(seed)
        while not g.is_over and g.log_size < 400:
            for seat in ("USA.engineer", "USSR.politician", None):
                view = g.view(seat)
                drawn.update(_drawn(centre_html(view)))
                for nation in game.NATIONS:
                    drawn.update(_drawn(board_html(view, nation)))
            for _ in range(7):
                if g.is_over:
                    break
                seat = g.to_act()[0]
                g.apply(seat, rng.choice(g.legal_actions(seat)))
    assert drawn - symbols == set()
    # each kind of component was drawn with its art at least once
    assert any(name.startswith("a-flight-") for name in drawn)
    # every Mission's level has its flight drawn (random games rarely reach level 2 or 3)
    levels = {mission.level for mission in content().missions.values()}
    assert {f"a-{flight_art(level)}" for level in levels} == {
        f"a-flight-{n}" for n in range(FLIGHTS)} <= symbols
    assert {"a-lunar", "a-module", "i-risk"} <= drawn
    assert {f"a-place-{place.index}" for place in content().places} <= drawn


def test_component_art_is_only_for_the_eye() -> None:
    """Card art carries no words: hidden from assistive technology, no title or text in it
    (the CSS puts it behind the words and out of a touch's way)."""
    assert art("lunar").startswith('<svg class="art" aria-hidden="true"')
    root = ET.parse(ICONS).getroot()
    for symbol in root.iter(f"{SVG}symbol"):
        if symbol.get("id", "").startswith("a-"):
            assert symbol.find(f"{SVG}title") is None and not list(symbol.iter(f"{SVG}text"))


# What each Maneuver card shows (game/content/maneuvers.toml), written out by hand.
CARD_ICONS = {
    "press_conference": "popularity", "budget_hearing": "budget", "industry_contract": "money",
    "covert_operation": "sabotage", "industrial_espionage": "techsteal",
    "intercepted_reports": "teststeal",  # not the money it also pays
    "science_grant": "research", "smear_campaign": "popularity", "budget_pressure": "budget",
    "security_sweep": "sabotage", "national_goal": "budget", "reconnaissance": "teststeal",
}


def test_each_maneuver_card_shows_what_it_does_most() -> None:
    """A Maneuver card's icon is the most telling change its level 1 makes, and exists;
    every change the engine knows has an icon, so a new card never falls back to a blank."""
    symbols = _symbols()
    assert set(EFFECT_ICON) == set(EFFECT_KEYS)
    assert set(content().maneuvers) == set(CARD_ICONS)
    for key in content().maneuvers:
        for nation in game.NATIONS:
            name = card_icon(f"{nation}:{key}")
            assert f"i-{name}" in symbols, key
            assert name == CARD_ICONS[key], key
    assert card_icon("USA:intercepted_reports") == "teststeal"
    assert card_icon("USA:industry_contract") == "money"
