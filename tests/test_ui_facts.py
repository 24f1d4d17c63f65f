"""Facts once: a number of the rules the app shows (a cost, a penalty, the supplier price, the
discussion's length) comes from the engine's content, never typed into ui/ code or its words.

The behaviour tests change the content (or the view built from it) and see the new number on
the screen; the scan fails when a message of ui/ types such a number again.
"""

from __future__ import annotations

import ast
import asyncio
import dataclasses
import importlib
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import game
from game.core.content import Content, use_content
from game.core.events import LaunchDelayed
from game.rules.records import View
from game.tools.variant import parse_variant
from tests.fake_platform import FakePlatform
from tests.test_ui_app import run_app
from ui.app import App
from ui.control import turns
from ui.markup import frame, launchshow, looks
from ui.markup.board import board_html
from ui.markup.controls import BarState
from ui.markup.html import Marks
from ui.model import tutorial
from ui.words import i18n
from ui.words.names import card_icon, clock, content, duration, risk_name
from ui.words.narration import Launch

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    i18n.use("en")


def _other_content() -> Content:
    """The real content with every number the app shows changed."""
    real = content()
    board = real.board
    board = dataclasses.replace(
        board,
        start={**board.start, "money": 41},
        costs={**board.costs, "line": 9, "research": 12, "test": 6, "anti_sabotage_base": 14},
        payload_costs={**board.payload_costs, "satellite": 11},
        supplier_prices=(17, 23, 29),
        penalties={**board.penalties, "abort": 4, "tie": 5, "delay": 6},
        discussion_seconds=90,
    )
    rulesets = {name: dataclasses.replace(r, budget_gap=19, test_bonus=3)
                for name, r in real.rulesets.items()}
    return dataclasses.replace(real, board=board, rulesets=rulesets)


@pytest.fixture
def other_rules(monkeypatch: pytest.MonkeyPatch) -> Content:
    """Every ui module that reads the content reads :func:`_other_content` instead."""
    changed = _other_content()
    for module in (looks, frame, launchshow, tutorial):
        monkeypatch.setattr(module, "content", lambda: changed, raising=False)
    return changed


def _view_of(changed: Content, g: game.Game, seat: str) -> View:
    """``g``'s view for ``seat`` with the numbers of ``changed`` (what the engine would give
    with that content)."""
    return dataclasses.replace(g.view(seat), penalties=dict(changed.board.penalties),
                               supplier_prices=tuple(changed.board.supplier_prices))


def _label(kind: str, fields: dict[str, Any], view: View, g: game.Game) -> str:
    action = game.action_from_dict({"type": kind, **fields})
    label = looks.LOOKS[type(action)].label
    assert label is not None
    html, title = label(action, view, g)
    return f"{html} | {title}"


# --------------------------------------------------------------------------- the bar


def test_the_bar_names_the_rule_numbers_of_the_view() -> None:
    g = game.new_game(1)
    view = g.view("USA.politician")
    assert "Abort launch (-1 Popularity)" in _label("abort", {}, view, g)
    assert "Pay 2 " in _label("pay_for_tie", {}, view, g)
    assert "Structure to the 8$ space" in _label("line_to_suppliers", {"deck": "S"}, view, g)
    assert "Skip the rest of the 2 minutes" in _label("end_discussion", {}, view, g)


def test_the_bar_follows_other_numbers(other_rules: Content) -> None:
    g = game.new_game(1)
    view = _view_of(other_rules, g, "USA.politician")
    assert "Abort launch (-4 Popularity)" in _label("abort", {}, view, g)
    assert "Pay 5 " in _label("pay_for_tie", {}, view, g)
    assert "Structure to the 17$ space" in _label("line_to_suppliers", {"deck": "S"}, view, g)
    assert "Skip the rest of the 90 seconds" in _label("end_discussion", {}, view, g)


def test_the_board_names_the_abort_penalty_of_the_view(other_rules: Content) -> None:
    g = game.new_game(1)
    view = g.view("USA.politician")
    marks = Marks({"rocket:USA"})
    assert "Abort the launch (-1 Popularity)" in board_html(view, "USA", marks=marks)
    other = board_html(_view_of(other_rules, g, "USA.politician"), "USA", marks=marks)
    assert "Abort the launch (-4 Popularity)" in other and "-1 Popularity" not in other


def _discussion_bar(g: game.Game, left: int | None = None) -> str:
    seat = g.to_act()[0]
    bar = frame.Bar(seat=seat, actions=g.legal_actions(seat), bar=BarState(),
                    waiting_for_players=False, screens={}, undo=(0, 0, ""),
                    hint_thinking=False, can_ask_hint=False, hint=None, clock=left)
    return frame.actions_html(g.view(seat), g.choices(seat), bar)


def test_the_countdown_starts_at_the_discussions_length() -> None:
    g = game.new_game(1, players=4)
    assert g.phase == "discussion"
    assert '<b id="countdown">2:00</b>' in _discussion_bar(g)
    # once it runs, a bar drawn again shows the seconds left (not the whole time again)
    assert '<b id="countdown">0:45</b>' in _discussion_bar(g, 45)


def test_the_countdown_follows_another_length(other_rules: Content) -> None:
    g = game.new_game(1, players=4)
    assert '<b id="countdown">1:30</b>' in _discussion_bar(g)


def test_a_delayed_launch_shows_the_delay_penalty(other_rules: Content) -> None:
    delayed = Launch(LaunchDelayed("USA", "M0-VANGUARD", "payload"))
    assert "-6 Popularity" in launchshow.frames(delayed, 1)[0].markup


def test_clock_and_duration_words() -> None:
    assert [clock(s) for s in (120, 90, 61, 9, 0, -3)] == \
        ["2:00", "1:30", "1:01", "0:09", "0:00", "0:00"]
    assert [duration(s) for s in (120, 60, 90, 1)] == \
        ["2 minutes", "1 minute", "90 seconds", "1 second"]
    i18n.use("hu")
    assert duration(180) == "3 perc"


# --------------------------------------------------------------------------- the tutorial


def _step(start: str) -> tutorial.Step:
    return next(s for s in tutorial.script().steps if s.text.startswith(start))


# (the step's opening words, what it says with the real rules, what with _other_content)
TUTORIAL = [
    ("Welcome", "more than 15 apart", "more than 19 apart"),
    ("Engineering:", "with 30 money to spend", "with 41 money to spend"),
    ("Engineering:", "Development Line (7 money)", "Development Line (9 money)"),
    ("Research", "Research (10 money)", "Research (12 money)"),
    ("Explorer 1 needs", "Payload tile (5 money)", "Payload tile (11 money)"),
    ("Test a Risk", "Test a Risk (4 money)", "Test a Risk (6 money)"),
    ("Test a Risk", "adds +1 to the die", "adds +3 to the die"),
    ("Your rocket is far", "it costs 1 Popularity", "it costs 4 Popularity"),
    ("Order a Module", "then the 8$ space", "then the 17$ space"),
    ("A tie:", "Win it for 2 Popularity", "Win it for 5 Popularity"),
    ("The USSR's rocket flew first", "delayed: -3 Popularity", "delayed: -6 Popularity"),
    ("The Sabotage marker", "Remove it (11 money)", "Remove it (15 money)"),
]


@pytest.mark.parametrize(("start", "real", "other"), TUTORIAL)
def test_the_tutorial_says_the_rule_numbers_of_the_content(
        start: str, real: str, other: str) -> None:
    assert real in _step(start).words()


@pytest.mark.parametrize(("start", "real", "other"), TUTORIAL)
def test_the_tutorial_follows_other_numbers(
        other_rules: Content, start: str, real: str, other: str) -> None:
    words = _step(start).words()
    assert other in words and real not in words


@pytest.mark.parametrize("code", sorted(i18n.LANGUAGES))
def test_every_tutorial_text_is_filled_in_every_language(code: str) -> None:
    i18n.use(code)
    for step in tutorial.script().steps:
        words = step.words()
        assert "{" not in words and "}" not in words, words


def test_a_tutorial_text_naming_an_unknown_fact_is_refused() -> None:
    text = ('seed = 1\nlevel = "easy"\n[[steps]]\ntext = "Pay {lunch_cost} money"\n'
            'highlight = "#x"\n')
    with pytest.raises(ValueError, match="step 1: a text names only"):
        tutorial.parse(text)


# --------------------------------------------------------------------------- the words

# A number typed before a unit of the rules: "8$", "7 money", "-1 Popularity", "costs 1
# Popularity", "2 minutes", a Budget gap ("more than 15") or a clock ("2:00"). A gain printed with
# a plus ("+1 Popularity": a card's or a Mission's reward in the tutorial's story) is not
# matched, nor 0 (the bottom of the Popularity track, where a nation loses).
TYPED = re.compile(r"(?<![+\d])[1-9]\d* ?(?:\$|money\b|Popularity\b|Népszerűség|pénz"
                   r"|minutes?\b|seconds?\b|perc)|more than \d|\b\d+:\d\d\b")


def _code_messages() -> list[str]:
    """Every message of ui/'s code and of the tutorial (not the content's names and
    flavour texts), English forms."""
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        messages = importlib.import_module("messages")
    finally:
        sys.path.remove(str(ROOT / "scripts"))
    found = []
    for message in messages.extract():
        if not message.id or all(where.startswith("game/") for where, _ in message.locations):
            continue
        found += [message.id] if isinstance(message.id, str) else list(message.id)
    return found


def test_the_scan_sees_a_typed_number() -> None:
    for typed in ("{deck} to the 8$ space", "Abort launch (-1 Popularity)", "(7 money)",
                  "it costs 1 Popularity", "Skip the rest of the 2 minutes",
                  "drift more than 15 apart", '<b id="countdown">2:00</b>'):
        assert TYPED.search(typed), typed
    for fine in ("{deck} to the {price}$ space", "it gives you +1 Popularity",
                 "At 0 Popularity a nation loses",
                 "Abort launch (-{cost} Popularity)", "{count} minutes", "place 4"):
        assert not TYPED.search(fine), fine


def test_no_message_of_the_app_types_a_rule_number() -> None:
    found = _code_messages()
    assert len(found) > 300 and "End the discussion" in found
    typed = [m for m in found if TYPED.search(m)]
    assert not typed, typed


def _docstrings(tree: ast.AST) -> set[int]:
    return {id(node.body[0].value) for node in ast.walk(tree)
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef
                          | ast.AsyncFunctionDef)
            and node.body and isinstance(node.body[0], ast.Expr)
            and isinstance(node.body[0].value, ast.Constant)}


def test_no_string_of_ui_types_a_rule_number() -> None:
    """Every string of ui/'s code (markup a message does not hold, e.g. a countdown's first
    text, as well as messages), docstrings aside."""
    typed = []
    for path in sorted((ROOT / "ui").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docs = _docstrings(tree)
        typed += [f"{path.relative_to(ROOT)}:{node.lineno}: {node.value!r}"
                  for node in ast.walk(tree)
                  if isinstance(node, ast.Constant) and isinstance(node.value, str)
                  and id(node) not in docs and TYPED.search(node.value)]
    assert not typed, typed


def test_the_turn_loop_counts_down_the_discussions_length(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The app's own clock (ui.control.turns) runs for the content's discussion length, and a
    host's countdown longer than that is refused."""
    changed = _other_content()
    monkeypatch.setattr(turns, "content", lambda: changed)

    async def play(app: App, dom: FakePlatform) -> None:
        # The loop's clock read around what starts each countdown: a countdown's end is then
        # judged against the moments it could have begun, on a machine of any speed.
        loop = asyncio.get_running_loop()
        began = loop.time()
        for _ in range(200):  # four players: each round opens with the teams' talk
            if app.turns.discussion_now() is not None:
                break
            await asyncio.sleep(0)  # (not settle: the countdown's task runs on)
        # the computers' USSR ended its talk at once; the USA's, with a person, goes on
        assert app.match.game.phase == "discussion" and app.turns.discussion_now() is not None
        await asyncio.sleep(0)  # the countdown's first tick
        now = loop.time()
        end = app.table.deadline["USA"]
        assert set(app.turns.seconds_left()) == {"USA"}
        assert began + 90 <= end <= now + 90  # the content's 90 s, not the rules' 120
        could_show = {clock(left) for left in range(int(end - now), int(end - began) + 1)}
        # (drawn with the bar, then by each tick whose second differs)
        drawn = re.search(r'id="countdown">([0-9:]+)<', dom.regions["actions"])
        shown = dom.texts.get("countdown") or (drawn.group(1) if drawn else "")
        assert shown in could_show, (shown, could_show)
        app.turns.countdown_from_host("USSR", 91)  # longer than the content's: not a clock
        assert "USSR" not in app.turns.seconds_left()
        began = loop.time()
        app.turns.countdown_from_host("USSR", 60)
        assert began + 60 <= app.table.deadline["USSR"] <= loop.time() + 60
        await asyncio.sleep(0)  # its ticking starts (and is cancelled with the app's tasks)

    run_app(play, "?players=4&seats=heee&seed=3&speed=0")


def test_the_screens_words_and_card_icons_follow_the_content_in_force() -> None:
    """A designer's variant renames a Risk and makes a card pay money: the screen names and
    draws them so while it is in force, and as the rules have them again after."""
    variant = parse_variant('[variant]\ntitle = "A test"\n[risks.R0-PAD]\nname = "Pad fire '
                            '(calmer)"\n[maneuvers.press_conference]\nlevels = [{ money = 2 }, '
                            '{ money = 3 }, { money = 4 }]\n', "words.toml")
    stock_name, stock_icon = risk_name("R0-PAD"), card_icon("USA:press_conference")
    assert stock_icon != "money"
    use_content(variant.content)
    try:
        assert (risk_name("R0-PAD"), card_icon("USA:press_conference")) == ("Pad fire (calmer)",
                                                                         "money")
    finally:
        use_content(None)
    assert (risk_name("R0-PAD"), card_icon("USA:press_conference")) == (stock_name, stock_icon)
