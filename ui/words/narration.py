"""The game log in plain words, built from the events ``Game.apply`` returns.

Only public facts are told: drawn cards and token kinds never appear before they are shown.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from functools import singledispatch

from game.core import events as E
from game.core.names import NationId

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


@dataclass(frozen=True, slots=True)
class Told:
    """One line of the log: the event kind it tells ("note" for the app's own words), whose it
    is, its words, and ``detail``: what tells it apart from others of its kind when a run of
    them is told as one line (see :mod:`ui.markup.logbook`)."""

    kind: str
    nation: str  # the nation it is about ("": none)
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


def _source(ev: E.Changed) -> str:
    """Why a change happened, in a word: 'mission', 'maneuver'."""
    source = ev.source.split(":")[0]
    # Translators: the cause of a change, told in brackets after it in the game log.
    words = {"mission": _("mission"), "maneuver": _("maneuver"), "place": _("place"),
             "round": _("round"), "influence": _("influence"), "abort": _("abort"),
             "delay": _("delay"), "explosion": _("explosion"), "tie": _("tie")}
    return words.get(source, source)


def _change(ev: E.Changed) -> str:
    """'Popularity +1 → 11', 'Free research +1 → 1'."""
    return f"{_what(ev.what)} {_sign(ev.by)} → {ev.now}"


def _where(ev: E.TokenPlaced) -> str:
    """'USA place 4': a place of a Politics board."""
    return _("{board} place {place}").format(board=nation_name(ev.board), place=ev.place)


def _roll(ev: E.RiskRolled, test_bonus: int) -> str:
    """'5 -1 sabotage +1 test = 5': the die and what changed it."""
    parts = [str(ev.die)]
    if ev.sabotage:
        parts.append(_("-{count} sabotage").format(count=ev.sabotage))
    if ev.tests:
        parts.append(_("+{bonus} test").format(bonus=ev.tests * test_bonus))
    return " ".join(parts) + f" = {ev.value}"


def _needs(ev: E.RiskRolled) -> str:
    return f"S{ev.needs[0]} E{ev.needs[1]} C{ev.needs[2]}" if ev.needs else ""


def roll_words(ev: E.RiskRolled, test_bonus: int) -> str:
    """'rolled 5 +1 test = 6, needs S3 E2 C1: passed 'Pogo oscillation''."""
    if ev.needs:
        text = (_("rolled {roll}, needs {needs}: passed '{risk}'") if ev.passed
                else _("rolled {roll}, needs {needs}: FAILED '{risk}'"))
    else:
        text = (_("rolled {roll}: passed '{risk}'") if ev.passed
                else _("rolled {roll}: FAILED '{risk}'"))
    return text.format(roll=_roll(ev, test_bonus), needs=_needs(ev), risk=risk_name(ev.risk))


def delay_reason(reason: str) -> str:
    """Why a launch was delayed, in a word or two."""
    # Translators: why a launch was delayed: the rival completed the Mission first...
    words = {"completed": _("completed"),
             # Translators: ...or the rocket does not carry the Mission's payload.
             "payload": _("payload")}
    return words.get(reason, reason)


def _payload(payload: str) -> str:
    """'an Astrodog': a payload loaded or booked."""
    words = {"astrodog": _("an Astrodog"), "satellite": _("a Satellite"),
             "astronaut": _("an Astronaut")}
    return words.get(payload, with_article(payload))


# The kinds of event (game.core.events) the log leaves out: a move is told by what it did, not by
# its own "action" event. Every other kind has its words below (tests/test_events.py).
UNTOLD = frozenset({"action"})


@singledispatch
def _tell(ev: E.Event, test_bonus: int) -> Told | None:
    """The log line of one event: one function per kind below, typed with its class, so each
    reads only fields its kind has. This one: the kinds the log leaves out (:data:`UNTOLD`)."""
    return None


def _said(ev: E.Event, nation: NationId, words: str, detail: str = "", **fields: object) -> Told:
    """``ev``'s line, whose is ``nation``: ``words`` with the nation's name for ``{nation}``
    and ``fields`` for the rest."""
    return Told(ev.kind, nation, words.format(nation=nation_name(nation), **fields), detail)


# --- the game's frame: lines of no nation's (a round's and a phase's detail heads a chapter of
# the logbook)

@_tell.register
def _round_begun(ev: E.RoundBegun, _test_bonus: int) -> Told:
    return Told(ev.kind, "", _("Round {round}: {nation} holds the First Player marker.").format(
        round=ev.round, nation=nation_name(ev.first)), str(ev.round))


@_tell.register
def _phase_begun(ev: E.PhaseBegun, _test_bonus: int) -> Told:
    return Told(ev.kind, "", _("Phase: {phase}.").format(phase=phase_name(ev.phase)), ev.phase)


@_tell.register
def _changed(ev: E.Changed, _test_bonus: int) -> Told:
    return _said(ev, ev.nation, _("{nation} {change} ({source})."),
                 f"{_change(ev)}|{_source(ev)}", change=_change(ev), source=_source(ev))


@_tell.register
def _game_over(ev: E.GameOver, _test_bonus: int) -> Told:
    return Told(ev.kind, "", _("GAME OVER: {winner} wins — {reason}.").format(
        winner=nation_name(ev.winner), reason=reason_words(ev.reason)))


# --- Politicians

@_tell.register
def _discussion_over(ev: E.DiscussionOver, _test_bonus: int) -> Told:
    return _said(ev, ev.nation, _("{nation} ended its strategic discussion."))


@_tell.register
def _maneuver_played(ev: E.ManeuverPlayed, _test_bonus: int) -> Told:
    return _said(ev, ev.nation, _("{nation} played {card} on place {place}."),
                 card=card_name(ev.card), place=ev.place)


@_tell.register
def _maneuvers_passed(ev: E.ManeuversPassed, _test_bonus: int) -> Told:
    return _said(ev, ev.nation, _("{nation} passed on Maneuver cards."))


@_tell.register
def _token_placed(ev: E.TokenPlaced, _test_bonus: int) -> Told:
    return _said(ev, ev.nation, _("{nation} placed a face-down token on {where}."),
                 _where(ev), where=_where(ev))


@_tell.register
def _support_done(ev: E.SupportDone, _test_bonus: int) -> Told:
    return _said(ev, ev.nation, ngettext("{nation} finished supporting ({count} token).",
                                         "{nation} finished supporting ({count} tokens).",
                                         ev.tokens), count=ev.tokens)


@_tell.register
def _mission_announced(ev: E.MissionAnnounced, _test_bonus: int) -> Told:
    return _said(ev, ev.nation, _("{nation} announced {mission} (risks: {risks})."),
                 mission=mission_name(ev.mission),
                 risks=", ".join(risk_name(r) for r in ev.risks))


@_tell.register
def _launch_decided(ev: E.LaunchDecided, _test_bonus: int) -> Told:
    return _said(ev, ev.nation, _("{nation} decided to launch toward {mission}."),
                 mission=mission_name(ev.mission))


@_tell.register
def _launch_aborted(ev: E.LaunchAborted, _test_bonus: int) -> Told:
    return _said(ev, ev.nation, _("{nation} aborted this round's launch."))


# --- Administration

@_tell.register
def _delivered(ev: E.Delivered, _test_bonus: int) -> Told:
    return _said(ev, ev.nation, _("{nation} received a delivered module.")
                 if ev.item_kind == "module" else _("{nation} received a delivered tile."))


@_tell.register
def _evaluated(ev: E.Evaluated, _test_bonus: int) -> Told:
    return _said(ev, ev.nation, _("{nation} evaluated {card} at level {level}: {own} Influence "
                                  "against {rival}."),
                 card=card_name(ev.card), level=ev.level, own=ev.own, rival=ev.rival)


@_tell.register
def _maneuver_won(ev: E.ManeuverWon, _test_bonus: int) -> Told:
    return _said(ev, ev.nation, _("{nation} won {card} (level {level})."),
                 card=card_name(ev.card), level=ev.level)


@_tell.register
def _maneuver_obstructed(ev: E.ManeuverObstructed, _test_bonus: int) -> Told:
    return _said(ev, ev.nation, _("{by} obstructed {nation}'s {card}."),
                 by=nation_name(ev.by), card=card_name(ev.card))


@_tell.register
def _maneuver_escalated(ev: E.ManeuverEscalated, _test_bonus: int) -> Told:
    return _said(ev, ev.nation, _("{nation} escalated the stack on place {place} to level "
                                  "{level}."), place=ev.place, level=ev.level)


@_tell.register
def _income(ev: E.Income, _test_bonus: int) -> Told:
    return _said(ev, ev.nation, _("{nation} Engineer received {money} money."), money=ev.money)


@_tell.register
def _risks_reshuffled(ev: E.RisksReshuffled, _test_bonus: int) -> Told:
    return Told(ev.kind, "", _("Level {level} Risk cards reshuffled.").format(level=ev.level))


# --- Engineers

@_tell.register
def _tile_taken(ev: E.TileTaken, _test_bonus: int) -> Told:
    tile = {"S": _("a Structure tile"), "E": _("an Electronics tile"), "C": _("a Code tile"),
            "P": _("a Payload tile")}.get(ev.tile[:1], _("a tile"))
    if ev.source == "line":
        text = _("{nation} took {tile} from the line.")
    elif ev.source == "pile":
        text = _("{nation} took {tile} from the pile.")
    else:
        text = _("{nation} took {tile} from the {source}.")
    return _said(ev, ev.nation, text, tile=tile, source=ev.source)


@_tell.register
def _researched(ev: E.Researched, _test_bonus: int) -> Told:
    return _said(ev, ev.nation, _("{nation} researched {decks}."),
                 decks=" + ".join(deck_name(d) for d in ev.decks))


@_tell.register
def _tile_kept(ev: E.TileKept, _test_bonus: int) -> Told:
    return _said(ev, ev.nation, _("{nation} kept one researched tile; the other went on the "
                                  "Research pile."))


@_tell.register
def _tile_placed(ev: E.TilePlaced, _test_bonus: int) -> Told:
    return _said(ev, ev.nation, _("{nation} placed a tile at row {row}, column {column}."),
                 row=ev.row + 1, column=ev.col + 1)


@_tell.register
def _supplier_tile(ev: E.SupplierTile, _test_bonus: int) -> Told:
    return _said(ev, ev.nation, _("{nation} sent a Development tile to its Suppliers line."))


@_tell.register
def _module_ordered(ev: E.ModuleOrdered, _test_bonus: int) -> Told:
    return _said(ev, ev.nation, _("{nation} ordered {module}."), module=module_name(ev.module))


@_tell.register
def _module_installed(ev: E.ModuleInstalled, _test_bonus: int) -> Told:
    return _said(ev, ev.nation, _("{nation} installed {module} in slot M{slot}."),
                 module=module_name(ev.module), slot=ev.slot + 1)


@_tell.register
def _tested(ev: E.RiskTested, _test_bonus: int) -> Told:
    # Translators: a Risk card's name in quotes, as the log tells which Risks were tested.
    tested = _("'{risk}'").format(risk=risk_name(ev.risk))
    return _said(ev, ev.nation, _("{nation} tested '{risk}'."), tested,
                 risk=risk_name(ev.risk))


@_tell.register
def _sabotage_removed(ev: E.SabotageRemoved, _test_bonus: int) -> Told:
    return _said(ev, ev.nation, ngettext("{nation} removed {count} Sabotage.",
                                         "{nation} removed {count} Sabotage.", ev.count),
                 count=ev.count)


@_tell.register
def _payload_loaded(ev: E.PayloadLoaded | E.PayloadBooked, _test_bonus: int) -> Told:
    """A payload booked for a Mission is told as loaded, as it is."""
    return _said(ev, ev.nation, _("{nation} loaded {payload}."), payload=_payload(ev.payload))


@_tell.register
def _test_stolen(ev: E.StolenTestToken, _test_bonus: int) -> Told:
    return _said(ev, ev.nation, _("{nation} stole a Test token on '{risk}'."),
                 risk=risk_name(ev.risk))


@_tell.register
def _tech_stolen(ev: E.TechStolen, _test_bonus: int) -> Told:
    return _said(ev, ev.nation, _("{nation} stole a tile from the rival's Development Line."))


@_tell.register
def _engineer_passed(ev: E.EngineerPassed, _test_bonus: int) -> Told:
    return _said(ev, ev.nation, _("{nation} Engineer passed."))


# --- Launches

@_tell.register
def _moon_risk_revealed(ev: E.MoonRiskRevealed, _test_bonus: int) -> Told:
    return _said(ev, ev.nation, _("{nation} turned up Moon risk '{risk}'."),
                 risk=risk_name(ev.risk))


@_tell.register
def _launch_delayed(ev: E.LaunchDelayed, _test_bonus: int) -> Told:
    return _said(ev, ev.nation, _("{nation}'s launch toward {mission} was delayed ({reason})."),
                 mission=mission_name(ev.mission), reason=delay_reason(ev.reason))


@_tell.register
def _adaptivity_split(ev: E.AdaptivitySplit, _test_bonus: int) -> Told:
    s, e_, c = ev.split
    return _said(ev, ev.nation, _("{nation} split Adaptivity S+{s} E+{e} C+{c}."),
                 s=s, e=e_, c=c)


@_tell.register
def _liftoff(ev: E.Liftoff, _test_bonus: int) -> Told:
    s, e_, c = ev.parameters
    return _said(ev, ev.nation, _("{nation} launched toward {mission} (S{s} E{e} C{c})."),
                 mission=mission_name(ev.mission), s=s, e=e_, c=c)


@_tell.register
def _risk_rolled(ev: E.RiskRolled, test_bonus: int) -> Told:
    if ev.needs:
        text = (_("{nation} rolled {roll}, needs {needs}: passed '{risk}'.") if ev.passed
                else _("{nation} rolled {roll}, needs {needs}: FAILED '{risk}'."))
    else:
        text = (_("{nation} rolled {roll}: passed '{risk}'.") if ev.passed
                else _("{nation} rolled {roll}: FAILED '{risk}'."))
    return _said(ev, ev.nation, text, roll=_roll(ev, test_bonus), needs=_needs(ev),
                 risk=risk_name(ev.risk))


@_tell.register
def _explosion(ev: E.Explosion, _test_bonus: int) -> Told:
    return _said(ev, ev.nation, _("EXPLOSION: {nation}'s rocket exploded on '{risk}'."),
                 risk=risk_name(ev.risk))


@_tell.register
def _mission_success(ev: E.MissionSuccess, _test_bonus: int) -> Told:
    return _said(ev, ev.nation, _("★ {nation} completed {mission}!"),
                 mission=mission_name(ev.mission))


# The kinds that have words (tests/test_events.py: with UNTOLD, every kind there is); the
# registry also holds ``object``, where the base function lies.
TOLD: frozenset[type[E.Event]] = frozenset(_tell.registry.keys() - {object})


def describe(ev: E.Event, test_bonus: int = 1) -> str | None:
    """One event in words; None for the kinds the log leaves out (:data:`UNTOLD`)."""
    told = _tell(ev, test_bonus)
    return told.text if told is not None else None


def lines(events: Iterable[E.Event], test_bonus: int = 1, note: str = "") -> list[Told]:
    """The log lines of one action's events; ``note`` (e.g. "AI medium") goes on the first."""
    out = [told for ev in events if (told := _tell(ev, test_bonus)) is not None]
    if note and out:
        out[0] = replace(out[0], note=note)
    return out


# What a launch show plays after its liftoff: the risks rolled (a Moon risk turned up first),
# and the verdict.
LaunchStep = E.RiskRolled | E.MoonRiskRevealed | E.Explosion | E.MissionSuccess
LAUNCH_EVENTS = (E.RiskRolled, E.MoonRiskRevealed, E.Explosion, E.MissionSuccess)


@dataclass(frozen=True, slots=True)
class Launch:
    """One launch's events, in order, for the launch show: its liftoff and what followed (a
    delayed launch: the delay alone). A rival's events in between are not its own."""

    start: E.Liftoff | E.LaunchDelayed
    steps: list[LaunchStep] = field(default_factory=list)


def launch_sequences(events: Iterable[E.Event]) -> list[Launch]:
    """The events of each launch, in order, for the launch show (empty: no launch)."""
    found: list[Launch] = []
    for ev in events:
        if isinstance(ev, E.Liftoff | E.LaunchDelayed):
            found.append(Launch(ev))
        elif found and isinstance(ev, LAUNCH_EVENTS) and ev.nation == found[-1].start.nation:
            found[-1].steps.append(ev)
    return found
