"""The new-game dialog: players, which seats are human, AI (and its level) or online,
ruleset, seed, and for an online game the ICE setting."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from game import NATIONS, SEATS
from game.rules.terms import nation_of

from ..markup.html import attrs, e
from ..model.players import (
    AI_LEVELS,
    LEVEL_LETTERS,
    MAX_SEED,
    Setup,
    bounded,
    whole_number,
)
from ..words.i18n import _, ngettext
from ..words.names import nation_name, speed_words

MAX_NAME = 60

SPEEDS = (0, 150, 300, 800)
# Who plays a seat: a person here, an AI level (values are the URL ``seats`` letters), or a
# person on another screen ("o": an online game's guest, see ui.links.hosting).
ONLINE = "o"
SEAT_CHOICES = ("h", "r", "e", "m", "x", ONLINE)


def seat_words() -> dict[str, str]:
    """A seat choice letter -> who plays it."""
    return {"h": _("Human"), "r": _("AI Random"), "e": _("AI Easy"), "m": _("AI Medium"),
            "x": _("AI Hard"), ONLINE: _("Online friend")}


def _players(count: int) -> str:
    return ngettext("{count} player", "{count} players", count).format(count=count)


def online_setup(setup: Setup) -> Setup:
    """The dialog's "Play online": every player but the first plays on a friend's screen."""
    online = setup.copy()
    for index, group in enumerate(online.groups()):
        for seat in group:
            online.remote[seat] = index > 0
            online.ai[seat] = False
            online.levels.pop(seat, None)
    return online


def host_plays(setup: Setup, key: str) -> Setup:
    """The host picks the player it is (group ``key``, one step): that one plays here, every
    other person on a friend's screen; AI seats stay AI."""
    chosen = setup.copy()
    for group in chosen.groups():
        for seat in group:
            chosen.remote[seat] = not chosen.ai.get(seat, False) and group[0] != key
    return chosen


def _host_seat_html(setup: Setup) -> str:
    """An online game's "You play" choice: which player sits at this screen."""
    people = [g[0] for g in setup.groups() if not setup.ai.get(g[0], False)]
    here = next((key for key in people if not setup.remote.get(key, False)), "")
    options = "".join(f'<option value="{key}"{" selected" if key == here else ""}>'
                      f"{e(setup.player_label(key))}</option>" for key in people)
    you, nobody = _("You play (everyone else online)"), _("nobody here")
    blank = "" if here else f'<option value="" selected>{e(nobody)}</option>'
    return (f'<label class="host-seat">{e(you)} <select name="host" data-testid="host-seat">'
            f"{blank}{options}</select></label>")


def _ice_html(ice_text: str, relays_text: str) -> str:
    servers = _("Connection servers (STUN/TURN), one a line")
    about = _("They help two browsers on different networks find each other; players on one "
              "network need none. Nothing is sent anywhere until an online game starts.")
    relays = _("Relays that carry the invitation (MQTT over WebSocket), one a line")
    relays_about = _("With relays, opening the link is all a friend does; they carry only "
                     "sealed connection offers, never the game. With none, the friend sends "
                     "back an answer code.")
    return (f'<label class="ice">{e(servers)} <textarea name="ice" rows="2" '
            f'spellcheck="false" data-testid="ice-servers">{e(ice_text)}</textarea></label>'
            f'<small class="ice-about">{e(about)}</small>'
            f'<label class="ice">{e(relays)} <textarea name="relays" rows="3" '
            f'spellcheck="false" data-testid="relays">{e(relays_text)}</textarea></label>'
            f'<small class="ice-about">{e(relays_about)}</small>')


def dialog_html(setup: Setup, ice_text: str = "", relays_text: str = "") -> str:
    players = "".join(
        f'<label><input type="radio" name="players" value="{n}"'
        f'{" checked" if setup.players == n else ""}> {e(_players(n))}</label>'
        for n in (2, 3, 4))
    pair = _options(setup.pair, [(n, nation_name(n)) for n in NATIONS])
    rows = [_seat_row(setup, group[0]) for group in setup.groups()]
    rules = _options(setup.ruleset, [("v0.10.4", _("Rules v0.10.4")),
                                     ("preview", _("Web preview"))])
    speeds = _options(setup.speed_ms, list(speed_words().items()))
    two = _("Nation with two players")
    pair_row = (f'<label>{e(two)} <select name="pair">{pair}</select></label>'
                if setup.players == 3 else "")
    title, players_words, seats = _("New game"), _("Players"), _("Seats")
    ruleset, seed, speed = _("Ruleset"), _("Seed"), _("AI speed")
    cancel, start, online = _("Cancel"), _("Start game"), _("Play online")
    ice = (_host_seat_html(setup) + _ice_html(ice_text, relays_text) if setup.guests()
           else "")
    return (f'<div class="dlg" role="dialog" aria-modal="true" aria-labelledby="dlg-t">'
            f'<h2 id="dlg-t">{e(title)}</h2><form id="newgame">'
            f'<fieldset class="players"><legend>{e(players_words)}</legend>{players}</fieldset>'
            f"{pair_row}"
            f'<fieldset><legend>{e(seats)}</legend>{"".join(rows)}</fieldset>{ice}'
            f'<label>{e(ruleset)} <select name="ruleset">{rules}</select></label>'
            f'<label>{e(seed)} <input name="seed" type="number" min="0" max="{MAX_SEED}" '
            f'value="{setup.seed}"></label>'
            f'<label>{e(speed)} <select name="speed">{speeds}</select></label>'
            f'<div class="dlg-b"><button type="button" data-cmd="cancel-new">{e(cancel)}</button>'
            f'<button type="button" data-cmd="new-online" data-testid="play-online">'
            f"{e(online)}</button>"
            f'<button type="button" class="primary" data-testid="start-game" '
            f'data-cmd="start-game">{e(start)}</button></div></form></div>')


def _options(chosen: object, offered: Sequence[tuple[object, str]]) -> str:
    """A select's options (value, words), the ``chosen`` one selected."""
    return "".join(f'<option value="{e(str(value))}"{" selected" if value == chosen else ""}>'
                   f"{e(words)}</option>" for value, words in offered)


def _seat_row(setup: Setup, key: str) -> str:
    """A player's row: who plays the seat (a person, the computer at a level, a friend
    online) and their name."""
    chosen = (LEVEL_LETTERS[setup.level(key)] if setup.ai.get(key, False) else
              ONLINE if setup.remote.get(key, False) else "h")
    choices = seat_words()
    options = _options(chosen, [(v, choices[v]) for v in SEAT_CHOICES])
    name_words, optional = _("Name"), _("optional")
    return (f'<div class="seatrow {nation_of(key).lower()}"><label>{e(setup.player_label(key))} '
            f'<select name="seat"{attrs(data_seat=key)}>{options}</select></label>'
            f'<label class="pname">{e(name_words)} <input type="text" maxlength="{MAX_NAME}" '
            f'autocomplete="off"{attrs(placeholder=optional)}'
            f'{attrs(name=f"name.{key}", value=setup.names.get(key, ""))}'
            f'{attrs(data_testid=f"name-{key}")}></label></div>')


def setup_from_form(values: Mapping[str, str], seat_values: Mapping[str, str]) -> Setup:
    """Read the dialog's fields (strings) into a Setup; bad numbers fall back to defaults."""
    setup = Setup()
    setup.players = whole_number(values.get("players", ""), 2)
    setup.seed = whole_number(values.get("seed", "").strip(), 1)
    setup.speed_ms = whole_number(values.get("speed", ""), 300)
    bounded(setup)
    setup.pair = "USSR" if values.get("pair") == "USSR" else "USA"
    setup.ruleset = "preview" if values.get("ruleset") == "preview" else "v0.10.4"
    ai: dict[str, bool] = dict.fromkeys(SEATS, False)
    remote: dict[str, bool] = dict.fromkeys(SEATS, False)
    levels: dict[str, str] = {}
    names: dict[str, str] = {}
    for group in setup.groups():
        choice = seat_values.get(group[0], "h")
        name = values.get(f"name.{group[0]}", "").strip()[:MAX_NAME]
        for seat in group:
            ai[seat] = choice in AI_LEVELS
            remote[seat] = choice == ONLINE
            if choice in AI_LEVELS:
                levels[seat] = AI_LEVELS[choice]
            if name:
                names[seat] = name
    setup.ai = ai
    setup.remote = remote
    setup.levels = levels
    setup.names = names
    return setup
