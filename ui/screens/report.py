"""The post-game report: a game's story drawn as four charts, each with a table of its numbers.

Pure Python (strings and JSON-safe chart specifications), unit-tested in CPython. The numbers
come from :func:`game.ai.chronicle.chronicle` (a :class:`game.ai.chronicle.Chronicle`, worked
out in the AI worker); the page draws each specification with the charting library
(``public/charts.js`` over uPlot, loaded when the report first opens:
:mod:`ui.control.reportdesk`). Every chart is a picture for the eye only (``aria-hidden``); the
table beside it holds the same numbers for everyone else.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from game import NATIONS

from ..markup.html import attrs, e, emblem
from ..words.i18n import _, ngettext
from ..words.names import hints_taken, mission_name, nation_name, outcome_name, percent, phase_name

if TYPE_CHECKING:  # the records only: the page imports the AI's modules when it thinks
    from game.ai.chronicle import Chronicle, LaunchPoint, RoundRow, Shift, Swing

# The page's own colours (public/style.css), which charts.js reads from the stylesheet.
COLOURS = {"USA": "var(--usa)", "USSR": "var(--ussr)"}
LIMIT_COLOUR = "var(--muted)"
# Where in a round each phase sits on the charts' round axis.
PHASE_AT = {"discussion": 0.0, "maneuvers": 0.1, "politics": 0.3, "engineering": 0.5,
            "launches": 0.7, "administration": 0.9, "over": 0.95}
CHARTS = ("standing", "launches", "missions", "chances")


def _mid_round(rows: Sequence[RoundRow], i: int) -> bool:
    """Whether row ``i`` was taken inside its round (the chronicle's last row: the end of the
    game, or a replay's step) rather than at the round's start."""
    return i == len(rows) - 1 and i > 0 and rows[i - 1].round == rows[i].round


def _row_x(rows: Sequence[RoundRow]) -> list[float]:
    """Round-start rows sit on their round; a mid-round last row near the round's end."""
    return [row.round + (PHASE_AT["over"] if _mid_round(rows, i) else 0.0)
            for i, row in enumerate(rows)]


def _rounds(data: Chronicle) -> list[int]:
    """The first and the last round the story reached: the round axis runs over these."""
    return [data.rounds[0].round, data.rounds[-1].round]


def _row_label(rows: Sequence[RoundRow], i: int, finished: bool) -> str:
    if not _mid_round(rows, i):
        return _("Round {round}, start").format(round=rows[i].round)
    return (_("Round {round}, end of the game") if finished else
            _("Round {round}, at this step")).format(round=rows[i].round)


def moment(step: int, label: str, name: str = "") -> str:
    """A button that opens the replay after ``step`` actions (the report's moments);
    ``name``: what a screen reader says, where the label alone is the same for several."""
    return (f'<button type="button" class="rp-moment" data-cmd="rp-goto" '
            f'data-testid="report-moment" data-step="{step}"{attrs(aria_label=name or None)}>'
            f"{e(label)}</button>")


def _table(caption: str, head: list[str], body: list[list[str]], key: str,
           groups: list[tuple[str, int]] | None = None, steps: Sequence[int] = ()) -> str:
    """A table of a chart's numbers. With ``groups`` ((label, span) over the columns after
    the first), ``head`` names the columns under each group: grouped headings keep the
    columns narrow enough for a phone. ``steps``: each row's moment, its heading a button
    into the replay there."""
    def heading(i: int, text: str) -> str:
        return moment(steps[i], text) if i < len(steps) else e(text)
    rows = "".join("<tr>" + "".join(
        (f'<th scope="row">{heading(i, c)}</th>' if j == 0 else f"<td>{e(c)}</td>")
        for j, c in enumerate(row)) + "</tr>" for i, row in enumerate(body))
    if groups is None:
        cells = "".join(f'<th scope="col">{e(h)}</th>' for h in head)
        thead, cols = f"<tr>{cells}</tr>", ""
    else:
        top = "".join(f'<th scope="colgroup" colspan="{span}">{e(label)}</th>'
                      for label, span in groups)
        under = "".join(f'<th scope="col">{e(h)}</th>' for h in head[1:])
        thead = (f'<tr><th scope="col" rowspan="2">{e(head[0])}</th>{top}</tr>'
                 f"<tr>{under}</tr>")
        cols = "<colgroup></colgroup>" + "".join(f'<colgroup span="{span}"></colgroup>'
                                                 for _, span in groups)
    return (f'<div class="rp-tablebox"><table class="rp-table" data-testid="report-table" '
            f'data-table="{key}"><caption>{e(caption)}</caption>{cols}<thead>{thead}</thead>'
            f"<tbody>{rows}</tbody></table></div>")


def _figure(key: str, title: str, note: str, table: str) -> str:
    return (f'<section class="rp-fig" data-testid="report-chart" data-chart="{key}" '
            f'aria-labelledby="rp-{key}-t"><h3 id="rp-{key}-t">{e(title)}</h3>'
            f'<p class="rp-note">{e(note)}</p><div class="rp-body">'
            f'<div class="rp-canvas" data-chart-box="{key}" aria-hidden="true"></div>'
            f"{table}</div></section>")


# ------------------------------------------------------------------ the four charts

def _standing_series(data: Chronicle, limit: list[int]) -> list[dict[str, Any]]:
    """The standing's lines: each nation's Popularity and Budget, and the Budget gap line."""
    rows = data.rounds
    series: list[dict[str, Any]] = []
    for i, nation in enumerate(NATIONS):
        series.append({"label": _("{nation} Popularity").format(nation=nation_name(nation)),
                       "colour": COLOURS[nation], "values": [r.popularity[i] for r in rows],
                       "scale": "popularity"})
    for i, nation in enumerate(NATIONS):
        series.append({"label": _("{nation} Budget").format(nation=nation_name(nation)),
                       "colour": COLOURS[nation], "values": [r.budget[i] for r in rows],
                       "scale": "budget", "dash": True})
    series.append({"label": _("Budget gap line: behind the leader by {gap}").format(
                       gap=data.budget_gap),
                   "colour": LIMIT_COLOUR, "values": limit, "scale": "budget", "dash": True,
                   "thin": True})
    return series


def standing(data: Chronicle) -> tuple[str, dict[str, Any]]:
    """Popularity and Budget by round, with the two ways to lose drawn: Popularity 0 and the
    Budget gap (the trailing nation loses once it falls this far behind the leader)."""
    rows, gap = data.rounds, data.budget_gap
    finished = data.winner is not None
    xs = _row_x(rows)
    limit = [max(r.budget) - gap for r in rows]
    spec = {"kind": "lines", "x": xs, "steps": [r.step for r in rows],
            "rounds": _rounds(data), "series": _standing_series(data, limit),
            "scales": {"popularity": {"label": _("Popularity"), "side": "left", "min": 0,
                                      "whole": True},
                       "budget": {"label": _("Budget"), "side": "right", "whole": True}},
            "thresholds": [{"scale": "popularity", "value": 0,
                            "label": _("Popularity 0: that nation loses")}],
            "xLabel": _("Round")}
    names = [nation_name(nation) for nation in NATIONS]
    # The gap line is a Budget: it sits in that group, named as the note above names it.
    head = [_("When"), *names, *names, _("grey line")]
    groups = [(_("Popularity"), 2), (_("Budget"), 3)]
    body = [[_row_label(rows, i, finished), *(str(v) for v in r.popularity),
             *(str(v) for v in r.budget), str(limit[i])] for i, r in enumerate(rows)]
    note = (_("A nation loses when its Popularity reaches 0, or when its Budget falls {gap} "
               "or more behind the rival's (onto or below the grey line).")
            if data.budget_gap_inclusive else
            _("A nation loses when its Popularity reaches 0, or when its Budget falls more "
              "than {gap} behind the rival's (below the grey line).")).format(gap=gap)
    table = _table(_("Popularity and Budget by round"), head, body, "standing", groups,
                   [r.step for r in rows])
    return _figure("standing", _("Popularity and Budget"), note, table), spec


def launches(data: Chronicle) -> tuple[str, dict[str, Any]]:
    """Every launch as a point: its round, its odds before the die, and how it ended."""
    points = data.launches
    marks = []
    for p in points:
        if p.odds is None:
            continue
        x = p.round + PHASE_AT["launches"] + (-0.06 if p.nation == "USA" else 0.06)
        marks.append({"x": x, "y": round(p.odds * 100, 1), "colour": COLOURS[p.nation],
                      "shape": "disc" if p.outcome == "success" else "cross"})
    rounds = _rounds(data)
    nations = [{"label": nation_name(n), "colour": COLOURS[n], "shape": "disc"} for n in NATIONS]
    spec = {"kind": "points", "x": rounds, "rounds": rounds, "marks": marks,
            "scales": {"odds": {"label": _("Odds before the die (%)"), "side": "left",
                                "min": 0, "max": 100}},
            "legend": [*nations,
                       {"label": _("success"), "shape": "disc", "colour": LIMIT_COLOUR},
                       {"label": _("explosion"), "shape": "cross", "colour": LIMIT_COLOUR}],
            "thresholds": [{"scale": "odds", "value": 50, "label": _("even odds")}],
            "xLabel": _("Round")}
    head = [_("Round"), _("Nation"), _("Mission"), _("Odds"), _("Outcome")]
    body = [[str(p.round), nation_name(p.nation), mission_name(p.mission),
             percent(p.odds) if p.odds is not None else "-", outcome_name(p.outcome)]
            for p in points]
    steps = [p.step for p in points]
    if not points:
        body = [[_("No launch yet."), "", "", "", ""]]
    note = ngettext("{count} launch: a filled dot succeeded, a cross exploded.",
                    "{count} launches: a filled dot succeeded, a cross exploded.",
                    len(points)).format(count=len(points))
    table = _table(_("Launches with their odds and outcome"), head, body, "launches",
                   steps=steps)
    return _figure("launches", _("Launches"), note, table), spec


def missions(data: Chronicle) -> tuple[str, dict[str, Any]]:
    """Missions completed so far, by round, for both nations."""
    rows = data.rounds
    finished = data.winner is not None
    series: list[dict[str, Any]] = [{"label": _("{nation} Missions").format(nation=nation_name(n)),
               "colour": COLOURS[n], "values": [r.missions[i] for r in rows],
               "scale": "missions", "steps": True} for i, n in enumerate(NATIONS)]
    spec = {"kind": "lines", "x": _row_x(rows), "steps": [r.step for r in rows],
            "rounds": _rounds(data), "series": series,
            "scales": {"missions": {"label": _("Missions completed"), "side": "left",
                                    "min": 0, "whole": True}},
            "thresholds": [], "xLabel": _("Round")}
    head = [_("When"), series[0]["label"], series[1]["label"]]
    body = [[_row_label(rows, i, finished), *(str(v) for v in r.missions)]
            for i, r in enumerate(rows)]
    note = _("Missions each nation had completed, counted at the start of every round.")
    table = _table(_("Missions completed by round"), head, body, "missions",
                   steps=[r.step for r in rows])
    return _figure("missions", _("Missions completed"), note, table), spec


def chances(data: Chronicle) -> tuple[str, dict[str, Any]]:
    """The USA's chance to win as one line splitting the height: the USA's share under it,
    the USSR's (the rest) over it; the three biggest swings numbered on it."""
    curve = data.curve
    xs = [c.round + PHASE_AT.get(c.phase, 0.0) for c in curve]
    usa = [round(c.usa * 100, 1) for c in curve]
    labels = [_("{nation}'s chance to win").format(nation=nation_name(n)) for n in NATIONS]
    series: list[dict[str, Any]] = [{"label": labels[0], "colour": COLOURS["USA"],
                                     "values": usa, "scale": "chance"}]
    split = {"below": {"label": labels[0], "colour": COLOURS["USA"]},
             "above": {"label": _("{nation}'s chance to win (the rest)").format(
                 nation=nation_name("USSR")), "colour": COLOURS["USSR"]}}
    marks = []
    for number, swing in enumerate(data.swings, start=1):
        end = swing.end
        marks.append({"x": end.round + PHASE_AT.get(end.phase, 0.0),
                      "y": round(end.usa * 100, 1), "text": str(number)})
    spec = {"kind": "lines", "x": xs, "steps": [c.step for c in curve],
            "rounds": _rounds(data), "series": series, "split": split, "marks": marks,
            "scales": {"chance": {"label": _("Chance to win (%)"), "side": "left",
                                  "min": 0, "max": 100}},
            "thresholds": [{"scale": "chance", "value": 50, "label": _("even chances")}],
            "xLabel": _("Round")}
    head = [_("When"), *labels]
    body = [[_("Round {round}, {phase}").format(round=c.round, phase=phase_name(c.phase)),
             percent(c.usa), percent(1 - c.usa)] for c in curve]
    note = _("Estimated from what both sides could see, by short simulations of the game "
             "from each point: {usa}'s share lies under the line, {ussr}'s over it. "
             "The numbers mark the three biggest swings.").format(
                 usa=nation_name(NATIONS[0]), ussr=nation_name(NATIONS[1]))
    table = _table(_("Chance to win"), head, body, "chances", steps=[c.step for c in curve])
    return _figure("chances", _("Chance to win"), note, table), spec


def _launch_words(p: LaunchPoint) -> str:
    words = {
        "success": _("{nation}'s launch toward {mission} at {odds} succeeded"),
        "explosion": _("{nation}'s launch toward {mission} at {odds} exploded"),
        "delayed": _("{nation}'s launch toward {mission} was delayed: the rival completed "
                     "it first") if p.reason == "completed" else
                   _("{nation}'s launch toward {mission} was delayed: the rocket lacked its "
                     "payload"),
    }[p.outcome]
    odds = percent(p.odds) if p.odds is not None else ""
    return words.format(nation=nation_name(p.nation), mission=mission_name(p.mission),
                        odds=odds)


def _shift_words(shift: Shift) -> str:
    """A public number that moved: 'the USSR's Popularity went from 6 to 3'."""
    nation = nation_name(shift.nation)
    kind, before, after = shift.kind, shift.before, shift.after
    mission = mission_name(shift.mission) if shift.mission else ""
    if kind == "popularity":
        return _("{nation}'s Popularity went from {before} to {after}").format(
            nation=nation, before=int(before), after=int(after))
    if kind == "budget":
        amount = int(abs(after - before))
        words = (ngettext("{nation} gained {amount} Budget", "{nation} gained {amount} Budget",
                          amount) if after > before else
                 ngettext("{nation} lost {amount} Budget", "{nation} lost {amount} Budget",
                          amount))
        return words.format(nation=nation, amount=amount)
    if kind == "decided":
        return _("{nation} decided to launch toward {mission} at {odds}").format(
            nation=nation, mission=mission, odds=percent(after))
    return _("{nation}'s rocket went from {before} to {after} toward {mission}").format(
        nation=nation, before=percent(before), after=percent(after), mission=mission)


def swing_words(swing: Swing) -> str:
    """A swing with its cause: 'Round 6: USSR's launch toward Luna 2 at 31% succeeded (USA
    62% → 35%)', or a Popularity, Budget or rocket that moved, or a launch decided."""
    start, end = swing.start, swing.end
    change = _("{nation} {before} → {after}").format(
        nation=nation_name("USA"), before=percent(start.usa), after=percent(end.usa))
    launch, shift = swing.launch, swing.shift
    if launch is not None:
        cause, round_ = _launch_words(launch), launch.round
    elif shift is not None:
        cause, round_ = _shift_words(shift), start.round
    elif end.phase == "politics":  # nothing public moved the swing's way: the moves
        # since (a round's end, then the next one's Maneuver cards) are the cause
        cause, round_ = _("the Maneuver cards played"), end.round
    else:  # from the start of Politics to the launches
        cause, round_ = _("the Politicians' and Engineers' moves"), start.round
    return _("Round {round}: {cause} ({change})").format(round=round_, cause=cause,
                                                         change=change)


def swing_step(swing: Swing) -> int:
    """Where the replay shows a swing: right after its launch, else where the chances
    stood before it (autoplay from there shows it happen)."""
    return swing.launch.step if swing.launch is not None else swing.start.step


# ------------------------------------------------------------------ the whole report

def report_html(data: Chronicle, hints: dict[str, int] | None, step: int, total: int,
                ) -> tuple[str, dict[str, dict[str, Any]]]:
    """The report's markup and one chart specification per chart (by ``CHARTS`` key), for
    the story ``data`` up to ``step`` of ``total`` logged actions, with the hints each
    nation took (None: not known, as for a game opened from a shared link)."""
    figures, specs = [], {}
    for key, build in zip(CHARTS, (standing, launches, missions, chances), strict=True):
        markup, spec = build(data)
        figures.append(markup)
        specs[key] = spec
    if data.winner is not None:
        title = _("Game report: {nation} won").format(nation=nation_name(data.winner))
    else:
        title = _("Game report: up to action {step} of {total}").format(step=step, total=total)
    watch, named = _("See it in the replay"), _("See swing {number} in the replay")
    swings = "".join(
        f"<li>{e(swing_words(s))} "
        f"{moment(swing_step(s), watch, named.format(number=n))}</li>"
        for n, s in enumerate(data.swings, start=1))
    biggest, hints_title = _("The three biggest swings"), _("Hints taken in the whole game")
    swings_block = (f"<h3>{e(biggest)}</h3>"
                    f'<ol class="rp-swings" data-testid="report-swings">{swings}</ol>'
                    if swings else "")
    hints_block = "" if hints is None else (
        f"<h3>{e(hints_title)}</h3>"
        '<ul class="rp-hints" data-testid="report-hints">'
        + "".join(f"<li>{emblem(n)} {e(hints_taken(hints.get(n, 0)))}</li>" for n in NATIONS)
        + "</ul>")
    close = _("Close")
    return (f'<div class="reportcard" role="dialog" aria-modal="true" aria-labelledby="rp-t" '
            f'data-testid="report" data-step="{step}">'
            f'<header class="rp-head"><h2 id="rp-t">{e(title)}</h2>'
            f'<button type="button" data-cmd="close-report" data-testid="report-close">'
            f"{e(close)}</button></header>"
            f'<div class="rp-story">{swings_block}{hints_block}</div>'
            f'{"".join(figures)}</div>'), specs


def failed_html(error: str) -> str:
    """The report when its numbers could not be worked out, and why."""
    text = _("The game's story could not be worked out: {error}").format(error=error)
    close = _("Close")
    return (f'<div class="reportcard" role="alertdialog" aria-modal="true" '
            f'data-testid="report-failed"><p>{e(text)}</p><div class="dlg-b">'
            f'<button type="button" data-cmd="close-report" data-testid="report-close">'
            f"{e(close)}</button></div></div>")


def loading_html() -> str:
    text = _("Working out the game's story…")
    return (f'<div class="reportcard" role="dialog" aria-modal="true" aria-busy="true" '
            f'data-testid="report-loading"><p>{e(text)}</p></div>')
