"""The host's referee for play between browsers: guests get their seats' views and public
events only, and nothing a guest sends changes the game unless the engine accepts it."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import game
from game.ai import get_ai
from game.core.content import load_content
from game.core.events import EVENTS, ActionTaken, Event, RiskTested, event_from_plain
from game.core.plain import from_plain, to_plain
from game.online.referee import (
    MAX_CHAT,
    MAX_DEPTH,
    MAX_DIGITS,
    MAX_GUEST_MESSAGE,
    MAX_REFUSALS,
    QUOTE,
    Referee,
    Refused,
    public_events,
)
from game.rules.records import View
from game.tools.simulate import pick

GUEST = ("USSR.politician", "USSR.engineer")


Chooser = Callable[[game.Game], "tuple[str, game.Action] | None"]


def _events_of(g: game.Game, choose: Chooser
               ) -> Iterator[tuple[View, View, Event]]:
    """(spectator view before the move, after it, event) for every event of a game played
    by ``choose`` (None: stop)."""
    before = g.view(None)
    while (move := choose(g)) is not None:
        events = g.apply(*move)
        after = g.view(None)
        for event in events:
            yield before, after, event
        before = after


def _random_mover(rng: random.Random) -> Chooser:
    def choose(g: game.Game) -> tuple[str, game.Action] | None:
        if g.is_over or g.round > 30:
            return None
        seat = pick(g.to_act(), rng)
        return seat, pick(g.legal_actions(seat), rng)
    return choose


def _medium_mover(rng: random.Random) -> Chooser:
    medium = get_ai("medium")
    turn = 0

    def choose(g: game.Game) -> tuple[str, game.Action] | None:
        nonlocal turn
        if g.is_over:
            return None
        seats = g.to_act()
        seat = seats[turn % len(seats)]
        turn += 1
        return seat, medium.choose(g.view(seat), g.legal_actions(seat), rng)
    return choose


def _whole_game_events() -> Iterator[tuple[View, View, Event]]:
    """Every event of random games in every setting, and of a medium game (which reaches the
    Moon and its risks), with the spectator's view before and after its move."""
    for players in (2, 3, 4):
        for ruleset in game.RULESETS:
            for seed in range(1, 5):
                yield from _events_of(game.new_game(seed, players=players, ruleset=ruleset),
                                      _random_mover(random.Random(seed)))
    yield from _events_of(game.new_game(1), _medium_mover(random.Random(1)))


def _ids() -> frozenset[str]:
    """Every id of a hidden-able thing: Maneuver cards, tiles, Risks, Modules."""
    content = load_content()
    cards = {f"{nation}:{key}" for nation in game.NATIONS for key in content.maneuvers}
    return frozenset(cards | set(content.tiles) | set(content.risks) | set(content.modules))


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _strings(item)


def test_every_event_of_whole_games_is_public_and_listed_field_by_field() -> None:
    """The engine's events reveal nothing a spectator could not see just before or just
    after the move, and the referee's list names each of their fields (so nothing a guest's
    screen needs is cut, and a new field stays with the host until it is checked)."""
    ids = _ids()
    kinds: set[str] = set()
    for before, after, event in _whole_game_events():
        kinds.add(event.kind)
        plain = public_events([event])[0]
        assert event_from_plain(plain) == event, event
        shown = [text for text in _strings(plain) if text in ids]
        if shown:
            seen = json.dumps(to_plain(before)) + json.dumps(to_plain(after))
            for text in shown:
                assert f'"{text}"' in seen, (event, text)
    assert {"adaptivity", "moon_risk_revealed", "risk_roll", "evaluation"} <= kinds
    assert kinds <= set(EVENTS)


def test_public_events_send_each_event_whole_and_a_guest_reads_it_back() -> None:
    events: list[Event] = [RiskTested(nation="USA", risk="R1-X"),
                           ActionTaken(seat="USA.engineer", action="test")]
    plain = public_events(events)
    assert plain == [{"type": "tested", "nation": "USA", "risk": "R1-X"},
                     {"type": "action", "seat": "USA.engineer", "action": "test"}]
    assert [event_from_plain(json.loads(json.dumps(e))) for e in plain] == events


# ------------------------------------------------------------------ the referee


def _referee(seed: int = 5) -> Referee:
    referee = Referee.for_game(game.new_game(seed), {"guest": GUEST})
    referee.connect("guest")
    return referee


def _at_the_guests_turn() -> tuple[Referee, str]:
    """A referee whose guest said hello and whose host then played until a seat of the
    guest's may act; that seat."""
    referee = _referee()
    _send(referee, {"t": "hello", "n": 1})
    _host_moves_until_guest(referee, random.Random(5))
    return referee, next(s for s in referee.game.to_act() if s in GUEST)


def _send(referee: Referee, message: dict[str, Any] | str) -> list[dict[str, Any]]:
    text = message if isinstance(message, str) else json.dumps(message)
    out = referee.receive("guest", text)
    assert all(name == "guest" for name, _ in out)
    return [json.loads(t) for _, t in out]


def _host_moves_until_guest(referee: Referee, rng: random.Random) -> list[dict[str, Any]]:
    """The host's seats (medium) move until a guest seat may act; the guest's messages."""
    medium = get_ai("medium")
    out: list[dict[str, Any]] = []
    g = referee.game
    while not g.is_over and not set(g.to_act()) & set(GUEST):
        seat = g.to_act()[0]
        action = medium.choose(g.view(seat), g.legal_actions(seat), rng)
        out += [json.loads(t) for _, t in referee.apply(seat, action)]
    return out


def test_a_guest_plays_a_whole_game_seeing_only_its_own_seats() -> None:
    referee = _referee()
    g = referee.game
    medium = get_ai("medium")
    rng = random.Random(5)
    received = _send(referee, {"t": "hello", "n": 1})
    number = 1
    hidden_hand_seen = 0
    while not g.is_over:
        received += _host_moves_until_guest(referee, rng)
        if g.is_over:
            break
        state = received[-1]
        assert state["t"] == "state" and state["at"] == g.log_size
        seat = next(s for s in g.to_act() if s in GUEST)
        mine = state["seats"][seat]
        action = medium.choose(from_plain(View, mine["view"]),
                               [game.action_from_dict(a) for a in mine["legal"]], rng)
        number += 1
        received += _send(referee, {"t": "act", "n": number, "at": state["at"], "seat": seat,
                                    "action": action.to_dict()})
    assert g.is_over and number > 50
    numbers = [message["n"] for message in received]
    assert numbers == list(range(1, len(received) + 1))  # nothing lost, nothing twice
    assert referee.refusals == []
    for number, message in enumerate(received):
        assert message["t"] == "state"
        story = {"history"} if number == 0 else set()  # the first hello's answer tells it
        assert set(message) == {"t", "n", "at", "to_act", "seats", "events", "screens",
                                "clock", "waiting", *story}
        assert set(message["seats"]) == set(GUEST)
        text = json.dumps(message)
        for secret in ('"seed"', '"rng"'):
            assert secret not in text
        hidden_hand_seen += message["seats"]["USSR.politician"]["view"]["nations"]["USA"][
            "hand"] is not None
    assert hidden_hand_seen == 0


def test_the_views_sent_are_the_engines_views_of_the_guests_seats() -> None:
    referee = _referee(6)
    rng = random.Random(6)
    messages = _send(referee, {"t": "hello", "n": 1})
    g = referee.game
    for _ in range(3):  # three turns of the host's moves, each guest move in between
        messages += _host_moves_until_guest(referee, rng)
        seat = next(s for s in g.to_act() if s in GUEST)
        number = referee.guests["guest"].received + 1
        messages += _send(referee, {"t": "act", "n": number, "at": g.log_size, "seat": seat,
                                    "action": g.legal_actions(seat)[-1].to_dict()})
    last = messages[-1]
    assert last["t"] == "state" and last["at"] == g.log_size > 3
    for seat in GUEST:
        assert last["seats"][seat]["view"] == json.loads(json.dumps(to_plain(g.view(seat))))
        assert from_plain(View, last["seats"][seat]["view"]) == g.view(seat)
        assert last["seats"][seat]["legal"] == [a.to_dict() for a in g.legal_actions(seat)]
    usa_hand = g.state.nations["USA"].hand
    text = json.dumps(last)
    assert usa_hand and not any(f'"{card}"' in text for card in usa_hand
                                if f'"{card}"' not in json.dumps(to_plain(g.view(None))))


def _unchanged(referee: Referee) -> str:
    return referee.game.to_json()


def test_a_forged_action_for_the_hosts_seat_is_refused_and_changes_nothing() -> None:
    referee = _referee()
    _send(referee, {"t": "hello", "n": 1})
    g = referee.game
    while not any(s.startswith("USA") for s in g.to_act()):  # the guest moves first
        mine = next(s for s in g.to_act() if s in GUEST)
        _send(referee, {"t": "act", "n": referee.guests["guest"].received + 1,
                        "at": g.log_size, "seat": mine,
                        "action": g.legal_actions(mine)[-1].to_dict()})
    seat = next(s for s in g.to_act() if s.startswith("USA"))  # the host's seat, to act
    before = _unchanged(referee)
    number = referee.guests["guest"].received + 1
    answer = _send(referee, {"t": "act", "n": number, "at": g.log_size, "seat": seat,
                             "action": g.legal_actions(seat)[0].to_dict()})
    assert answer[0]["t"] == "refused" and answer[0]["re"] == number
    assert "not played on this screen" in answer[0]["error"]
    assert _unchanged(referee) == before
    assert referee.refusals[-1][0] == "guest"
    for odd in ([], {"seat": seat}, None, 7):  # not even a seat's name: refused the same way
        number += 1
        answer = _send(referee, {"t": "act", "n": number, "at": g.log_size, "seat": odd,
                                 "action": g.legal_actions(seat)[0].to_dict()})
        assert answer[0]["re"] == number and "not played on this screen" in answer[0]["error"]
    assert _unchanged(referee) == before


def test_an_oversized_or_garbled_message_is_refused_logged_and_changes_nothing() -> None:
    referee = _referee()
    before = _unchanged(referee)
    huge = json.dumps({"t": "chat", "n": 1, "text": "x" * 1_000_000})
    for text, why in ((huge, f"at most {MAX_GUEST_MESSAGE}"), ("{not json", "not a JSON"),
                      ("[1, 2]", "JSON object"), ('{"t": "act", "n": true}', "sequence"),
                      ('{"t": "dance", "n": 1}', "unknown message type"),
                      ("[" * 10_000, "nest at most"), ("[" * 20_000, "characters")):
        answer = _send(referee, text)
        assert answer[0]["t"] == "refused" and why in answer[0]["error"], (text[:20], answer)
        assert referee.refusals[-1][:2] == ("guest", answer[0]["error"])
    assert _unchanged(referee) == before
    assert len(referee.refusals) == 7 == referee.refused


def test_an_illegal_or_stale_or_repeated_action_is_never_applied() -> None:
    referee, seat = _at_the_guests_turn()
    g = referee.game
    before = _unchanged(referee)
    # Illegal: the engine's own words come back.
    answer = _send(referee, {"t": "act", "n": 2, "at": g.log_size, "seat": seat,
                             "action": {"type": "launch", "mission": "NOWHERE"}})
    assert answer[0]["t"] == "refused" and "is not allowed now" in answer[0]["error"]
    assert _unchanged(referee) == before
    # Stale: sent for an earlier position; refused, and the screen gets the present one.
    action = g.legal_actions(seat)[0].to_dict()
    answer = _send(referee, {"t": "act", "n": 3, "at": g.log_size - 1, "seat": seat,
                             "action": action})
    assert [m["t"] for m in answer] == ["refused", "state"] and answer[1]["at"] == g.log_size
    assert _unchanged(referee) == before
    # Accepted once; the same message again (a resend) is not acted on.
    message = {"t": "act", "n": 4, "at": g.log_size, "seat": seat, "action": action}
    size = g.log_size
    assert _send(referee, message)[0]["t"] == "state"
    assert g.log_size == size + 1
    again = _send(referee, message)  # refused with its reason, never applied twice
    assert again[0]["t"] == "refused" and again[0]["re"] == 4
    assert "message 4 was already received" in again[0]["error"] and g.log_size == size + 1
    # A gap in the numbers is refused rather than guessed at.
    answer = _send(referee, {"t": "hello", "n": 9})
    assert answer[0]["t"] == "refused" and "before 5" in answer[0]["error"]


def test_a_guest_rejoins_on_a_new_channel_and_gets_the_whole_picture() -> None:
    referee = _referee()
    rng = random.Random(5)
    _send(referee, {"t": "hello", "n": 1})
    _host_moves_until_guest(referee, rng)
    referee.disconnect("guest")
    assert referee.broadcast() == []  # nothing is sent to a closed channel
    answer = _send(referee, {"t": "hello", "n": 2})
    assert answer[0]["t"] == "refused" and "not connected" in answer[0]["error"]
    referee.connect("guest")  # a fresh invitation: numbering starts again
    state = _send(referee, {"t": "hello", "n": 1})[0]
    assert state["n"] == 1 and state["at"] == referee.game.log_size
    assert set(state["seats"]) == set(GUEST)
    assert state["clock"] == {}  # no discussion under way


def test_every_picture_carries_the_hosts_discussion_countdowns() -> None:
    referee = _referee()
    left = {"USA": 97}
    referee.clock = lambda: dict(left)
    state = _send(referee, {"t": "hello", "n": 1})[0]
    assert state["clock"] == {"USA": 97}
    left["USA"] = 41  # a rejoining or a later picture has the time left then
    assert json.loads(referee.broadcast()[0][1])["clock"] == {"USA": 41}


def test_chat_is_text_of_limited_length_for_everyone_connected() -> None:
    referee = Referee.for_game(game.new_game(2), {"a": ["USSR.politician"],
                                                  "b": ["USSR.engineer"]})
    referee.connect("a")
    referee.connect("b")
    out = referee.receive("a", json.dumps({"t": "chat", "n": 1, "text": " <b>hi</b> "}))
    assert sorted(name for name, _ in out) == ["a", "b"]
    line = json.loads(out[0][1])
    assert line["from"] == "USSR.politician" and line["text"] == "<b>hi</b>"
    long = referee.receive("a", json.dumps({"t": "chat", "n": 2, "text": "x" * (MAX_CHAT + 1)}))
    assert json.loads(long[0][1])["t"] == "refused" and len(long) == 1
    assert [json.loads(t)["text"] for _, t in referee.chat("good luck")] == ["good luck"] * 2


def test_seats_must_be_known_and_not_shared_between_guests() -> None:
    g = game.new_game(1)
    with pytest.raises(ValueError):
        Referee.for_game(g, {"a": ["USA.astronaut"]})
    with pytest.raises(ValueError):
        Referee.for_game(g, {"a": ["USSR.politician"], "b": ["USSR.politician"]})
    with pytest.raises(ValueError):  # a seat that is none, beside a known one
        Referee.for_game(g, {"a": ["USSR.politician", "USSR.pilot"]})
    # the seats of a guest may come as any iterable, read once
    assert Referee.for_game(g, {"a": iter(["USSR.politician"])}).guests["a"].seats == {
        "USSR.politician"}
    referee = Referee.for_game(g, {"a": ["USSR.politician"]})
    with pytest.raises(game.IllegalAction):
        referee.apply("USSR.politician", g.legal_actions(g.to_act()[0])[0])


def test_hostile_messages_cost_the_same_small_time_and_leave_short_bounded_traces(
        parsed: list[str]) -> None:
    """Nesting past MAX_DEPTH (6,000 and 8,000 deep, under the size limit) and a 4,000-digit
    number are refused before the JSON parser runs (it recurses; long numbers cost it
    quadratic time: what reaches it is asserted, not timed); nesting inside a chat line's
    text is only text. Each refusal quotes the message's start, never the message; the host
    keeps the last MAX_REFUSALS."""
    referee = _referee()
    before = _unchanged(referee)
    nested = {depth: "[" * depth + "]" * depth for depth in (6_000, 8_000)}
    number = '{"t":"hello","n":' + "7" * 4_000 + "}"
    big = json.dumps({"t": "dance" + "x" * 15_000, "n": 1})
    parsed.clear()
    for text, why in ((nested[6_000], f"at most {MAX_DEPTH} deep"),
                      (nested[8_000], f"at most {MAX_DEPTH} deep"),
                      (number, f"at most {MAX_DIGITS} digits"),
                      ('{"t": "act", "n": 0}', "sequence number"),
                      (big, "unknown message type")):
        answer = _send(referee, text)
        assert answer[0]["t"] == "refused" and why in answer[0]["error"], (text[:30], answer)
        assert len(answer[0]["error"]) <= 200 and len(referee.refusals[-1].quote) <= QUOTE
        short = text if len(text) <= QUOTE else text[:QUOTE - 1] + "…"
        assert referee.refusals[-1].quote == short
    # Only the two well-shaped messages were parsed (and the host's own answers).
    assert nested[6_000] not in parsed and nested[8_000] not in parsed and number not in parsed
    assert '{"t": "act", "n": 0}' in parsed and big in parsed
    assert _unchanged(referee) == before
    # Brackets and digits inside a chat line are words, not structure.
    line = "[[[[" * 40 + " " + "1" * 30
    answer = _send(referee, {"t": "chat", "n": 2, "text": line})  # 1 went to "dance"
    assert answer[0] == {"t": "chat", "from": "USSR.engineer", "text": line.strip(),
                         "n": answer[0]["n"]}
    for _ in range(MAX_REFUSALS + 30):
        _send(referee, "not json")
    assert len(referee.refusals) == MAX_REFUSALS and referee.refused == MAX_REFUSALS + 35


def test_no_guest_moves_before_everyone_has_joined_and_unread_messages_skip_the_numbers(
) -> None:
    referee, seat = _at_the_guests_turn()
    g = referee.game
    act = {"t": "act", "n": 2, "at": g.log_size, "seat": seat,
           "action": g.legal_actions(seat)[0].to_dict()}
    referee.waiting = True  # another online player has not joined yet
    before = _unchanged(referee)
    answer = _send(referee, act)
    assert [m["t"] for m in answer] == ["refused", "state"]
    assert "every online player has joined" in answer[0]["error"]
    assert _unchanged(referee) == before
    referee.waiting = False
    # Messages went unread (too many, too fast): the guest is told and sees the game as it
    # stands; its next message is taken whatever its number, and the count goes on from it.
    told = [json.loads(text) for _, text in referee.skipped("guest", 1_950)]
    assert [m["t"] for m in told] == ["refused", "state"] and "1950" in told[0]["error"]
    answer = _send(referee, {**act, "n": 1_960})
    assert answer[0]["t"] == "state" and g.log_size == before_size(before) + 1
    gap = _send(referee, {"t": "hello", "n": 1_970})
    assert gap[0]["t"] == "refused" and "before 1961" in gap[0]["error"]


def before_size(save: str) -> int:
    return len(json.loads(save)["log"])


def test_a_joining_screen_gets_the_public_story_once_and_every_screen_hears_of_the_others(
) -> None:
    """The first hello of a channel is answered with every move's public events (replayed
    from the seed when the host's game came from a save), a second hello without them; a
    guest joining or dropping is told to the other connected guests, not to itself."""
    g = game.new_game(4, players=4)
    rng = random.Random(4)
    while g.log_size < 30 or not g.to_act()[0].startswith("USA"):  # then the host moves
        seat = g.to_act()[0]
        g.apply(seat, pick(g.legal_actions(seat), rng))
    moves = g.log_size
    referee = Referee.for_game(g, {"USSR.politician": ["USSR.politician"],
                                   "USSR.engineer": ["USSR.engineer"]})
    replayed = game.new_game(4, players=4)
    expected = [public_events(replayed.apply(seat, action)) for seat, action in g.log]
    assert referee.connect("USSR.politician") == []  # nobody else is connected yet
    first = json.loads(referee.receive("USSR.politician", '{"t":"hello","n":1}')[0][1])
    assert first["history"] == json.loads(json.dumps(expected)) and len(expected) == moves
    again = json.loads(referee.receive("USSR.politician", '{"t":"hello","n":2}')[0][1])
    assert "history" not in again and again["at"] == moves
    joined = referee.connect("USSR.engineer")
    assert [(to, json.loads(text)["t"], json.loads(text)["connected"], json.loads(text)["again"])
            for to, text in joined] == [("USSR.politician", "presence", True, False)]
    seat = g.to_act()[0]
    referee.apply(seat, g.legal_actions(seat)[0])
    assert len(referee.history) == moves + 1 == g.log_size
    left = referee.disconnect("USSR.politician")
    assert [(to, json.loads(text)["guest"], json.loads(text)["connected"]) for to, text in left
            ] == [("USSR.engineer", "USSR.politician", False)]
    back = referee.connect("USSR.politician")
    assert [(to, json.loads(text)["again"]) for to, text in back] == [("USSR.engineer", True)]
    # A channel that never opened (its connection failed) is nobody dropping out.
    assert referee.disconnect("USSR.politician") != []
    assert referee.disconnect("USSR.politician") == []


@pytest.mark.parametrize("text", [lambda n: '"' + '\\"' * (n // 2), lambda n: '"' * n,
                                  lambda n: '["' + "a" * n, lambda n: '"\\' * (n // 2),
                                  lambda n: "[" * (n // 2) + "]" * (n // 2)])
def test_judging_a_messages_shape_is_linear_even_for_strings_left_open(
        text: Callable[[int], str]) -> None:
    """A string never closed (or closed by an escaped quote) must not make the scan start
    again from every quote (a quadratic scan took half a second for 16,000 characters, and
    a guest may send 30 at once): sixteen times the text takes about sixteen times as long,
    not 256 (the best of seven runs of each, in the same run; the times are printed). The
    time is this thread's CPU time, not the wall clock: beside the browser tests, at the
    lowest priority, a wall-clock ratio of 4 was once read as 11."""
    import time

    from game.core.reading import shape
    from game.online.referee import GUEST

    def best(size: int) -> float:
        sample = text(size)
        runs = []
        for _ in range(7):
            started = time.thread_time()
            shape(sample, GUEST)
            runs.append(time.thread_time() - started)
        return min(runs)

    assert len(text(16_000)) <= GUEST.chars  # scanned whole, not refused by its length
    small, large = best(1_000), best(16_000)
    print(f"{text(2)[:12]!r}...: 1,000 units {small * 1e3:.3f} ms, 16,000 {large * 1e3:.3f} ms")
    assert large / small < 64  # linear: 16; quadratic: 256


# ---------------------------------------------------------------------- watchers


def test_a_watcher_gets_the_public_view_every_move_and_chat_and_can_never_act() -> None:
    """A watcher's pictures carry no seat, only the spectator view as the host's game has it
    at that move; its move and its chat line are refused and change nothing; it does not
    hold the game back, and the players are not told of it; past MAX_WATCHERS none is let in,
    and a place left is free again."""
    g = game.new_game(3, players=2)
    referee = Referee.for_game(g, {"guest": GUEST})
    referee.watch("watch-1")
    referee.connect("watch-1")
    assert referee.waiting and referee.watchers == 1  # (the player has not joined yet)
    told = referee.connect("guest")  # a player's coming is told to the watcher too
    assert [name for name, _ in told] == ["watch-1"] and not referee.waiting
    referee.watch("watch-2")
    assert referee.connect("watch-2") == []  # ... but the players are not told of a watcher
    (name, text), = referee.receive("watch-1", json.dumps({"t": "hello", "n": 1}))
    picture = json.loads(text)
    assert name == "watch-1" and picture["seats"] == {} and picture["history"] == []
    assert picture["public"] == json.loads(json.dumps(to_plain(g.view(None))))
    seat = g.to_act()[0]
    action = g.legal_actions(seat)[0]
    forged = {"t": "act", "n": 2, "at": 0, "seat": seat, "action": action.to_dict()}
    refusal, = referee.receive("watch-1", json.dumps(forged))
    assert json.loads(refusal[1])["t"] == "refused" and g.log_size == 0
    refusal, = referee.receive("watch-1", json.dumps({"t": "chat", "n": 3, "text": "hi"}))
    assert "only watches" in json.loads(refusal[1])["error"] and referee.chats == []
    assert seat in GUEST  # (the guest moves first in this deal: its move, through the referee)
    sent = dict(referee.receive("guest", json.dumps({**forged, "n": 1})))
    assert g.log_size == 1  # the guest's move landed, and every watcher got the public view
    assert json.loads(sent["watch-1"])["public"] == json.loads(json.dumps(to_plain(g.view(None))))
    assert json.loads(sent["watch-2"])["seats"] == {}
    assert [n for n, _ in referee.chat("good luck")] == ["guest", "watch-1", "watch-2"]
    for n in range(3, 9):
        referee.watch(f"watch-{n}")
    with pytest.raises(Refused):
        referee.watch("watch-9")
    referee.disconnect("watch-1")
    referee.unwatch("watch-1")
    referee.watch("watch-9")  # the place left is free again
    with pytest.raises(ValueError):
        referee.watch("guest")  # (a player's name is never a watcher's)
