"""Online play's pure parts in the app: the ICE setting, seats played on a guest's screen (the
dialog, saves), and the panels' markup (text escaped, states told)."""

from __future__ import annotations

import json

import pytest

import game
from game import SEATS
from ui.model.players import Setup
from ui.model.saves import envelope, parse
from ui.screens.newgameform import dialog_html, online_setup, setup_from_form
from ui.screens.online import (
    DEFAULT_ICE,
    Invitation,
    chat_html,
    host_panel_html,
    ice_json,
    join_panel_html,
    parse_ice,
    qr_svg,
)
from ui.words.names import chat_sender, waiting_text

XSS = '<img src=x onerror="window.__pwned=1">'


def test_the_ice_setting_reads_stun_and_turn_lines_and_refuses_anything_else() -> None:
    assert parse_ice(DEFAULT_ICE) == [{"urls": "stun:stun.l.google.com:19302"},
                                      {"urls": "stun:stun.cloudflare.com:3478"}]
    assert parse_ice("") == [] and parse_ice("\n  \n") == []
    assert parse_ice("turn:turn.example.org:3478 ann secret") == [
        {"urls": "turn:turn.example.org:3478", "username": "ann", "credential": "secret"}]
    assert json.loads(ice_json(parse_ice(DEFAULT_ICE)))[0]["urls"].startswith("stun:")
    for bad in ("http://example.org", "stun:a b", "javascript:alert(1)",
                "\n".join(["stun:a"] * 9)):
        with pytest.raises(ValueError):
            parse_ice(bad)


def test_play_online_makes_every_player_but_the_first_a_guest_and_it_is_saved() -> None:
    setup = online_setup(Setup(players=4))
    assert setup.guests() == [("USA.engineer",), ("USSR.politician",), ("USSR.engineer",)]
    assert setup.humans() == [("USA.politician",)]
    assert not any(setup.is_ai(seat) for seat in SEATS)
    markup = dialog_html(setup, DEFAULT_ICE)
    assert markup.count('value="o" selected') == 3 and 'data-testid="ice-servers"' in markup
    assert 'data-testid="ice-servers"' not in dialog_html(Setup(), DEFAULT_ICE)  # not online
    chosen = setup_from_form({"players": "2"}, {"USA.politician": "h", "USSR.politician": "o"})
    assert chosen.guests() == [("USSR.politician", "USSR.engineer")]
    assert chosen.is_remote("USSR.engineer") and not chosen.is_ai("USSR.engineer")

    g = game.new_game(3)
    data = envelope(g, chosen)
    assert data["seats"]["USSR.engineer"] == "online"
    loaded = parse(json.dumps(data))
    assert loaded.setup.guests() == [("USSR.politician", "USSR.engineer")]
    assert loaded.setup.humans() == [("USA.politician", "USA.engineer")]


def test_the_panels_escape_every_name_and_code_and_tell_each_state() -> None:
    invitations = [Invitation("USSR.politician", ("USSR.politician", "USSR.engineer"), XSS,
                              status, link=f"https://x/#join={XSS}", qr=["101", "010", "101"],
                              error=XSS if status == "dropped" else "")
                   for status in ("preparing", "waiting", "connected", "dropped", "failed")]
    markup = host_panel_html(invitations)
    assert XSS not in markup and "&lt;img" in markup
    assert markup.count('data-testid="online-status"') == 5
    assert markup.count('data-testid="invite-link"') == 1  # only a waiting invitation has one
    assert markup.count('data-testid="online-invite"') == 4  # all but one being prepared
    assert markup.count("<svg class=\"qr\"") == 1
    for status in ("preparing", "answer", "expired", "dropped", "failed"):
        panel = join_panel_html(status, ["USSR.politician"], XSS, XSS)
        assert XSS not in panel and f'data-status="{status}"' in panel
    assert 'data-testid="answer-out"' in join_panel_html("answer", [], "a1.x")
    assert 'data-testid="answer-out"' not in join_panel_html("dropped", [], "a1.x")
    chat = chat_html([(XSS, XSS)])
    assert XSS not in chat and chat.count("&lt;img") == 2


def test_the_qr_code_is_its_modules_with_a_quiet_zone() -> None:
    svg = qr_svg(["11", "01"], "QR")
    assert 'viewBox="0 0 10 10"' in svg and svg.count("h1v1h-1z") == 3
    assert "M4 4h1v1h-1z" in svg and "M4 5h1v1h-1z" not in svg
    assert qr_svg([], "QR") == ""


def test_the_turn_indicator_says_on_whose_screen_a_seat_is_played() -> None:
    screens = {"USA.politician": {"where": "host", "name": "Ann"},
               "USSR.politician": {"where": "guest", "name": "Bob"},
               "USSR.engineer": {"where": "ai", "name": "USSR"},
               "USA.engineer": {"where": "you", "name": ""}}
    text = waiting_text(["USSR.politician", "USA.politician", "USSR.engineer", "USA.engineer"],
                        screens)
    assert "USSR Politician (on Bob's screen)" in text
    assert "USA Politician (on the host's screen)" in text
    assert "USSR Engineer (the computer)" in text and "(on your screen)" in text
    assert waiting_text(["USA.politician"], {}) == "Waiting for USA Politician…"
    assert chat_sender("host", screens) == "Ann"  # the host's own name, as it gave it
    host_unnamed = {"USA.politician": {"where": "host", "name": ""}}
    assert chat_sender("host", host_unnamed) == "Host"
    assert chat_sender("USSR.politician", screens) == "Bob"
    assert chat_sender("USA.politician", {}) == "Guest (USA Politician)"
    unnamed = {"USSR.politician": {"where": "guest", "name": ""}}
    assert "(on a friend's screen)" in waiting_text(["USSR.politician"], unnamed)


def test_the_host_chooses_its_own_seat_in_one_step() -> None:
    """Play online makes every player but the first a friend online; "You play" then moves
    the host to any other player in one choice (AI seats stay AI)."""
    from ui.model.players import Setup
    from ui.screens.newgameform import dialog_html, host_plays, online_setup

    setup = online_setup(Setup(players=3, pair="USA"))
    keys = [group[0] for group in setup.groups()]
    assert [setup.remote[k] for k in keys] == [False, True, True]
    setup.ai["USA.engineer"] = True  # the second player is the computer
    moved = host_plays(setup, keys[2])
    assert [moved.remote.get(k, False) for k in keys] == [True, False, False]
    assert moved.ai["USA.engineer"] and not moved.ai[keys[2]]
    markup = dialog_html(moved)
    select = markup.split('data-testid="host-seat">', 1)[1].split("</select>", 1)[0]
    assert f'<option value="{keys[2]}" selected>' in select
    assert 'value="USA.engineer"' not in select  # the computer's player is no one's to take
    assert "host-seat" not in dialog_html(Setup())  # only for an online game
