"""The game log in plain words, built from the events ``Game.apply`` returns.

Only public facts are told: drawn cards and token kinds never appear before they are shown.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from .i18n import _, ngettext
from .names import (
    card_name,
    deck_name,
    mission_name,
    module_name,
    nation_name,
    phase_name,
    reason_words,
    risk_name,
)

LAUNCH_EVENTS = {"liftoff", "risk_roll", "explosion", "mission_success", "launch_delayed"}


@dataclass(frozen=True, slots=True)
class Told:
    """One line of the log: the event kind it tells ("note" for the app's own words), whose it
    is, its words, and ``detail``: what tells it apart from others of its kind when a run of
    them is told as one line (see :mod:`ui.markup.logbook`)."""

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


def _what(what: str) -> str:
    """What a change changed: 'Popularity', 'Free research'."""
    words = {"popularity": _("Popularity"), "budget": _("Budget"), "money": _("Money"),
             "sabotage": _("Sabotage"), "test_steal": _("Test steal"),
             "tech_steal": _("Tech steal"), "free_research": _("Free research")}
    return words.get(what, what.replace("_", " ").capitalize())


def _source(ev: dict[str, Any]) -> str:
    """Why a change happened, in a word: 'mission', 'maneuver'."""
    source = str(ev.get("source", "")).split(":")[0]
    # Translators: the cause of a change, told in brackets after it in the game log.
    words = {"mission": _("mission"), "maneuver": _("maneuver"), "place": _("place"),
             "round": _("round"), "influence": _("influence"), "abort": _("abort"),
             "delay": _("delay"), "explosion": _("explosion"), "tie": _("tie")}
    return words.get(source, source)


def _change(ev: dict[str, Any]) -> str:
    """'Popularity +1 → 11', 'Free research +1 → 1'."""
    return f"{_what(str(ev['what']))} {_sign(ev['by'])} → {ev['now']}"


def _where(ev: dict[str, Any]) -> str:
    """'USA place 4': a place of a Politics board."""
    return _("{board} place {place}").format(board=nation_name(str(ev["board"])),
                                             place=ev["place"])


def _detail(ev: dict[str, Any]) -> str:
    """What sets this event apart from others of its kind, for a run told as one line."""
    t = ev["type"]
    if t == "token_placed":
        return _where(ev)
    if t == "tested":
        # Translators: a Risk card's name in quotes, as the log tells which Risks were tested.
        return _("'{risk}'").format(risk=risk_name(ev["risk"]))
    if t == "change":
        return f"{_change(ev)}|{_source(ev)}"
    if t == "round":
        return str(ev["round"])
    if t == "phase":
        return str(ev["phase"])
    return ""


def _roll(ev: dict[str, Any], test_bonus: int) -> str:
    """'5 -1 sabotage +1 test = 5': the die and what changed it."""
    parts = [str(ev["die"])]
    if ev.get("sabotage"):
        parts.append(_("-{count} sabotage").format(count=ev["sabotage"]))
    if ev.get("tests"):
        parts.append(_("+{bonus} test").format(bonus=ev["tests"] * test_bonus))
    return " ".join(parts) + f" = {ev['value']}"


def _needs(ev: dict[str, Any]) -> str:
    needs = ev.get("needs")
    return f"S{needs[0]} E{needs[1]} C{needs[2]}" if needs else ""


def roll_words(ev: dict[str, Any], test_bonus: int) -> str:
    """'rolled 5 +1 test = 6, needs S3 E2 C1: passed 'Pogo oscillation''."""
    if ev.get("needs"):
        text = (_("rolled {roll}, needs {needs}: passed '{risk}'") if ev["passed"]
                else _("rolled {roll}, needs {needs}: FAILED '{risk}'"))
    else:
        text = (_("rolled {roll}: passed '{risk}'") if ev["passed"]
                else _("rolled {roll}: FAILED '{risk}'"))
    return text.format(roll=_roll(ev, test_bonus), needs=_needs(ev), risk=risk_name(ev["risk"]))


def _roll_line(ev: dict[str, Any], test_bonus: int) -> str:
    """A risk roll in the log, a whole sentence with the nation."""
    if ev.get("needs"):
        text = (_("{nation} rolled {roll}, needs {needs}: passed '{risk}'.") if ev["passed"]
                else _("{nation} rolled {roll}, needs {needs}: FAILED '{risk}'."))
    else:
        text = (_("{nation} rolled {roll}: passed '{risk}'.") if ev["passed"]
                else _("{nation} rolled {roll}: FAILED '{risk}'."))
    return text.format(nation=nation_name(ev.get("nation", "")), roll=_roll(ev, test_bonus),
                       needs=_needs(ev), risk=risk_name(ev["risk"]))


def delay_reason(reason: str) -> str:
    """Why a launch was delayed, in a word or two."""
    # Translators: why a launch was delayed: the rival completed the Mission first...
    words = {"completed": _("completed"),
             # Translators: ...or the rocket does not carry the Mission's payload.
             "payload": _("payload")}
    return words.get(reason, reason)


def _tile_taken(ev: dict[str, Any]) -> str:
    tile = {"S": _("a Structure tile"), "E": _("an Electronics tile"), "C": _("a Code tile"),
            "P": _("a Payload tile")}.get(str(ev["tile"])[:1], _("a tile"))
    if ev["source"] == "line":
        text = _("{nation} took {tile} from the line.")
    elif ev["source"] == "pile":
        text = _("{nation} took {tile} from the pile.")
    else:
        text = _("{nation} took {tile} from the {source}.")
    return text.format(nation=nation_name(ev["nation"]), tile=tile, source=ev["source"])


def _payload(payload: str) -> str:
    """'an Astrodog': a payload loaded or booked."""
    words = {"astrodog": _("an Astrodog"), "satellite": _("a Satellite"),
             "astronaut": _("an Astronaut")}
    return words.get(payload, with_article(payload))


# The kinds of event (game.core.events) the log leaves out: a move is told by what it did, not by
# its own "action" event. Every other kind has its words below (tests/test_events.py).
UNTOLD = frozenset({"action"})


def describe(ev: dict[str, Any], test_bonus: int = 1) -> str | None:
    """One event in words; None for the kinds the log leaves out (:data:`UNTOLD`)."""
    t = ev["type"]
    n = nation_name(ev.get("nation", ""))
    if t == "round":
        return _("Round {round}: {nation} holds the First Player marker.").format(
            round=ev["round"], nation=nation_name(ev["first"]))
    if t == "phase":
        return _("Phase: {phase}.").format(phase=phase_name(ev["phase"]))
    if t == "discussion_over":
        return _("{nation} ended its strategic discussion.").format(nation=n)
    if t == "maneuver_played":
        return _("{nation} played {card} on place {place}.").format(
            nation=n, card=card_name(ev["card"]), place=ev["place"])
    if t == "maneuvers_passed":
        return _("{nation} passed on Maneuver cards.").format(nation=n)
    if t == "token_placed":
        return _("{nation} placed a face-down token on {where}.").format(nation=n,
                                                                          where=_where(ev))
    if t == "support_done":
        return ngettext("{nation} finished supporting ({count} token).",
                        "{nation} finished supporting ({count} tokens).",
                        ev["tokens"]).format(nation=n, count=ev["tokens"])
    if t == "mission_announced":
        risks = ", ".join(risk_name(r) for r in ev["risks"])
        return _("{nation} announced {mission} (risks: {risks}).").format(
            nation=n, mission=mission_name(ev["mission"]), risks=risks)
    if t == "risks_reshuffled":
        return _("Level {level} Risk cards reshuffled.").format(level=ev["level"])
    if t == "launch_decided":
        return _("{nation} decided to launch toward {mission}.").format(
            nation=n, mission=mission_name(ev["mission"]))
    if t == "launch_aborted":
        return _("{nation} aborted this round's launch.").format(nation=n)
    if t == "change":
        return _("{nation} {change} ({source}).").format(nation=n, change=_change(ev),
                                                         source=_source(ev))
    if t == "tile_taken":
        return _tile_taken(ev)
    if t == "research":
        decks = " + ".join(deck_name(d) for d in ev["decks"])
        return _("{nation} researched {decks}.").format(nation=n, decks=decks)
    if t == "tile_kept":
        return _("{nation} kept one researched tile; the other went on the Research "
                 "pile.").format(nation=n)
    if t == "tile_placed":
        return _("{nation} placed a tile at row {row}, column {column}.").format(
            nation=n, row=ev["row"] + 1, column=ev["col"] + 1)
    if t == "supplier_tile":
        return _("{nation} sent a Development tile to its Suppliers line.").format(nation=n)
    if t == "module_ordered":
        return _("{nation} ordered {module}.").format(nation=n,
                                                      module=module_name(ev["module"]))
    if t == "tested":
        return _("{nation} tested '{risk}'.").format(nation=n, risk=risk_name(ev["risk"]))
    if t == "sabotage_removed":
        return ngettext("{nation} removed {count} Sabotage.", "{nation} removed {count} Sabotage.",
                        ev["count"]).format(nation=n, count=ev["count"])
    if t in ("payload_loaded", "payload_booked"):
        return _("{nation} loaded {payload}.").format(nation=n,
                                                      payload=_payload(ev["payload"]))
    if t == "test_stolen":
        return _("{nation} stole a Test token on '{risk}'.").format(
            nation=n, risk=risk_name(ev["risk"]))
    if t == "tech_stolen":
        return _("{nation} stole a tile from the rival's Development Line.").format(nation=n)
    if t == "module_installed":
        return _("{nation} installed {module} in slot M{slot}.").format(
            nation=n, module=module_name(ev["module"]), slot=ev["slot"] + 1)
    if t == "engineer_passed":
        return _("{nation} Engineer passed.").format(nation=n)
    if t == "adaptivity":
        s, e_, c = ev["split"]
        return _("{nation} split Adaptivity S+{s} E+{e} C+{c}.").format(nation=n, s=s, e=e_,
                                                                       c=c)
    if t == "liftoff":
        s, e_, c = ev["parameters"][:3]
        return _("{nation} launched toward {mission} (S{s} E{e} C{c}).").format(
            nation=n, mission=mission_name(ev["mission"]), s=s, e=e_, c=c)
    if t == "risk_roll":
        return _roll_line(ev, test_bonus)
    if t == "explosion":
        return _("EXPLOSION: {nation}'s rocket exploded on '{risk}'.").format(
            nation=n, risk=risk_name(ev["risk"]))
    if t == "mission_success":
        return _("★ {nation} completed {mission}!").format(
            nation=n, mission=mission_name(ev["mission"]))
    if t == "launch_delayed":
        return _("{nation}'s launch toward {mission} was delayed ({reason}).").format(
            nation=n, mission=mission_name(ev["mission"]), reason=delay_reason(ev["reason"]))
    if t == "moon_risk_revealed":
        return _("{nation} turned up Moon risk '{risk}'.").format(
            nation=n, risk=risk_name(ev["risk"]))
    if t == "delivery":
        text = (_("{nation} received a delivered module.") if ev["kind"] == "module"
                else _("{nation} received a delivered tile."))
        return text.format(nation=n)
    if t == "evaluation":
        return _("{nation} evaluated {card} at level {level}: {own} Influence against "
                 "{rival}.").format(nation=n, card=card_name(ev["card"]), level=ev["level"],
                                    own=ev["own"], rival=ev["rival"])
    if t == "maneuver_won":
        return _("{nation} won {card} (level {level}).").format(
            nation=n, card=card_name(ev["card"]), level=ev["level"])
    if t == "maneuver_obstructed":
        return _("{by} obstructed {nation}'s {card}.").format(
            by=nation_name(ev["by"]), nation=n, card=card_name(ev["card"]))
    if t == "maneuver_escalated":
        return _("{nation} escalated the stack on place {place} to level {level}.").format(
            nation=n, place=ev["place"], level=ev["level"])
    if t == "income":
        return _("{nation} Engineer received {money} money.").format(nation=n,
                                                                     money=ev["money"])
    if t == "game_over":
        return _("GAME OVER: {winner} wins — {reason}.").format(
            winner=nation_name(ev["winner"]), reason=reason_words(ev["reason"]))
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
