"""What each kind of engine action looks like in the UI, in one table: :data:`LOOKS`.

For every action class of the engine (game/core/actions.py) a :class:`Look` holds

* ``path``: the board paths it is taken through (:data:`ui.model.targets.PATHS`);
* ``label``: its control in the action bar, as (inner html, plain title);
* ``group``: the group of the bar it is gathered in, as (key, label), if it is gathered;
* ``name``: the short plain name a hint opens with.

Each is a function of the action (of its class, so mypy checks every field it reads) and the
view. A new action class gets one row here, made by :func:`look` (tests/test_ui_looks.py checks
that every class has one). ``ui.markup.controls`` and ``ui.markup.hinttext`` look things up here
by the action's class.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from game.core import actions as A
from game.core.actions import Action
from game.core.names import NationId
from game.rules.choices import Choices
from game.rules.records import View

from ..model.targets import PATHS, PathsOf
from ..words.i18n import _, ngettext
from ..words.names import (
    PAYLOAD_ICON,
    card_name,
    content,
    deck_name,
    deck_tile,
    duration,
    mission_name,
    module_name,
    nation_name,
    payload_name,
    percent,
    place_name,
    risk_name,
)
from .html import e, icon
from .tiles import tile_svg

Act = TypeVar("Act", bound=Action)
LabelOf = Callable[[Act, View, Choices], tuple[str, str]]
GroupOf = Callable[[Act, View], tuple[str, str]]
NameOf = Callable[[Act, View], str]


@dataclass(frozen=True)
class Look(Generic[Act]):
    """How one class of action shows: board paths, bar label, bar group, hint name."""

    cls: type[Act]
    path: PathsOf[Act]
    label: LabelOf[Act] | None  # None: the engine's description of the action
    name: NameOf[Act]
    group: GroupOf[Act] | None = None  # None: shown directly in the bar


def look(cls: type[Act], label: LabelOf[Act] | None, name: NameOf[Act],
         group: GroupOf[Act] | None = None) -> Look[Any]:
    """The looks of the actions of class ``cls``, with its board paths from
    :data:`ui.model.targets.PATHS`. Each function is checked against ``cls`` (``Act`` comes
    from it alone: a ``Look[Act]`` result would take ``Act`` from the table's ``Look[Any]``)."""
    return Look(cls, PATHS[cls], label, name, group)


# --------------------------------------------------------------------------- helpers


def _me(view: View) -> NationId:
    """The acting nation: a view with actions to path has one (a spectator's has none)."""
    if view.nation is None:
        raise ValueError("no acting nation in a spectator's view")
    return view.nation


def _stack_name(view: View, nation: NationId, place: int) -> str:
    stack = view.nations[nation].places[place - 1].stack
    return card_name(stack.card) if stack else _("place {place}").format(place=place)


def _where(board: str, place: int) -> str:
    """'USA place 4': a place of a Politics board."""
    return _("{board} place {place}").format(board=nation_name(board), place=place)


def _risk_where(view: View, risk: str) -> str:
    for m in view.missions:
        if any(r.id == risk for r in m.risks):
            return mission_name(m.id)
    return _("Moon")


def _iconed(name: str, text: str) -> str:
    """An icon before a translated text (escaped)."""
    return f"{icon(name)} {e(text)}"


def _words(text: str, **icons: str) -> str:
    """A translated text as markup, with icons (markup) put in its ``{name}`` fields."""
    return e(text).format(**icons)


def _plain(text: Callable[[], str], title: Callable[[], str] = lambda: "") -> LabelOf[Action]:
    """A label of fixed words (translated when shown)."""
    return lambda a, view, choices: (e(text()), title())


def _named(text: Callable[[], str]) -> NameOf[Action]:
    """A hint name of fixed words (translated when shown)."""
    return lambda a, view: text()


def _fixed_group(text: Callable[[View], str]) -> GroupOf[Action]:
    """A group keyed by the action kind alone."""
    return lambda a, view: (a.kind, text(view))


def _delivered(ends: int) -> str:
    return ngettext("Delivered after {count} round end", "Delivered after {count} round ends",
                    ends).format(count=ends)


# --------------------------------------------------------------------------- labels


def _split_label(a: A.SetAdaptivity, view: View, choices: Choices) -> tuple[str, str]:
    """An Adaptivity split with the success chance the engine computed for it."""
    split = (a.s, a.e, a.c)
    options = view.decision.splits if view.decision else ()
    odds = next((o.odds for o in options if o.split == split), None)
    best = bool(options) and options[0].split == split
    text = f"{icon('adapt')} S+{a.s} E+{a.e} C+{a.c}"
    if odds is not None:
        text += f" · {percent(odds)}" + (" ★ " + e(_("best")) if best else "")
    return text, _("Split Adaptivity for this launch")


def _launch_label(a: A.Launch, view: View, choices: Choices) -> tuple[str, str]:
    chance = choices.odds.get(a.mission)
    odds = "?" if chance is None else percent(chance)
    words = _("Launch to {mission}").format(mission=mission_name(a.mission))
    return (f"{icon('rocket')} {e(words)} <b class='odds'>{odds}</b>",
            _("Exact chance of success with the rocket as it stands: {odds}").format(odds=odds))


def _keep_label(a: A.KeepTile, view: View, choices: Choices) -> tuple[str, str]:
    index = a.index
    pending = view.nations[view.nation].pending if view.nation else None
    tiles = pending.tiles if pending else ()
    tile = tiles[index] if index < len(tiles) else None
    pic = f'<span class="mini">{tile_svg(tile)}</span>' if tile else ""
    words = _("Keep {tile}").format(tile=deck_tile(tile.deck)) if tile else _("Keep the tile")
    return f"{pic} {e(words)}", _("The other goes face up on the Research pile")


def _install_label(a: A.InstallModule, view: View, choices: Choices) -> tuple[str, str]:
    slot = a.slot
    mods = view.nations[view.nation].modules if view.nation else ()
    current = mods[slot] if slot < len(mods) else None
    if current:
        words = _("Install into slot M{slot} (replaces {module})").format(
            slot=slot + 1, module=module_name(current.id))
    else:
        words = _("Install into slot M{slot} (empty)").format(slot=slot + 1)
    return e(words), ""


def _stack_hint(text: Callable[[], str]) -> NameOf[A.Evaluate | A.Escalate]:
    """A hint name about a stack of the acting nation's Politics board."""
    return lambda a, view: text().format(stack=_stack_name(view, _me(view), a.place))


def _token_name(a: A.PlaceToken, view: View) -> str:
    text = (_("Support {stack} with Influence") if a.token == "influence"
            else _("Support {stack} with a Bluff"))
    return text.format(stack=_stack_name(view, a.board, a.place))


def _token_group(a: A.PlaceToken, view: View) -> tuple[str, str]:
    name = _stack_name(view, a.board, a.place)
    return (f"tok:{a.board}:{a.place}",
            _("Support {stack} ({where})").format(stack=name,
                                                  where=_where(a.board, a.place)))


# --------------------------------------------------------------------------- the table


def _table(*looks: Look[Any]) -> dict[type[Action], Look[Any]]:
    return {found.cls: found for found in looks}


LOOKS: dict[type[Action], Look[Any]] = _table(
    look(
        A.EndDiscussion,
        _plain(lambda: _("End the discussion"), lambda: _("Skip the rest of the {time}").format(
            time=duration(content().board.discussion_seconds))),
        _named(lambda: _("End the discussion"))),
    look(
        A.PlayManeuver,
        lambda a, view, choices: (
            e(_("on {place}: {name}").format(place=a.place,
                                             name=place_name(_me(view), a.place))),
            _("Covers this place's printed effect while the stack lies there")),
        lambda a, view: _("Play {card} on place {place}").format(card=card_name(a.card),
                                                                 place=a.place),
        group=lambda a, view: (f"card:{a.card}",
                               _("Play {card}").format(card=card_name(a.card)))),
    look(
        A.PassManeuvers,
        _plain(lambda: _("Pass"), lambda: _("Play no more Maneuver cards (you may play "
                                             "again if the rival plays one)")),
        _named(lambda: _("Pass"))),
    look(
        A.PlaceToken,
        lambda a, view, choices: (
            _iconed(a.token, _("Influence") if a.token == "influence" else _("Bluff")),
            _("Influence counts at evaluation; Bluff counts zero. Face down to the rival.")),
        _token_name,
        group=_token_group),
    look(
        A.FinishSupport,
        _plain(lambda: _("Finish supporting"), lambda: _("Done placing tokens")),
        _named(lambda: _("Finish supporting"))),
    look(
        A.AnnounceMission,
        lambda a, view, choices: (e(_("Announce level {level} Mission").format(level=a.level)),
                                  _("Draw a Mission of this level with its Risks")),
        lambda a, view: _("Announce a level {level} Mission").format(level=a.level)),
    look(
        A.RaiseInfluence,
        lambda a, view, choices: (
            _words(_("Pay {amount} {popularity} for +{amount} {influence}"),
                   amount=str(a.amount), popularity=icon("popularity"),
                   influence=icon("influence")),
            _("Once per round")),
        lambda a, view: _("Buy {amount} Influence").format(amount=a.amount),
        group=_fixed_group(lambda view: _("Trade Popularity for Influence"))),
    look(
        A.Launch,
        _launch_label,
        lambda a, view: _("Launch toward {mission}").format(mission=mission_name(a.mission))),
    look(
        A.Abort,
        lambda a, view, choices: (_iconed("rocket", _("Abort launch (-{cost} Popularity)").format(
            cost=view.penalties["abort"])), _("Topple the rocket this round")),
        _named(lambda: _("Abort the launch"))),
    look(
        A.ClaimReward,
        _plain(lambda: _("Claim the Mission reward")),
        _named(lambda: _("Claim the Mission reward"))),
    look(
        A.ExploreMoon,
        lambda a, view, choices: (
            _iconed("moon", _("Explore Moon risk {slot} instead").format(slot=a.slot + 1)),
            _("Forgo the reward; turn a Moon risk face up")),
        _named(lambda: _("Explore a Moon risk"))),
    look(
        A.Evaluate,
        lambda a, view, choices: (
            e(_("Evaluate {stack}").format(stack=_stack_name(view, _me(view), a.place))),
            _("Place {place}").format(place=a.place)),
        _stack_hint(lambda: _("Evaluate {stack}"))),
    look(
        A.Escalate,
        lambda a, view, choices: (
            e(_("Cover with {card}").format(card=card_name(a.card)) if a.card
              else _("Escalate to the next level")),
            _("Raise the stack's level")),
        _stack_hint(lambda: _("Escalate {stack}")),
        group=lambda a, view: (f"esc:{a.place}", _("Escalate {stack}").format(
            stack=_stack_name(view, _me(view), a.place)))),
    look(
        A.PayForTie,
        lambda a, view, choices: (_words(_("Pay {amount} {popularity} and win the tie"),
                                         amount=str(view.penalties["tie"]),
                                         popularity=icon("popularity")), ""),
        _named(lambda: _("Pay to win the tie"))),
    look(
        A.ConcedeTie,
        _plain(lambda: _("Concede the tie"), lambda: _("The rival succeeds in an Obstruction")),
        _named(lambda: _("Concede the tie"))),
    look(
        A.TakeFromLine,
        lambda a, view, choices: (_iconed(a.deck, _(
            "Install {deck} from the Development Line ({cost}$)").format(
                deck=deck_name(a.deck), cost=view.costs["line"])), ""),
        lambda a, view: _("Install {deck} from the Development Line").format(
            deck=deck_name(a.deck))),
    look(
        A.Research,
        lambda a, view, choices: (f"{icon(a.first)}{e(deck_name(a.first))} + "
                                  f"{icon(a.second)}{e(deck_name(a.second))}",
                                  _("Keep one tile, the other goes on the pile")),
        lambda a, view: _("Research {first} and {second}").format(
            first=deck_name(a.first), second=deck_name(a.second)),
        group=_fixed_group(lambda view: _("Research two tiles ({cost}$)").format(
            cost=view.costs["research"]))),
    look(
        A.TakeFromPile,
        lambda a, view, choices: (e(_("Install the top Research tile ({cost}$)").format(
            cost=view.costs["pile"])), ""),
        _named(lambda: _("Install the top Research tile"))),
    look(
        A.KeepTile,
        _keep_label,
        _named(lambda: _("Keep this tile"))),
    look(  # no label: the bar shows placements itself (controls._placement)
        A.PlaceTile,
        None,
        _named(lambda: _("Place the tile here"))),
    look(
        A.LineToSuppliers,
        lambda a, view, choices: (_iconed(a.deck, _("{deck} to the {price}$ space").format(
            deck=deck_name(a.deck), price=view.supplier_prices[0])), ""),  # into space 0
        lambda a, view: _("Send {deck} to the Suppliers line").format(deck=deck_name(a.deck)),
        group=_fixed_group(lambda view: _("Send a Development tile to Suppliers (free)"))),
    look(
        A.OrderModule,
        lambda a, view, choices: (
            e(_("into the {price}$ space").format(price=view.supplier_prices[a.space])),
            _delivered(len(view.supplier_prices) - a.space)),
        lambda a, view: _("Order {module}").format(module=module_name(a.module)),
        group=lambda a, view: (f"order:{a.module}",
                               _("Order {module}").format(module=module_name(a.module)))),
    look(
        A.Test,
        lambda a, view, choices: (f"{icon('test')} {e(risk_name(a.risk))} "
                                  f"<small>({e(_risk_where(view, a.risk))})</small>", ""),
        lambda a, view: _("Test {risk}").format(risk=risk_name(a.risk)),
        group=_fixed_group(lambda view: _("Test a Risk ({cost}$)").format(
            cost=view.costs["test"]))),
    look(
        A.RemoveSabotage,
        lambda a, view, choices: (_words(_("Remove {count} {sabotage} ({cost}$)"),
                                         count=str(a.count), sabotage=icon("sabotage"),
                                         cost=str(view.costs["anti_sabotage_base"] + a.count)),
                                  ""),
        lambda a, view: _("Remove {count} Sabotage").format(count=a.count),
        group=_fixed_group(lambda view: _("Anti-Sabotage ({cost}$ + 1 each)").format(
            cost=view.costs["anti_sabotage_base"]))),
    look(
        A.LoadPayload,
        lambda a, view, choices: (_iconed(PAYLOAD_ICON[a.payload], _(
            "{payload} on row {row}, col {col} ({cost}$)").format(
                payload=payload_name(a.payload), row=a.row + 1, col=a.col + 1,
                cost=view.payload_costs[a.payload])), ""),
        lambda a, view: _("Load {payload}").format(payload=payload_name(a.payload)),
        group=_fixed_group(lambda view: _("Load a payload"))),
    look(
        A.BookPayload,
        lambda a, view, choices: (_iconed(PAYLOAD_ICON[a.payload], _(
            "{payload} for {mission} ({cost}$)").format(
                payload=payload_name(a.payload), mission=mission_name(a.mission),
                cost=view.payload_costs[a.payload])), ""),
        lambda a, view: _("Book {payload} onto {mission}").format(
            payload=payload_name(a.payload), mission=mission_name(a.mission)),
        group=_fixed_group(lambda view: _("Book a payload"))),
    look(
        A.StealTest,
        lambda a, view, choices: (f"{icon('teststeal')} {e(risk_name(a.risk))}", ""),
        lambda a, view: _("Steal a Test on {risk}").format(risk=risk_name(a.risk)),
        group=_fixed_group(lambda view: _("Steal test results"))),
    look(
        A.StealTech,
        lambda a, view, choices: (f"{icon('techsteal')} {e(deck_tile(a.deck))}", ""),
        lambda a, view: _("Steal {deck} from the rival's Development Line").format(
            deck=deck_name(a.deck)),
        group=_fixed_group(lambda view: _("Steal technology"))),
    look(
        A.InstallModule,
        _install_label,
        _named(lambda: _("Install the Module"))),
    look(
        A.SetAdaptivity,
        _split_label,
        lambda a, view: _("Split Adaptivity {s}/{e}/{c}").format(s=a.s, e=a.e, c=a.c)),
    look(
        A.PassEngineer,
        _plain(lambda: _("Pass (done this round)"),
               lambda: _("Take no more Engineer actions this round")),
        _named(lambda: _("Pass"))),
)
