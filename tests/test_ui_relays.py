"""Joining by one link through the signaling relays (ui/links/hosting.py, ui/links/joining.py,
ui/model/invite.py), on fake pages: the host enters a room per invitation and leaves every
room once every seat is joined; a guest's page knocks there with its offer and connects on
the host's welcome, or falls back to the answer code when no relay, or no host, answers.
The relays themselves (public/relay.js with a real broker) are e2e/test_online.py's."""

from __future__ import annotations

import asyncio
import html
import json

import pytest

import game
from game.online.referee import Referee
from tests.fake_platform import FakePlatform
from tests.test_ui_app import command, find, run_app, settle
from ui.app import App
from ui.links import joining
from ui.links.hosting import KNOCKED
from ui.model.invite import (
    MAX_RELAY_MESSAGE,
    pack,
    read_relay_message,
    relay_message,
    relays_in,
    unpack,
)
from ui.screens.online import DEFAULT_RELAYS, RELAYS_KEY, parse_relays

RELAY, OTHER_RELAY = "wss://relay.example/mqtt", "wss://other.example/mqtt"
GUEST = "USSR.politician"
KNOCK = GUEST + KNOCKED  # the channel a knock is answered on
SECRET = "s" * 22


def invitation(relays: list[str] | None = None) -> str:
    return "#join=" + pack("offer", {"sdp": "host-sdp", "ice": [], "seats": [GUEST],
                                     "id": "inv-1", "key": SECRET,
                                     "relays": [RELAY] if relays is None else relays})


def status(dom: FakePlatform) -> str:
    return find(dom, ("dialog",), testid="join-panel").data["status"]


def sent_to_room(dom: FakePlatform) -> list[dict[str, str]]:
    return [json.loads(text) for _room, text, _relay in dom.relay_sent]


# ---------------------------------------------------------------------- what travels


def test_an_invitation_names_its_secret_and_relays_both_or_neither() -> None:
    assert relays_in({"key": SECRET, "relays": [RELAY, "http://no", 7]}) == (SECRET, [RELAY])
    assert relays_in({"key": SECRET, "relays": []}) == ("", [])
    assert relays_in({"key": "short", "relays": [RELAY]}) == ("", [])
    assert relays_in({"key": "a b" * 8, "relays": [RELAY]}) == ("", [])
    assert relays_in({"relays": [RELAY]}) == ("", [])  # an older page's link: codes
    assert relays_in({"key": SECRET, "relays": [RELAY] * 20})[1] == [RELAY] * 6


def test_a_relay_message_is_read_only_when_whole_and_bounded() -> None:
    knock = relay_message("knock", **{"from": "page-1"}, sdp="v=0")
    assert read_relay_message(knock) == {"t": "knock", "from": "page-1", "sdp": "v=0"}
    many = relay_message("knock", **{"from": "p"}, sdp="a=candidate:1\r\n" * 32)
    assert read_relay_message(many) is not None  # (32 addresses to try: still one's own)
    for bad in ('{"t":"knock","from":"p"}', '{"t":"hello","to":"p","sdp":"x"}', "[1]",
                '{"t":"welcome","to":"","sdp":"x"}', '{"t":"welcome","to":"p","sdp":7}',
                '{"t":"refused","to":"' + "p" * 40 + '","why":"taken"}', "not json",
                '{"t":"welcome","to":"p","sdp":"' + "x" * MAX_RELAY_MESSAGE + '"}',
                relay_message("knock", **{"from": "p"}, sdp="a=candidate:1\r\n" * 33),
                relay_message("refused", to="p", why="a reason of its own")):
        assert read_relay_message(bad) is None, bad


def test_the_relays_setting_takes_websocket_addresses_only() -> None:
    assert parse_relays(DEFAULT_RELAYS) == DEFAULT_RELAYS.splitlines()
    assert parse_relays(" \n ws://127.0.0.1:9001/mqtt \n") == ["ws://127.0.0.1:9001/mqtt"]
    assert parse_relays("") == []
    for bad in ("https://relay.example", "wss://a b", "\n".join([RELAY] * 7)):
        with pytest.raises(ValueError):
            parse_relays(bad)


# ---------------------------------------------------------------------- the host


async def hosting_with_relays(dom: FakePlatform, relays: str = RELAY) -> App:
    host = App(dom)
    host.start()
    await settle(host)
    assert dom.relay_handler is None  # nothing of the relays before an online game
    command(dom, "top", "open-new")
    dom.forms["newgame"] = ({"players": "2", "seed": "11", "speed": "0", "ice": "",
                             "relays": relays}, {"USA.politician": "h", GUEST: "o"})
    command(dom, "dialog", "start-game")
    await settle(host)
    return host


def test_the_host_enters_a_room_per_invitation_answers_a_knock_and_leaves_once_joined(
) -> None:
    async def main() -> None:
        dom = FakePlatform()
        host = await hosting_with_relays(dom)
        assert dom.storage[RELAYS_KEY] == RELAY  # remembered beside the STUN/TURN servers
        offer = unpack("offer", find(dom, ("dialog",), testid="invite-link").attrs["value"])
        assert offer["relays"] == [RELAY] and dom.rooms[GUEST] == ([RELAY], offer["key"])
        assert dom.relay_handler is not None
        dom.relay_handler(GUEST, "up", RELAY)
        await settle(host)
        assert find(dom, ("dialog",), testid="relays-up").data["up"] == "1"
        assert "see a room number" in html.unescape(dom.regions["dialog"])  # said plainly
        knock = relay_message("knock", **{"from": "page-1"}, sdp="guest-offer")
        dom.relay_handler(GUEST, "message", knock)
        dom.relay_handler(GUEST, "message", knock)  # the same knock through another relay
        await settle(host)
        # answered once, on a channel of its own: the link's offer stays for its answer code
        assert dom.answered == [(KNOCK, "guest-offer")] and GUEST not in dom.peer_closed
        assert sent_to_room(dom) == [{"t": "welcome", "to": "page-1",
                                      "sdp": f"answer-sdp-{KNOCK}"}]
        assert dom.peer_handler is not None
        dom.peer_handler(KNOCK, "open", "")
        await settle(host)
        assert GUEST in dom.peer_closed  # joined: the offer's connection is hung up
        dom.peer_handler(GUEST, "message", json.dumps({"t": "hello", "n": 1}))
        dom.peer_handler(KNOCK, "message", json.dumps({"t": "hello", "n": 1}))
        await settle(host)
        assert [ident for ident, _text in dom.sent][-1:] == [KNOCK]  # (only the live one)
        # joined: the seat's room is left (the watch link's stays, sending nothing)
        assert set(dom.rooms) == {"watch", "lobby"} and dom.relay_left == [GUEST]
        dom.relay_handler(GUEST, "message", relay_message("knock", **{"from": "page-2"},
                                                          sdp="x"))
        await settle(host)
        assert len(dom.relay_sent) == 1  # (a room left hears nothing, so answers nothing)

        dom.peer_handler(KNOCK, "closed", "")  # dropped: the same link joins again
        await settle(host)
        assert dom.rooms[GUEST] == ([RELAY], offer["key"])
        assert "opening the same link" in html.unescape(dom.regions["banner"])

    asyncio.run(main())


def test_a_knock_for_seats_played_on_a_connected_screen_is_refused_in_the_room() -> None:
    async def main() -> None:
        dom = FakePlatform()
        host = await hosting_with_relays(dom)
        host.hosting.invitations[GUEST].status = "connected"  # (another seat still open)
        assert dom.relay_handler is not None
        dom.relay_handler(GUEST, "message", relay_message("knock", **{"from": "page-9"},
                                                          sdp="x"))
        await settle(host)
        assert dom.answered == []
        assert sent_to_room(dom) == [{"t": "refused", "to": "page-9", "why": "taken"}]

    asyncio.run(main())


def test_a_new_invitation_has_a_new_secret_and_a_host_without_relays_uses_none() -> None:
    async def main() -> None:
        dom = FakePlatform()
        host = await hosting_with_relays(dom)
        first = dom.rooms[GUEST][1]
        await host.cycle.stepwise(host.hosting.invite(GUEST))
        offer = unpack("offer", find(dom, ("dialog",), testid="invite-link").attrs["value"])
        assert offer["key"] == dom.rooms[GUEST][1] != first  # the old link's room is left

        plain = FakePlatform()
        await hosting_with_relays(plain, relays="")
        offer = unpack("offer", find(plain, ("dialog",), testid="invite-link").attrs["value"])
        assert "key" not in offer and "relays" not in offer
        assert plain.relay_handler is None and plain.rooms == {}  # nothing loaded, no request

    asyncio.run(main())


# ---------------------------------------------------------------------- a guest


def test_a_guest_knocks_on_each_relay_that_carries_the_room_and_connects_on_the_welcome(
) -> None:
    async def play(app: App, dom: FakePlatform) -> None:
        await settle(app)
        assert status(dom) == "knocking" and dom.rooms == {"host": ([RELAY, OTHER_RELAY],
                                                                    SECRET)}
        assert dom.offers == ["host"] and dom.relay_handler is not None
        dom.relay_handler("host", "up", RELAY)
        dom.relay_handler("host", "up", OTHER_RELAY)
        await settle(app)
        knocks = [(json.loads(text), relay) for _room, text, relay in dom.relay_sent]
        assert [relay for _, relay in knocks] == [RELAY, OTHER_RELAY]
        page = knocks[0][0]["from"]
        assert all(k == {"t": "knock", "from": page, "sdp": "offer-sdp-host"} for k, _ in knocks)
        dom.relay_handler("host", "message", relay_message("welcome", to="another-page",
                                                           sdp="not ours"))
        dom.relay_handler("host", "message", relay_message("knock", **{"from": "x"}, sdp="y"))
        await settle(app)
        assert status(dom) == "knocking" and dom.accepted == []
        dom.relay_handler("host", "message", relay_message("welcome", to=page, sdp="answer"))
        await settle(app)
        assert status(dom) == "connecting" and dom.accepted == [("host", "answer")]
        assert dom.peer_handler is not None
        dom.peer_handler("host", "open", "")
        await settle(app)
        assert dom.rooms == {} and app.table.link == "guest"  # joined: off the relays
        assert "answer-out" not in dom.regions.get("dialog", "")  # no code to carry

    run_app(play, hash_=invitation([RELAY, OTHER_RELAY]))


def test_when_every_relay_is_gone_the_guest_gets_the_answer_code_at_once() -> None:
    async def play(app: App, dom: FakePlatform) -> None:
        await settle(app)
        assert dom.relay_handler is not None
        dom.relay_handler("host", "down", RELAY)
        await settle(app)
        assert status(dom) == "no-relay" and dom.rooms == {}
        assert dom.answered == [("host", "host-sdp")]  # the link's own offer, answered
        assert "No relay could be reached" in html.unescape(dom.regions["dialog"])
        assert find(dom, ("dialog",), testid="copy-answer").data["copy"].startswith("a1.")

    run_app(play, hash_=invitation())


def test_a_knock_nobody_answers_falls_back_to_the_code_and_a_refusal_is_told(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(joining, "KNOCK_WAIT_S", 0.01)

    async def unanswered(app: App, dom: FakePlatform) -> None:
        await settle(app)
        assert dom.relay_handler is not None
        dom.relay_handler("host", "up", RELAY)
        await asyncio.sleep(0.05)  # (the knock's wait, as a timer: no task to settle)
        await settle(app)
        assert status(dom) == "no-host" and dom.rooms == {}
        assert "did not answer" in html.unescape(dom.regions["dialog"])

    run_app(unanswered, hash_=invitation())
    monkeypatch.setattr(joining, "KNOCK_WAIT_S", 60.0)

    async def refused(app: App, dom: FakePlatform) -> None:
        await settle(app)
        assert dom.relay_handler is not None
        dom.relay_handler("host", "up", RELAY)
        await settle(app)
        page = json.loads(dom.relay_sent[0][1])["from"]
        dom.relay_handler("host", "message", relay_message("refused", to=page, why="taken"))
        await settle(app)
        assert status(dom) == "failed" and dom.rooms == {}
        assert "played on a screen that is connected" in html.unescape(dom.regions["dialog"])

    run_app(refused, hash_=invitation())


# ---------------------------------------------------------------------- watchers


def test_the_watch_link_lets_up_to_eight_watch_and_its_room_stays_while_places_are_free(
) -> None:
    async def main() -> None:
        dom = FakePlatform()
        host = await hosting_with_relays(dom)
        watch = unpack("offer", find(dom, ("dialog",), testid="watch-link").attrs["value"])
        assert watch["watch"] is True and watch["seats"] == [] and "sdp" not in watch
        assert dom.rooms["watch"] == ([RELAY], watch["key"])
        assert dom.relay_handler is not None and dom.peer_handler is not None
        dom.relay_handler("watch", "message", relay_message("knock", **{"from": "w-page"},
                                                            sdp="watcher-offer"))
        await settle(host)
        assert dom.answered == [("watch-1", "watcher-offer")]
        assert sent_to_room(dom)[-1] == {"t": "welcome", "to": "w-page",
                                         "sdp": "answer-sdp-watch-1"}
        dom.peer_handler("watch-1", "open", "")
        await settle(host)
        assert find(dom, ("dialog",), testid="watching").data["count"] == "1"
        dom.peer_handler("watch-1", "message", json.dumps({"t": "hello", "n": 1}))
        picture = json.loads(dom.sent[-1][1])
        assert dom.sent[-1][0] == "watch-1" and picture["seats"] == {} and picture["public"]
        # every seat joined: the seats' rooms are left, the watchers' stays (quiet)
        dom.relay_handler(GUEST, "message", relay_message("knock", **{"from": "g"}, sdp="o"))
        await settle(host)
        dom.peer_handler(KNOCK, "open", "")
        await settle(host)
        assert set(dom.rooms) == {"watch", "lobby"}
        for n in range(2, 10):  # seven more places, then none
            dom.relay_handler("watch", "message", relay_message(
                "knock", **{"from": f"w{n}"}, sdp="o"))
            await settle(host)
        assert sent_to_room(dom)[-1] == {"t": "refused", "to": "w9", "why": "full"}
        assert len(host.hosting.watch.pages) == 8 and "watch-9" not in dom.answered
        dom.peer_handler("watch-1", "closed", "")  # a place free again
        await settle(host)
        assert len(host.hosting.watch.pages) == 7
        dom.relay_handler("watch", "message", relay_message("knock", **{"from": "w10"},
                                                            sdp="o"))
        await settle(host)
        assert sent_to_room(dom)[-1]["t"] == "welcome" and len(host.hosting.watch.pages) == 8

    asyncio.run(main())


def test_a_watch_link_shows_the_public_table_with_a_chat_to_read_and_nothing_to_do() -> None:
    watch_link = "#join=" + pack("offer", {"watch": True, "seats": [], "key": SECRET,
                                           "relays": [RELAY], "ice": []})

    async def play(app: App, dom: FakePlatform) -> None:
        await settle(app)
        assert status(dom) == "knocking" and "Watch an online game" in dom.regions["dialog"]
        assert dom.relay_handler is not None and dom.peer_handler is not None
        dom.relay_handler("host", "up", RELAY)
        await settle(app)
        page = json.loads(dom.relay_sent[0][1])["from"]
        dom.relay_handler("host", "message", relay_message("welcome", to=page, sdp="a"))
        await settle(app)
        dom.peer_handler("host", "open", "")
        g = game.new_game(11, players=2)
        referee = Referee.for_game(g, {GUEST: (GUEST,)})
        referee.watch("w")
        referee.connect("w")
        for _name, text in [*referee.receive("w", dom.sent[-1][1]),
                            *referee.chat("hello watchers")]:
            dom.peer_handler("host", "message", text)
        await settle(app)
        assert app.table.link == "guest" and app.table.at_screen == ()
        assert app.table.seat is None and app.table.actions == []
        assert "chat-input" not in dom.regions["chat"] and "hello watchers" in dom.regions["chat"]
        assert app.table.position.view(None) == g.view(None)

    run_app(play, hash_=watch_link)

    async def unreachable(app: App, dom: FakePlatform) -> None:
        await settle(app)
        assert dom.relay_handler is not None
        dom.relay_handler("host", "down", RELAY)
        await settle(app)
        assert status(dom) == "no-relay" and dom.answered == []  # no code: relays only
        assert "Watching needs a relay" in html.unescape(dom.regions["dialog"])

    run_app(unreachable, hash_=watch_link)



# ---------------------------------------------------------------------- the lobby


def test_a_link_whose_room_is_silent_is_told_why_in_the_hosts_lobby() -> None:
    """Every link a browser hosts names its lobby: a page holding another game's link, a
    replaced invitation's or one whose seats are played is refused there in words; the
    current invitation and the watch link are left to their own rooms."""
    async def main() -> None:
        dom = FakePlatform()
        host = await hosting_with_relays(dom)
        offer = unpack("offer", find(dom, ("dialog",), testid="invite-link").attrs["value"])
        watch = unpack("offer", find(dom, ("dialog",), testid="watch-link").attrs["value"])
        assert offer["lobby"] == dom.storage["moonshot.lobby"]
        assert "lobby" not in watch  # (a link shared widely does not open the lobby)
        assert dom.rooms["lobby"] == ([RELAY], offer["lobby"])
        assert offer["game"] == host.table.save_id
        assert dom.relay_handler is not None

        def ask(page: str, game: str, ident: str) -> None:
            assert dom.relay_handler is not None
            dom.relay_handler("lobby", "message", relay_message(
                "ask", **{"from": page}, game=game, id=ident))

        ask("a", "another-game", offer["id"])
        ask("b", offer["game"], "an-old-invitation")
        ask("c", offer["game"], offer["id"])  # the current invitation: its own room answers
        await settle(host)
        assert sent_to_room(dom) == [{"t": "refused", "to": "a", "why": "other-game"},
                                     {"t": "refused", "to": "b", "why": "replaced"}]
        host.hosting.invitations[GUEST].status = "connected"
        ask("e", offer["game"], offer["id"])
        await settle(host)
        assert sent_to_room(dom)[-1] == {"t": "refused", "to": "e", "why": "taken"}

        again = FakePlatform()  # the lobby is this browser's: the same for its next game
        again.storage.update(dom.storage)
        await hosting_with_relays(again)
        assert again.rooms["lobby"] == dom.rooms["lobby"]

    asyncio.run(main())


def test_a_guest_asks_in_the_lobby_and_a_refusal_there_is_told_in_words() -> None:
    link = "#join=" + pack("offer", {"sdp": "host-sdp", "ice": [], "seats": [GUEST],
                                     "id": "inv-1", "key": SECRET, "relays": [RELAY],
                                     "lobby": "L" * 22, "game": "game-1"})

    async def play(app: App, dom: FakePlatform) -> None:
        await settle(app)
        assert dom.rooms["lobby"] == ([RELAY], "L" * 22)
        assert dom.relay_handler is not None
        dom.relay_handler("lobby", "up", RELAY)
        await settle(app)
        asked = json.loads(dom.relay_sent[-1][1])
        assert asked == {"t": "ask", "from": asked["from"], "game": "game-1", "id": "inv-1"}
        dom.relay_handler("lobby", "message", relay_message("ask", **{"from": "another"},
                                                            game="g", id="i"))
        dom.relay_handler("lobby", "message", relay_message("welcome", to=asked["from"],
                                                            sdp="from the lobby"))
        await settle(app)
        assert status(dom) == "knocking" and dom.accepted == []  # (a welcome is the room's)
        dom.relay_handler("lobby", "message", relay_message("refused", to=asked["from"],
                                                            why="other-game"))
        await settle(app)
        # told at once; not acted on (anyone who ever held a link of this host is in the
        # lobby): the page knocks on, and its room may still answer
        assert status(dom) == "knocking" and set(dom.rooms) == {"host", "lobby"}
        assert "of another game" in html.unescape(dom.regions["dialog"])

    run_app(play, hash_=link)



def test_a_second_knock_while_the_first_is_answered_is_welcomed_and_the_first_is_not(
) -> None:
    """Two pages knock with one link (a reload mid-knock, two devices): the newer is answered;
    the older's answer, replaced, says nothing and leaves the newer's mark alone."""
    async def main() -> None:
        dom = FakePlatform()
        host = await hosting_with_relays(dom)
        first_done = asyncio.Event()

        async def answer(ident: str, sdp: str, ice_json: str, limit: int, rated: bool) -> str:
            if sdp == "first":
                await first_done.wait()
                raise RuntimeError("replaced by a newer connection")
            return f"answer-{sdp}"

        dom.peer_answer = answer  # type: ignore[method-assign]
        assert dom.relay_handler is not None
        dom.relay_handler(GUEST, "message", relay_message("knock", **{"from": "a"}, sdp="first"))
        await asyncio.sleep(0)
        dom.relay_handler(GUEST, "message", relay_message("knock", **{"from": "b"},
                                                          sdp="second"))
        await asyncio.sleep(0.01)
        first_done.set()
        await settle(host)
        assert sent_to_room(dom) == [{"t": "welcome", "to": "b", "sdp": "answer-second"}]
        assert "online-error" not in dom.regions["dialog"]
        assert host.hosting.invitations[GUEST].knocked == "b"

    asyncio.run(main())


def test_when_the_relays_cannot_be_used_the_guest_gets_the_code_and_the_host_says_so() -> None:
    async def broken(room: str, relays_json: str, secret: str) -> None:
        raise RuntimeError("crypto.subtle is undefined")

    async def guest(app: App, dom: FakePlatform) -> None:
        dom.relay_enter = broken  # type: ignore[method-assign]
        await settle(app)
        assert status(dom) == "no-relay" and dom.answered == [("host", "host-sdp")]
        assert "crypto.subtle" in dom.regions["dialog"]

    run_app(guest, hash_=invitation())

    async def main() -> None:
        dom = FakePlatform()
        dom.relay_enter = broken  # type: ignore[method-assign]
        host = await hosting_with_relays(dom)
        assert host.hosting.invitations[GUEST].status == "waiting"  # the codes still work
        assert "could not be used" in html.unescape(dom.regions["dialog"])

    asyncio.run(main())
