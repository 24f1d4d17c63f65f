"""Phases 1 and 2 of a round: the team discussion, Maneuvers, and the Politicians' turns
(support tokens, Missions announced, Influence raised, launch decisions)."""

from __future__ import annotations

from ...core import actions as A
from ...core.events import (
    DiscussionOver,
    LaunchAborted,
    LaunchDecided,
    ManeuverPlayed,
    ManeuversPassed,
    MissionAnnounced,
    SupportDone,
    TokenPlaced,
)
from ...core.names import NationId
from ...core.state import Stack
from ..handlers import handles
from ..position import Position, draw
from ..terms import other

# ------------------------------------------------------------------ phase 1 and 2.1


def do_end_discussion(p: Position, nation: NationId, action: A.EndDiscussion) -> None:
    p.state.nations[nation].discussed = True
    p.emit(DiscussionOver(nation=nation))


def do_play_maneuver(p: Position, nation: NationId, action: A.PlayManeuver) -> None:
    s = p.state
    n = s.nations[nation]
    n.hand.remove(action.card)
    n.stacks[action.place - 1] = Stack(action.card)
    s.passes = 0
    s.turn = other(nation)
    p.emit(ManeuverPlayed(nation=nation, card=action.card, place=action.place))


def do_pass_maneuvers(p: Position, nation: NationId, action: A.PassManeuvers) -> None:
    s = p.state
    s.passes += 1
    s.turn = other(nation)
    p.emit(ManeuversPassed(nation=nation))


# ------------------------------------------------------------------ 2.2 politicians


def _next_politician(p: Position, nation: NationId) -> None:
    s = p.state
    s.turn = other(nation) if s.nations[other(nation)].launch is None else nation
    if s.nations[s.turn].launch is not None:
        s.turn = None


def do_place_token(p: Position, nation: NationId, action: A.PlaceToken) -> None:
    s = p.state
    n = s.nations[nation]
    if action.token == "influence":
        n.influence -= 1
    else:
        n.bluff -= 1
    stack = p.changing_stack(action.board, action.place)
    stack.tokens.append((nation, action.token))
    s.support += 1
    p.emit(TokenPlaced(nation=nation, board=action.board, place=action.place))
    if s.support >= 2 and n.influence + n.bluff == 0:
        do_finish_support(p, nation, A.FinishSupport())


def do_finish_support(p: Position, nation: NationId, action: A.FinishSupport) -> None:
    s = p.state
    p.emit(SupportDone(nation=nation, tokens=s.support))
    s.support = 0
    _next_politician(p, nation)


def do_announce_mission(p: Position, nation: NationId, action: A.AnnounceMission) -> None:
    s = p.state
    mission = draw(s.mission_decks, action.level)
    risks = tuple(p.draw_risk(level) for level in p.content.missions[mission].risks)
    s.active.append((mission, risks))
    for risk in risks:
        s.tests[risk] = (0, 0)
    p.emit(MissionAnnounced(nation=nation, mission=mission, risks=tuple(risks)))
    _next_politician(p, nation)


def do_raise_influence(p: Position, nation: NationId, action: A.RaiseInfluence) -> None:
    n = p.state.nations[nation]
    n.raised = action.amount
    n.influence += action.amount
    p.change_popularity(nation, -action.amount, "influence")
    _next_politician(p, nation)


def do_launch(p: Position, nation: NationId, action: A.Launch) -> None:
    s = p.state
    s.nations[nation].launch = action.mission
    s.launches.append((nation, action.mission))
    p.emit(LaunchDecided(nation=nation, mission=action.mission))
    _next_politician(p, nation)


def do_abort(p: Position, nation: NationId, action: A.Abort) -> None:
    p.state.nations[nation].launch = ""
    p.emit(LaunchAborted(nation=nation))
    if not p.change_popularity(nation, -p.content.board.penalties["abort"], "abort"):
        _next_politician(p, nation)


# The kinds of action this phase takes, each with its handler (game.rules.flow merges the
# tables of the phases).
HANDLERS = (
    handles(A.EndDiscussion, do_end_discussion),
    handles(A.PlayManeuver, do_play_maneuver),
    handles(A.PassManeuvers, do_pass_maneuvers),
    handles(A.PlaceToken, do_place_token),
    handles(A.FinishSupport, do_finish_support),
    handles(A.AnnounceMission, do_announce_mission),
    handles(A.RaiseInfluence, do_raise_influence),
    handles(A.Launch, do_launch),
    handles(A.Abort, do_abort),
)
