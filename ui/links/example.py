"""A live rule example in an embed (``embed.html?example=<id>``, or a host page's command).

The example (:mod:`ui.model.examples`) is dealt on the table at its moment; the reader holds
its nation and may take one action, the highlighted one (anything else is answered with a
nudge and changes nothing). The rival never moves. Once the action is played, the turn loop
rests, and the panel tells the outcome: the example's own words, then what the engine says
happened, line by line from the log. Reset deals the moment again. Nothing is saved.

To the turn loop this is a guide like the Tutorial (the methods :class:`ui.control.turns`
asks of one): it names the seat that acts, what it may do and when the loop waits.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from game.core.actions import Action
from game.core.names import Seat

from ..loop.messages import ExampleReset, Handle, Msg, Tab, on
from ..loop.notices import StartExample
from ..markup.html import e, icon
from ..model.examples import MAX_ID, Example, examples
from ..model.roles import Dealer, EmbedPage, Screen
from ..model.saves import Loaded, new_save_id
from ..model.table import NO_GUIDE, Guide, Table
from ..model.targets import Hint, tab_of
from ..platform.port import Platform
from ..words.i18n import _


def find(ident: str) -> Example | None:
    """The example of that id (None for any other text)."""
    return examples().get(ident) if len(ident) <= MAX_ID else None


class ExampleDesk:
    """Offers :class:`ui.model.roles.RuleExamples`, and is a guide of play
    (:class:`ui.model.roles.Script`) to the turn loop."""

    def __init__(self, dom: Platform, table: Table, screen: Screen, dealer: Dealer,
                 page: EmbedPage) -> None:
        self.dom = dom
        self.table = table
        self.screen = screen
        self.dealer = dealer
        self.page = page

    @property
    def active(self) -> bool:
        """A rule example is on the table (the table's guide, where it stands too)."""
        return self.table.guide.kind == "example"

    @property
    def example(self) -> Example | None:
        return self.table.guide.example if self.active else None

    @property
    def done(self) -> bool:
        return self.table.guide.done

    # The Tutorial's text says what is at stake; an example lets the table's warning speak.
    tells_stakes = False
    fixed = True  # Undo would take back the moves that make the moment: Reset deals it again

    def handlers(self) -> list[tuple[type[Msg], Handle]]:
        return [on(ExampleReset, lambda _m: self.reset()),
                on(StartExample, lambda m: self.open(m.ident))]

    def open(self, ident: str) -> None:
        """Deal the rule example of that id (an unknown id: nothing)."""
        example = find(ident)
        if example is not None:
            self.show(example)

    def show(self, example: Example) -> None:
        """The example instead of what was on the table (a dialog up closes)."""
        self.table.close_dialog()
        self.begin(example)  # (drawn without the dialog)

    def begin(self, example: Example) -> None:
        """Deal the example's moment on the table; the reader's turn comes."""
        setup = example.setup()
        caption = _(example.caption).split(":")[0]
        self.table.guide_to(Guide("example", example=example))
        self.dealer.load_game(Loaded(example.position(), setup, caption), new_save_id(),
                              example=True)
        self.table.guide_to(replace(self.table.guide, dealt=len(self.table.log)))
        self.page.ready(example.id)  # the page hears it dealt (first, or again by Reset)

    def reset(self) -> None:
        if self.example is not None:
            self.begin(self.example)

    def leave(self) -> None:
        """Another game took the table."""
        if self.active:
            self.table.guide_to(NO_GUIDE)

    # ------------------------------------------------------------------ the turn loop's guide

    def waits(self) -> bool:
        """Nobody acts: the example was played, or it is not the reader's moment (the rival
        never moves, whatever a position allowed)."""
        example = self.example
        return self.done or example is None or example.seat not in self.table.position.public.to_act

    def seat(self, to_act: Sequence[Seat]) -> Seat | None:
        example = self.example
        return example.seat if example is not None and example.seat in to_act else None

    def scripted(self, seat: Seat) -> Action | None:
        return None

    def tab(self, target: str) -> Tab | None:
        """The part of the table in front: the one of the highlighted thing, as it moves on
        (a Module is chosen in the centre, then placed on the board)."""
        shown = self.example.tab if self.example is not None else None
        return tab_of(target) or shown

    def target(self) -> str:
        pointer = self.pointer()
        return pointer.target(self.table.pick) if pointer else ""

    def pointer(self) -> Hint | None:
        """The example's action as a hint, so the board highlights its next step."""
        table, example = self.table, self.example
        if example is None or self.done or table.seat != example.seat:
            return None
        return Hint.pointing(example.seat, table.actions, table.pick, table.position.moves,
                             example.action)

    def allows(self, action: Action) -> bool:
        allowed = self.example is not None and action == self.example.action and not self.done
        self.table.nudge(not allowed)
        return allowed

    def played(self) -> None:
        if self.active and not self.done:
            self.table.guide_to(replace(self.table.guide, done=True))
            if self.example is not None:
                self.page.example_done(self.example.id)

    def spot(self) -> str:
        return ""

    # ------------------------------------------------------------------ on screen

    def panel_html(self) -> str:
        example = self.example
        if example is None:
            return ""
        caption, try_text, after = example.words()
        title = _("Rule example")
        head = f'<p class="tour-n">{icon("rocket")} {e(title)}</p>'
        body = f'<p class="ex-cap">{e(caption)}</p>'
        if self.done:
            outcome = self.table.log[self.table.guide.dealt:]
            told = "".join(f"<li>{e(line.text)}</li>" for line in outcome)
            body += (f'<div class="ex-out" role="status" data-testid="example-outcome">'
                     f'<p class="tour-t">{e(after)}</p><ol class="ex-log">{told}</ol></div>')
        else:
            body += f'<p class="tour-t" data-testid="example-try">{e(try_text)}</p>'
        if self.table.guide.nudged and not self.done:
            nudge = _("Not now: try the highlighted one.")
            body += f'<p class="nudge" role="alert" data-testid="tour-nudge">{e(nudge)}</p>'
        reset = _("Reset")
        button = (f'<button type="button" class="{"primary" if self.done else ""}" '
                  f'data-cmd="example-reset" data-testid="example-reset">{e(reset)}</button>')
        return (f'<div class="tour example" data-testid="example" data-example="{e(example.id)}"'
                f' data-done="{int(self.done)}">{head}{body}{button}</div>')
