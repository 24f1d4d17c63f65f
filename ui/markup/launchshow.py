"""A launch played out risk by risk: the rocket climbs the path, the die shows its face."""

from __future__ import annotations

from typing import NamedTuple

from game.core.events import Event, Explosion, LaunchDelayed, MissionSuccess, RiskRolled

from ..words.i18n import _
from ..words.names import content, mission_name, risk_name
from ..words.narration import Launch, delay_reason, roll_words
from .html import e, emblem, icon


def _path(risks: list[str], at: int, results: list[bool]) -> str:
    out = []
    for i, risk in enumerate(risks):
        state = ""
        if i < len(results):
            state = " ok" if results[i] else " boom"
        if i == at:
            state += " now"
        rocket = icon("rocket", "climb") if i == at else ""
        out.append(f'<li class="step{state}">{rocket}<span>{e(risk_name(risk))}</span></li>')
    return f'<ol class="lpath">{"".join(out)}</ol>'


def _ranges(risk: str, used: int) -> str:
    obj = content().risks.get(risk)
    if obj is None:
        return ""
    parts = []
    for i, rg in enumerate(obj.ranges):
        width = (min(rg.high, 8) - rg.low + 1) * 12.5
        hit = " used" if i == used else ""
        s, e_, c = rg.minimum
        parts.append(f'<span class="rg{hit}" data-width="{width}"><i>{rg.low}-{rg.high}</i>'
                     f"<b>S{s} E{e_} C{c}</b></span>")
    return f'<div class="ranges big">{"".join(parts)}</div>'


# What each kind of frame sounds like (names public/sound.js knows); a show opens on "liftoff".
SOUNDS: dict[type[Event], str] = {LaunchDelayed: "delay", RiskRolled: "dice",
                                  Explosion: "explosion", MissionSuccess: "landing"}


class Frame(NamedTuple):
    """One moment of a launch show."""

    markup: str
    sound: str  # what it sounds like (a name public/sound.js knows)


def frames(seq: Launch, test_bonus: int) -> list[Frame]:
    """Each frame of one launch (the last one is the verdict)."""
    first = seq.start
    title = (f'<h2>{emblem(first.nation)} → {e(mission_name(first.mission))}</h2>')
    if isinstance(first, LaunchDelayed):
        delayed = _("LAUNCH DELAYED")
        why = _("{reason} · -{cost} Popularity").format(
            reason=delay_reason(first.reason), cost=content().board.penalties["delay"])
        return [Frame(f'{title}<div class="verdict delayed">{icon("rocket")} {e(delayed)}'
                      f"<small>{e(why)}</small></div>", SOUNDS[LaunchDelayed])]
    risks = [ev.risk for ev in seq.steps if isinstance(ev, RiskRolled)]
    params = first.parameters
    rocket = _("Rocket: {parameters}").format(
        parameters=f"S{params[0]} E{params[1]} C{params[2]}")
    pre = f'<p class="lparams">{e(rocket)}</p>'
    liftoff, explosion, success = _("LIFTOFF"), _("EXPLOSION"), _("MISSION SUCCESS")
    out = [Frame(f'{title}{pre}{_path(risks, -1, [])}<div class="verdict liftoff">'
                 f'{icon("rocket", "lift")} {e(liftoff)}</div>', "liftoff")]
    results: list[bool] = []
    for ev in seq.steps:
        if isinstance(ev, RiskRolled):
            at = len(results)
            die = (f'<div class="die">{icon("d8")}<b>{ev.die}</b></div>')
            verdict = "pass" if ev.passed else "fail"
            results.append(ev.passed)
            out.append(Frame(f'{title}{pre}{_path(risks, at, results)}'
                             f'<div class="roll {verdict}">{die}'
                             f'<p>{e(roll_words(ev, test_bonus))}</p></div>'
                             f'{_ranges(ev.risk, ev.range)}', SOUNDS[RiskRolled]))
        elif isinstance(ev, Explosion):
            where = _("on {risk}").format(risk=risk_name(ev.risk))
            out.append(Frame(f'{title}{_path(risks, -1, results)}'
                             f'<div class="verdict explosion">{icon("sabotage", "big")} '
                             f"{e(explosion)}<small>{e(where)}</small></div>",
                             SOUNDS[Explosion]))
        elif isinstance(ev, MissionSuccess):
            out.append(Frame(f'{title}{_path(risks, -1, results)}'
                           f'<div class="verdict success">★ {e(success)} ★</div>',
                             SOUNDS[MissionSuccess]))
    return out


def verdict_sound(seq: Launch) -> str:
    """What the last frame of ``seq``'s show sounds like (``frames(seq, ...)[-1].sound``),
    without drawing the show: a guest hears the verdict of a launch it does not watch."""
    for ev in reversed((seq.start, *seq.steps)):
        if type(ev) in SOUNDS:
            return SOUNDS[type(ev)]
    return "liftoff"
