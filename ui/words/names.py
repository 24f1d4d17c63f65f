"""Plain words for ids: nations, seats, decks, payloads, phases, and content names (public data).

Every word is looked up when it is shown (:mod:`ui.words.i18n`), never kept in a table at import:
the player may switch the language while the page runs. Content names (Missions, Risks,
Modules, Maneuver cards, Politics-board places, rulesets) are English in game/content/*.toml;
scripts/messages.py puts them in the catalogue, and they are translated here.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

import game
from game.core.content import PARAMETERS, Content, Effect, when_content_changes
from game.core.names import NationId, is_nation
from game.rules.records import Parameters

from .i18n import _, ngettext

PAYLOAD_ICON = {"astrodog": "astrodog", "satellite": "satellite", "astronaut": "astronaut"}
# A Maneuver card's picture: the icon of the most telling change its level 1 makes (a card
# that steals tests and pays a little shows the theft, not the money).
EFFECT_ICON = {"sabotage": "sabotage", "remove_sabotage": "sabotage", "tech_steal": "techsteal",
               "test_steal": "teststeal", "free_research": "research",
               "opponent_popularity": "popularity", "opponent_budget": "budget",
               "popularity": "popularity", "budget": "budget", "money": "money"}


def content() -> Content:
    """The content the game is played with (a designer's variant when one is in force: read
    each time, never kept here)."""
    return game.load_content()


def percent(chance: float) -> str:
    """A chance in [0, 1] as the player reads it: '31%'."""
    return f"{chance * 100:.0f}%"


def clock(seconds: int) -> str:
    """A countdown as the player reads it: '2:00' (never below '0:00')."""
    seconds = max(seconds, 0)
    return f"{seconds // 60}:{seconds % 60:02d}"


def duration(seconds: int) -> str:
    """A length of time in words: '2 minutes', or '90 seconds' when not whole minutes."""
    if seconds % 60 == 0:
        minutes = seconds // 60
        return ngettext("{count} minute", "{count} minutes", minutes).format(count=minutes)
    return ngettext("{count} second", "{count} seconds", seconds).format(count=seconds)


def hints_taken(count: int) -> str:
    """'2 hints taken'."""
    return ngettext("{count} hint taken", "{count} hints taken", count).format(count=count)


def nation_name(nation: str) -> str:
    """'USA', 'USSR' in the player's words (the id itself stays in data attributes)."""
    words = {"USA": _("USA"), "USSR": _("USSR")}
    return words.get(nation, nation)


def role_name(role: str) -> str:
    words = {"politician": _("Politician"), "engineer": _("Engineer")}
    return words.get(role, role.capitalize())


def seat_name(seat: str) -> str:
    """'USA Politician', 'USSR Engineer'."""
    words = {"USA.politician": _("USA Politician"), "USA.engineer": _("USA Engineer"),
             "USSR.politician": _("USSR Politician"), "USSR.engineer": _("USSR Engineer")}
    if seat in words:
        return words[seat]
    nation, _dot, role = seat.partition(".")
    return f"{nation_name(nation)} {role_name(role)}"


def decks() -> dict[str, str]:
    """Technology deck letter -> its name."""
    return {"S": _("Structure"), "E": _("Electronics"), "C": _("Code"), "P": _("Payload")}


def deck_name(deck: str) -> str:
    return decks().get(deck, deck)


def deck_tile(deck: str) -> str:
    """'Structure tile': a tile of that deck, as one noun."""
    words = {"S": _("Structure tile"), "E": _("Electronics tile"), "C": _("Code tile"),
             "P": _("Payload tile")}
    return words.get(deck, _("tile"))


def payload_name(payload: str) -> str:
    words = {"astrodog": _("Astrodog"), "satellite": _("Satellite"),
             "astronaut": _("Astronaut"), "none": _("no payload")}
    return words.get(payload, payload)


def ai_name(level: str) -> str:
    """'AI medium': who made a computer player's move (the note on its log line)."""
    words = {"random": _("AI random"), "easy": _("AI easy"), "medium": _("AI medium"),
             "hard": _("AI hard")}
    return words.get(level, _("AI"))


def phase_name(phase: str) -> str:
    words = {"discussion": _("Strategic discussion"), "maneuvers": _("Maneuver cards"),
             "politics": _("Politics"), "engineering": _("Engineering"),
             "launches": _("Launches"), "administration": _("Administration"),
             "over": _("Game over")}
    return words.get(phase, phase)


def outcome_name(outcome: str) -> str:
    """How a launch ended."""
    words = {"success": _("success"), "explosion": _("explosion"), "delayed": _("delayed")}
    return words.get(outcome, outcome)


def reason_words(reason: str) -> str:
    """Why a game ended: 'landed on the Moon first'."""
    words = {"moon_landing": _("landed on the Moon first"),
             "popularity": _("the rival's Popularity fell to zero"),
             "budget": _("the Budget gap grew too wide")}
    return words.get(reason, reason)


def category_name(category: str) -> str:
    """When a Politics-board place pays."""
    words = {"per_round": _("Each round"), "mission": _("On a successful Mission"),
             "obstruction": _("On an Obstruction")}
    return words.get(category, category)


def mission_name(mission: str) -> str:
    found = content().missions.get(mission)
    return _(str(found.name)) if found else mission


def risk_name(risk: str) -> str:
    found = content().risks.get(risk)
    return _(str(found.name)) if found else risk


def risk_flavour(risk: str) -> str:
    found = content().risks.get(risk)
    return _(str(found.flavour)) if found else ""


def module_name(module: str) -> str:
    found = content().modules.get(module)
    return _(str(found.name)) if found else module


def card_name(card: str) -> str:
    """A Maneuver card id such as 'USA:press_conference' in its nation's words."""
    nation = card.split(":")[0]
    if not is_nation(nation):  # (the engine's card ids are "<nation>:<key>")
        return card
    return _(str(content().maneuver_card(card).names[nation]))


def place_name(nation: NationId, index: int) -> str:
    """The name of place ``index`` (1-4) of ``nation``'s Politics board."""
    for place in content().places:
        if place.index == index:
            return _(str(place.names[nation]))
    return str(index)


def ruleset_title(ruleset: str) -> str:
    found = content().rulesets.get(ruleset)
    return _(str(found.title)) if found else ruleset


# who an effect works on: the opponent's, the rest the nation's own
AGAINST_OPPONENT = ("opponent_popularity", "opponent_budget", "sabotage")


def effect_parts(effect: Effect) -> list[tuple[str, str, str]]:
    """Each change an effect makes: (its key, its amount as printed, its words), e.g.
    ("money", "+5", "+5 money")."""
    words = {
        "popularity": _("{amount} Popularity"), "budget": _("{amount} Budget"),
        "money": _("{amount} money"),
        "opponent_popularity": _("{amount} opponent Popularity"),
        "opponent_budget": _("{amount} opponent Budget"),
        "sabotage": _("{amount} Sabotage on the opponent"),
        "remove_sabotage": _("{amount} own Sabotage removed"),
        "test_steal": _("{amount} Test Steal"), "tech_steal": _("{amount} Tech Steal"),
        "free_research": _("{amount} free Research"),
    }
    parts = []
    for key, value in effect.to_dict().items():
        sign = "+" if value > 0 and key != "remove_sabotage" else ""
        amount = f"{sign}{value}"
        parts.append((key, amount, words[key].format(amount=amount) if key in words
                      else f"{amount} {key}"))
    return parts


def effect_words(effect: Effect) -> str:
    """Plain words for an effect, e.g. '+2 Popularity, +5 money'."""
    parts = [words for _key, _amount, words in effect_parts(effect)]
    return ", ".join(parts) if parts else _("nothing")


@cache  # drawn for every card in a hand and on a board at every render
def card_icon(card: str) -> str:
    """The icon drawn on a Maneuver card (EFFECT_ICON's first change its level 1 makes)."""
    first = content().maneuver_card(card).levels[0].to_dict()
    return next((EFFECT_ICON[key] for key in EFFECT_ICON if key in first), "card")


when_content_changes(card_icon.cache_clear)  # a variant's card may change what it does


def card_effects(card: str) -> list[Effect]:
    """What a Maneuver card does at each of its levels."""
    return list(content().maneuver_card(card).levels)


def card_levels(card: str) -> list[str]:
    return [effect_words(level) for level in card_effects(card)]


def region_words(module: str) -> str:
    """Where a Module looks on the blueprint: 'row 1', 'rows 2-3', 'column 4'."""
    found = content().modules.get(module)
    if found is None:
        return ""
    cols = content().board.cols
    rows = sorted({cell // cols + 1 for cell in found.cells})
    columns = sorted({cell % cols + 1 for cell in found.cells})
    if len(columns) == 1 and len(rows) > 1:
        return _("column {column}").format(column=columns[0])
    if len(rows) == 1:
        return _("row {row}").format(row=rows[0])
    return _("rows {first}-{last}").format(first=rows[0], last=rows[-1])


def need_words(need: dict[str, int]) -> str:
    """A Module's condition: '2 C', '4 filled', '2 matches'."""
    words = {"filled": _("{count} filled"), "payload": _("{count} payload"),
             "matches": _("{count} matches")}
    return ", ".join(words[k].format(count=v) if k in words else f"{v} {k}"
                     for k, v in need.items())


def bonus_words(bonus: Parameters) -> str:
    """A Module's bonus: '+1S +1E', '+2 Adapt'."""
    parts = [f"+{bonus.of(k)}{k}" for k in PARAMETERS if bonus.of(k)]
    adapt = [_("+{count} Adapt").format(count=bonus.adapt)] if bonus.adapt else []
    return " ".join(parts + adapt)


def speed_words() -> dict[int, str]:
    """The AI's pace (milliseconds between its moves) -> its name."""
    return {0: _("instant"), 150: _("fast"), 300: _("normal"), 800: _("slow")}


def screen_words(where: dict[str, str] | None) -> str:
    """Where a seat is played, as a guest's or the host's turn indicator says it."""
    if not where:
        return ""
    kind, name = where.get("where", ""), where.get("name", "")
    if kind == "ai":
        return _("the computer")
    if kind == "host":
        return _("on the host's screen")
    if kind == "guest":
        return _("on {name}'s screen").format(name=name) if name else _("on a friend's screen")
    if kind == "you":
        return _("on your screen")
    return ""



def waiting_text(to_act: Sequence[str], screens: dict[str, dict[str, str]]) -> str:
    """'Waiting for USSR Politician (on Ann's screen)…' for the seats that may act."""
    parts = []
    for seat in to_act:
        where = screen_words(screens.get(seat))
        parts.append(f"{seat_name(seat)} ({where})" if where else seat_name(seat))
    return _("Waiting for {seats}…").format(seats=", ".join(parts)) if parts else ""



def chat_sender(sender: str, screens: dict[str, Any]) -> str:
    """A chat line's sender as a name: the host, or the player of the guest's first seat."""
    if sender == "host":  # the name the host gave its own seat, if it gave one
        own = [w.get("name") for w in screens.values()
               if isinstance(w, dict) and w.get("where") == "host" and w.get("name")]
        return str(own[0]) if own else _("Host")
    where = screens.get(sender) or {}
    return str(where.get("name") or _("Guest ({seat})").format(seat=seat_name(sender)))
