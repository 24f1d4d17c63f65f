"""The guest's side of the referee's protocol, against the real referee, messages passed in
memory (the browsers' data channel is tested end to end in e2e/)."""

from __future__ import annotations

import json
import random

import pytest

import game
from game.ai import get_ai
from game.online.guestlink import GuestLink
from game.online.referee import Referee

GUEST = ("USSR.politician", "USSR.engineer")


def _pair(seed: int) -> tuple[Referee, GuestLink]:
    referee = Referee.for_game(game.new_game(seed), {"guest": GUEST})
    referee.connect("guest")
    link = GuestLink()
    _deliver(link, referee.receive("guest", link.hello()))
    return referee, link


def _deliver(link: GuestLink, out: list[tuple[str, str]]) -> None:
    for _, text in out:
        assert link.receive(text) is not None


def test_a_whole_game_through_the_guests_link() -> None:
    referee, link = _pair(8)
    g = referee.game
    medium = get_ai("medium")
    rng = random.Random(8)
    guest_moves = 0
    while not g.is_over:
        assert link.state is not None and link.state["at"] == g.log_size
        mine = link.to_act()
        if mine:
            seat = mine[0]
            action = medium.choose(link.view(seat), link.legal(seat), rng)
            _deliver(link, referee.receive("guest", link.act(seat, action)))
            guest_moves += 1
        else:
            seat = g.to_act()[0]
            action = medium.choose(g.view(seat), g.legal_actions(seat), rng)
            _deliver(link, referee.apply(seat, action))
    assert guest_moves > 40 and referee.refusals == [] and not link.lost
    assert link.state is not None and link.state["at"] == g.log_size
    over = link.view("USSR.politician")
    assert over.phase == "over" and over.winner == g.winner
    assert over == g.view("USSR.politician")


def test_a_repeat_is_ignored_and_a_gap_is_mended_by_asking_again() -> None:
    referee, link = _pair(3)
    first, second = (referee.broadcast()[0][1] for _ in range(2))
    third = referee.chat("good luck")[0][1]
    assert link.receive(first) is not None
    assert link.receive(first) is None  # the same message twice: acted on once
    assert link.receive(third) is not None and link.lost  # the second went missing
    _deliver(link, referee.receive("guest", link.hello()))  # ask for the whole picture
    assert not link.lost and link.state is not None
    assert link.state["at"] == referee.game.log_size
    assert link.receive(second) is None  # too late: already past it
    # A whole picture after a gap needs no mending: every state message is complete.
    _skipped, whole = (referee.broadcast()[0][1] for _ in range(2))
    assert link.receive(whole) is not None and not link.lost


def test_the_link_refuses_what_its_seats_may_not_do_and_ignores_garbage() -> None:
    referee, link = _pair(5)
    g = referee.game
    with pytest.raises(game.IllegalAction):
        link.act("USA.politician", game.actions.PassManeuvers())
    seat = GUEST[0]
    illegal = game.actions.Launch("NOWHERE")
    with pytest.raises(game.IllegalAction):
        link.act(seat, illegal)
    sent = link.sent
    picture = dict(link.state or {})
    number = link.received
    view = picture["seats"][seat]["view"]
    malformed = [{"seats": {}}, {"seats": {seat: {"view": None, "legal": []}}},
                 {"seats": {seat: {"view": {**view, "round": "3"}, "legal": []}}},
                 {"seats": {seat: {"view": {**view, "secret": 1}, "legal": []}}},
                 {"seats": {seat: {"view": view, "legal": [{"type": "nothing"}]}}},
                 {"to_act": "USA.politician"}, {"at": "5"}, {"screens": []}, {"events": {}},
                 {"events": [{"type": "hand_dealt", "cards": ["USA:spy"]}]},
                 {"events": [{"type": "tested", "nation": "USA", "risk": "R", "secret": 1}]},
                 {"history": [[{"type": "tested"}]]}, {"history": {"0": []}},
                 {"clock": [97]}]
    for change in malformed:  # a host's page is not trusted to send a drawable picture
        number += 1
        text = json.dumps({**picture, **change, "n": number})
        assert link.receive(text) is None
    for text in ("{oops", "[]", json.dumps({"t": "state"}), "x" * 2_000_000):
        assert link.receive(text) is None
    assert link.sent == sent and link.state is not None and link.state["at"] == g.log_size
