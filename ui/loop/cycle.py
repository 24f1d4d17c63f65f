"""One message, one paint: while a message is carried out, every part's request to draw the
table again only marks it stale, and what must wait for the drawn page (the keyboard's focus,
a scroll) waits in a queue; when the message is done the page is painted once, and then the
queue runs, in the order it was asked for. A request to draw only what is over the table (a
dialog or an overlay opened or closed) paints only that, unless the table is stale too.

Outside a message (a computer player's move, a peer's message, a timer) a request is carried
out at once, as it was asked.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

Effect = Callable[[], object]  # (what it returns is let go)


class Cycle:
    def __init__(self, paint: Callable[[bool], None]) -> None:
        self.paint = paint  # paint(whole): the whole page, or only what is over the table
        self.depth = 0  # messages being carried out (one inside another: a key's click)
        self.stale = False  # the table is to be drawn again
        self.over_stale = False  # what is over it (a dialog, an overlay) is
        self.effects: list[Effect] = []
        self.paints = 0  # the page's paints so far (the tests count them per message)

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

    def render(self) -> None:
        """The table drawn again: now, or once at the end of the message."""
        if self.depth:
            self.stale = True
        else:
            self._paint(whole=True)

    def render_over(self) -> None:
        """What is over the table drawn again (the table as it is): now, or at the end."""
        if self.depth:
            self.over_stale = True
        else:
            self._paint(whole=False)

    def after_paint(self, effect: Effect) -> None:
        """``effect`` once the page is drawn: at the end of the message, or now."""
        if self.depth:
            self.effects.append(effect)
        else:
            effect()

    def _paint(self, whole: bool) -> None:
        self.stale = self.over_stale = False
        self.paints += 1
        self.paint(whole)

    def _flush(self) -> None:
        if self.stale or self.over_stale:
            self._paint(whole=self.stale)
        effects, self.effects = self.effects, []
        for effect in effects:
            effect()
