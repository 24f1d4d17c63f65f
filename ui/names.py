"""Plain words for ids: seats, decks, payloads, phases, and content names (public data)."""

from __future__ import annotations

from functools import cache
from typing import Any

import game
from game.effects import describe_effect

DECKS = {"S": "Structure", "E": "Electronics", "C": "Code", "P": "Payload"}
PAYLOAD_ICON = {"astrodog": "astrodog", "satellite": "satellite", "astronaut": "astronaut"}
PAYLOADS = {"astrodog": "Astrodog", "satellite": "Satellite", "astronaut": "Astronaut",
            "none": "no payload"}
PHASES = {"discussion": "Strategic discussion", "maneuvers": "Maneuver cards",
          "politics": "Politics", "engineering": "Engineering", "launches": "Launches",
          "administration": "Administration", "over": "Game over"}
REASONS = {"moon_landing": "landed on the Moon first",
           "popularity": "the rival's Popularity fell to zero",
           "budget": "the Budget gap grew too wide"}
CATEGORIES = {"per_round": "Each round", "mission": "On a successful Mission",
              "obstruction": "On an Obstruction"}


@cache
def content() -> Any:
    return game.load_content()


def seat_name(seat: str) -> str:
    nation, role = seat.split(".")
    return f"{nation} {role.capitalize()}"


def mission_name(mission: str) -> str:
    found = content().missions.get(mission)
    return str(found.name) if found else mission


def risk_name(risk: str) -> str:
    found = content().risks.get(risk)
    return str(found.name) if found else risk


def module_name(module: str) -> str:
    found = content().modules.get(module)
    return str(found.name) if found else module


def card_name(card: str) -> str:
    """A Maneuver card id such as 'USA:press_conference' in its nation's words."""
    nation = card.split(":")[0]
    return str(content().maneuver_card(card).names[nation])


def card_levels(card: str) -> list[str]:
    return [describe_effect(level) for level in content().maneuver_card(card).levels]


def tile_words(tile: dict[str, Any] | None) -> str:
    if not tile:
        return "a tile"
    return f"{DECKS.get(tile['deck'], tile['deck'])} tile {tile['id']}"
