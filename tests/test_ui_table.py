"""The table's state (ui.model.table.Table): one owner, and what its changes do.

Every other part of the UI reads the table and asks it to change: a field of the table
assigned, or its log or redo list changed in place, anywhere but in ``ui/model/table.py``
fails :func:`test_only_the_table_changes_its_fields`.
"""

from __future__ import annotations

import ast
import copy
import json
import random
from collections.abc import Callable
from pathlib import Path

import game
from game.core.actions import Action
from game.core.state import State
from game.online.guestlink import read_picture
from game.online.referee import Referee
from ui.markup.frame import Header, top_html
from ui.model.examples import examples
from ui.model.match import Match, Position
from ui.model.players import Setup, choose_seat
from ui.model.replay import Replay, Travel
from ui.model.table import LIGHT, Guide, Table
from ui.model.targets import NO_PICK, Hint, Pick, tab_of
from ui.words.names import percent
from ui.words.narration import note

ROOT = Path(__file__).resolve().parent.parent
OWNER = ROOT / "ui" / "model" / "table.py"
MUTATORS = {"append", "extend", "insert", "pop", "clear", "remove", "update", "setdefault",
            "sort", "reverse"}


def _reaches_table(node: ast.expr, aliases: set[str]) -> bool:
    """``node`` is the table or something held in it: ``app.table.seat``, ``table.setup``,
    or a local name given the table (``t = self.app.table``)."""
    while isinstance(node, ast.Attribute | ast.Subscript):
        if isinstance(node, ast.Attribute) and node.attr == "table":
            return True
        node = node.value
    return isinstance(node, ast.Name) and (node.id == "table" or node.id in aliases)


def outside_changes(source: str) -> list[int]:
    """Lines of ``source`` that change the table, or a thing it holds, without its methods:
    an assignment to it or into it, or a list's or dict's own change (``append``...)."""
    found: list[int] = []
    for func in ast.walk(ast.parse(source)):
        if not isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef | ast.Module):
            continue
        aliases = {t.id for node in ast.walk(func) if isinstance(node, ast.Assign)
                   and isinstance(node.value, ast.Attribute) and node.value.attr == "table"
                   for t in node.targets if isinstance(t, ast.Name)}
        for node in ast.walk(func):
            targets: list[ast.expr] = []
            if isinstance(node, ast.Assign):
                targets = [t for target in node.targets for t in
                           (target.elts if isinstance(target, ast.Tuple) else [target])]
            elif isinstance(node, ast.AugAssign | ast.AnnAssign):
                targets = [node.target]
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                    and node.func.attr in MUTATORS:
                targets = [node.func.value]
            for target in targets:
                held = target if isinstance(node, ast.Call) else \
                    target.value if isinstance(target, ast.Attribute | ast.Subscript) else None
                if held is not None and _reaches_table(held, aliases):
                    found.append(target.lineno)
    return sorted(set(found))


def test_only_the_table_changes_its_fields() -> None:
    offenders = [f"{path.relative_to(ROOT)}:{line}"
                 for path in sorted((ROOT / "ui").rglob("*.py")) if path != OWNER
                 for line in outside_changes(path.read_text())]
    assert not offenders, "the table changed outside its methods: " + ", ".join(offenders)


def test_the_busy_flag_is_the_tables_drawn_by_the_app_alone() -> None:
    """``data-busy`` (the screen waits for the loop, or for a person) is the table's
    (``Table.busy``, changed by ``Table.set_busy``), drawn by the app alone: nothing else
    names it (the table names it once more, among the fields drawn over the table)."""
    def files_with(found: Callable[[ast.AST], bool]) -> list[str]:
        return sorted(str(path.relative_to(ROOT)) for path in (ROOT / "ui").rglob("*.py")
                      if any(found(node) for node in ast.walk(ast.parse(path.read_text()))))

    assert files_with(lambda n: isinstance(n, ast.Constant) and n.value == "busy") \
        == ["ui/app.py", "ui/model/table.py"]


def test_the_check_finds_each_way_of_changing_the_table() -> None:
    source = """
def f(app, self):
    app.table.seat = None
    self.app.table.seat, self.app.table.actions = None, []
    app.table.log.append(1)
    app.table.setup.speed_ms = 5
    t = self.app.table
    t.group = ""
    table.redo.pop()
    app.table.deadline += 1
    app.table.open_dialog("new")
    app.seat = None
    self.app.table.pick.chosen = ()
    app.table.setup.levels["USSR.engineer"] = "hard"
    x = app.table.log
"""
    assert outside_changes(source) == [3, 4, 5, 6, 8, 9, 10, 13, 14]


def _dealt(players: int = 2) -> tuple[Table, Match]:
    """A table at a new game's position, and the match holding that game."""
    match = Match(game.new_game(4, players=players))
    return Table(Setup(players=players, seed=4), match.position(), "id"), match


def _table(players: int = 2) -> Table:
    return _dealt(players)[0]


def _move_and_undo(table: Table, match: Match) -> tuple[str, Action]:
    """The acting seat's first action taken, then undone: Redo holds it."""
    g = match.game
    seat = g.to_act()[0]
    table.decide(seat, g.legal_actions(seat), g.view(seat))
    action = table.actions[0]
    match.apply(seat, action)
    table.moved(seat, match.position(), [note("moved")])
    redo = match.rewind(1)
    table.undone(match.position(), 1, redo, [])
    return seat, action


def test_a_deal_seats_the_only_person_and_forgets_the_last_game() -> None:
    table, match = _dealt()
    _move_and_undo(table, match)
    table.open_dialog("saves", "<div>saved games</div>")
    assert table.redo
    setup = Setup(seed=9, ai={"USA.politician": True, "USA.engineer": True,
                              "USSR.politician": False, "USSR.engineer": False})
    g = game.new_game(9)
    table.deal(setup, Position.of(g), "new-id", "A title", [note("opening")])
    assert (table.position, table.setup, table.save_id, table.title) \
        == (Position.of(g), setup, "new-id", "A title")
    assert table.at_screen == ("USSR.politician", "USSR.engineer") and table.tab == "USSR"
    assert table.seat is None and table.actions == [] and table.pick is NO_PICK
    assert table.redo == [] and table.dialog == table.dialog_markup == ""
    assert table.last_seat is None
    hot_seat = Setup(seed=9, ai=dict.fromkeys(game.SEATS, False))
    table.deal(hot_seat, Position.of(g), "id3", "", [])
    assert table.at_screen is None  # two people: nobody until the privacy screen is passed


def test_a_decision_then_a_move_then_undo_and_redo() -> None:
    table, match = _dealt()
    before = match.game
    seat = before.to_act()[0]
    table.decide(seat, before.legal_actions(seat), before.view(seat))
    assert table.seat == seat and table.pick.routes and table.group == ""
    table.open_group("research")
    seat, action = _move_and_undo(table, match)
    assert table.group == "" and match.game is not before and table.position.moves == 0
    assert table.seat is None and table.redo == [(seat, action)]
    assert table.last_seat is None and table.log == []
    g = match.game
    table.decide(seat, g.legal_actions(seat), g.view(seat))
    assert table.take_redo() == (seat, action) and table.redo == []
    match.take(game.new_game(4))
    table.deal(table.setup, match.position(), "id", "", [])
    _move_and_undo(table, match)
    other = next(s for s in game.SEATS if s != seat)
    table.decide(other, [], table.position.view(other))
    assert table.take_redo() is None and table.redo == []  # another seat acts: Redo is gone


def test_a_new_move_ends_redo_and_a_redo_keeps_the_rest() -> None:
    table, match = _dealt()
    seat, _action = _move_and_undo(table, match)
    table.moved(seat, table.position, [], redo=True)
    assert len(table.redo) == 1
    table.moved(seat, table.position, [])
    assert table.redo == []


def _host_message(g: game.Game, seat: str) -> str:
    """The referee's state message to a guest playing ``seat`` of ``g``."""
    referee = Referee.for_game(g.clone(), {"guest": (seat,)})
    referee.connect("guest")
    return referee.broadcast()[0][1]


def test_a_guests_picture_and_its_move_sent() -> None:
    table, match = _dealt()
    g = match.game
    seat = g.to_act()[0]
    actions = g.legal_actions(seat)
    setup = Setup(ai=dict.fromkeys(game.SEATS, False))
    picture = read_picture(json.loads(_host_message(g, seat)))
    assert picture is not None
    table.picture(setup, (seat,), Position.pictured(picture, 0), seat, actions,
                  Pick.of(actions, g.view(seat)))
    assert table.setup is setup and table.at_screen == (seat,) and table.seat == seat
    assert table.position.view(seat) == g.view(seat)  # drawn as sent
    assert table.tab == seat.split(".")[0] and table.actions == actions
    table.sent(seat)
    assert table.last_seat == seat and table.seat is None and table.pick is NO_PICK


def test_the_board_in_front_follows_a_new_seat_and_stays_for_the_same_one() -> None:
    """On a phone: acting on the rival's board, it stays in front for the same seat's next
    decision; another seat's decision brings that seat's own board; the Tutorial's pointer
    brings the part it points at."""
    table = _table(players=4)
    table.front("USA.politician")
    assert table.tab == "USA"
    table.show_tab("USSR")  # the person looks at the rival's board and places a token there
    table.front("USA.politician")
    assert table.tab == "USSR"
    table.front("USA.engineer")
    assert table.tab == "USA"
    table.front("USA.engineer", pointed="centre")
    assert table.tab == "centre"
    table.show_tab("USSR")
    g = game.new_game(4)
    table.deal(Setup(seed=4), Position.of(g), "id", "", [])
    table.front("USA.engineer")
    assert table.tab == "USA"  # a new game: the seat's own board first


def test_a_part_with_nothing_to_touch_gives_way_to_one_with_something() -> None:
    """On a phone, the same seat's next decision with the rival's board in front (the person
    placed a token there): when that board holds nothing this decision may touch, the part
    that does comes in front (the seat's own board first); when it holds something, it stays.
    The Tutorial's pointer still wins."""
    g = game.new_game(4)
    seat = g.to_act()[0]
    actions = g.legal_actions(seat)
    table = Table(Setup(seed=4), Position.of(g), "t")
    table.decide(seat, actions, g.view(seat))
    own, rival = seat.split(".")[0], next(n for n in game.NATIONS if n != seat.split(".")[0])
    holding = {tab_of(thing) for thing in table.pick.marked()}
    assert own in holding and rival not in holding, holding  # the opening: Maneuvers in hand
    table.front(seat)
    table.show_tab(rival)
    table.front(seat)
    assert table.tab == own
    table.show_tab(rival)
    table.front(seat, pointed=rival)
    assert table.tab == rival
    rng = random.Random(4)
    for _ in range(2000):  # a decision with things on the rival's board: it stays in front
        seat = g.to_act()[0]
        actions = g.legal_actions(seat)
        table.decide(seat, actions, g.view(seat))
        rival = next(n for n in game.NATIONS if n != seat.split(".")[0])
        if rival in {tab_of(thing) for thing in table.pick.marked()}:
            break
        g.apply(seat, rng.choice(actions))
    else:
        raise AssertionError("no decision ever touched the rival's board")
    table.front(seat)
    table.show_tab(rival)
    table.front(seat)
    assert table.tab == rival


def test_each_phone_tab_says_its_boards_money_and_the_viewers_launch_odds() -> None:
    """The acting nation's money and its target's odds stay in view on a phone whichever
    part of the table is in front: each nation's tab says its money (the view's number), the
    viewer's nation's tab its launch target's odds (the engine's), the rival's none."""
    g = game.new_game(4)
    rng = random.Random(4)
    for _ in range(3000):
        if g.state.nations["USA"].launch and g.state.nations["USSR"].launch:
            break
        seat = rng.choice(g.to_act())
        g.apply(seat, rng.choice(g.legal_actions(seat)))
    else:
        raise AssertionError("no game where both nations aim at a Mission")
    view, odds = g.view("USA.politician"), g.choices("USA.politician").odds
    top = top_html(Header("USSR", 0, False, None, "USA.politician", "Ann", False, False, False,
                          False, view, odds))
    tabs = {tab: top.split(f'data-tab="{tab}">', 1)[1].split("</button>", 1)[0]
            for tab in ("USA", "centre", "USSR")}
    for nation in game.NATIONS:
        assert f"<b>{view.nations[nation].money}</b>" in tabs[nation], tabs[nation]
    launch = view.nations["USA"].launch
    assert launch is not None and percent(odds[launch]) in tabs["USA"]
    assert 'class="odds"' in tabs["USA"] and 'class="odds"' not in tabs["USSR"]
    assert "count" not in tabs["centre"]
    bare = top_html(Header("USA", 0, False, None, None, "", False, False, False, False))
    assert 'class="count' not in bare  # no table to speak of (the start screen)


def test_a_board_thing_is_on_the_tab_that_shows_it() -> None:
    assert [tab_of(t) for t in ("stack:USSR:2", "hand:USA:press_conference", "cell:USA:7",
                                "mission:M0-SPUTNIK", "risk:R1-POGO", "pile", "deck:S",
                                "moonrisk:USSR:1", "opt:claim", "discussion:USA")] == [
        "USSR", "USA", "USA", "centre", "centre", "centre", "centre", "centre", None, "USA"]


def test_a_phone_follows_a_half_made_choice_to_the_board_its_next_step_is_on() -> None:
    """A Module touched in the centre: its Suppliers spaces are on the Engineer's board, so
    that board comes in front; a choice that goes on where it is leaves the tab alone."""
    g = game.new_game(4)
    rng = random.Random(4)
    for _ in range(2000):
        seat = g.to_act()[0]
        actions = g.legal_actions(seat)
        if any(a.kind == "order_module" for a in actions):
            break
        g.apply(seat, rng.choice(actions))
    else:
        raise AssertionError("no Module was ever to order")
    table = Table(Setup(seed=4), Position.of(g), "t")
    table.decide(seat, actions, g.view(seat))
    table.show_tab("centre")
    module = next(a for a in actions if a.kind == "order_module").to_dict()["module"]
    assert table.touch(f"modrow:{module}") is None
    assert table.tab == seat.split(".")[0]
    table.cancel_choice()
    table.show_tab("centre")
    line = next((a for a in actions if a.kind == "research"), None)
    if line is not None:  # a Technology deck, then the other offered on it: still the centre
        first = line.to_dict()["first"]
        assert table.touch(f"deck:{first}") is None
        assert table.tab == "centre"


def test_a_phone_brings_a_chosen_thing_in_front_when_its_options_come_by_it() -> None:
    """A place touched with another board in front (a wide window does not show tabs; it was
    then turned to a phone): the Influence or Bluff token's options come in a popover by the
    place, so the place's part of the table comes in front with it."""
    g = game.new_game(4)
    rng = random.Random(4)
    table = Table(Setup(seed=4), Position.of(g), "t")
    for _ in range(2000):
        seat = g.to_act()[0]
        actions = g.legal_actions(seat)
        table.decide(seat, actions, g.view(seat))
        first = next((path[0] for path, _i in table.pick.routes
                      if len(path) == 2 and path[1].startswith("opt:")), None)
        if first is not None:
            break
        g.apply(seat, rng.choice(actions))
    else:
        raise AssertionError("no thing ever had its options in a popover")
    other = next(tab for tab in ("USA", "USSR", "centre") if tab != tab_of(first))
    table.show_tab(other)
    assert table.touch(first) is None
    assert all(step.startswith("opt:") for step in table.pick.next_steps()), first
    assert table.tab == tab_of(first)


def test_who_gets_the_screen_next() -> None:
    """The Engineers' phase opens with the First Player's Engineer, whoever decided last; the
    Engineers alternate single actions; while both roles act at once (four people, Phase 2)
    a Politician's Engineer acts right after it, in the same turn of the screen."""
    view = game.new_game(1).view(None)  # (no pending decisions)
    engineers = ["USSR.engineer", "USA.engineer"]
    assert choose_seat(engineers, "USA.politician", view) == "USSR.engineer"
    assert choose_seat(engineers, "USSR.engineer", view) == "USA.engineer"
    assert choose_seat(engineers, "USA.engineer", view) == "USSR.engineer"
    both = ["USSR.politician", "USSR.engineer", "USA.engineer"]
    assert choose_seat(both, "USA.politician", view) == "USA.engineer"
    assert choose_seat(both, "USA.engineer", view) == "USSR.politician"


# The table's methods that only read it (the rest change it: each is run below).
QUERIES = {"controls_seat", "replaying", "current_hint"}


def _held(table: Table) -> dict[str, object]:
    """What the table holds: its lists, maps and pick copied (the things that change in
    place), the rest as it is."""
    return {name: copy.copy(value) if isinstance(value, list | dict | Pick) else value
            for name, value in vars(table).items() if name != "revision"}


def games_in(held: object) -> list[str]:
    """The paths to every game (or engine state) reachable from ``held``: through fields,
    attributes, maps and sequences. The table holds positions and records, never a game
    (ui.model.match): what a screen draws is the same whether it holds the game or not."""
    found: list[str] = []
    seen: set[int] = set()

    def walk(value: object, path: str) -> None:
        if isinstance(value, str | bytes | int | float | bool | None) or id(value) in seen:
            return
        seen.add(id(value))
        if isinstance(value, game.Game | State):
            found.append(path)
        elif isinstance(value, dict):
            for key, item in value.items():
                walk(key, f"{path}[{key!r}]")
                walk(item, f"{path}[{key!r}]")
        elif isinstance(value, list | tuple | set | frozenset):
            for index, item in enumerate(value):
                walk(item, f"{path}[{index}]")
        elif not callable(value):
            names = getattr(value, "__dict__", None) or {
                name: getattr(value, name) for name in getattr(value, "__slots__", ())}
            for name, item in names.items():
                walk(item, f"{path}.{name}")

    walk(held, "table")
    return found


def test_every_change_of_the_table_counts_in_its_revision() -> None:
    """The paint draws the table again when its revision moved (ui/app.py): every method that
    changes something the table draws moves it; what only the overlays, the log or the chat
    show (each compared as drawn, ``LIGHT``) may leave it; a change to nothing leaves it too.
    Every method is run here, so a new one must be added to be checked."""
    table, match = _dealt()
    g = match.game
    seat = g.to_act()[0]
    view = g.view(seat)
    actions = g.legal_actions(seat)
    path = next(p for p, _i in Pick.of(actions, view).routes if len(p) > 1)
    hint = Hint(seat, 0, 0, (), "why")
    picture = read_picture(json.loads(_host_message(g, seat)))
    assert picture is not None
    example = next(iter(examples().values()))
    runs: list[tuple[str, Callable[[], object]]] = [
        ("deal", lambda: table.deal(table.setup, Position.of(g), "id2", "t",
                                           [note("opening")])),
        ("rename", lambda: table.rename("A title")),
        ("set_speed", lambda: table.set_speed(900)),
        ("stop_play", table.stop_play),
        ("set_busy", lambda: table.set_busy(False)),
        ("go_online", lambda: table.go_online("host", waiting=True)),
        ("hold_behind_dialog", lambda: table.hold_behind_dialog(True)),
        ("decide", lambda: table.decide(seat, actions, view)),
        ("sit", lambda: table.sit((seat,))),
        ("reveal", lambda: table.reveal("USA")),
        ("touch", lambda: table.touch(path[0])),
        ("cancel_choice", table.cancel_choice),  # (the pick's own change alone)
        ("open_group", lambda: table.open_group("research")),
        ("show_tab", lambda: table.show_tab("centre")),
        ("toggle_menu", table.toggle_menu),
        ("close_menu", table.close_menu),
        ("open_drawer", lambda: table.open_drawer("moves")),
        ("fold_moves", table.fold_moves),
        ("front", lambda: table.front(seat)),
        ("moved", lambda: table.moved(seat, Position.of(g), [note("moved")])),
        ("heard", lambda: table.heard(seat, [note("heard")], frozenset({"x"}))),
        ("tell", lambda: table.tell(note("told"))),
        ("retold", lambda: table.retold(table.log[-1], note("told anew"))),
        ("retell", lambda: table.retell([note("again")])),
        ("undone", lambda: table.undone(Position.of(g.clone()), 1, g.log[-1], [])),
        ("take_redo", table.take_redo),
        ("picture", lambda: table.picture(table.setup, (seat,),
                                          Position.pictured(picture, 0), seat, actions,
                                          Pick.of(actions, view))),
        ("nobody_acts", table.nobody_acts),
        ("sent", lambda: table.sent(next(s for s in game.SEATS if s != seat))),
        ("open_dialog", lambda: table.open_dialog("saves", "<p>saved</p>")),
        ("tell_copied", lambda: table.tell_copied("st", "Copied")),
        ("close_dialog", table.close_dialog),
        ("travel_to", lambda: table.travel_to(Travel(Replay(json.loads(g.to_json())), 0,
                                                            g.view(None), ()))),
        ("put_up", lambda: table.put_up("banner", "<p>news</p>")),
        ("take_down", lambda: table.take_down("banner")),
        ("speak", lambda: table.speak("hu")),
        ("window_changed", table.window_changed),
        ("switch_sound", lambda: table.switch_sound(True)),
        ("look_for_hint", lambda: table.look_for_hint(True)),
        ("give_hint", lambda: table.give_hint(hint, taken="USA")),
        ("count_hints", lambda: table.count_hints({"USA": 2, "USSR": 0})),
        ("guide_to", lambda: table.guide_to(Guide("example", example=example))),
        ("nudge", lambda: table.nudge(True)),
        ("time_discussion", lambda: table.time_discussion({"USA": 60.0})),
        ("seat_screens", lambda: table.seat_screens({seat: {"where": "you", "name": ""}})),
        ("hear_chat", lambda: table.hear_chat((("host", "hello"),))),
        ("host_at", lambda: table.host_at(3)),
    ]
    g.apply(seat, actions[0])  # (a move for moved, undone and redo to take)
    methods = {name for name, value in vars(Table).items()
               if not name.startswith("_") and (callable(value) or isinstance(value, property))}
    assert methods - QUERIES == {name for name, _run in runs}
    for name, run in runs:
        held, revision = _held(table), table.revision
        run()
        changed = {field for field, value in _held(table).items() if held.get(field) != value}
        if name == "window_changed":  # nothing held changed: the window, which it draws
            assert not changed and table.revision != revision
            continue
        assert changed, f"{name} changed nothing: run it where it changes something"
        assert (table.revision != revision) == bool(changed - LIGHT), (name, changed)
    # no method set a field the table does not declare when made (mypy lets a class with
    # __setattr__ be given any attribute: a misspelt one would be a new field, drawn by none)
    assert set(vars(table)) - {"revision"} == set(vars(_table())) - {"revision"}
    assert games_in(table) == []  # every method run, a replay on it: no game in it
    table.travel_to(Travel(Replay(json.loads(g.to_json()), [g.clone()]), 0, g.view(None), ()))
    assert games_in(table) == []
    object.__setattr__(table, "smuggled", {"frames": [g]})  # (the check finds one held)
    assert games_in(table) == ["table.smuggled['frames'][0]"]
    table.nobody_acts()
    table.time_discussion({})
    revision = table.revision
    table.close_menu()  # closed already: the very value again
    table.show_tab(table.tab)
    table.nobody_acts()  # an empty list of actions over an empty one
    table.time_discussion({})  # no countdown over none
    assert table.revision == revision
