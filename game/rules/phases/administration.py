"""Phase 4 and the end of a round: the Budget drop, deliveries, evaluating, escalating and
tying Maneuver stacks, then the Politics-board places' payments, new hands and income."""

from __future__ import annotations

from ...core import actions as A
from ...core.events import (
    Changed,
    Delivered,
    Evaluated,
    Income,
    ManeuverEscalated,
    ManeuverObstructed,
    ManeuverWon,
    PhaseBegun,
)
from ...core.names import NationId
from ..handlers import handles
from ..position import Position
from ..terms import other


def begin_administration(p: Position) -> None:
    s = p.state
    s.phase = "administration"
    s.evaluator = None
    p.emit(PhaseBegun(phase="administration"))
    drop = p.content.board.budget_drop
    for name in (s.first, other(s.first)):
        n = s.nations[name]
        n.budget -= drop
        p.emit(Changed(nation=name, what="budget", by=-drop, now=n.budget, source="round"))
    if p.check_end():
        return
    for name in (s.first, other(s.first)):
        n = s.nations[name]
        delivered = n.suppliers[-1]
        n.suppliers = [None, *n.suppliers[:-1]]
        if delivered is not None:
            kind, item = delivered.split(":", 1)
            n.pending = ("place", item, "delivery") if kind == "T" else ("module", item)
            p.emit(Delivered(nation=name, item=item,
                             item_kind="tile" if kind == "T" else "module"))


def undecided(p: Position, nation: NationId) -> bool:
    """Whether a stack of ``nation``'s is still to be evaluated or escalated this round."""
    return any(st is not None and st.fate is None for st in p.state.nations[nation].stacks)


def do_evaluate(p: Position, nation: NationId, action: A.Evaluate) -> None:
    s = p.state
    n = s.nations[nation]
    stack = n.stacks[action.place - 1]
    assert stack is not None
    own = sum(1 for who, kind in stack.tokens if who == nation and kind == "influence")
    rival = sum(1 for who, kind in stack.tokens if who != nation and kind == "influence")
    p.emit(Evaluated(nation=nation, place=action.place, card=stack.card,
                     level=stack.level, tokens=tuple(stack.tokens), own=own, rival=rival))
    if own > rival:
        _win_stack(p, nation, action.place)
    elif rival > own:
        _obstruct(p, nation, action.place)
    else:
        s.decision = ("tie", nation, str(action.place))


def _win_stack(p: Position, nation: NationId, place: int) -> None:
    stack = p.changing_stack(nation, place)
    stack.fate = "won"
    card = p.content.maneuver_card(stack.card)
    p.emit(ManeuverWon(nation=nation, card=stack.card, level=stack.level))
    p.effect(nation, card.levels[stack.level - 1], f"maneuver:{stack.card}")


def _obstruct(p: Position, nation: NationId, place: int) -> None:
    s = p.state
    stack = p.changing_stack(nation, place)
    stack.fate = "obstructed"
    rival = other(nation)
    p.emit(ManeuverObstructed(nation=nation, card=stack.card, by=rival))
    for board_place in p.content.places:
        empty = s.nations[rival].stacks[board_place.index - 1] is None
        if board_place.category == "obstruction" and empty and \
                p.effect(rival, board_place.effect, f"place:{board_place.index}"):
            return


def do_pay_for_tie(p: Position, nation: NationId, action: A.PayForTie) -> None:
    s = p.state
    assert s.decision is not None
    place = int(s.decision[2])
    s.decision = None
    if not p.change_popularity(nation, -p.content.board.penalties["tie"], "tie"):
        _win_stack(p, nation, place)


def do_concede_tie(p: Position, nation: NationId, action: A.ConcedeTie) -> None:
    s = p.state
    assert s.decision is not None
    place = int(s.decision[2])
    s.decision = None
    _obstruct(p, nation, place)


def do_escalate(p: Position, nation: NationId, action: A.Escalate) -> None:
    n = p.state.nations[nation]
    stack = p.changing_stack(nation, action.place)
    if stack.level == 1:
        n.hand.remove(action.card)
        stack.cover = action.card
    stack.level += 1
    stack.fate = "escalated"
    p.emit(ManeuverEscalated(nation=nation, place=action.place, level=stack.level))


def finish_round(p: Position) -> bool:
    """The round's end: places pay, stacks leave or stay, hands refill, income; the First
    Player changes. False when a payment ended the game (the round is not finished)."""
    s = p.state
    board = p.content.board
    order = (s.first, other(s.first))
    for name in order:
        n = s.nations[name]
        succeeded = any(nat == name and rnd == s.round for _, nat, rnd in s.completed)
        for place in p.content.places:
            if n.stacks[place.index - 1] is not None:
                continue
            pays = place.category == "per_round" or (
                place.category == "mission" and succeeded)
            if pays and p.effect(name, place.effect, f"place:{place.index}"):
                return False
    for name in order:
        n = s.nations[name]
        for i, stack in enumerate(n.stacks):
            if stack is None:
                continue
            if stack.fate in ("won", "obstructed"):
                n.discard.append(stack.card)
                if stack.cover is not None:
                    n.discard.append(stack.cover)
                n.stacks[i] = None
            elif stack.fate is not None:
                p.changing_stack(name, i + 1).fate = None
        n.influence = n.bluff = 0
        drawn = 0
        while len(n.hand) < board.start["hand_size"]:
            if not n.deck:
                if not n.discard:
                    break
                n.deck.extend(n.discard)
                n.discard.clear()
                s.rng.shuffle(n.deck)
            n.hand.append(n.deck.pop())
            drawn += 1
        income = max(0, n.budget)
        n.money += income
        p.emit(Income(nation=name, money=income, drawn=drawn))
    s.evaluator = None
    s.first = other(s.first)
    return True


# The kinds of action this phase takes, each with its handler (game.rules.flow merges the
# tables of the phases).
HANDLERS = (
    handles(A.Evaluate, do_evaluate),
    handles(A.PayForTie, do_pay_for_tie),
    handles(A.ConcedeTie, do_concede_tie),
    handles(A.Escalate, do_escalate),
)
