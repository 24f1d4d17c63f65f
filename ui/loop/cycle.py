"""One message, one paint: every input (a click, a key, a peer's message, the embedding page's
command) is carried out as a message, and so is every step of the app's tasks (a computer
player's move, a timer, a hint found: what runs from one ``await`` to the next). When the
message is done the page is painted once, from the table (the paint itself sees what changed:
nobody asks for it); then what waits for the drawn page (the keyboard's focus, a scroll) runs,
in the order it was asked for, together as one more message (one of them may change the
table: a move taken once its last touch is drawn). While a move is on its way to the disk the
paints wait (:meth:`Cycle.hold`): the page never shows a move a browser killed the next
moment would lose.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine, Generator, Iterator
from contextlib import contextmanager
from typing import Any, Generic, TypeVar

Effect = Callable[[], object]  # (what it returns is let go)
T = TypeVar("T")


class Cycle:
    def __init__(self, paint: Callable[[], bool]) -> None:
        self.paint = paint  # the page drawn from the table (what changed of it): True when
        # the table itself was drawn again
        self.depth = 0  # messages being carried out (one inside another: a key's click)
        self.effects: list[Effect] = []
        self.paints = 0  # the table's paints so far (the tests count them per message)
        self.holds = 0  # holds not yet released: no paint until there are none

    @contextmanager
    def message(self) -> Iterator[None]:
        """Carry out a message inside: its paint and effects come when it is done."""
        self.depth += 1
        try:
            yield
        except BaseException:
            self.effects.clear()  # (they were asked for a page the error left half-made)
            raise
        finally:
            self.depth -= 1
            if self.depth == 0:
                self._flush()

    def after_paint(self, effect: Effect) -> None:
        """``effect`` once the page is drawn: at the end of the message, or now (outside one,
        the page is as drawn)."""
        if self.depth:
            self.effects.append(effect)
        else:
            effect()

    def hold(self) -> Callable[[], None]:
        """No paint, and none of the effects that wait for one, until the returned release
        is called (then the message it is called in paints what changed meanwhile)."""
        self.holds += 1
        released = False

        def release() -> None:
            nonlocal released
            if not released:
                released = True
                self.holds -= 1

        return release

    def stepwise(self, coro: Coroutine[Any, Any, T]) -> Stepwise[T]:
        """``coro`` run with each of its steps carried out as a message (``await`` it)."""
        return Stepwise(self, coro)

    def _flush(self) -> None:
        if self.holds:
            return  # (its effects wait with the paint)
        if self.paint():
            self.paints += 1
        effects, self.effects = self.effects, []
        if effects:
            with self.message():
                for effect in effects:
                    effect()


class Stepwise(Generic[T]):
    """A coroutine whose every step, from one ``await`` to the next, is a message of its
    cycle: what a step changed is painted before the task waits again."""

    def __init__(self, cycle: Cycle, coro: Coroutine[Any, Any, T]) -> None:
        self.cycle, self.coro = cycle, coro

    def __await__(self) -> Generator[Any, Any, T]:
        coro, sent, error = self.coro, None, None
        while True:
            with self.cycle.message():
                try:
                    waited = coro.send(sent) if error is None else coro.throw(error)
                except StopIteration as stop:
                    return stop.value  # type: ignore[no-any-return]
            try:  # (what the event loop gives back, or throws in: a cancel, an error)
                sent, error = (yield waited), None
            except BaseException as exc:
                sent, error = None, exc
