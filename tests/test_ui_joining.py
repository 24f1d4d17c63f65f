"""A guest's screen (ui/links/joining.py) on a fake page, against the host's referee in this
process: what it says when the invitation or the connection fails, and what it does with
each kind of the host's messages (a refusal, another guest's coming and going, a chat line,
the moves it missed while away) and with a channel that will not carry its move."""

from __future__ import annotations

import json

import game
from game.online.referee import Referee
from tests.fake_platform import FakePlatform
from tests.test_ui_app import as_message, find, run_app, settle
from ui.app import App
from ui.model.invite import pack

ME, OTHER = "USSR.politician", "USSR.engineer"  # a guest is named by its first seat
GUEST, FRIEND = (ME,), (OTHER,)


def invitation(seats: tuple[str, ...] = GUEST) -> str:
    return "#join=" + pack("offer", {"sdp": "host-sdp", "ice": [], "seats": list(seats),
                                     "id": "inv-1"})


def status(dom: FakePlatform) -> str:
    """The join panel's status, as its markup says it."""
    return find(dom, ("dialog",), testid="join-panel").data["status"]


def test_an_invitation_without_connection_details_says_so() -> None:
    async def play(app: App, dom: FakePlatform) -> None:
        await settle(app)
        assert app.table.dialog == "join" and app.table.link != "guest"
        assert status(dom) == "failed"
        assert dom.answered == []  # nothing was answered

    run_app(play, hash_="#join=" + pack("offer", {"sdp": "host-sdp", "seats": ["nobody"]}))


def test_an_offer_the_browser_refuses_is_told_on_the_panel() -> None:
    async def refuse(ident: str, sdp: str, ice_json: str, limit: int, rated: bool) -> str:
        raise RuntimeError("no WebRTC in this browser")

    async def play(app: App, dom: FakePlatform) -> None:
        dom.peer_answer = refuse  # type: ignore[method-assign]  # (before the answer's turn)
        await settle(app)
        assert status(dom) == "failed"
        assert "no WebRTC in this browser" in dom.regions["dialog"]

    run_app(play, hash_=invitation())


def test_an_answer_gone_stale_before_the_host_used_it_is_made_again() -> None:
    async def play(app: App, dom: FakePlatform) -> None:
        await settle(app)
        assert status(dom) == "answer" and len(dom.answered) == 1
        assert dom.peer_handler is not None
        dom.peer_handler("host", "closed", "")  # never opened: the host did not use it
        await settle(app)
        assert status(dom) == "expired" and len(dom.answered) == 2  # a fresh answer

    run_app(play, hash_=invitation())


def test_a_guest_hears_refusals_presence_chat_and_missed_moves_and_the_loss_of_its_host(
) -> None:
    host_game = game.new_game(11, players=4)
    referee = Referee.for_game(host_game, {ME: GUEST, OTHER: FRIEND})

    async def play(app: App, dom: FakePlatform) -> None:
        await settle(app)
        channel = dom.peer_handler
        assert channel is not None

        def deliver(out: list[tuple[str, str]]) -> None:
            for guest, text in out:
                if guest == ME:
                    channel("host", "message", text)

        def from_guest() -> None:
            """What the guest's screen sent, to the referee, and the answers back."""
            while dom.sent:
                ident, text = dom.sent.pop(0)
                assert ident == "host"
                deliver(referee.receive(ME, text))

        referee.connect(OTHER)
        referee.connect(ME)
        paints = app.cycle.paints  # the table's paints: one for each picture, none else
        channel("host", "open", "")  # the panel closes, the guest says hello
        assert app.cycle.paints == paints and not app.table.dialog
        from_guest()  # the picture
        assert app.cycle.paints == paints + 1
        await settle(app)
        assert not app.table.dialog and dom.body["moves"] == "0"

        # another guest drops out, and comes back
        deliver(referee.disconnect(OTHER))
        assert "dropped out; the host can send them a new invitation" in dom.regions["banner"]
        deliver(referee.connect(OTHER))
        assert "is back at the table." in dom.regions["banner"]

        # a chat line from the host, kept with its sender, drawn in the chat box alone (the
        # table is not painted again for it)
        assert app.table.link == "guest" and not app.table.waiting and dom.is_shown("chat")
        paints = app.cycle.paints
        deliver(referee.chat("Good luck"))
        assert list(app.table.chat)[-1] == ("host", "Good luck")
        assert "Good luck" in dom.regions["chat"] and app.cycle.paints == paints
        dom.sent.clear()
        app.joining.say("   ")  # an empty line says nothing
        assert dom.sent == []

        # a message the host refuses: the guest is told why
        dom.sent.append(("host", json.dumps({"t": "act", "n": 99, "seat": "USA.politician",
                                             "action": {"kind": "pass"}})))
        from_guest()
        await settle(app)
        assert "The host refused a move: message 99 arrived before" in dom.regions["banner"]

        # pictures lost on the way (the channel dropped two): the guest asks again, and its
        # table catches up
        for _ in range(3):
            seat = host_game.to_act()[0]
            last = referee.played(host_game.apply(seat, host_game.legal_actions(seat)[-1]))
        deliver(last)
        from_guest()
        await settle(app)
        assert dom.body["moves"] == str(host_game.log_size) == "3"

        # a channel that will not carry a move: said, and the screen decides again
        dom.connected = False
        as_message(app, lambda: app.joining.send('{"t": "chat"}'))
        assert "Not connected to the host." in dom.regions["banner"]

        # the host gone: said, in the log and on the panel
        channel("host", "closed", "")
        await settle(app)
        assert dom.is_shown("dialog") and status(dom) == "dropped"
        assert "The connection to the host was lost." in dom.regions["banner"]

    run_app(play, hash_=invitation())


def test_a_host_message_the_guest_fails_on_is_a_banner_and_the_next_one_is_heard() -> None:
    """A peer's message is one of the page's inputs (App.as_input): an error in its handling
    reaches the page as the error banner, never as an exception out of the channel's
    callback, and the channel goes on."""
    async def play(app: App, dom: FakePlatform) -> None:
        await settle(app)
        channel = dom.peer_handler
        assert channel is not None
        heard: list[str] = []

        def breaks(text: str) -> None:
            heard.append(text)
            if len(heard) == 1:
                raise RuntimeError("a handler broke")

        app.joining.receive = breaks  # type: ignore[method-assign]
        channel("host", "open", "")
        channel("host", "message", "first")  # (raises inside: caught at the input's edge)
        assert "a handler broke" in dom.regions["banner"] and dom.is_shown("banner")
        channel("host", "message", "second")
        assert heard == ["first", "second"]
        assert len(dom.warnings) == 1 and "a handler broke" in dom.warnings[0]
        dom.warnings.clear()  # (the one error this test provoked)

    run_app(play, hash_=invitation())
