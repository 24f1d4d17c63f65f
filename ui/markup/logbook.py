"""The log as a book: chapters by round and phase, oldest first, and a run of lines of one
kind by one nation (an AI placing four tokens) told as one line."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from game.core.events import (
    Changed,
    DiscussionOver,
    ManeuverPlayed,
    ManeuversPassed,
    PhaseBegun,
    RiskTested,
    RoundBegun,
    TokenPlaced,
)

from ..words.i18n import _, ngettext
from ..words.names import nation_name, phase_name
from ..words.narration import Told
from .html import e

# Phases the engine does not announce with an event (a round opens on them): known by kind.
PHASE_OF_KIND = {DiscussionOver.kind: "discussion", ManeuverPlayed.kind: "maneuvers",
                 ManeuversPassed.kind: "maneuvers"}
MERGED_KINDS = frozenset({TokenPlaced.kind, RiskTested.kind, Changed.kind})
CHAPTERS_SHOWN = 24


@dataclass(slots=True)
class Chapter:
    """The lines of one phase of one round (``phase`` "" before the round's first phase)."""

    round: int
    phase: str
    lines: list[str] = field(default_factory=list)

    @property
    def title(self) -> str:
        if not self.phase:
            return _("Round {round}").format(round=self.round) if self.round else _("New game")
        return _("Round {round} · {phase}").format(round=self.round,
                                                   phase=phase_name(self.phase))


def counted(details: list[str], word: Callable[[str, int], str]) -> str:
    """Each distinct detail once with its count, in first-seen order, told by ``word``
    (detail, count), e.g. "2 on USA place 4"."""
    return ", ".join(word(d, k) for d, k in Counter(details).items())


def _on(where: str, count: int) -> str:
    return _("{count} on {where}").format(count=count, where=where)


def _times(risk: str, count: int) -> str:
    if count == 1:
        return risk
    return ngettext("{risk} {count} time", "{risk} {count} times", count).format(risk=risk,
                                                                             count=count)


def merged(run: list[Told]) -> str:
    """One line for a run of two or more lines of one kind by one nation."""
    first = run[0]
    n, kind = nation_name(first.nation), first.kind
    details = [t.detail for t in run]
    if kind == TokenPlaced.kind:
        text = ngettext("{nation} placed {count} face-down token: {places}.",
                        "{nation} placed {count} face-down tokens: {places}.",
                        len(run)).format(nation=n, count=len(run),
                                         places=counted(details, _on))
    elif kind == RiskTested.kind:
        text = _("{nation} tested {risks}.").format(nation=n, risks=counted(details, _times))
    else:  # "change": "USSR Popularity +1 → 11, Money +3 → 4 (mission)."
        parts: list[str] = []
        for i, detail in enumerate(details):
            what, source = detail.split("|", 1)
            ends_source = i + 1 == len(details) or details[i + 1].split("|", 1)[1] != source
            parts.append(f"{what} ({source})" if ends_source else what)
        text = _("{nation} {changes}.").format(nation=n, changes=", ".join(parts))
    notes = {t.note for t in run}
    return f"{text} ({first.note})" if len(notes) == 1 and first.note else text


def runs(entries: list[Told]) -> list[list[Told]]:
    """Consecutive lines grouped: a run is one line unless of a merged kind by one nation."""
    out: list[list[Told]] = []
    for t in entries:
        last = out[-1][-1] if out else None
        if (last is not None and t.kind in MERGED_KINDS and t.kind == last.kind
                and t.nation == last.nation and t.nation):
            out[-1].append(t)
        else:
            out.append([t])
    return out


def chapters(entries: list[Told]) -> list[Chapter]:
    """The log split by round and phase, runs merged, oldest first."""
    book = [Chapter(0, "")]
    for run in runs(entries):
        first = run[0]
        here = book[-1]
        if first.kind == RoundBegun.kind:
            book.append(Chapter(int(first.detail), ""))
        elif first.kind == PhaseBegun.kind:
            book.append(Chapter(here.round or 1, first.detail))
            continue  # the chapter's title says it
        elif PHASE_OF_KIND.get(first.kind, here.phase) != here.phase:
            if here.round and not here.phase:  # the round's opening line heads its first phase
                here.phase = PHASE_OF_KIND[first.kind]
            else:
                book.append(Chapter(here.round or 1, PHASE_OF_KIND[first.kind]))
        book[-1].lines.append(merged(run) if len(run) > 1 else first.line)
    return [c for c in book if c.lines]


def log_html(entries: list[Told], shown: int = CHAPTERS_SHOWN) -> str:
    """The newest ``shown`` chapters as nested lists, each under its round and phase."""
    return "".join(
        f'<li class="ch"><p class="ch-h">{e(c.title)}</p>'
        f'<ol>{"".join(f"<li>{e(line)}</li>" for line in c.lines)}</ol></li>'
        for c in chapters(entries)[-shown:])
