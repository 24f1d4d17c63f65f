"""The game log in plain words, built from the events ``Game.apply`` returns.

Only public facts are told: drawn cards and token kinds never appear before they are shown.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from .names import (
    DECKS,
    PAYLOADS,
    PHASES,
    REASONS,
    card_name,
    mission_name,
    module_name,
    risk_name,
)

LAUNCH_EVENTS = {"liftoff", "risk_roll", "explosion", "mission_success", "launch_delayed"}


@dataclass(frozen=True, slots=True)
class Told:
    """One line of the log: the event kind it tells ("note" for the app's own words), whose it
    is, its words, and ``detail``: what tells it apart from others of its kind when a run of
    them is told as one line (see :mod:`ui.logbook`)."""

    kind: str
    nation: str
    text: str
    detail: str = ""
    note: str = ""

    @property
    def line(self) -> str:
        return f"{self.text} ({self.note})" if self.note else self.text


def note(text: str) -> Told:
    return Told("note", "", text)


def with_article(word: str) -> str:
    """'an Electronics', 'a Structure', 'an Astronaut'."""
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def _sign(value: int) -> str:
    return f"+{value}" if value >= 0 else f"-{-value}"


def _change(ev: dict[str, Any]) -> str:
    """'Popularity +1 → 11', 'Free research +1 → 1'."""
    what = str(ev["what"]).replace("_", " ").capitalize()
    return f"{what} {_sign(ev['by'])} → {ev['now']}"


def _detail(ev: dict[str, Any]) -> str:
    """What sets this event apart from others of its kind, for a run told as one line."""
    t = ev["type"]
    if t == "token_placed":
        return f"{ev['board']} place {ev['place']}"
    if t == "tested":
        return f"'{risk_name(ev['risk'])}'"
    if t == "change":
        return f"{_change(ev)}|{ev.get('source', '').split(':')[0]}"
    if t == "round":
        return str(ev["round"])
    if t == "phase":
        return str(ev["phase"])
    return ""


def roll_words(ev: dict[str, Any], test_bonus: int) -> str:
    """'rolled 5 +1 test = 6, needs S3 E2 C1: passed 'Pogo oscillation''."""
    parts = [f"rolled {ev['die']}"]
    if ev.get("sabotage"):
        parts.append(f"-{ev['sabotage']} sabotage")
    if ev.get("tests"):
        parts.append(f"+{ev['tests'] * test_bonus} test")
    text = " ".join(parts) + f" = {ev['value']}"
    needs = ev.get("needs")
    if needs:
        text += f", needs S{needs[0]} E{needs[1]} C{needs[2]}"
    verdict = "passed" if ev["passed"] else "FAILED"
    return f"{text}: {verdict} '{risk_name(ev['risk'])}'"


def describe(ev: dict[str, Any], test_bonus: int = 1) -> str | None:
    """One event in words; None for events the log leaves out."""
    t = ev["type"]
    n = ev.get("nation", "")
    if t == "round":
        return f"Round {ev['round']}: {ev['first']} holds the First Player marker."
    if t == "phase":
        return f"Phase: {PHASES.get(ev['phase'], ev['phase'])}."
    if t == "discussion_over":
        return f"{n} ended its strategic discussion."
    if t == "maneuver_played":
        return f"{n} played {card_name(ev['card'])} on place {ev['place']}."
    if t == "maneuvers_passed":
        return f"{n} passed on Maneuver cards."
    if t == "token_placed":
        return f"{n} placed a face-down token on {ev['board']} place {ev['place']}."
    if t == "support_done":
        return f"{n} finished supporting ({ev['tokens']} tokens)."
    if t == "mission_announced":
        risks = ", ".join(risk_name(r) for r in ev["risks"])
        return f"{n} announced {mission_name(ev['mission'])} (risks: {risks})."
    if t == "risks_reshuffled":
        return f"Level {ev['level']} Risk cards reshuffled."
    if t == "launch_decided":
        return f"{n} decided to launch toward {mission_name(ev['mission'])}."
    if t == "launch_aborted":
        return f"{n} aborted this round's launch."
    if t == "change":
        return f"{n} {_change(ev)} ({ev.get('source', '').split(':')[0]})."
    if t == "tile_taken":
        deck = DECKS.get(ev["tile"][0], "")
        return f"{n} took {with_article(deck)} tile from the {ev['source']}."
    if t == "research":
        return f"{n} researched {' + '.join(DECKS[d] for d in ev['decks'])}."
    if t == "tile_kept":
        return f"{n} kept one researched tile; the other went on the Research pile."
    if t == "tile_placed":
        return f"{n} placed a tile at row {ev['row'] + 1}, column {ev['col'] + 1}."
    if t == "supplier_tile":
        return f"{n} sent a Development tile to its Suppliers line."
    if t == "module_ordered":
        return f"{n} ordered {module_name(ev['module'])}."
    if t == "tested":
        return f"{n} tested '{risk_name(ev['risk'])}'."
    if t == "sabotage_removed":
        return f"{n} removed {ev['count']} Sabotage."
    if t in ("payload_loaded", "payload_booked"):
        return f"{n} loaded {with_article(PAYLOADS.get(ev['payload'], ev['payload']))}."
    if t == "test_stolen":
        return f"{n} stole a Test token on '{risk_name(ev['risk'])}'."
    if t == "tech_stolen":
        return f"{n} stole a tile from the rival's Development Line."
    if t == "module_installed":
        return f"{n} installed {module_name(ev['module'])} in slot M{ev['slot'] + 1}."
    if t == "engineer_passed":
        return f"{n} Engineer passed."
    if t == "adaptivity":
        s, e_, c = ev["split"]
        return f"{n} split Adaptivity S+{s} E+{e_} C+{c}."
    if t == "liftoff":
        s, e_, c = ev["parameters"][:3]
        return f"{n} launched toward {mission_name(ev['mission'])} (S{s} E{e_} C{c})."
    if t == "risk_roll":
        return f"{n} {roll_words(ev, test_bonus)}."
    if t == "explosion":
        return f"EXPLOSION: {n}'s rocket exploded on '{risk_name(ev['risk'])}'."
    if t == "mission_success":
        return f"★ {n} completed {mission_name(ev['mission'])}!"
    if t == "launch_delayed":
        return f"{n}'s launch toward {mission_name(ev['mission'])} was delayed ({ev['reason']})."
    if t == "moon_risk_revealed":
        return f"{n} turned up Moon risk '{risk_name(ev['risk'])}'."
    if t == "delivery":
        return f"{n} received a delivered {ev['kind']}."
    if t == "evaluation":
        return (f"{n} evaluated {card_name(ev['card'])} at level {ev['level']}: "
                f"{ev['own']} Influence against {ev['rival']}.")
    if t == "maneuver_won":
        return f"{n} won {card_name(ev['card'])} (level {ev['level']})."
    if t == "maneuver_obstructed":
        return f"{ev['by']} obstructed {n}'s {card_name(ev['card'])}."
    if t == "maneuver_escalated":
        return f"{n} escalated the stack on place {ev['place']} to level {ev['level']}."
    if t == "income":
        return f"{n} Engineer received {ev['money']} money."
    if t == "game_over":
        return f"GAME OVER: {ev['winner']} wins — {REASONS.get(ev['reason'], ev['reason'])}."
    if t == "action":
        return None
    return None


def lines(events: list[dict[str, Any]], test_bonus: int = 1, note: str = "") -> list[Told]:
    """The log lines of one action's events; ``note`` (e.g. "AI medium") goes on the first."""
    out = []
    for ev in events:
        text = describe(ev, test_bonus)
        if text:
            out.append(Told(ev["type"], ev.get("nation", ""), text, _detail(ev)))
    if note and out:
        out[0] = replace(out[0], note=note)
    return out


def launch_sequences(events: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """The events of each launch, in order, for the launch show (empty: no launch)."""
    found: list[list[dict[str, Any]]] = []
    for ev in events:
        if ev["type"] in ("liftoff", "launch_delayed"):
            found.append([ev])
        elif found and ev["type"] in LAUNCH_EVENTS | {"moon_risk_revealed"} \
                and ev.get("nation") == found[-1][0].get("nation"):
            found[-1].append(ev)
    return found
