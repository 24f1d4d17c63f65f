"""One message, one paint (ui/loop/cycle.py): whatever a message's handler asks to be drawn,
the page is painted once when it is done, and what needs the drawn page (a focus, a scroll)
comes after that paint, in the order asked; outside a message a request is carried out at
once."""

from __future__ import annotations

import pytest

from tests.fake_platform import FakePlatform
from tests.test_ui_app import BOARDS, click, command, find, key, run_app, settle
from ui.app import App
from ui.loop.cycle import Cycle


def test_a_message_paints_once_and_then_runs_its_effects_in_order() -> None:
    trail: list[str] = []
    cycle = Cycle(lambda whole: trail.append("paint" if whole else "over"))
    with cycle.message():
        cycle.render()
        cycle.after_paint(lambda: trail.append("focus"))
        with cycle.message():  # a message inside one (a key's click): still one paint
            cycle.render()
            cycle.after_paint(lambda: trail.append("scroll"))
        assert trail == []
    assert trail == ["paint", "focus", "scroll"] and cycle.paints == 1
    with cycle.message():
        cycle.after_paint(lambda: trail.append("focus"))
    assert trail[3:] == ["focus"] and cycle.paints == 1  # nothing asked to be drawn
    cycle.render()  # outside a message: at once
    cycle.after_paint(lambda: trail.append("after"))
    assert trail[4:] == ["paint", "after"] and cycle.paints == 2


def test_what_is_over_the_table_is_painted_alone_unless_the_table_changed_too() -> None:
    trail: list[str] = []
    cycle = Cycle(lambda whole: trail.append("paint" if whole else "over"))
    with cycle.message():  # a dialog opened: the table is not drawn again
        cycle.render_over()
    with cycle.message():  # a dialog closed as the table changed: all of it, once
        cycle.render_over()
        cycle.render()
        cycle.render_over()
    cycle.render_over()  # outside a message: at once
    assert trail == ["over", "paint", "over"] and cycle.paints == 3


def test_a_message_that_fails_still_paints_what_it_changed_and_drops_its_effects() -> None:
    trail: list[str] = []
    cycle = Cycle(lambda whole: trail.append("paint" if whole else "over"))
    with pytest.raises(RuntimeError), cycle.message():
        cycle.render()
        cycle.after_paint(lambda: trail.append("focus"))
        raise RuntimeError("a handler failed")
    assert trail == ["paint"] and cycle.depth == 0
    with cycle.message():
        cycle.after_paint(lambda: trail.append("focus"))
    assert trail == ["paint", "focus"]  # the next message is its own


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
        was = app.sounds.on
        click(dom, find(dom, ("top",), cmd="sound"))
        assert app.sounds.on is not was and not app.table.menu
        assert app.cycle.paints == paints + 1 and dom.trail.count("html top") == 1

    run_app(play, "?players=2&seats=hmmm&seed=3&speed=0")


def test_a_touch_that_completes_a_move_draws_the_choice_first_and_the_move_after() -> None:
    """The move is the touch's effect: the click's paint shows the thing chosen with the
    decision still up (a small redraw, at once, on a slow phone too), then the move is made;
    never one redraw of a table with nobody to act before the move's own (that doubled the
    time from a click to its first painted change)."""
    async def play(app: App, dom: FakePlatform) -> None:
        await settle(app)
        seen: list[tuple[bool, str | None]] = []
        paint = app.cycle.paint

        def watched(whole: bool) -> None:
            seen.append((whole, app.table.seat))
            paint(whole)

        app.cycle.paint = watched
        path = next(p for p, _i in app.table.pick.routes if len(p) == 1)
        seat = app.table.seat
        click(dom, find(dom, ("pick", *BOARDS), target=path[0]))
        assert seen == [(True, seat)]  # drawn once, the decision still up
        assert app.table.seat is None  # then the move was made (its task draws the outcome)

    run_app(play, "?players=2&seats=hmmm&seed=3&speed=0")


def test_a_dialog_opened_and_closed_redraws_only_what_is_over_the_table() -> None:
    async def play(app: App, dom: FakePlatform) -> None:
        await settle(app)
        wholes: list[bool] = []
        paint = app.cycle.paint

        def watched(whole: bool) -> None:
            wholes.append(whole)
            paint(whole)

        app.cycle.paint = watched
        command(dom, "top", "open-saves")
        assert app.table.dialog == "saves" and dom.is_shown("dialog")
        command(dom, "dialog", "close-dialog")
        assert not app.table.dialog and not dom.is_shown("dialog")
        assert wholes == [False, False]

    run_app(play, "?players=2&seats=hmmm&seed=3&speed=0")
