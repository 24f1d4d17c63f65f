"""The stateful app (ui.app.App and its controllers) in CPython, on an in-memory browser
(tests/fake_platform.py): a whole game against the computer, undo and redo, a replay, an online
guest's screen fed by the host's referee, and the tutorial's nudge.

Each test runs its own event loop (``asyncio.run``); :func:`settle` turns it until every task
the app spawned is done, within a time limit. The person's moves are made the way the page
makes them: clicks on the elements the app drew (``data-act``, ``data-target``, ``data-cmd``)
and keys, through the handlers the app registered on the document.
"""

from __future__ import annotations

import asyncio
import html
import json
import math
import random
import re
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from types import SimpleNamespace

import pytest

import game
from game.ai.medium import medium_move
from game.online.referee import Referee
from game.rules.records import View
from game.rules.terms import nation_of
from game.rules.view import secret_choice
from tests.conftest import counting_clock
from tests.fake_platform import FakeElement, FakeEvent, FakePlatform, elements
from tests.test_ui_saves import played
from tests.test_ui_table import games_in
from ui.app import App
from ui.control.tour import TOUR_KEY
from ui.links.embed import MAX_COMMAND
from ui.markup.centre import centre_html
from ui.markup.html import NO_MARKS
from ui.markup.logbook import log_html
from ui.model.invite import pack, unpack
from ui.model.players import Setup
from ui.model.saves import CURRENT_KEY, KEY_PREFIX, bug_report_text, export_text, parse, save_keys
from ui.model.tutorial import script
from ui.platform.port import GAME_TAKEN, Platform
from ui.words.names import clock

BOARDS = ("board-USA", "board-USSR", "centre")
USA = ("USA.politician", "USA.engineer")
USSR = ("USSR.politician", "USSR.engineer")


def test_the_fake_is_a_platform() -> None:
    _: Platform = FakePlatform()  # mypy checks every signature
    wanted = {name for name in vars(Platform) if not name.startswith("_")}
    assert wanted and all(callable(getattr(FakePlatform, name, None)) for name in wanted)


# ---------------------------------------------------------------------- driving the app


def run_app(test: Callable[[App, FakePlatform], Awaitable[None]], query: str = "",
            hash_: str = "", storage: dict[str, str] | None = None) -> None:
    """Boot an app on a fresh fake page (``query``: the address's query string, ``hash_``
    its fragment, ``storage`` what the browser keeps) in a fresh event loop, run ``test``
    on it, then cancel what is left."""
    async def main() -> None:
        dom = FakePlatform()
        dom.query, dom.hash = query, hash_
        dom.storage.update(storage or {})
        app = App(dom)
        app.start()
        try:
            await test(app, dom)
        finally:
            for task in list(app.tasks):
                task.cancel()
            await asyncio.sleep(0)
        assert dom.warnings == [], dom.warnings[0]  # no error reached the page
    asyncio.run(main())


def as_message(app: App, change: Callable[[], object]) -> None:
    """``change`` carried out as one of the page's messages would be: painted once done."""
    with app.cycle.message():
        change()


async def settle(app: App, limit: float = 10.0) -> None:
    """Turn the event loop until every task the app spawned has finished (it waits for a
    person, a dialog or the end); fail after ``limit`` seconds."""
    end = time.monotonic() + limit
    while True:
        await asyncio.sleep(0)
        if all(task.done() for task in app.tasks):
            return
        if time.monotonic() > end:
            raise AssertionError(f"the app was still busy after {limit} s "
                                 f"(moves {app.match.game.log_size}, seat {app.table.seat})")


async def until(happened: Callable[[], bool], limit: float = 60.0) -> None:
    """Let the app run until ``happened()`` (an autoplay's steps, a game dealt); fail after
    ``limit`` seconds (a deadline that only ends the wait: what is asserted is what
    happened)."""
    end = time.monotonic() + limit
    while not happened():
        assert time.monotonic() < end, "it never happened"
        await asyncio.sleep(0.02)


def dispatch(dom: FakePlatform, kind: str, event: FakeEvent) -> None:
    """A DOM event, to the handlers the app put on the document (App.start)."""
    handlers = dom.handlers.get(kind)
    assert handlers, f"nothing listens to {kind}"
    for handler in handlers:
        handler(event)


def click(dom: FakePlatform, element: FakeElement) -> None:
    dispatch(dom, "click", FakeEvent(target=element))


def key(dom: FakePlatform, name: str) -> None:
    dispatch(dom, "keydown", FakeEvent(target=FakeElement(tagName="BODY"), key=name))


def find(dom: FakePlatform, regions: tuple[str, ...], **data: str) -> FakeElement:
    """The first element drawn in one of the shown ``regions`` with these data attributes."""
    for region in regions:
        found = elements(dom.regions.get(region, ""), **data)
        if found and dom.is_shown(region):
            return found[0]
    raise AssertionError(f"no element {data} in {regions}")


def command(dom: FakePlatform, region: str, cmd: str) -> None:
    """Click the ``data-cmd`` button ``cmd`` drawn in ``region``."""
    click(dom, find(dom, (region,), cmd=cmd))


def play_on_board(app: App, dom: FakePlatform, index: int, confirm: bool = True) -> bool:
    """Take the acting seat's ``index``-th action the way a person does: touch, in order, the
    things of its board path that the app marked (``data-target``), options in its popover.
    If the app asks first (a risky action), answer Yes (``confirm``) or Cancel. Whether the
    action was taken."""
    path = next(p for p, i in app.table.pick.routes if i == index)
    for target in path:
        if app.table.seat is None or app.table.busy or app.table.dialog:
            break  # taken as soon as only this action was left that way
        click(dom, find(dom, ("pick", *BOARDS), target=target))
    if app.table.dialog == "confirm":
        command(dom, "dialog", "confirm-yes" if confirm else "confirm-no")
        if not confirm:
            return False
    # taken: on its way (the screen waits for the loop), or made
    assert app.table.busy or app.table.seat is None, \
        f"{app.table.actions[index]} was not taken by touching {path}"
    return True


def saved_game(dom: FakePlatform) -> game.Game:
    """The game of the autosave the page would continue."""
    return parse(dom.storage[KEY_PREFIX + dom.storage[CURRENT_KEY]]).game


def person_to_act(app: App) -> str:
    seat = app.table.controls_seat()
    assert seat is not None, "no decision of the person's on the table"
    return seat


# ---------------------------------------------------------------------- a whole game


def test_a_whole_game_against_the_computer_ends_on_the_end_screen_and_is_saved() -> None:
    """The USA here (random legal actions, played on the board; a risky one the app asks
    about is declined while there is another to try), the USSR the computer (Easy, thinking
    on the page, a slice at a time), until the game is over."""
    async def play(app: App, dom: FakePlatform) -> None:
        rng = random.Random(7)
        chosen: list[tuple[str, game.Action]] = []
        declined = 0
        for _ in range(1000):
            await settle(app)
            if app.match.game.is_over:
                break
            seat = person_to_act(app)
            assert seat in USA and app.table.actions == app.match.game.legal_actions(seat)
            assert dom.body["busy"] == "0" and dom.body["moves"] == str(app.match.game.log_size)
            order = rng.sample(range(len(app.table.actions)), len(app.table.actions))
            for index in order:
                action = app.table.actions[index]
                if play_on_board(app, dom, index, confirm=index == order[-1]):
                    chosen.append((seat, action))
                    break
                declined += 1  # the app asked first, and Cancel left the game as it was
                assert app.table.seat == seat and not dom.is_shown("dialog")
        else:
            raise AssertionError("the game did not end in 1000 decisions")
        g = app.match.game
        assert g.is_over and g.winner in ("USA", "USSR") and declined > 0
        assert dom.is_shown("end") and dom.body["over"] == "1" and dom.body["busy"] == "0"
        assert find(dom, ("end",), testid="end-screen").data["winner"] == g.winner
        assert app.table.controls_seat() is None and app.turns.undo_state()[0] == 0
        # Every move of the person is one chosen here, every other one the computer's.
        assert [entry for entry in g.log if entry[0] in USA] == chosen
        ai_moves = sum(1 for seat, _a in g.log if seat in USSR)
        assert ai_moves > 0 and dom.body["ai-moves"] == str(ai_moves)
        assert json.loads(dom.body["ai-timing"])["easy"][0] == ai_moves
        # The autosave is this very game, finished.
        assert saved_game(dom).to_json() == g.to_json()
        assert dom.body["saved"] == dom.body["moves"] == str(g.log_size)
        # The log tells it, launches included, on the page too.
        assert len(app.table.log) > g.log_size // 2
        assert {"liftoff", "game_over"} <= {line.kind for line in app.table.log}
        assert app.table.log[-1].text in html.unescape(dom.regions["log-list"])

    run_app(play, "?players=2&seats=hhee&seed=7&speed=0")


# ---------------------------------------------------------------------- undo and redo


def test_a_search_left_behind_by_a_new_game_stops_at_its_next_breath(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Hard thinks for the first seat of a game of computers; a new game of persons is dealt
    meanwhile. The search stops at the thinker's next breath (with one Python for the page
    and the computer, it would otherwise take the new game's time for the rest of its
    budget), no move is made in either game, and the new game waits for its person."""
    from game.ai import montecarlo
    from ui.control import thinker as thinking

    # counting clocks (a millisecond a reading): Hard's budget is some 1,400 readings, a
    # slice ten of the thinker's, the same on any machine
    monkeypatch.setattr(montecarlo, "time", counting_clock(0.001))
    monkeypatch.setattr(thinking, "time", counting_clock(0.001))

    async def play(app: App, dom: FakePlatform) -> None:
        await until(lambda: dom.breaths >= 3)
        as_message(app, lambda: app.new_game(Setup(seed=2, ai=dict.fromkeys(game.SEATS, False))))
        breaths = dom.breaths
        await settle(app)
        assert dom.breaths <= breaths + 1  # (one breath may be under way)
        assert "ai-moves" not in dom.body and app.match.game.log_size == 0
        assert app.table.controls_seat() is not None

    run_app(play, "?players=2&seats=xxxx&seed=3&speed=0")


def test_undo_takes_back_the_persons_action_with_the_computers_answers_and_redo_replays_it(
) -> None:
    """Undo (the bar's button, then the U key) puts back the exact earlier game, the
    computer's answer taken back with the person's action; redo (R) replays that action, and
    the computer answers it the same way; a different action clears the redo."""
    async def play(app: App, dom: FakePlatform) -> None:
        rng = random.Random(13)
        history: dict[int, str] = {}
        for _ in range(200):
            await settle(app)
            history[app.match.game.log_size] = app.match.game.to_json()
            count, _redo, _why = app.turns.undo_state()
            if count >= 2:
                break  # the person's action and an answer of the computer after it
            person_to_act(app)
            play_on_board(app, dom, rng.randrange(len(app.table.actions)))
        else:
            raise AssertionError("no undo of an action with an answer after it")
        g = app.match.game
        before, moves = g.to_json(), g.log_size
        seat, action = g.log[moves - count]
        assert seat in USA and all(s in USSR for s, _a in g.log[moves - count + 1:])
        assert 'data-testid="undo" disabled' not in dom.regions["actions"]

        command(dom, "actions", "undo")
        await settle(app)
        assert app.match.game.log_size == moves - count
        assert app.match.game.to_json() == history[moves - count]  # exactly the earlier game
        assert saved_game(dom).to_json() == history[moves - count]
        assert app.table.seat == seat and action in app.table.actions  # the person decides again
        assert app.turns.undo_state()[1] == 1
        redo = find(dom, ("actions",), testid="redo")
        assert "disabled" not in redo.attrs and "(1)" in dom.regions["actions"]
        # No further back: the computer's move before it showed the person a card or drew.
        assert app.turns.undo_state()[0] == 0
        assert "disabled" in find(dom, ("actions",), testid="undo").attrs
        assert "Undo is not available: " in html.unescape(dom.regions["actions"])
        command(dom, "actions", "undo")  # the command refuses too (a page would not click)
        await settle(app)
        assert app.match.game.to_json() == history[moves - count]

        key(dom, "r")  # redo, by the keyboard
        await settle(app)
        assert app.match.game.log[moves - count] == (seat, action)  # the same action again
        assert app.match.game.to_json() == before  # and the computer answered it the same way
        assert app.turns.undo_state()[1] == 0

        key(dom, "u")  # undo, by the keyboard; then another action: redo is gone
        await settle(app)
        assert app.match.game.to_json() == history[moves - count] and app.turns.undo_state()[1] == 1
        other = next(a for a in app.table.actions if a != action)
        play_on_board(app, dom, app.table.actions.index(other))
        await settle(app)
        assert app.match.game.log[moves - count] == (seat, other)
        if not app.match.game.is_over:
            assert app.turns.undo_state()[1] == 0
            assert "disabled" in find(dom, ("actions",), testid="redo").attrs

    run_app(play, "?players=2&seats=hhrr&seed=13&speed=0")


# ---------------------------------------------------------------------- a replay


def replay_shows(app: App, dom: FakePlatform, index: int, viewer: str | None = None) -> None:
    """The table shows the replay's frame ``index`` from ``viewer``'s seat (None: public):
    the step in the replay bar, that frame's centre, the story up to it."""
    travel = app.table.travel
    assert travel is not None
    assert travel.index == index and travel.seat == viewer
    bar = find(dom, ("actions",), testid="replay")
    assert bar.data["step"] == str(index) and bar.data["total"] == str(len(travel.replay))
    view = app.replays.frames[index].view(viewer)
    assert travel.view == view
    assert dom.regions["centre"] == centre_html(view, NO_MARKS, {})
    assert dom.regions["log-list"] == log_html(travel.replay.story(index))


def test_a_replay_steps_through_the_frames_and_exit_returns_to_the_live_game() -> None:
    """A replay opened at the person's decision steps through the frames (buttons and keys,
    a seat's view), and Exit brings the same decision back. One opened while the computer is
    about to answer holds the game still, and the answer comes after Exit."""
    async def play(app: App, dom: FakePlatform) -> None:
        rng = random.Random(3)
        while app.match.game.log_size < 8:
            await settle(app)
            person_to_act(app)
            play_on_board(app, dom, rng.randrange(len(app.table.actions)))
        await settle(app)
        live, moves = app.match.game.to_json(), app.match.game.log_size
        seat, actions = person_to_act(app), list(app.table.actions)

        command(dom, "top", "replay")
        desk = app.replays
        assert desk.on and app.table.travel is not None and dom.body["replay"] == "1"
        replay = app.table.travel.replay
        assert len(replay) == moves and replay.matches
        replay_shows(app, dom, moves)
        assert games_in(app.table) == []  # the replay's games are the desk's
        assert not elements(dom.regions["actions"], testid="action")  # no controls now
        assert not any(elements(dom.regions[r], can="1") for r in BOARDS)  # nothing to touch
        assert "Replay: public view" in html.unescape(dom.regions["top"])
        key(dom, "ArrowLeft")  # rp-prev
        replay_shows(app, dom, moves - 1)
        command(dom, "actions", "rp-first")
        replay_shows(app, dom, 0)
        assert "disabled" in find(dom, ("actions",), testid="rp-prev").attrs
        assert app.replays.frames[0].to_json() == game.new_game(3).to_json()
        command(dom, "actions", "rp-next")
        replay_shows(app, dom, 1)
        # Mid-game only the seats of the player at the screen may be chosen (the USA here).
        dispatch(dom, "change", FakeEvent(FakeElement({"cmd": "rp-seat"}, "USA.politician")))
        replay_shows(app, dom, 1, "USA.politician")
        assert "Replay: USA Politician" in html.unescape(dom.regions["top"])
        dispatch(dom, "change", FakeEvent(FakeElement({"cmd": "rp-seat"}, "USSR.politician")))
        replay_shows(app, dom, 1)
        key(dom, "End")  # rp-last
        replay_shows(app, dom, moves)
        await settle(app)
        assert app.match.game.to_json() == live

        command(dom, "actions", "rp-exit")
        await settle(app)
        assert not desk.on and dom.body["replay"] == "0" and desk.frames == []  # let go
        table = app.table
        assert app.match.game.to_json() == live and table.seat == seat and table.actions == actions
        assert elements(dom.regions["actions"], testid="action") or \
            elements(dom.regions["actions"], testid="action-group")

        # Now while the computer is to answer (paced: it waits 0.5 s before it moves).
        app.table.set_speed(500)
        for _ in range(50):
            await settle(app)
            seat = person_to_act(app)
            play_on_board(app, dom, rng.randrange(len(app.table.actions)))
            for _ in range(5):
                await asyncio.sleep(0)
            if app.table.seat is None and set(app.match.game.to_act()) & set(USSR):
                break  # the person has moved, the computer is to answer
        else:
            raise AssertionError("the computer never answered the person")
        live, moves = app.match.game.to_json(), app.match.game.log_size
        assert app.match.game.log[-1][0] == seat and not app.match.game.is_over
        command(dom, "top", "replay")
        replay_shows(app, dom, moves)
        await asyncio.sleep(0.3)
        await settle(app)  # the paced turn loop wakes up, and sees the replay: it stops
        assert app.match.game.to_json() == live and desk.on
        command(dom, "actions", "rp-exit")
        assert not desk.on and app.match.game.to_json() == live
        await settle(app)
        assert app.match.game.log[:moves] == json_log(live)
        g = app.match.game
        assert g.log_size > moves and g.log[moves][0] in USSR  # the answer came
        # the person's turn again
        assert app.match.game.is_over or app.table.controls_seat() is not None
        command(dom, "top", "replay")  # a new game dealt over a replay lets its games go
        assert desk.frames and app.table.travel is not None
        app.new_game(app.table.setup)
        assert desk.frames == [] and app.table.travel is None

    run_app(play, "?players=2&seats=hhee&seed=3&speed=0")


def json_log(save: str) -> list[tuple[str, game.Action]]:
    return [(entry["seat"], game.action_from_dict(entry["action"]))
            for entry in json.loads(save)["log"]]


# ---------------------------------------------------------------------- an online guest


def test_a_guest_screen_shows_its_seats_decision_from_the_hosts_picture_and_sends_its_move(
) -> None:
    """The page opened by an invitation link answers it, and once the channel opens it plays
    from the pictures of the host's referee (game.online.referee): its seat's view and legal actions
    on the table, and its move out to the host as a message."""
    host_game = game.new_game(11)
    referee = Referee.for_game(host_game, {"guest": USSR})
    offer = pack("offer", {"sdp": "host-sdp", "ice": [], "seats": list(USSR), "id": "inv-1"})

    async def play(app: App, dom: FakePlatform) -> None:
        # The invitation link opened the page: the join panel, then the answer code.
        await settle(app)
        assert app.table.link == "guest" and dom.hash == "" and app.table.dialog == "join"
        assert dom.answered == [("host", "host-sdp")]
        assert elements(dom.regions["dialog"], testid="answer-out")
        code = find(dom, ("dialog",), testid="copy-answer").data["copy"]
        assert unpack("answer", code) == {"sdp": "answer-sdp-host", "id": "inv-1"}
        # Copy puts it on the clipboard and says so under it.
        click(dom, find(dom, ("dialog",), testid="copy-answer"))
        await settle(app)
        assert dom.copied == [code]
        assert dom.texts["copied-answer"] == "Answer code copied: send it back to the host."
        assert 'id="copied-answer"' in dom.regions["dialog"]
        channel = dom.peer_handler
        assert channel is not None

        def deliver(out: list[tuple[str, str]]) -> None:
            for guest, text in out:
                assert guest == "guest"
                channel("host", "message", text)

        # The channel opens: the guest says hello, the host answers with its picture.
        referee.connect("guest")
        channel("host", "open", "")
        assert not dom.is_shown("dialog") and app.table.dialog == ""
        ident, hello = dom.sent[-1]
        assert ident == "host" and json.loads(hello)["t"] == "hello"
        deliver(referee.receive("guest", hello))
        # The host plays its USA until a seat of the guest's may act.
        while not set(host_game.to_act()) & set(USSR):
            seat = host_game.to_act()[0]
            deliver(referee.apply(seat, host_game.legal_actions(seat)[-1]))
        await settle(app)

        seat = person_to_act(app)
        assert seat in USSR and seat in host_game.to_act()
        assert app.table.actions == host_game.legal_actions(seat)
        assert app.table.position.view(seat) == host_game.view(seat)  # its own view, exactly
        assert not app.match.held  # (the game it had before it joined is let go)
        assert dom.body["moves"] == str(host_game.log_size) and dom.body["busy"] == "0"
        assert app.turns.undo_state()[:2] == (0, 0)  # no undo online
        buttons = elements(dom.regions["actions"], testid="action")
        assert buttons and all(int(b.data["act"]) < len(app.table.actions) for b in buttons)

        # A move on the guest's screen goes out to the host, and the host applies it.
        sent, moves = len(dom.sent), host_game.log_size
        button = buttons[-1]
        action = app.table.actions[int(button.data["act"])]
        click(dom, button)
        if app.table.dialog == "confirm":
            command(dom, "dialog", "confirm-yes")
        assert app.table.seat is None and dom.body["busy"] == "1"  # it waits for the host's picture
        assert host_game.log_size == moves  # nothing is applied on the guest's screen
        assert len(dom.sent) == sent + 1
        message = json.loads(dom.sent[-1][1])
        assert message["t"] == "act" and message["seat"] == seat and message["at"] == moves
        assert game.action_from_dict(message["action"]) == action
        deliver(referee.receive("guest", dom.sent[-1][1]))
        assert referee.refusals == [] and host_game.log[moves:] == [(seat, action)]
        await settle(app)
        assert dom.body["moves"] == str(moves + 1) and app.table.host_moves == moves + 1

    run_app(play, hash_="#join=" + offer)


async def hosting(dom: FakePlatform) -> App:
    """An app on ``dom`` that started, from New game, a 2-player game (seed 11) with the USA
    played here and the USSR on a friend's screen: the host, its invitation drawn."""
    host = App(dom)
    host.start()
    await settle(host)
    command(dom, "top", "open-new")
    dom.forms["newgame"] = ({"players": "2", "seed": "11", "speed": "0", "ice": ""},
                            {"USA.politician": "h", "USSR.politician": "o"})
    command(dom, "dialog", "start-game")
    await settle(host)
    return host


def test_a_host_screen_and_a_guest_screen_play_over_a_channel_between_their_fakes() -> None:
    """Two apps, each on its own fake page: the host starts an online game from the New game
    dialog (the USSR on a friend's screen), the guest opens the invitation link and sends its
    answer code back, and the data channel is the two fakes' peer functions wired together.
    Each screen then plays its own seats on its own board; both show the same game."""
    async def main() -> None:
        host_dom, guest_dom = FakePlatform(), FakePlatform()
        host = await hosting(host_dom)
        assert host.hosting.on and host_dom.offers == ["USSR.politician"]
        # the table says this screen hosts, and that the game waits for its friend
        assert host.table.link == "host" and host.table.waiting and host_dom.body["busy"] == "0"
        link = find(host_dom, ("dialog",), testid="invite-link").attrs["value"]

        guest_dom.hash = link[link.index("#"):]
        guest = App(guest_dom)
        guest.start()
        await settle(guest)
        code = find(guest_dom, ("dialog",), testid="copy-answer").data["copy"]
        host_dom.forms["online"] = ({"answer.USSR.politician": code}, {})
        command(host_dom, "dialog", "online-accept")
        await settle(host)
        assert host_dom.accepted == [("USSR.politician", "answer-sdp-host")]
        to_host, to_guest = host_dom.peer_handler, guest_dom.peer_handler
        assert to_host is not None and to_guest is not None
        assert guest.table.link == "guest"
        assert host_dom.is_shown("chat")  # (the guest's: once its table is drawn)
        to_guest("host", "open", "")
        to_host("USSR.politician", "open", "")
        assert not host.table.waiting  # everyone is here
        delivered = {"host": 0, "guest": 0}

        async def carry() -> None:
            """Deliver what each screen sent to the other, until both are quiet."""
            for _ in range(100):
                await settle(host)
                await settle(guest)
                if delivered["host"] == len(host_dom.sent) and \
                        delivered["guest"] == len(guest_dom.sent):
                    return
                for ident, text in host_dom.sent[delivered["host"]:]:
                    delivered["host"] += 1
                    assert ident == "USSR.politician"
                    to_guest("host", "message", text)
                for ident, text in guest_dom.sent[delivered["guest"]:]:
                    delivered["guest"] += 1
                    assert ident == "host"
                    to_host("USSR.politician", "message", text)
            raise AssertionError("the screens kept talking")

        rng = random.Random(11)
        both = 0
        try:
            while host.match.game.log_size < 120 and not host.match.game.is_over:
                await carry()
                assert not host.table.dialog and not guest.table.dialog
                moves = str(host.match.game.log_size)
                assert guest_dom.body["moves"] == host_dom.body["moves"] == moves
                screens = ((host, host_dom), (guest, guest_dom))
                deciding = [(app, dom) for app, dom in screens if app.table.controls_seat()]
                assert deciding, "neither screen has a decision"
                both += len(deciding) == 2
                app, dom = rng.choice(deciding)  # both, when both Engineers may act
                seat = person_to_act(app)
                assert seat in (USA if app is host else USSR)
                assert app.table.actions == host.match.game.legal_actions(seat)
                # both tables hold the same position of the seat: the host's from its game,
                # the guest's from the host's picture
                assert app.table.position.view(seat) == host.table.position.view(seat) \
                    == host.match.game.view(seat)
                moves = host.match.game.log_size
                action = app.table.actions[rng.randrange(len(app.table.actions))]
                play_on_board(app, dom, app.table.actions.index(action))
                await carry()
                assert host.match.game.log[moves] == (seat, action)
            assert host_dom.body.get("refused") is None
            assert guest_dom.is_shown("chat")
            assert both > 0  # the Engineers' simultaneous turns came
            assert {s for s, _a in host.match.game.log} >= {"USA.politician", "USSR.politician"}
            assert saved_game(host_dom).to_json() == host.match.game.to_json()
            assert guest_dom.storage == {}  # a guest's screen keeps no game of its own
            assert not guest.match.held  # nor holds one
            assert games_in(guest.table) == games_in(host.table) == []  # positions only
        finally:
            for app in (host, guest):
                for task in list(app.tasks):
                    task.cancel()
            await asyncio.sleep(0)
        assert host_dom.warnings == [] and guest_dom.warnings == []

    asyncio.run(main())


def test_a_copy_buttons_word_stays_under_it_while_its_dialog_is_up() -> None:
    """Copy on the host's panel: the link goes to the clipboard, and the word under the
    button says so; the panel drawn again (its invitation made anew) still says it, and a
    dialog closed and opened again says nothing yet."""
    async def main() -> None:
        dom = FakePlatform()
        host = await hosting(dom)
        button = find(dom, ("dialog",), cmd="copy")
        status = button.data["status"]
        click(dom, button)
        await settle(host)
        link = find(dom, ("dialog",), testid="invite-link").attrs["value"]
        assert dom.copied == [link] and dom.texts[status] == button.data["copied"]
        dom.texts.clear()
        # the panel drawn again with other markup (an invitation's news): the word is said
        # again under the button as drawn
        as_message(host, lambda: host.table.open_dialog(
            "online", host.table.dialog_markup + "<p>news</p>"))
        assert dom.texts[status] == button.data["copied"]
        command(dom, "dialog", "close-dialog")
        assert host.table.copied is None and not dom.is_shown("dialog")
        for task in list(host.tasks):
            task.cancel()
        await asyncio.sleep(0)

    asyncio.run(main())


def test_a_hostile_guest_leaves_the_hosts_log_bounded_and_the_game_unchanged() -> None:
    """300 refused messages of 15,000 characters, each different, then a burst the transport
    dropped unread: the host's log gains at most REFUSED_LINES + 1 short lines, each quoting
    tens of characters; a reason repeated counts up on its line; the guest is told of the
    burst and gets the picture; the table is not drawn again for a refusal; no guest move is
    taken before every online player has joined."""
    from ui.links.hosting import REFUSED_LINES

    async def main() -> None:
        dom = FakePlatform()
        host = await hosting(dom)
        to_host = dom.peer_handler
        assert to_host is not None
        guest, referee = "USSR.politician", host.hosting.referee
        assert referee is not None and referee.waiting  # nobody has joined yet
        to_host(guest, "open", "")
        assert not referee.waiting
        await settle(host)
        before, lines = host.match.game.to_json(), len(host.table.log)
        paints = host.cycle.paints
        for _ in range(4):  # one reason again and again: one line, counted
            to_host(guest, "message", '{"t":"hello"}')
        for number in range(1, 301):  # each with a reason of its own
            kind = f"{number:04d}" + "x" * 15_000
            to_host(guest, "message", json.dumps({"n": number, "t": kind}))
        to_host(guest, "skipped", "950")
        sent = len(dom.sent)
        to_host(guest, "skipped", "1000")  # counted on the same line
        told = host.table.log[lines:]
        assert host.cycle.paints == paints  # a refusal redraws the log only
        assert told[0].text.endswith("(it began: {\"t\":\"hello\"}) (4 times in a row)")
        assert len(told) == REFUSED_LINES + 2 and all(len(t.text) < 300 for t in told)
        assert told[1].text.startswith("A message from USSR was refused: unknown message type")
        assert told[-2].text == ("291 more messages from USSR were refused (the log keeps the "
                                 f"first {REFUSED_LINES}).")
        assert told[-1].text == "USSR sent messages too fast: 1950 went unread."
        assert referee.refused == 304 and host.match.game.to_json() == before
        answers = [json.loads(text) for _ident, text in dom.sent[sent:]]
        assert [m["t"] for m in answers] == ["refused", "state"]
        assert "1000 went unread" in answers[0]["error"]
        assert "1950 went unread" in dom.regions["banner"]
        assert html.unescape(dom.regions["log-list"]).count("A message from USSR") == 10

    asyncio.run(main())


def test_an_answer_to_an_older_invitation_is_refused_at_once_and_the_newest_stays_open(
) -> None:
    """The guest answers an invitation; the host makes a New invitation (or reloads) before
    pasting it: the old answer is refused at once with what to do, the browser is never
    given it, and the newest invitation still takes its own answer."""
    async def main() -> None:
        dom = FakePlatform()
        host = await hosting(dom)
        guest = "USSR.politician"
        first = unpack("offer", find(dom, ("dialog",), testid="invite-link").attrs["value"])
        old_answer = pack("answer", {"sdp": "guest-sdp-1", "id": first["id"]})
        await host.cycle.stepwise(host.hosting.invite(guest))  # New invitation
        newest = unpack("offer", find(dom, ("dialog",), testid="invite-link").attrs["value"])
        assert newest["id"] != first["id"]
        await host.cycle.stepwise(host.hosting.accept(guest, f"my code: {old_answer}"))
        assert elements(dom.regions["dialog"], testid="online-error")
        assert "older invitation" in html.unescape(dom.regions["dialog"])
        assert dom.accepted == []
        assert host.hosting.invitations[guest].status == "waiting"
        await host.cycle.stepwise(host.hosting.accept(guest, pack("answer", {"sdp": "guest-sdp-2",
                                                         "id": newest["id"]})))
        assert dom.accepted == [(guest, "guest-sdp-2")]
        assert not elements(dom.regions["dialog"], testid="online-error")

    asyncio.run(main())


# ---------------------------------------------------------------------- the tutorial


def test_the_tutorial_nudges_on_another_action_and_moves_on_with_the_highlighted_one() -> None:
    """An action step lets only its action through: another one (the bar's Pass) changes
    nothing and the panel nudges; the highlighted one, touched on the board, moves on."""
    async def play(app: App, dom: FakePlatform) -> None:
        await settle(app)
        command(dom, "dialog", "tutorial")  # on the start screen
        app.table.set_speed(0)  # the scripted rival answers at once
        assert app.tour.active and dom.storage[TOUR_KEY] == app.table.save_id
        for _ in range(10):  # the info steps, each with its Next
            await settle(app)
            if not app.tour.waits():
                break
            assert dom.is_shown("tour")
            command(dom, "tour", "tour-next")
        await settle(app)
        seat = person_to_act(app)
        expected = app.tour.expected()
        assert expected is not None and expected in app.table.actions
        assert app.match.game.log_size == 1  # the USSR's scripted move came first
        before, moves = app.match.game.to_json(), dom.body["moves"]
        tour = find(dom, ("tour",), testid="tour")
        assert not elements(dom.regions["tour"], testid="tour-nudge")

        # Another action (the bar's Pass): nothing happens but the nudge.
        other = next(b for b in elements(dom.regions["actions"], testid="action")
                     if app.table.actions[int(b.data["act"])] != expected)
        click(dom, other)
        await settle(app)
        assert app.match.game.to_json() == before and dom.body["moves"] == moves
        assert app.table.seat == seat and not app.table.dialog
        assert elements(dom.regions["tour"], testid="tour-nudge")
        assert find(dom, ("tour",), testid="tour").data["step"] == tour.data["step"]

        # The board marks only the highlighted thing; following it takes the action.
        marked = [el.data["target"] for r in BOARDS for el in elements(dom.regions[r], can="1")]
        pointer = app.tour.pointer()
        assert pointer is not None and marked == [pointer.target(app.table.pick)]
        play_on_board(app, dom, app.table.actions.index(expected))
        await settle(app)
        assert app.match.game.log[1] == (seat, expected)
        assert app.match.game.log_size > 2 or app.tour.waits()  # on to the next step
        assert not elements(dom.regions["tour"], testid="tour-nudge")
        assert find(dom, ("tour",), testid="tour").data["step"] != tour.data["step"]
        assert script().follows(app.match.game)

    run_app(play)



def test_the_tutorials_hand_over_says_where_the_game_stands_and_offers_a_fresh_one() -> None:
    """The scripted rival plays to teach, not to be fair: at the last step the panel says
    where the game stands (the engine's numbers) and offers to go on with it or to deal a
    fresh game against the script's level; the fresh one keeps the tutorial's among the
    saved games."""
    async def play(app: App, dom: FakePlatform) -> None:
        await settle(app)
        command(dom, "dialog", "tutorial")
        app.table.set_speed(0)
        for _ in range(800):
            await settle(app)
            if app.tour.last():
                break
            if app.tour.waits():
                command(dom, "tour", "tour-next")
                continue
            expected = app.tour.expected()
            assert expected is not None
            play_on_board(app, dom, app.table.actions.index(expected))
        assert app.tour.last()
        text = html.unescape(dom.regions["tour"])
        state = app.match.game.state
        usa, ussr = state.nations["USA"], state.nations["USSR"]
        assert (f"the USA has {usa.popularity} Popularity, {usa.budget} Budget and {usa.money} "
                f"money; the USSR {ussr.popularity}, {ussr.budget} and {ussr.money}.") in text
        assert "Go on with this game (AI easy)" in text and "A fresh game against AI easy" in text
        tutorial = app.table.save_id
        command(dom, "tour", "tour-fresh")
        await settle(app)
        assert not app.tour.active and TOUR_KEY not in dom.storage
        assert app.table.save_id != tutorial and KEY_PREFIX + tutorial in dom.storage
        assert app.match.game.round == 1 and not app.table.setup.is_ai("USA.politician")
        assert {app.table.setup.level(s) for s in game.SEATS if app.table.setup.is_ai(s)} == {
            "easy"}
        assert not dom.is_shown("tour")

    run_app(play)


async def turns_of(app: App, count: int = 50) -> None:
    """A few turns of the event loop (a discussion's clock runs on: settle would wait)."""
    for _ in range(count):
        await asyncio.sleep(0)


def test_both_teams_discuss_at_once_under_one_countdown_with_nothing_private_shown() -> None:
    """Four people at one screen: the round opens with one discussion for both teams (no
    curtain: the table shows nobody's hand or token kinds), one countdown; each team ends
    its part with its own button, and play goes on when both are done."""
    async def play(app: App, dom: FakePlatform) -> None:
        loop = asyncio.get_running_loop()
        began = loop.time()  # the countdown starts after this (judged against it, not timed)
        await turns_of(app)
        g = app.match.game
        assert g.phase == "discussion" and not app.table.dialog
        assert elements(dom.regions["actions"], testid="discussion")
        assert not dom.is_shown("privacy") and app.table.at_screen is None
        assert app.viewer() is None  # the spectator's view: no seat's secrets
        buttons = elements(dom.regions["actions"], testid="end-discussion")
        assert [b.data["nation"] for b in buttons] == ["USA", "USSR"]
        assert set(app.table.deadline) == {"USA", "USSR"}
        assert len(set(app.table.deadline.values())) == 1  # one countdown for both
        end, now = app.table.deadline["USA"], loop.time()
        assert began + 120 <= end <= now + 120  # the rules' two minutes
        shown = re.findall(r"\b\d+:\d\d\b", html.unescape(dom.regions["actions"]))
        assert shown and set(shown) <= {clock(left) for left in range(math.ceil(end - now),
                                                                     math.ceil(end - began) + 1)}
        usa = next(b for b in buttons if b.data["nation"] == "USA")
        click(dom, usa)
        await turns_of(app)
        assert g.phase == "discussion" and g.state.nations["USA"].discussed
        assert elements(dom.regions["actions"], testid="discussion-done")
        assert [b.data["nation"] for b in
                elements(dom.regions["actions"], testid="end-discussion")] == ["USSR"]
        click(dom, elements(dom.regions["actions"], testid="end-discussion")[0])
        await settle(app)
        assert g.phase == "maneuvers"
        assert not elements(dom.regions["actions"], testid="discussion")
        assert [seat for seat, action in g.log] == ["USA.politician", "USSR.politician"]

    run_app(play, "?players=4&seats=hhhh&seed=2&speed=0")


def test_at_the_end_of_the_countdown_every_team_still_talking_is_done() -> None:
    async def play(app: App, dom: FakePlatform) -> None:
        await turns_of(app)
        g = app.match.game
        assert g.phase == "discussion"
        now = asyncio.get_event_loop().time()
        app.table.time_discussion(dict.fromkeys(app.table.deadline, now))  # the time is up
        await app.cycle.stepwise(app.turns.tick_together(now))
        await settle(app)
        assert g.phase == "maneuvers" and len(g.log) == 2
        assert not elements(dom.regions["actions"], testid="discussion")

    run_app(play, "?players=4&seats=hhhh&seed=2&speed=0")


def test_the_countdown_is_drawn_with_its_seconds_left_by_a_tick_and_by_a_redraw() -> None:
    """The bar's countdown shows the seconds left, whether a tick of the clock draws it or
    the table is drawn again meanwhile; a tick in the same second writes nothing."""
    async def play(app: App, dom: FakePlatform) -> None:
        await turns_of(app)
        assert app.match.game.phase == "discussion"
        now = asyncio.get_event_loop().time()
        app.table.time_discussion(dict.fromkeys(app.table.deadline, now + 44.999))  # 75 s passed
        app.draw_clock()  # a tick
        assert dom.texts["countdown"] == "0:45"
        app.table.time_discussion(dict.fromkeys(app.table.deadline, now + 29.999))
        # (each deadline leaves its second a whole second: no tick can race the asserts)
        command(dom, "top", "menu")  # anything that draws the table again
        assert re.search(r'id="countdown">0:30<', dom.regions["actions"])
        dom.texts.clear()
        app.draw_clock()  # the same second again: nothing to write
        assert dom.texts == {}

    run_app(play, "?players=4&seats=hhhh&seed=2&speed=0")


def secrets_on_screen(view: View) -> set[str]:
    """The nations whose secrets a drawn view holds: a hand, token counts by kind, a token's
    kind or a cover card on a stack, the tiles of a Research draw."""
    found = set()
    for name, nation in view.nations.items():
        if nation.hand is not None or nation.tokens is not None:
            found.add(name)
        if nation.pending is not None and nation.pending.what == "keep" and nation.pending.tiles:
            found.add(name)
        for place in nation.places:
            if place.stack is not None:
                if place.stack.cover is not None:
                    found.add(name)
                found.update(t.nation for t in place.stack.tokens if t.kind is not None)
    return found


SHARED = {2: "?players=2&seats=hhhh", 3: "?players=3&pair=USSR&seats=hhhh",
          4: "?players=4&seats=hhhh", 5: "?players=4&seats=hhhm"}  # 5: 3 people, a computer


# The game of two people is played whole and traced by coverage (it alone asks to show a hand:
# Turns.show_mine; with it cut to two rounds, ui/ lost 0.2 points). The others run untraced
# (what they run, it covers), their first rounds only (every phase, every kind of hand-off: a
# round is where a shared screen's rules repeat), whole games with --full.
SHARED_ROUNDS = 2


@pytest.mark.parametrize("people", [2, *(pytest.param(n, marks=pytest.mark.no_cover)
                                         for n in (3, 4, 5))])
def test_a_shared_screen_shows_a_nations_secrets_only_to_it_and_curtains_only_research(
    people: int, full: bool,
) -> None:
    """Games of 2, 3 and 4 people at one screen (the medium policy choosing each move, made
    the way a person makes it), the one of two people whole, the others their first
    SHARED_ROUNDS rounds (whole games with --full): at every decision the screen shows no
    secret of a nation but the one whose player last took the screen past a hand-off screen
    or asked with a touch since the other nation's player was there; hand-off screens fall
    only before a Research choice; printed per round."""
    curtains: Counter[int] = Counter()
    touches: Counter[int] = Counter()
    whole = full or people == 2

    async def play(app: App, dom: FakePlatform) -> None:
        rng = random.Random(people)
        unlocked: str | None = None  # the nation whose player was asked to take the screen
        g = app.match.game
        draw = app.draw_table

        def checked_draw() -> None:  # every frame, a computer's turn's too
            draw()
            if not dom.is_shown("privacy") and not app.table.replaying:
                shown = secrets_on_screen(app.scene().view)
                assert shown <= ({app.table.revealed} if app.table.revealed else set()), shown

        app.draw_table = checked_draw  # type: ignore[method-assign]
        for _ in range(4000):
            await turns_of(app)
            talking = elements(dom.regions["actions"], testid="end-discussion")
            if g.phase == "discussion" and talking:  # its clock runs on: no settling here
                click(dom, talking[0])
                continue
            await settle(app)
            if g.is_over or (not whole and g.round > SHARED_ROUNDS):
                break
            seat = app.table.seat
            if dom.is_shown("privacy"):
                assert seat is not None
                assert secret_choice(g.legal_actions(seat)) == "research", g.phase
                curtains[g.round] += 1
                unlocked = nation_of(seat)
                command(dom, "privacy", "privacy")
                continue
            assert seat is not None and app.table.controls_seat() == seat
            shown = secrets_on_screen(app.scene().view)
            assert shown <= ({unlocked} if unlocked else set()), (shown, unlocked, seat)
            if app.turns.gated():
                touches[g.round] += 1
                unlocked = nation_of(seat)
                command(dom, "actions", "show-mine")
                continue
            if unlocked and nation_of(seat) != unlocked:
                unlocked = None  # the other nation's player has the screen: nothing shows
            move = medium_move(g, seat, app.table.actions, rng)
            play_on_board(app, dom, app.table.actions.index(move))
        assert g.is_over or (not whole and g.round > SHARED_ROUNDS)

    run_app(play, SHARED[people] + "&seed=5&speed=0")
    rounds = max([*curtains, *touches, 1])
    who = "3 people and a computer" if people == 5 else f"{people} people"
    print(f"\n{who} at one screen, {rounds} rounds: hand-off screens per round "
          f"{[curtains[r] for r in range(1, rounds + 1)]}, touches to show a hand "
          f"{[touches[r] for r in range(1, rounds + 1)]}")
    assert max(curtains.values(), default=0) <= 6


# ---------------------------------------------------------------------- the board in front


def test_a_phone_keeps_the_rivals_board_in_front_while_the_person_acts_on_it() -> None:
    """The Politician switches to the USSR's board and places a token there; after the
    computer answers, the same seat's next decision still has the USSR's board in front."""
    async def play(app: App, dom: FakePlatform) -> None:
        rng = random.Random(3)
        for _ in range(200):
            await settle(app)
            actions = app.table.actions
            tokens = [i for i, a in enumerate(actions)
                      if a.kind == "place_token" and a.to_dict()["board"] == "USSR"]
            if tokens and app.table.seat == "USA.politician":
                break
            play_on_board(app, dom, rng.randrange(len(actions)))
        else:
            raise AssertionError("no token for the USSR's board was ever to place")
        click(dom, FakeElement({"tab": "USSR"}))
        assert app.table.tab == "USSR"
        play_on_board(app, dom, tokens[0])
        await settle(app)
        assert app.table.seat == "USA.politician", "the Politician acts again in Politics"
        assert app.table.tab == "USSR" and dom.classes["main"].startswith("show-USSR ")

    run_app(play, "?players=2&seats=hhee&seed=3&speed=0")


def test_a_resized_window_brings_the_decision_at_hand_back_into_view() -> None:
    """A phone turned, or a window resized, mid-decision: the acting part of the board is
    scrolled into view again (a window narrowed from 1366x768 to 390x844 had left the
    Engineer's cells below the fold); not while the person types (a phone's keyboard), nor
    while a dialog holds the person's eye."""
    async def play(app: App, dom: FakePlatform) -> None:
        await settle(app)
        seat = person_to_act(app)
        nation, role = seat.split(".")
        dom.scrolled.clear()
        dom.revealed.clear()
        dom.resize()
        assert dom.scrolled[0] in (f'#board-{nation} [data-part="{role}"]',
                                   f"#board-{nation} .pending"), dom.scrolled
        assert dom.revealed == [(f"board-{nation}", "[data-can]")]
        dom.scrolled.clear()
        dom.typing_now = True  # a phone's keyboard came up for the chat: the window shrank
        dom.resize()
        assert dom.scrolled == []
        dom.typing_now = False
        app.table.open_dialog("new", "<div>the New game dialog</div>")
        dom.resize()
        assert dom.scrolled == []

    run_app(play, "?players=2&seats=hhee&seed=3&speed=0")


def test_a_thing_chosen_on_the_board_brings_where_it_may_go_into_view() -> None:
    """A first touch that leaves a choice half made (a tile or card chosen, where it goes
    still open) reveals the board's things to touch next: on a phone the one cell a tile
    could go to had stayed below the board's fold."""
    async def play(app: App, dom: FakePlatform) -> None:
        rng = random.Random(5)
        for _ in range(300):
            await settle(app)
            seat = person_to_act(app)
            long_paths = [path for path, _i in app.table.pick.routes if len(path) > 1]
            if long_paths:
                break
            play_on_board(app, dom, rng.randrange(len(app.table.actions)))
        else:
            raise AssertionError("no action took two touches")
        dom.revealed.clear()
        click(dom, find(dom, ("pick", *BOARDS), target=long_paths[0][0]))
        assert app.table.pick.chosen and app.table.seat == seat, "the choice is half made"
        assert (f"board-{seat.split('.')[0]}", "[data-can]") in dom.revealed, dom.revealed

    run_app(play, "?players=2&seats=hhee&seed=3&speed=0")


# ---------------------------------------------------------------------- the dock's drawers


def test_the_bars_all_moves_and_the_logs_drawer_open_and_close_with_one_click_each() -> None:
    """The bar is one row: its switch pulls every control open (the dock's class says which
    drawer is out), a second click pushes it back; the log's drawer likewise, and opening one
    closes the other. The switch carries its "+N more" words for the page to fill in
    (public/bar-fit.js); a decision of a single control has no switch."""
    async def play(app: App, dom: FakePlatform) -> None:
        await settle(app)
        assert dom.classes["dock"] == "dock"
        switch = find(dom, ("actions",), cmd="drawer")
        assert switch.attrs["aria-expanded"] == "false" and len(app.table.actions) > 3
        assert switch.attrs["data-fold"] == "+{count} more ▾"
        click(dom, switch)
        assert dom.classes["dock"] == "dock drawer-moves"
        assert find(dom, ("actions",), cmd="drawer").attrs["aria-expanded"] == "true"
        assert dom.words["#log .grow"] == ("aria-expanded", "false")
        click(dom, FakeElement({"cmd": "drawer", "drawer": "log"}))
        assert dom.classes["dock"] == "dock drawer-log"
        assert dom.words["#log .grow"] == ("aria-expanded", "true")
        assert find(dom, ("actions",), cmd="drawer").attrs["aria-expanded"] == "false"
        click(dom, FakeElement({"cmd": "drawer", "drawer": "log"}))
        assert dom.classes["dock"] == "dock"
        for _ in range(100):  # a decision of one control: nothing to fold, no switch
            if len(app.table.actions) <= 1:
                break
            play_on_board(app, dom, 0)
            await settle(app)
        assert "data-cmd=\"drawer\"" not in dom.regions["actions"]

    run_app(play, "?players=2&seats=hhee&seed=3&speed=0")


def test_every_move_in_rows_lasts_one_decision() -> None:
    """The bar's drawer of every move holds one decision's moves: after a move the next
    decision starts in one row again (a drawer left open covers the boards on a desktop), and
    so does the list of a group of controls opened from it."""
    async def play(app: App, dom: FakePlatform) -> None:
        await settle(app)
        click(dom, find(dom, ("actions",), cmd="drawer"))
        assert dom.classes["dock"] == "dock drawer-moves"
        before = app.table.actions
        play_on_board(app, dom, 0)
        await settle(app)
        assert app.table.actions != before and app.table.seat is not None
        assert dom.classes["dock"] == "dock"
        for _ in range(100):  # a decision with a group of controls (Support a card ▸)
            groups = elements(dom.regions["actions"], testid="action-group")
            if groups:
                break
            play_on_board(app, dom, 0)
            await settle(app)
        click(dom, find(dom, ("actions",), cmd="drawer"))
        assert dom.classes["dock"] == "dock drawer-moves"
        click(dom, groups[0])  # its controls come in one row of their own
        assert app.table.group and dom.classes["dock"] == "dock"

    run_app(play, "?players=2&seats=hhee&seed=3&speed=0")


def test_a_phones_header_menu_opens_closes_and_gives_way_to_the_tool_chosen() -> None:
    """The header's menu button (shown on a phone only: CSS) opens the tools, a second press
    or Escape closes them, and a tool chosen from them closes the menu as it runs; the log's
    key and the bar's digits leave it as it is."""
    async def play(app: App, dom: FakePlatform) -> None:
        await settle(app)
        menu = find(dom, ("top",), cmd="menu")
        assert menu.attrs["aria-expanded"] == "false" and 'class="tools"' in dom.regions["top"]
        click(dom, menu)
        assert find(dom, ("top",), cmd="menu").attrs["aria-expanded"] == "true"
        assert 'class="tools open"' in dom.regions["top"]
        key(dom, "l")
        key(dom, "9")
        assert app.table.menu and 'class="tools open"' in dom.regions["top"]
        assert dom.clicks[-1][1] == 8  # the ninth control of the bar, wherever it is
        key(dom, "Escape")
        assert find(dom, ("top",), cmd="menu").attrs["aria-expanded"] == "false"
        command(dom, "top", "menu")
        command(dom, "top", "open-saves")  # a tool: the menu closes, the tool runs
        assert 'class="tools"' in dom.regions["top"] and app.table.dialog == "saves"

    run_app(play, "?players=2&seats=hhee&seed=3&speed=0")


def test_the_rules_panel_holds_the_keys_until_escape_closes_it() -> None:
    """Opened from the header, the rules panel is over the table (the table's state says so,
    and the page shows it): a game's key (U, undo) does nothing under it, and Escape closes
    it; then the keys are the game's again."""
    async def play(app: App, dom: FakePlatform) -> None:
        await settle(app)
        assert play_on_board(app, dom, 0)
        await settle(app)
        moves = app.match.game.log_size
        assert moves > 0
        command(dom, "top", "rules")
        assert "rules" in app.table.up and dom.is_shown("rules")
        key(dom, "u")
        key(dom, "Escape")
        assert "rules" not in app.table.up and not dom.is_shown("rules")
        assert app.match.game.log_size == moves
        key(dom, "?")
        assert "rules" in app.table.up and dom.is_shown("rules")

    run_app(play, "?players=2&seats=hhee&seed=3&speed=0")


# ---------------------------------------------------------------------- hints


def test_a_hint_never_leaves_the_player_in_silence(monkeypatch: pytest.MonkeyPatch) -> None:
    """A hint the computer cannot give within the hint's time says so on the bar (the timeout
    itself is real: the time allowed is set to none); asked again with time, it points at a
    move with a reason. The computer thinks on the page, a slice at a time."""
    from ui.control import hints

    async def play(app: App, dom: FakePlatform) -> None:
        await settle(app)
        assert app.table.controls_seat() is not None
        monkeypatch.setattr(hints, "HINT_SECONDS", 0.0)
        app.hints.ask()
        await settle(app)
        shown = app.table.current_hint()
        assert shown is not None and shown.index == -1 and not shown.routes
        assert "The computer could not find a hint in time." in html.unescape(
            dom.regions["actions"])
        assert app.table.hints_taken == {"USA": 0, "USSR": 0}  # no hint was given
        monkeypatch.setattr(hints, "HINT_SECONDS", 60.0)
        app.hints.ask()
        await settle(app, limit=60)
        shown = app.table.current_hint()
        assert shown is not None and shown.index >= 0 and shown.routes
        assert shown.reason and "could not" not in shown.reason
        assert shown.reason in html.unescape(dom.regions["actions"])
        assert app.table.hints_taken["USA"] == 1

    run_app(play, "?players=2&seats=hhee&seed=3&speed=0")


# ---------------------------------------------------------------------- an embedded game


def test_an_embedded_game_keeps_to_itself_and_the_main_sites_continue_is_unchanged() -> None:
    """A game played on the main site is saved; an embed of the same origin (a rules page's
    iframe) shows no resume prompt, plays, and writes nothing of the main site's; with
    save=1 it keeps its own game apart (named by its parameters), which it alone offers."""
    async def main() -> None:
        storage: dict[str, str] = {}
        site = FakePlatform()
        site.storage = storage
        site.query = "?players=2&seats=hmmm&seed=5&speed=0"
        app = App(site)
        app.start()
        await settle(app)
        rng = random.Random(5)
        for _ in range(6):
            await settle(app)
            play_on_board(app, site, rng.randrange(len(app.table.actions)))
        await settle(app)
        main_save = {k: v for k, v in storage.items() if k.startswith("moonshot.")}
        assert storage[CURRENT_KEY] and app.match.game.log_size > 0

        for query, keeps in (("?players=2&seats=mmmm&seed=3&speed=0", False),
                             ("?players=2&seats=mmmm&seed=3&speed=0&save=1", True)):
            embed = FakePlatform()
            embed.storage, embed.is_embedded, embed.query = storage, True, query
            inside = App(embed)
            inside.start()
            await settle(inside, limit=60.0)  # a whole game of two AIs: a guard, not a bound
            assert inside.table.dialog != "resume" and not embed.is_shown("dialog")
            assert inside.match.game.log_size > 0  # it plays (AI against AI)
            for key, text in main_save.items():  # the main site's games, untouched
                assert storage[key] == text
            own = [k for k in storage if k.startswith("moonshot.embed.")]
            assert bool(own) is keeps
            for task in list(inside.tasks):
                task.cancel()
        # The embed that keeps its game finds it again (its parameters in any order); an
        # embed with other parameters does not.
        kept = save_keys(True, "?save=1&speed=0&players=2&seats=mmmm&seed=3")
        assert kept is not None and storage[kept.current] == inside.table.save_id
        assert parse(storage[kept.prefix + inside.table.save_id]).game.to_json() \
            == inside.match.game.to_json()
        other = save_keys(True, "?players=2&seats=mmmm&seed=4&speed=0&save=1")
        assert other is not None and other.current not in storage
        assert save_keys(True, "?players=2&seats=mmmm&seed=3") is None  # keeps nothing
        # And the main site still continues its own game.
        site_again = FakePlatform()
        site_again.storage = storage
        assert App(site_again).shelf.resumable() is not None
        assert saved_game(site_again).to_json() == app.match.game.to_json()
        for task in list(app.tasks):
            task.cancel()

    asyncio.run(main())


def embedded_app(query: str) -> tuple[App, FakePlatform]:
    """An app started in embed.html?``query``, framed by http://rules.test:8080/rules.html."""
    dom = FakePlatform()
    dom.is_embedded, dom.referrer_url = True, "http://rules.test:8080/rules.html"
    dom.query = query
    app = App(dom)
    app.start()
    return app, dom


def test_an_embed_tells_its_page_of_the_game_and_takes_commands_from_that_page_only() -> None:
    """embed.html in a rules page's frame: 'ready', each move and the end go to the page's
    origin (the referrer's); a new game is taken from that origin only, checked as the URL's
    parameters are; anything else changes nothing."""
    from ui.links.embed import command_setup, host_origin

    assert host_origin("", "https://rules.example.org/launch.html#x") == \
        "https://rules.example.org"
    assert host_origin("?origin=http%3A%2F%2F127.0.0.1%3A9000", "") == "http://127.0.0.1:9000"
    assert host_origin("?origin=javascript:alert(1)", "https://a.org/") == ""
    assert host_origin("", "") == "" and host_origin("", "about:blank") == ""
    assert command_setup('{"type": "new-game", "seed": 7, "seats": "mmmm"}') is not None
    for odd in ('{"type": "new-game", "seed": "7&seats=hhhh"}', "[" * 5_000, "x" * 3_000,
                '{"type": "launch"}', '{"type": "new-game"}', "null"):
        assert command_setup(odd) is None, odd

    async def main() -> None:
        app, dom = embedded_app("?players=2&seats=mmmm&seed=3&speed=0")
        await settle(app, limit=120.0)
        page = "http://rules.test:8080"
        events = [event for origin, event in dom.posted if origin == page]
        assert len(events) == len(dom.posted) and events[0]["type"] == "ready"
        assert events[0] == {"source": "moonshot", "type": "ready", "players": 2, "seed": 3,
                             "ruleset": "v0.10.4", "example": ""}
        moves = [event for event in events if event["type"] == "move"]
        assert [m["moves"] for m in moves] == list(range(1, app.match.game.log_size + 1))
        assert [m["seat"] for m in moves] == [seat for seat, _a in app.match.game.log]
        assert app.match.game.is_over and events[-1] == {
            "source": "moonshot", "type": "over", "winner": app.match.game.winner,
            "reason": app.match.game.end_reason}
        # Commands: another origin and garbage are ignored; the page's own starts a game.
        hear = dom.host_handler
        assert hear is not None and dom.host_origin == page
        assert dom.host_limit == MAX_COMMAND  # longer ones are dropped by the page's script
        finished = app.match.game.to_json()
        hear("http://evil.test", '{"type": "new-game", "seed": 9, "seats": "hhhh"}')
        hear(page, "[" * 3_000)
        hear(page, '{"type": "new-game", "seed": "9; drop"}')
        assert app.match.game.to_json() == finished
        hear(page, '{"type": "new-game", "seed": 9, "seats": "hhhh", "speed": 0}')
        await settle(app)
        assert app.table.setup.seed == 9 and app.match.game.log_size == 0
        assert dom.posted[-1][1]["type"] == "ready" and dom.posted[-1][1]["seed"] == 9
        for task in list(app.tasks):
            task.cancel()

    asyncio.run(main())


def test_a_rule_example_takes_its_action_only_tells_the_outcome_resets_and_saves_nothing(
) -> None:
    """embed.html?example=end-of-round&lang=hu: the example's moment on the table, the reader
    at its seat, the rival never moving (the computer never thinks). Another action is nudged
    away; the highlighted one, touched on the board, is played and its outcome told; 'example-done'
    goes to the page; Reset deals the moment again; the page's 'start-example' command shows
    another example, an unknown id nothing. No game is saved."""
    from ui.model.examples import examples
    from ui.words.i18n import _, use

    async def main() -> None:
        app, dom = embedded_app("?example=end-of-round&lang=hu&theme=light&save=1")
        await settle(app)
        page, example = "http://rules.test:8080", examples()["end-of-round"]
        assert app.match.game.log == list(example.log) and app.table.seat == example.seat
        assert dom.body["example"] == "politician" and dom.body["theme"] == "light"
        assert "ai-moves" not in dom.body  # the rival never moves
        assert dom.posted == [(page, {"source": "moonshot", "type": "ready", "players": 2,
                                      "seed": example.seed, "ruleset": "v0.10.4",
                                      "example": "end-of-round"})]
        caption, try_text, after = example.words()
        assert try_text == _(example.try_text) and try_text != example.try_text  # in Hungarian
        assert elements(dom.regions["tour"], testid="example-try")
        assert try_text in html.unescape(dom.regions["tour"])
        assert all("disabled" in b.attrs for b in elements(dom.regions["actions"], cmd="undo"))

        as_message(app, lambda: app.turns.try_act(app.table.actions.index(example.action) ^ 1))
        await settle(app)
        assert app.match.game.log_size == len(example.log)
        assert elements(dom.regions["tour"], testid="tour-nudge")

        play_on_board(app, dom, app.table.actions.index(example.action))
        await settle(app)
        assert app.match.game.log[-1] == (example.seat, example.action)
        assert app.match.game.log_size == len(example.log) + 1  # the rival did not answer
        assert elements(dom.regions["tour"], testid="example-outcome")
        assert after in html.unescape(dom.regions["tour"])
        assert not elements(dom.regions["tour"], testid="example-try")
        assert dom.posted[-1] == (page, {"source": "moonshot", "type": "example-done",
                                         "example": "end-of-round"})
        assert app.shelf.keys is not None  # save=1 asks the embed to keep its games...
        assert not [k for k in dom.storage if k.startswith(app.shelf.keys.prefix)
                    or k == app.shelf.keys.current]  # ...an example is none of them

        command(dom, "tour", "example-reset")
        await settle(app)
        assert app.match.game.log == list(example.log) and app.table.seat == example.seat
        assert dom.posted[-1][1]["type"] == "ready"  # the page hears it is on again
        assert not elements(dom.regions["tour"], testid="tour-nudge")

        hear = dom.host_handler
        assert hear is not None
        hear(page, '{"type": "start-example", "example": "../../etc"}')
        hear("http://evil.test", '{"type": "start-example", "example": "research"}')
        assert app.match.game.log == list(example.log)
        hear(page, '{"type": "start-example", "example": "research"}')
        await settle(app)
        research = examples()["research"]
        assert app.match.game.log == list(research.log) and app.table.seat == research.seat
        assert dom.body["example"] == "centre" and caption not in str(dom.regions["tour"])
        assert dom.posted[-1][1]["type"] == "ready" and dom.posted[-1][1]["example"] == "research"
        hear(page, '{"type": "new-game", "seed": 9, "seats": "hmmm", "speed": 0}')
        await settle(app)
        assert "example" not in dom.body and not app.example.active
        ready = [event for _page, event in dom.posted if event["type"] == "ready"]
        assert ready[-1]["example"] == "" and ready[-1]["seed"] == 9
        for task in list(app.tasks):
            task.cancel()
        use("en")

    asyncio.run(main())


# ---------------------------------------------------------------------- damaged saves


def test_damaged_stored_games_never_stop_the_start_and_are_set_aside_with_delete_and_export(
) -> None:
    """A stored game nesting 100,000 deep, a 5 MB string and a truncated save, each as the
    game to continue, among a good one: the start screen comes up without Continue, Saved
    games lists each as unreadable with Export as is (the exact stored text) and Delete,
    and closing the list goes back to the start screen; a bug report imported as a file
    says what was made of it."""
    g = played(4, 20)
    good = export_text(g, Setup(seed=4))
    bad = {"deep": "[" * 100_000, "huge": json.dumps("x" * 5_000_000),
           "cut": good[: len(good) // 2]}

    async def boot(current: str) -> None:
        dom = FakePlatform()
        dom.storage = {**{KEY_PREFIX + k: v for k, v in bad.items()},
                       KEY_PREFIX + "good": good, CURRENT_KEY: current}
        app = App(dom)
        app.start()
        await settle(app)
        assert dom.body["ready"] == "1" and app.table.dialog == "start"
        assert "start-continue" not in dom.regions["dialog"]
        command(dom, "dialog", "open-saves")
        listed = elements(dom.regions["dialog"], testid="save-entry")
        assert sorted((el.data["key"], el.data["ok"]) for el in listed) == sorted(
            [(KEY_PREFIX + k, "0") for k in bad] + [(KEY_PREFIX + "good", "1")])
        click(dom, find(dom, ("dialog",), testid="export-raw", key=KEY_PREFIX + current))
        assert dom.downloads[-1][1] == bad[current]
        click(dom, find(dom, ("dialog",), testid="delete-save", key=KEY_PREFIX + current))
        await settle(app)
        assert KEY_PREFIX + current not in dom.storage and app.table.dialog == "saves"
        command(dom, "dialog", "close-dialog")
        assert app.table.dialog == "start" and dom.is_shown("dialog")
        assert app.match.game.log_size == 0 and dom.warnings == []
        for task in list(app.tasks):
            task.cancel()
        await asyncio.sleep(0)

    for current in bad:
        asyncio.run(boot(current))

    async def imported(app: App, dom: FakePlatform) -> None:
        command(dom, "top", "open-saves")
        chooser = find(dom, ("dialog",), testid="import-file")
        dom.files[id(chooser)] = bug_report_text(g, Setup(seed=4), "boom")
        dispatch(dom, "change", FakeEvent(target=chooser))
        await settle(app)
        assert app.match.game.to_json() == g.to_json()
        assert "It was a bug report" in dom.regions["banner"]
        before = app.match.game.to_json()
        command(dom, "top", "open-saves")
        chooser = find(dom, ("dialog",), testid="import-file")
        dom.files[id(chooser)] = "[" * 10_000
        dispatch(dom, "change", FakeEvent(target=chooser))
        await settle(app)
        assert elements(dom.regions["dialog"], testid="import-error")
        assert "nest deeper" in dom.regions["dialog"]
        assert app.match.game.to_json() == before

    run_app(imported, "?players=2&seats=hhaa&seed=1&speed=0")


def test_a_burst_of_a_thousand_embed_commands_costs_what_one_does_and_never_races(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """1,000 new-game and start-example commands from the embedding page in a burst (the
    page's loop yields now and then, as its messages arrive as separate events): the last
    one is obeyed, a handful of games are dealt at most, no turn loop plays a game another
    one plays (it raised 'not USSR politician's moment'), and an embed that saves keeps its
    last few games only. The embed's waits run on a clock of their own here, which moves
    only as they sleep: how many games a burst deals is then counted, not timed."""
    from ui.control.shelf import EMBED_GAMES
    from ui.links import embed
    from ui.links.embed import BURST, MOST_WAIT

    clock = [0.0]
    real_sleep = asyncio.sleep

    async def sleep(seconds: float) -> None:
        clock[0] += seconds
        await real_sleep(0)

    monkeypatch.setattr(embed, "time", SimpleNamespace(monotonic=lambda: clock[0]))
    monkeypatch.setattr(embed, "asyncio", SimpleNamespace(sleep=sleep))

    async def main() -> None:
        app, dom = embedded_app("?players=2&seats=mmmm&seed=3&speed=0&save=1")
        await until(lambda: any(event["type"] == "ready" for _o, event in dom.posted))
        hear, page = dom.host_handler, "http://rules.test:8080"
        assert hear is not None
        readies = sum(1 for _o, event in dom.posted if event["type"] == "ready")
        yields = 0
        for number in range(1, 1_001):
            hear(page, json.dumps({"type": "new-game", "seed": number, "seats": "mmmm",
                                   "speed": 0}))
            if number % 50 == 25:
                hear(page, '{"type": "start-example", "example": "launch"}')
            if number % 7 == 0:
                await asyncio.sleep(0)
                yields += 1
        # the last command's game is dealt and played (its AI seats at speed 0)
        await until(lambda: app.table.setup.seed == 1_000 and app.match.game.log_size > 0)
        dealt = sum(1 for _o, event in dom.posted if event["type"] == "ready") - readies
        print(f"1,000 commands heard over {yields} turns of the loop, {dealt} games dealt")
        assert dom.warnings == []
        assert app.table.setup.seed == 1_000 and not app.example.active
        # One game; one more each time the burst went on for MOST_WAIT (a loaded machine's
        # loop turns as seldom as it can: each turn here, the embed's wait of BURST passed).
        assert 1 <= dealt <= 1 + int(yields * BURST / MOST_WAIT)
        scope = app.shelf.keys
        assert scope is not None and scope.prefix.startswith("moonshot.embed.")
        assert 1 <= len(dom.storage_keys(scope.prefix)) <= EMBED_GAMES
        for task in list(app.tasks):
            task.cancel()

    asyncio.run(main())


def test_a_game_another_tab_takes_stops_here_says_so_and_comes_back_with_its_moves() -> None:
    """The saved game on the table is taken by another tab: this one stops (its turn loop
    and its saves), a dialog says the game is played elsewhere and stays whatever is
    closed; Take it back here loads the game as the other tab left it on disk. A Continue
    of a game another tab holds asks first; a save refused as stale counts as taken."""
    async def play(app: App, dom: FakePlatform) -> None:
        await settle(app)
        for _ in range(3):
            play_on_board(app, dom, 0)
            await settle(app)
        entry = KEY_PREFIX + app.table.save_id
        assert dom.held == {entry}
        here = app.match.game.log_size
        dom.take_elsewhere(entry)
        assert app.table.dialog == "elsewhere" and 'data-taken="1"' in dom.regions["dialog"]
        assert "now played in another tab" in dom.regions["dialog"]
        key(dom, "Escape")  # closing leaves it said: no move here
        assert app.table.dialog == "elsewhere" and app.table.controls_seat() is None
        app.shelf.autosave()  # nothing is written over the other tab's game
        # The other tab plays on and saves: the game on disk has two moves more.
        other = parse(dom.storage[entry]).game
        for _ in range(2):
            seat = other.to_act()[0]
            other.apply(seat, other.legal_actions(seat)[0])
        dom.storage[entry] = export_text(other, app.table.setup)
        click(dom, find(dom, ("dialog",), testid="take-here"))
        await settle(app)
        assert app.match.game.to_json() == other.to_json() and app.match.game.log_size == here + 2
        assert dom.held == {entry} and not app.shelf.away and app.table.dialog != "elsewhere"
        # A stale save (the other tab took it meanwhile) counts as taken too.
        dom.elsewhere.add(entry)
        dom.unkept = GAME_TAKEN
        play_on_board(app, dom, 0)
        await settle(app)
        assert app.table.dialog == "elsewhere" and app.shelf.away == entry
        # Continue of a game another tab holds asks first; Delete refuses.
        command(dom, "dialog", "open-saves")
        click(dom, find(dom, ("dialog",), testid="continue-save", key=entry))
        await settle(app)
        assert 'data-taken="0"' in dom.regions["dialog"]
        assert "open in another tab" in dom.regions["dialog"]
        command(dom, "dialog", "open-saves")
        click(dom, find(dom, ("dialog",), testid="delete-save", key=entry))
        await settle(app)
        assert entry in dom.storage and "played in another tab" in dom.regions["dialog"]

    run_app(play, "?players=2&seats=hhee&seed=5&speed=0")


def test_a_save_the_disk_refuses_is_told_once_and_again_only_after_one_succeeded() -> None:
    """Storage full: the first move whose save does not fit brings 'Autosave failed', the
    next ones say nothing more (the game goes on); once a save fits again, the next failure
    is told again, and the page marks a save kept only when it is on disk."""
    async def play(app: App, dom: FakePlatform) -> None:
        def move() -> None:
            play_on_board(app, dom, 0)

        def dismiss() -> None:
            """The person dismisses the banner, if one is up."""
            if dom.is_shown("banner"):
                command(dom, "banner", "dismiss")
            assert not dom.is_shown("banner")

        await settle(app)
        move()
        await settle(app)
        assert dom.body["saved"] == str(app.match.game.log_size)
        dom.quota = 100  # nothing fits
        told = []
        for _ in range(3):
            dismiss()
            move()
            await settle(app)
            told.append("Autosave failed" in dom.regions["banner"])
        assert told == [True, False, False]
        assert dom.body["saved"] != str(app.match.game.log_size)  # not kept: not marked
        dom.quota = None
        move()
        await settle(app)
        assert dom.body["saved"] == str(app.match.game.log_size)
        assert saved_game(dom).to_json() == app.match.game.to_json()
        dom.quota = 100
        dismiss()
        move()
        await settle(app)
        assert "Autosave failed" in dom.regions["banner"]

    run_app(play, "?players=2&seats=hhee&seed=5&speed=0")
