"""One message, one paint (ui/loop/cycle.py): the page is painted once when a message is done
(the table only when it changed), and what needs the drawn page (a focus, a scroll) comes
after that paint, in the order asked; each step of a task is a message."""

from __future__ import annotations

import ast
import asyncio
from pathlib import Path

import pytest

from tests.fake_platform import FakePlatform
from tests.test_ui_app import BOARDS, click, command, find, key, run_app, settle
from ui.app import App
from ui.loop.cycle import Cycle


def test_a_message_paints_once_and_then_runs_its_effects_in_order() -> None:
    trail: list[str] = []
    drawn = [True, False]  # what each paint says: the table drawn again, or not

    def paint() -> bool:
        trail.append("paint")
        return drawn.pop(0) if drawn else False

    cycle = Cycle(paint)
    with cycle.message():
        cycle.after_paint(lambda: trail.append("focus"))
        with cycle.message():  # a message inside one (a key's click): still one paint
            cycle.after_paint(lambda: trail.append("scroll"))
        assert trail == []
    # the effects run together as one more message (one may change the table): its paint
    assert trail == ["paint", "focus", "scroll", "paint"] and cycle.paints == 1
    with cycle.message():  # nothing changed: the paint draws nothing of the table
        pass
    assert trail[4:] == ["paint"] and cycle.paints == 1
    cycle.after_paint(lambda: trail.append("after"))  # outside a message: at once
    assert trail[5:] == ["after"]


def test_each_step_of_a_task_is_a_message_painted_before_the_task_waits() -> None:
    trail: list[str] = []
    cycle = Cycle(lambda: bool(trail.append("paint")))

    async def task() -> str:
        trail.append("step 1")
        cycle.after_paint(lambda: trail.append("focus"))
        await asyncio.sleep(0)
        trail.append("step 2")
        return "done"

    async def main() -> None:
        assert await cycle.stepwise(task()) == "done"
        waiting = asyncio.ensure_future(cycle.stepwise(asyncio.sleep(60)))
        await asyncio.sleep(0)
        waiting.cancel()  # a cancel thrown in at the await: still carried out as a step
        with pytest.raises(asyncio.CancelledError):
            await waiting

    asyncio.run(main())
    assert trail == ["step 1", "paint", "focus", "paint", "step 2", "paint",
                     "paint", "paint"] and cycle.depth == 0


def test_a_message_that_fails_still_paints_what_it_changed_and_drops_its_effects() -> None:
    trail: list[str] = []
    cycle = Cycle(lambda: bool(trail.append("paint")))
    with pytest.raises(RuntimeError), cycle.message():
        cycle.after_paint(lambda: trail.append("focus"))
        raise RuntimeError("a handler failed")
    assert trail == ["paint"] and cycle.depth == 0
    with cycle.message():
        cycle.after_paint(lambda: trail.append("focus"))
    assert trail == ["paint", "paint", "focus", "paint"]  # the next message is its own


def test_a_touch_on_the_board_paints_the_table_once_then_moves_the_focus() -> None:
    """A person's touch that opens a choice (a thing with more than one way on): the boards,
    the bar and the popover are written once, and the focus goes to the options after."""
    async def play(app: App, dom: FakePlatform) -> None:
        await settle(app)
        routes = [path for path, _i in app.table.pick.routes if len(path) > 1]
        assert routes, "no action of the first decision takes two touches"
        first = routes[0][0]
        paints, dom.trail[:] = app.cycle.paints, []
        click(dom, find(dom, ("pick", *BOARDS), target=first))
        assert app.cycle.paints == paints + 1 and app.table.pick.chosen
        writes = [i for i, step in enumerate(dom.trail) if step.startswith("html ")]
        moves = [i for i, step in enumerate(dom.trail) if not step.startswith("html ")]
        assert dom.trail.count("html board-USA") == 1 and dom.trail.count("html actions") == 1
        assert moves and max(writes) < min(moves), dom.trail  # focus and scroll come last
        paints, dom.trail[:] = app.cycle.paints, []
        key(dom, "Escape")  # the choice let go: drawn once, the bar's first control focused
        assert app.cycle.paints == paints + 1 and not app.table.pick.chosen
        assert dom.trail[-1].startswith("focus ") and dom.trail.count("html actions") == 1

    run_app(play, "?players=2&seats=hmmm&seed=3&speed=0")


def test_a_tool_chosen_from_a_phones_menu_paints_once() -> None:
    """The menu closes and the tool (the sound switch) draws its new state: one paint for
    both (each asked for its own before the loop had one)."""
    async def play(app: App, dom: FakePlatform) -> None:
        await settle(app)
        click(dom, find(dom, ("top",), cmd="menu"))
        assert app.table.menu
        paints, dom.trail[:] = app.cycle.paints, []
        was = app.table.sound
        click(dom, find(dom, ("top",), cmd="sound"))
        assert app.table.sound is not was and not app.table.menu
        assert app.cycle.paints == paints + 1 and dom.trail.count("html top") == 1

    run_app(play, "?players=2&seats=hmmm&seed=3&speed=0")


def test_a_touch_that_completes_a_move_draws_the_choice_first_and_the_move_after() -> None:
    """The move is the touch's effect: the click's paint shows the thing chosen with the
    decision still up (a small redraw, at once, on a slow phone too), then the move is made;
    never one redraw of a table with nobody to act before the move's own (that doubled the
    time from a click to its first painted change)."""
    async def play(app: App, dom: FakePlatform) -> None:
        await settle(app)
        seen: list[str | None] = []
        draw = app.draw_table

        def watched() -> None:
            seen.append(app.table.seat)
            draw()

        app.draw_table = watched  # type: ignore[method-assign]
        path = next(p for p, _i in app.table.pick.routes if len(p) == 1)
        seat = app.table.seat
        click(dom, find(dom, ("pick", *BOARDS), target=path[0]))
        assert seen == [seat]  # drawn once, the decision still up
        assert app.table.busy  # then the move is on its way (its task makes it and draws it)

    run_app(play, "?players=2&seats=hmmm&seed=3&speed=0")


def test_a_dialog_opened_and_closed_redraws_only_what_is_over_the_table() -> None:
    async def play(app: App, dom: FakePlatform) -> None:
        await settle(app)
        paints = app.cycle.paints
        command(dom, "top", "open-saves")
        assert app.table.dialog == "saves" and dom.is_shown("dialog")
        command(dom, "dialog", "close-dialog")
        assert not app.table.dialog and not dom.is_shown("dialog")
        assert app.cycle.paints == paints  # the table was not drawn again

    run_app(play, "?players=2&seats=hmmm&seed=3&speed=0")


# What writes to the page (ui.platform.port.Platform's, called on ``dom``), and what asked
# the app for a drawing: the app's paint alone calls these.
DRAWING = frozenset({"set_html", "set_text", "show", "set_body", "set_class", "set_words",
                     "set_value", "set_language", "spot", "place_popover", "close_details",
                     "toggle_log"})
ASKING = frozenset({"render", "render_over", "draw_log", "draw_chat", "draw_clock"})
UI = Path(__file__).resolve().parent.parent / "ui"


def calls(source: str) -> list[tuple[str, int, str | None]]:
    """(name, line, first argument when a text) of every call in ``source`` of the
    platform's (``dom.NAME(...)``, ``self.dom.NAME(...)``) or of a drawing asked for."""
    def of_dom(func: ast.Attribute) -> bool:
        owner = func.value
        return (isinstance(owner, ast.Name) and owner.id == "dom") or (
            isinstance(owner, ast.Attribute) and owner.attr == "dom")

    return [(node.func.attr, node.lineno,
             node.args[0].value if node.args and isinstance(node.args[0], ast.Constant)
             and isinstance(node.args[0].value, str) else None)
            for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and (of_dom(node.func) or node.func.attr in ASKING)]


def test_only_the_app_draws_the_page_and_nobody_asks_it_to() -> None:
    """No part draws, or asks for a drawing: after every message the paint draws what the
    table holds (ui/loop/cycle.py); the platform's writes are called from ui/app.py alone."""
    drawing = [f"{path.relative_to(UI.parent)}:{line} {name}"
               for path in sorted(UI.rglob("*.py"))
               if path.name != "app.py" and path.parent.name != "platform"
               for name, line, _arg in calls(path.read_text()) if name in DRAWING | ASKING]
    assert drawing == []
    assert calls("self.dom.set_html('top', markup)\nscreen.render()\nself.show()") == [
        ("set_html", 1, "top"), ("render", 2, None)]  # (the check finds both, no other)


def test_a_probe_for_the_tests_is_never_what_the_page_shows() -> None:
    """``Platform.probe`` (a body data attribute the tests and benches wait for) changes
    nothing on screen: no style reads a probe's key."""
    keys = {arg for path in UI.rglob("*.py") for name, _line, arg in calls(path.read_text())
            if name == "probe" and arg is not None}
    assert {"over", "report", "saved", "ai-moves"} <= keys
    style = (UI.parent / "public" / "style.css").read_text()
    assert [key for key in sorted(keys) if f"data-{key}" in style] == []


def test_a_move_is_drawn_only_once_the_disk_holds_it() -> None:
    """The page never shows a move a browser killed the next moment would lose: while its
    save is on its way to the disk, paints wait (Cycle.hold); then one paint shows it."""
    async def play(app: App, dom: FakePlatform) -> None:
        await settle(app)
        on_disk = asyncio.Event()
        kept = dom.storage_kept

        async def slow_disk() -> str | None:
            await on_disk.wait()
            return await kept()

        dom.storage_kept = slow_disk  # type: ignore[method-assign]
        moves = app.match.game.log_size
        path = next(p for p, _i in app.table.pick.routes if len(p) == 1)
        click(dom, find(dom, ("pick", *BOARDS), target=path[0]))
        for _ in range(20):
            await asyncio.sleep(0)
        assert app.match.game.log_size == moves + 1 and app.cycle.holds == 1
        assert dom.body["moves"] == str(moves)  # made, not drawn: the disk has it not yet
        on_disk.set()
        await settle(app)
        assert dom.body["moves"] == str(app.match.game.log_size) and app.cycle.holds == 0

    run_app(play, "?players=2&seats=hmmm&seed=3&speed=0")


def test_the_first_paint_says_of_every_overlay_whether_it_shows() -> None:
    """The page may come up with the start screen's preview in the dialog (public/boot.js):
    the first paint shows or hides the dialog and every overlay, whatever it assumed."""
    async def play(app: App, dom: FakePlatform) -> None:
        await settle(app)
        assert {"dialog", "privacy", "end", "rules", "report", "launch", "banner"} <= set(
            dom.shown)

    run_app(play, "?players=2&seats=hmmm&seed=3&speed=0")
