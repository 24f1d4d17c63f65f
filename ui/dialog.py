"""The new-game dialog: players, which seats are human or AI (and its level), ruleset, seed."""

from __future__ import annotations

from .html import attrs, e
from .players import AI_LEVELS, LEVEL_LETTERS, SEATS, Setup

MAX_NAME = 60

SPEEDS = ((0, "instant"), (150, "fast"), (300, "normal"), (800, "slow"))
# Who plays a seat: a person or an AI level (values are the URL ``seats`` letters).
SEAT_CHOICES = (("h", "Human"), ("r", "AI Random"), ("e", "AI Easy"), ("m", "AI Medium"),
                ("x", "AI Hard"))


def dialog_html(setup: Setup) -> str:
    players = "".join(
        f'<label><input type="radio" name="players" value="{n}"'
        f'{" checked" if setup.players == n else ""}> {n} players</label>' for n in (2, 3, 4))
    pair = "".join(f'<option value="{n}"{" selected" if setup.pair == n else ""}>{n}</option>'
                   for n in ("USA", "USSR"))
    rows = []
    for group in setup.groups():
        key = group[0]
        label = setup.player_label(key)
        chosen = LEVEL_LETTERS[setup.level(key)] if setup.ai.get(key, False) else "h"
        options = "".join(f'<option value="{v}"{" selected" if v == chosen else ""}>{t}</option>'
                          for v, t in SEAT_CHOICES)
        name = setup.names.get(key, "")
        rows.append(
            f'<div class="seatrow {key.split(".")[0].lower()}"><label>{e(label)} '
            f'<select name="seat"{attrs(data_seat=key)}>{options}</select></label>'
            f'<label class="pname">Name <input type="text" maxlength="{MAX_NAME}" '
            f'autocomplete="off" placeholder="optional"'
            f'{attrs(name=f"name.{key}", value=name, data_testid=f"name-{key}")}></label>'
            f"</div>")
    rules = "".join(f'<option value="{r}"{" selected" if setup.ruleset == r else ""}>{t}</option>'
                    for r, t in (("v0.10.4", "Rules v0.10.4"), ("preview", "Web preview")))
    speeds = "".join(f'<option value="{ms}"{" selected" if setup.speed_ms == ms else ""}>{t}'
                     f"</option>" for ms, t in SPEEDS)
    pair_row = (f'<label>Nation with two players <select name="pair">{pair}</select></label>'
                if setup.players == 3 else "")
    return (f'<div class="dlg" role="dialog" aria-modal="true" aria-labelledby="dlg-t">'
            f'<h2 id="dlg-t">New game</h2><form id="newgame">'
            f'<fieldset class="players"><legend>Players</legend>{players}</fieldset>{pair_row}'
            f'<fieldset><legend>Seats</legend>{"".join(rows)}</fieldset>'
            f'<label>Ruleset <select name="ruleset">{rules}</select></label>'
            f'<label>Seed <input name="seed" type="number" value="{setup.seed}"></label>'
            f'<label>AI speed <select name="speed">{speeds}</select></label>'
            f'<div class="dlg-b"><button type="button" data-cmd="cancel-new">Cancel</button>'
            f'<button type="button" class="primary" data-testid="start-game" '
            f'data-cmd="start-game">Start game</button></div></form></div>')


def setup_from_form(values: dict[str, str], seat_values: dict[str, str]) -> Setup:
    """Read the dialog's fields (strings) into a Setup; bad numbers fall back to defaults."""
    setup = Setup()
    try:
        setup.players = int(values.get("players", "2"))
        setup.seed = int(values.get("seed", "1"))
        setup.speed_ms = int(values.get("speed", "300"))
    except ValueError:
        pass
    setup.pair = "USSR" if values.get("pair") == "USSR" else "USA"
    setup.ruleset = "preview" if values.get("ruleset") == "preview" else "v0.10.4"
    ai = {s: False for s in SEATS}
    levels: dict[str, str] = {}
    names: dict[str, str] = {}
    for group in setup.groups():
        choice = seat_values.get(group[0], "h")
        name = values.get(f"name.{group[0]}", "").strip()[:MAX_NAME]
        for seat in group:
            ai[seat] = choice in AI_LEVELS
            if choice in AI_LEVELS:
                levels[seat] = AI_LEVELS[choice]
            if name:
                names[seat] = name
    setup.ai = ai
    setup.levels = levels
    setup.names = names
    return setup
