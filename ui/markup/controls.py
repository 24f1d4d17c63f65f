"""The action bar: every legal action of the acting seat, grouped so no bar is a wall of buttons.

Nothing here decides what is allowed: the controls are exactly ``legal_actions(seat)``.
Previews (a tile's resulting parameters) come from applying the action to a clone. What each
kind of action looks like (its label, its group) is in ui/markup/looks.py.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.actions import Action, PlaceTile
from game.core.names import Seat
from game.rules.choices import Choices, placement_key
from game.rules.records import View
from game.rules.terms import nation_of

from ..model.targets import target_id
from ..words.i18n import _
from ..words.rules import tip
from .html import attrs, e, icon, rule_link
from .looks import LOOKS
from .tiles import COLS, tile_svg

# the action bar's controls, in order (keys 1-9 take the n-th; focus goes to the first)
BAR_CONTROLS = '#actions [data-testid="action"], #actions [data-testid="action-group"]'


@dataclass
class BarState:
    """What the person at the screen has opened in the bar (reset after every action)."""

    group: str = ""
    cell: int | None = None


def group_key(action: Action, view: View) -> tuple[str, str] | None:
    """(key, label) of the group an action belongs to; None: shown directly."""
    look = LOOKS.get(type(action))
    return look.group(action, view) if look and look.group else None


def action_label(action: Action, view: View, choices: Choices) -> tuple[str, str]:
    """(inner html, plain title) of one control."""
    look = LOOKS.get(type(action))
    return (look.label(action, view, choices) if look and look.label
            else (e(action.describe()), ""))


def _button(index: int, action: Action, inner: str, title: str, cls: str = "") -> str:
    """A control taking ``action``; every field of the action is a ``data-*`` attribute."""
    title = f"{title.rstrip('.')}. {tip(action.rule)}" if title else tip(action.rule)
    extra = {f"data_{k}": v for k, v in action.to_dict().items() if k != "type"}
    return (f'<button class="act {cls} k-{action.kind}" data-testid="action"'
            f'{attrs(data_act=index, data_kind=action.kind, title=title or None, **extra)}>'
            f"{inner}</button>")


def rotation_html(action: PlaceTile, view: View, choices: Choices) -> str:
    """A rotation of the pending tile: the tile as it would lie, and the S/E/C it gives."""
    before = view.nations[nation_of(choices.seat or "")].parameters
    placement = choices.placements[placement_key(action)]
    p, tile = placement.parameters, placement.tile
    deltas = " ".join(
        f'<span class="k{k}">{icon(k)}{p.of(k)}'
        f'{f"<sup>+{p.of(k) - before.of(k)}</sup>" if p.of(k) > before.of(k) else ""}</span>'
        for k in ("S", "E", "C"))
    pic = f'<span class="mini">{tile_svg(tile)}</span>' if tile else ""
    return f"{pic}<span>{action.rotation * 90}° {deltas}</span>"


def option_html(action: Action, view: View, choices: Choices) -> str:
    """The words (and picture) of an action offered on a board thing."""
    if isinstance(action, PlaceTile):
        return rotation_html(action, view, choices)
    return action_label(action, view, choices)[0]


def _placement(view: View, choices: Choices, seat: Seat, actions: list[PlaceTile],
               cell: int | None, tail: str) -> str:
    """Pending tile placement: pick a cell (or touch it on the blueprint), then a rotation
    with its resulting S/E/C."""
    nation = nation_of(seat)
    cells = sorted({a.row * COLS + a.col for a in actions})
    hint = tip("blueprint")
    if cell is None or cell not in cells:
        picks = ((c, attrs(data_kind="place_cell", data_target=target_id("cell", nation, c),
                           title=hint)) for c in cells)
        buttons = "".join(
            f'<button class="act cellpick" data-testid="action"{data}>'
            f"{e(_cell_words(c))}</button>"
            for c, data in picks)
        place = _("Place the tile: touch a marked space on your blueprint, or choose it here")
        return (f'<p class="hint">{e(place)} {rule_link("blueprint")}</p>'
                f'<div class="opts">{buttons}{tail}</div>')
    out = []
    for index, action in enumerate(actions):
        if action.row * COLS + action.col != cell:
            continue
        rotate = _("Rotate {degrees} degrees").format(degrees=action.rotation * 90)
        out.append(_button(index, action, rotation_html(action, view, choices), rotate, "rot"))
    another, choose = _("← another space"), _("Choose another space")
    back = (f'<button class="act back" data-testid="action" data-kind="back"'
            f'{attrs(data_target=target_id("cell", nation, cell), title=choose)}>'
            f"{e(another)}</button>")
    row, column = divmod(cell, COLS)
    rotation = _("Row {row}, column {column}: choose a rotation").format(row=row + 1,
                                                                        column=column + 1)
    return (f'<p class="hint">{e(rotation)} {rule_link("blueprint")}</p>'
            f'<div class="opts">{"".join(out)}{back}{tail}</div>')


def _cell_words(cell: int) -> str:
    row, column = divmod(cell, COLS)
    return _("Row {row}, column {column}").format(row=row + 1, column=column + 1)


def bar_html(view: View, choices: Choices, seat: Seat, actions: list[Action],
             bar: BarState, tail: str = "") -> str:
    """Markup of the action bar for ``seat`` (whose ``view`` is given); ``tail`` ends the
    row of controls (the switch to every control in rows)."""
    placements = [a for a in actions if isinstance(a, PlaceTile)]
    if actions and len(placements) == len(actions):  # a placement decision offers nothing else
        return _placement(view, choices, seat, placements, bar.cell, tail)
    grouped = _Grouped(view, actions)
    if bar.group and bar.group in grouped.groups:
        return _group_html(view, choices, actions, grouped, bar.group, tail)
    out = []
    rules = [actions[index if not key else grouped.groups[key][0]].rule
             for key, index in grouped.order]
    for n, (key, index) in enumerate(grouped.order):
        out.append(_control_html(view, choices, actions, grouped, key, index, rules[n]))
        if n + 1 == len(rules) or rules[n + 1] != rules[n]:
            out.append(rule_link(rules[n]))  # one "?" after each run of controls of a rule
    return f'<div class="opts">{"".join(out)}{tail}</div>'


class _Grouped:
    """The decision's actions in the bar's order: each ungrouped one where it comes, each
    group (its actions' indices, its label) where its first action comes."""

    def __init__(self, view: View, actions: list[Action]) -> None:
        self.groups: dict[str, list[int]] = {}
        self.labels: dict[str, str] = {}
        self.order: list[tuple[str, int]] = []  # (group key or "", the action's index or -1)
        for index, action in enumerate(actions):
            found = group_key(action, view)
            if found is None:
                self.order.append(("", index))
                continue
            key, label = found
            if key not in self.groups:
                self.groups[key] = []
                self.labels[key] = label
                self.order.append((key, -1))
            self.groups[key].append(index)


def _group_html(view: View, choices: Choices, actions: list[Action], grouped: _Grouped,
                group: str, tail: str) -> str:
    """The bar with one group open: its controls, and the way back to all."""
    opts = "".join(_button(i, actions[i], *action_label(actions[i], view, choices))
                   for i in grouped.groups[group])
    back_words, back_title = _("← back"), _("Back to all actions")
    back = (f'<button class="act back" data-testid="action-group" data-group=""'
            f'{attrs(title=back_title)}>{e(back_words)}</button>')
    rule = actions[grouped.groups[group][0]].rule
    return (f'<p class="hint">{e(grouped.labels[group])} {rule_link(rule)}</p>'
            f'<div class="opts">{opts}{back}{tail}</div>')


def _control_html(view: View, choices: Choices, actions: list[Action], grouped: _Grouped,
                  key: str, index: int, rule: str) -> str:
    """One control of the bar: an action, a group of one action, or a group to open."""
    if not key:
        return _button(index, actions[index], *action_label(actions[index], view, choices))
    members = grouped.groups[key]
    if len(members) == 1:
        inner, title = action_label(actions[members[0]], view, choices)
        return _button(members[0], actions[members[0]], f"{e(grouped.labels[key])}: {inner}",
                       title)
    return (f'<button class="act grp" data-testid="action-group"'
            f'{attrs(data_group=key, title=tip(rule))}>{e(grouped.labels[key])} ▸</button>')
