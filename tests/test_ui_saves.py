"""The browser app's pure-Python save logic: export envelope, validation, summaries of stored
entries, replays from the log, undo limited to a player's own seats, and escaping."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import game
from game import SEATS
from game.analysis.history import replay as engine_replay
from game.core import actions as A
from ui.model.players import Setup
from ui.model.replay import Replay, game_fingerprint, narrate
from ui.model.saves import (
    KEY_PREFIX,
    SaveError,
    bug_report_text,
    envelope,
    export_text,
    file_name,
    parse,
    sorted_summaries,
    summarize,
)
from ui.model.undo import player_undo
from ui.screens.panels import replay_bar_html, resume_html, saves_html

XSS = '<img src=x onerror="window.__pwned=1">'


def played(seed: int, steps: int | None = None, players: int = 2) -> game.Game:
    """A seeded random game, ``steps`` actions long (to the end by default)."""
    g = game.new_game(seed, players=players)
    rng = random.Random(seed)
    while not g.is_over and (steps is None or len(g.log) < steps):
        seat = rng.choice(g.to_act())
        g.apply(seat, rng.choice(g.legal_actions(seat)))
    return g


def setup_for(g: game.Game, names: dict[str, str] | None = None) -> Setup:
    setup = Setup(players=g.players, seed=g.seed, ruleset=g.ruleset)
    setup.names = names or {}
    return setup


def exported(g: game.Game, **changes: Any) -> dict[str, Any]:
    data = envelope(g, setup_for(g, {"USA.politician": "Ann", "USA.engineer": "Ann"}))
    data.update(changes)
    return data


# --------------------------------------------------------------------------- round trip


def test_an_export_imports_back_to_the_same_game_and_seats() -> None:
    g = played(3, 40)
    text = export_text(g, setup_for(g, {"USA.politician": "Ann", "USA.engineer": "Ann"}))
    data = json.loads(text)
    assert data["format"] == "moonshot-export" and data["version"] == 1
    assert data["save"]["seed"] == 3 and len(data["save"]["log"]) == 40
    assert data["save"]["ruleset"] == "v0.10.4" and "state" in data["save"]
    assert data["seats"] == {s: "ai" if s.startswith("USSR") else "human" for s in SEATS}
    loaded = parse(text)
    assert loaded.game == g and loaded.game.to_json() == g.to_json()
    assert loaded.setup.ai == {s: s.startswith("USSR") for s in SEATS}
    assert loaded.setup.display_name("USA.engineer") == "Ann"
    assert loaded.setup.display_name("USSR.engineer") == "USSR"
    assert loaded.title.startswith("USA (Ann) vs USSR (AI)")


def test_a_finished_game_and_a_bare_engine_save_and_a_bug_report_import() -> None:
    g = played(5)
    assert g.is_over
    assert parse(export_text(g, setup_for(g))).game == g
    bare = parse(g.to_json())
    assert bare.game == g and not any(bare.setup.ai.values())
    report = json.loads(bug_report_text(g, setup_for(g), "Traceback: boom"))
    assert report["error"] == "Traceback: boom"
    assert parse(json.dumps(report)).game == g


def test_a_screen_holding_no_game_offers_no_export_and_reports_the_error_alone() -> None:
    """A guest's screen holds no game (ui.model.match): its Saved games has no Export of
    the game on the table, and its bug report carries the error and no game."""
    assert 'data-cmd="export"' in saves_html([], None)
    assert 'data-cmd="export"' not in saves_html([], None, held=False)
    report = json.loads(bug_report_text(None, Setup(), "Traceback: boom"))
    assert report["error"] == "Traceback: boom" and "export" not in report
    assert file_name(None, "moonshot-bug-report").startswith("moonshot-bug-report-2")
    assert "-seed5-" in file_name(played(5))


# --------------------------------------------------------------------------- refusals


def refused(data: Any) -> str:
    text = data if isinstance(data, str) else json.dumps(data)
    with pytest.raises(SaveError) as info:
        parse(text)
    return str(info.value)


def test_truncated_json_is_refused() -> None:
    text = export_text(played(3, 30), Setup())
    assert "truncated" in refused(text[: len(text) // 2])
    assert "empty" in refused("")


def test_wrong_versions_are_refused() -> None:
    g = played(3, 10)
    assert "version 2" in refused(exported(g, version=2))
    inner = exported(g)
    inner["save"]["version"] = 7
    assert "version 7" in refused(inner)
    assert "not a Moonshot saved game" in refused({"format": "chess", "version": 1})
    assert "not a Moonshot saved game" in refused([1, 2, 3])


def test_an_unknown_ruleset_is_refused() -> None:
    data = exported(played(3, 10))
    data["save"]["ruleset"] = "v9.9"
    assert "Unknown ruleset 'v9.9'" in refused(data)


def test_an_illegal_action_in_the_log_is_refused() -> None:
    g = played(3, 20)
    data = exported(g)
    seat, _ = g.log[5]
    other = "USSR.politician" if seat.startswith("USA") else "USA.politician"
    data["save"]["log"][5]["seat"] = other  # acting out of turn
    message = refused(data)
    assert "Entry 6 of the log is not a legal move" in message


def test_an_edited_number_is_refused() -> None:
    data = exported(played(3, 20))
    data["save"]["state"]["nations"]["USA"]["money"] += 50
    message = refused(data)
    assert "edited" in message and "money" in message


def test_bad_seats_and_names_are_refused() -> None:
    g = played(3, 10)
    assert "whether it is 'human', 'ai' or 'online'" in refused(exported(g, seats={"USA": "human"}))
    seats = {s: "human" for s in SEATS}
    seats["USA.engineer"] = "robot"
    assert "must be 'human', 'ai' or 'online'" in refused(exported(g, seats=seats))
    seats["USA.engineer"] = "ai"  # USA's two seats are one player in a 2-player game
    assert "are not played alike" in refused(exported(g, seats=seats))
    assert "at most 60" in refused(exported(g, names={"USA.politician": "x" * 61}))
    assert "map seats" in refused(exported(g, names={"<b>": "x"}))
    assert "name of USA.politician" in refused(exported(g, names={"USA.politician": 5}))


def test_names_with_markup_are_kept_as_text() -> None:
    g = played(3, 10)
    loaded = parse(json.dumps(exported(g, names={s: XSS for s in SEATS}, title=XSS)))
    assert loaded.setup.display_name("USSR.politician") == XSS
    assert loaded.title == XSS


# --------------------------------------------------------------------------- listing


def test_broken_stored_entries_are_summarised_as_unreadable_never_raising() -> None:
    good = export_text(played(3, 12), Setup())
    junk = ["", "{", "null", "[]", "42", '{"format":"moonshot-export","version":1,"save":5}',
            '{"format":"moonshot-export","version":1,"save":{"state":[],"log":{}}}',
            good[:100], json.dumps({**json.loads(good), "version": 3})]
    for text in junk:
        summary = summarize(KEY_PREFIX + "x", text)
        assert not summary.ok and summary.error, text
    ok = summarize(KEY_PREFIX + "y", good)
    assert ok.ok and ok.moves == 12 and "round" in ok.detail and not ok.over
    listed = sorted_summaries({KEY_PREFIX + "a": "{", KEY_PREFIX + "b": good, "other": good})
    assert [s.key for s in listed] == [KEY_PREFIX + "b", KEY_PREFIX + "a"]


def test_panels_escape_everything_from_players_and_files() -> None:
    text = json.dumps(exported(played(3, 12), title=XSS))
    summaries = [summarize(KEY_PREFIX + XSS, text), summarize(KEY_PREFIX + "bad", "{" + XSS)]
    assert summaries[0].ok and not summaries[1].ok
    for markup in (saves_html(summaries, None, error=XSS, notice=XSS), resume_html(summaries[0])):
        assert "<img" not in markup and "&lt;img src=x onerror=&quot;" in markup


# --------------------------------------------------------------------------- replay, undo


def test_a_replay_from_the_log_reaches_the_saved_state() -> None:
    g = played(8, players=4)
    kept: list[game.Game] = []
    rp = Replay(json.loads(g.to_json()), kept)
    frames = list(engine_replay(g))
    assert len(rp) == len(g.log) and len(kept) == len(frames)
    assert all(a == b for a, b in zip(kept, frames, strict=True))
    assert rp.matches and rp.finished and rp.final_fingerprint == game_fingerprint(g)
    assert kept[0].log == [] and rp.notes[0][0].line.startswith("New game")
    assert not any(isinstance(value, game.Game) for value in vars(rp).values())  # records
    assert narrate(g) == rp.story(len(rp))
    assert 'data-match="1"' in replay_bar_html(rp, len(rp), None, list(SEATS))


def test_a_replay_notices_a_state_that_differs_from_its_log() -> None:
    data = json.loads(played(8, 30).to_json())
    data["state"]["nations"]["USSR"]["popularity"] += 1
    rp = Replay(data)
    assert not rp.matches and rp.saved_fingerprint != rp.final_fingerprint
    assert 'data-match="0"' in replay_bar_html(rp, 0, None, [])
    data["log"][3]["action"] = {"kind": "launch", "mission": "nowhere"}
    with pytest.raises(SaveError, match="Action 4"):
        Replay(data)


def _first_undoable(g: game.Game, nation: str, rng: random.Random) -> game.Game:
    while not g.is_over:
        if g.log and g.log[-1][0].startswith(nation) and player_undo(
                g, (f"{nation}.politician", f"{nation}.engineer"))[0]:
            return g
        seat = rng.choice(g.to_act())
        g.apply(seat, rng.choice(g.legal_actions(seat)))
    raise AssertionError("no undoable position")


def test_undo_is_limited_to_the_players_own_seats() -> None:
    g = _first_undoable(game.new_game(3), "USA", random.Random(3))
    both = ("USA.politician", "USA.engineer")
    count, why = player_undo(g, both)
    assert count >= 1 and why == ""
    last_seat = g.log[-1][0]
    teammate = next(s for s in both if s != last_seat)
    count, why = player_undo(g, (teammate,))
    assert count == 0 and "your teammate has acted since" in why
    # With the teammate a computer, its move is no longer in the way, but the person (the
    # Engineer, still in the Maneuver phase) has no action of its own to take back.
    assert last_seat == "USA.politician"
    count, why = player_undo(g, (teammate,), frozenset({last_seat}))
    assert (count, why) == (0, "Undo is not available: you have not acted yet.")
    fresh = player_undo(game.new_game(3), both)
    assert fresh == (0, "Nothing has been played yet.")
    over = played(5)
    assert player_undo(over, both) == (0, "Undo is not available: the game is over.")


def test_against_the_computer_undo_takes_back_its_answers_too() -> None:
    """USA is a person, USSR the computer: after USA's action and USSR's answer, Undo takes
    both back (as long as the answer rolled, drew and showed nothing)."""
    g = game.new_game(3)
    while g.phase != "engineering":
        seat = g.to_act()[0]
        options = g.legal_actions(seat)
        g.apply(seat, next((a for a in options if a.kind in ("pass_maneuvers", "abort")),
                           options[0]))
    usa, ussr = ("USA.politician", "USA.engineer"), frozenset({"USSR.politician",
                                                               "USSR.engineer"})
    risk = g.state.active[0][1][0]
    g.apply("USSR.engineer", A.Test(risk))
    g.apply("USA.engineer", A.Test(risk))
    g.apply("USSR.engineer", A.Test(risk))
    assert player_undo(g, usa) == (0, "Undo is not available: the other nation has acted "
                                      "since.")
    assert player_undo(g, usa, ussr) == (2, "")
    g.apply("USA.engineer", A.PassEngineer())
    g.apply("USSR.engineer", A.TakeFromLine("S"))  # draws a tile: the barrier
    count, why = player_undo(g, usa, ussr)
    assert count == 0 and "computer player's move" in why


# --------------------------------------------------------------------------- hints taken


def test_hints_taken_survive_an_export_and_show_on_the_end_screen() -> None:
    from ui.screens.panels import end_html

    g = played(3)
    text = export_text(g, setup_for(g), hints={"USA": 2, "USSR": 1})
    assert parse(text).hints == {"USA": 2, "USSR": 1}
    assert parse(json.dumps(exported(g))).hints == {"USA": 0, "USSR": 0}  # none recorded
    html = end_html(g.view(None), g.winner or "?", g.end_reason or "", parse(text).hints)
    assert "2 hints taken" in html and "1 hint taken" in html


@pytest.mark.parametrize("hints", [{"Mars": 1}, {"USA": -1}, {"USA": "2"}, {"USA": True}, []])
def test_bad_hint_counts_are_refused(hints: object) -> None:
    g = played(3, steps=20)
    with pytest.raises(SaveError, match="hints"):
        parse(json.dumps(exported(g, hints=hints)))


def test_a_guest_tells_the_same_story_from_the_public_events_as_the_host_from_its_save(
) -> None:
    """ui.model.replay.public_story, from the referee's public history, says word for word
    what the host's own log says of a continued game (narrate), secrets stripped or not."""
    from game.core.events import event_from_plain
    from game.online.referee import public_history
    from ui.model.replay import narrate, public_story

    g = game.new_game(6)
    rng = random.Random(6)
    while not g.is_over and g.log_size < 400:
        seat = g.to_act()[0]
        g.apply(seat, rng.choice(g.legal_actions(seat)))
    view = g.view(None)
    history = [[event_from_plain(plain) for plain in events] for events in public_history(g)]
    told = public_story(view.players, view.ruleset, view.test_bonus, history)
    assert [t.text for t in told] == [t.text for t in narrate(g)]
    assert len(told) > g.log_size
