"""The rival's moves shown on the board: where the other seats' last moves happened is marked
(``data-last``, ui.model.targets.trail) until the person acts, and a launch committed this
round stands on its target card in words and colour (ui.markup.centre)."""

from __future__ import annotations

import random
from dataclasses import replace

import game
from game.core.actions import Action, action_from_dict
from game.rules.records import Launch
from tests.fake_platform import FakePlatform, elements
from tests.test_ui_app import play_on_board, run_app, settle
from ui.app import App
from ui.markup.board import board_html
from ui.markup.centre import centre_html
from ui.markup.html import Marks
from ui.model.match import Position
from ui.model.players import Setup
from ui.model.table import Table
from ui.model.targets import TRAIL_MOVES, trail
from ui.words.names import content

USA = ("USA.politician", "USA.engineer")


def _played(seed: int, moves: int) -> game.Game:
    """A game of random legal moves, ``moves`` long (or over sooner)."""
    g = game.new_game(seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if g.is_over:
            break
        seat = g.to_act()[0]
        g.apply(seat, rng.choice(g.legal_actions(seat)))
    return g


def test_the_trail_is_the_rivals_moves_since_the_persons_last() -> None:
    log: list[tuple[str, Action]] = [
        ("USA.politician", action_from_dict({"type": "play_maneuver",
                                             "card": "USA:press_conference", "place": 1})),
        ("USSR.politician", action_from_dict({"type": "place_token", "board": "USA",
                                              "place": 2, "token": "bluff"})),
        ("USSR.engineer", action_from_dict({"type": "place_tile", "row": 1, "col": 2,
                                            "rotation": 3})),
    ]
    cols = content().board.cols  # the blueprint's width
    assert trail(log, USA) == {"stack:USA:2", f"cell:USSR:{1 * cols + 2}"}
    # What only the mover saw stays hidden: its hand, and the options it chose (a token's
    # kind, a tile's rotation) are no target of the trail.
    assert not any(t.startswith(("hand:", "opt:")) for t in trail(log, USA))
    assert trail(log[:1], USA) == set()  # the person moved last: nothing to show
    assert trail(log, None) == {f"cell:USSR:{1 * cols + 2}"}  # nobody here: the last move
    assert trail([], USA) == trail([], None) == set()


def test_the_trail_looks_back_a_bounded_number_of_moves() -> None:
    g = _played(5, 120)
    rival = [entry for entry in g.log if entry[0] not in USA]
    long_log = rival * 4
    assert len(long_log) > TRAIL_MOVES
    assert trail(long_log, USA) == trail(long_log[-TRAIL_MOVES:], USA)


def test_the_trail_marks_what_the_rivals_events_touched_since_the_persons_move() -> None:
    touched = [("USSR.engineer", frozenset({"risk:R-OLD"})),
               ("USA.engineer", frozenset({"cell:USA:3"})),
               ("USSR.engineer", frozenset({"risk:R1-X", "mission:M1"})),
               ("USSR.politician", frozenset({"stack:USSR:2"}))]
    assert trail([], USA, touched) == {"risk:R1-X", "mission:M1", "stack:USSR:2"}
    assert trail([], None, touched) == {"stack:USSR:2"}  # nobody at the screen: the last move
    g = _played(4, 30)
    assert trail(g.log, USA, touched) == trail(g.log, USA) | trail([], USA, touched)


def test_the_table_keeps_the_marks_of_a_bounded_number_of_moves_and_undo_drops_them() -> None:
    position = Position.of(_played(4, 30))
    app_table = Table(Setup(seed=4), position, "t")
    for i in range(TRAIL_MOVES + 5):
        app_table.moved("USSR.engineer", position, [], touched=frozenset({f"risk:R{i}"}))
    assert len(app_table.touched) == TRAIL_MOVES
    assert app_table.touched[-1] == ("USSR.engineer", frozenset({f"risk:R{TRAIL_MOVES + 4}"}))
    earlier = _played(4, 28)
    app_table.undone(Position.of(earlier), 2, _played(4, 29).log[-1], [])
    assert app_table.touched[-1][1] == frozenset({f"risk:R{TRAIL_MOVES + 2}"})


def test_a_marked_thing_and_an_unmarked_one_both_carry_the_trail() -> None:
    marks = Marks({"pile"}, trail={"pile", "deck:S"})
    assert 'data-last="1"' in marks.at("pile") and 'data-can="1"' in marks.at("pile")
    assert marks.at("deck:S") == ' data-last="1"' and marks.at("deck:E") == ""


def test_the_board_marks_each_kind_of_rival_move_it_draws() -> None:
    """After each move of the USSR in random games, the USA's picture of the table marks
    where it happened (when the move touched a thing drawn for the USA at all)."""
    marked_kinds: set[str] = set()
    for seed in (3, 4):
        g = game.new_game(seed)
        rng = random.Random(seed)
        while not g.is_over and g.log_size < 150:
            seat = g.to_act()[0]
            action = rng.choice(g.legal_actions(seat))
            g.apply(seat, action)
            if seat in USA:
                continue
            last = trail(g.log, USA)
            view = g.view("USA.politician")
            marks = Marks(trail=last)
            drawn = (board_html(view, "USA", marks=marks) + board_html(view, "USSR", marks=marks)
                     + centre_html(view, marks))
            if 'data-last="1"' in drawn:
                marked_kinds.add(action.kind)
    assert {"place_token", "place_tile", "play_maneuver", "announce_mission"} <= marked_kinds


def test_a_rivals_abort_is_marked_where_its_launch_stood() -> None:
    g = game.new_game(3)
    g.state.nations["USSR"].launch = ""  # as the USSR Politician's Abort leaves it
    g.forget_cache()
    view = g.view("USA.politician")
    drawn = board_html(view, "USSR", marks=Marks(trail={"rocket:USSR"}))
    assert 'class="launch aborted" data-last="1"' in drawn
    assert 'data-last' not in board_html(view, "USSR", marks=Marks())


def test_a_committed_launch_stands_on_its_target_card() -> None:
    g = game.new_game(3)
    view = g.view("USA.politician")
    first, *others = view.missions
    mission = first.id
    view = replace(view, missions=(replace(first, launching=("USSR",)), *others),
                   launches=(Launch(nation="USSR", mission=mission),
                             Launch(nation="USA", mission=view.moon.id)),
                   moon=replace(view.moon, on_display=True))
    html = centre_html(view)
    bands = elements(html, testid="launching")
    assert [b.data["nation"] for b in bands] == ["USSR", "USA"]
    assert "USSR launches here this round" in html and "USA attempts the Moon this round" in html
    assert f'aim-ussr" data-mission="{mission}"' in html and 'class="moon aim-usa"' in html


def test_after_the_computers_move_the_app_marks_where_it_happened() -> None:
    """Through the app: the person plays, the computer answers; the board then marks the
    computer's move, and the mark goes when the person acts again."""
    async def play(app: App, dom: FakePlatform) -> None:
        rng = random.Random(2)
        drawn = ""
        for _ in range(60):
            await settle(app)
            drawn = "".join(dom.regions[r] for r in ("board-USA", "board-USSR", "centre"))
            if 'data-last="1"' in drawn:
                break
            play_on_board(app, dom, rng.randrange(len(app.table.actions)))
        assert 'data-last="1"' in drawn and app.match.game.log[-1][0].startswith("USSR")
        expected = trail(app.match.game.log, app.table.at_screen, app.table.touched)
        assert app.table.touched[-1][0] == app.match.game.log[-1][0]  # its events' marks kept
        shown = {el.data["target"] for r in ("board-USA", "board-USSR", "centre")
                 for el in elements(dom.regions[r], last="1") if "target" in el.data}
        assert shown <= expected
        play_on_board(app, dom, 0)  # the person acts: its own move is no rival's trail
        for _ in range(3):
            if app.match.game.log[-1][0] in USA:
                drawn = "".join(dom.regions[r] for r in ("board-USA", "board-USSR", "centre"))
                assert 'data-last="1"' not in drawn
                break
            await settle(app)

    run_app(play, "?players=2&seats=hhee&seed=3&speed=0")
