"""The roles the controllers and links play for one another, as Protocols (no behaviour here).

Each role is named for what it offers, and says who offers it. A controller (``ui/control``)
or a link (``ui/links``) is given the few roles it asks of the parts built before it, as
parameters of its constructor; it tells the parts built after it through the app's
:class:`Notices` (:mod:`ui.loop.notices`), so nothing is handed over once built and no two parts
ask each other. It never imports another controller (``tests/test_import_layers.py``). The
app (``ui/app.py``) builds them all, and offers the roles only it can play: the screen it
draws, its tasks and their error net, the notices, and a fresh deal of the table. A controller
that needs one more thing of another adds it to that role: the one offering it already has
it.

(The roles live here, below the controllers, so that every controller and link may import
them.)
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine, Sequence
from typing import TYPE_CHECKING, Any, ParamSpec, Protocol

from game import Game
from game.core.actions import Action
from game.core.events import Event
from game.core.names import NationId, Seat
from game.rules.records import View

from ..loop.messages import Msg, Tab
from ..words.narration import Launch
from .players import Setup
from .saves import Loaded, Summary

if TYPE_CHECKING:  # the record only: the page imports the AI's modules when it thinks
    from game.ai.chronicle import Chronicle

# ---------------------------------------------------------------------- offered by the app


class Screen(Protocol):
    """The table on the screen (the app draws it)."""

    def after_paint(self, effect: Callable[[], object]) -> None:
        """Run ``effect`` (a focus, a scroll) once the page is drawn."""

    def hold(self) -> Callable[[], None]:
        """No paint until the returned release is called (a move is drawn once on disk)."""

    def close_dialog(self) -> None:
        """Close the dialog up (back to the start screen, or the game behind goes on)."""

    def show_end(self) -> None:
        """The game is over: its end on the screen, and the embedding page told."""


class Notices(Protocol):
    """The app's registry of handlers (:mod:`ui.loop.notices`): how a part tells a part
    built after it."""

    def post(self, msg: Msg) -> None:
        """Carry out ``msg`` by its one handler now (painted once, as an input is)."""


P = ParamSpec("P")


class Tasks(Protocol):
    """The app's work in the background, and its error net."""

    def spawn(self, coro: Coroutine[Any, Any, None]) -> None:
        """Run ``coro``; an error it raises becomes a banner and the turn loop restarts."""

    def report(self, exc: BaseException) -> None:
        """Show an error as a banner (its details kept for a bug report)."""

    def as_input(self, handler: Callable[P, object]) -> Callable[P, None]:
        """``handler`` as one of the page's inputs (a peer's message, the embedding page's,
        another tab's): painted once when it returns, an error it raises a banner."""


class ErrorLog(Protocol):
    """The last error's details (the app's), for a bug report."""

    @property
    def error_text(self) -> str: ...


class Dealer(Protocol):
    """A game dealt on the table (by the app: every controller forgets the one before)."""

    def new_game(self, setup: Setup, run: bool = True) -> None: ...
    def load_game(self, loaded: Loaded, save_id: str, example: bool = False) -> None: ...


# ---------------------------------------------------------------------- offered by controllers


class TurnLoop(Protocol):
    """The turn loop (:class:`ui.control.turns.Turns`): whose turn, a person's moves, the
    discussion's clocks and the decision at hand in view."""

    def start(self) -> None: ...
    def focus_decision(self) -> None: ...
    def bring_into_view(self, seat: Seat) -> None: ...
    def remote_moved(self, events: list[Event]) -> None: ...
    def seconds_left(self) -> dict[str, int]: ...
    def countdown_from_host(self, nation: NationId, seconds: int) -> None: ...
    def clear_clocks(self) -> None: ...


class Script(Protocol):
    """A guide of play, as the turn loop sees it: the Tutorial (:mod:`ui.control.tour`)
    or a rule example (:mod:`ui.links.example`)."""


    @property
    def tells_stakes(self) -> bool:
        """Its own text says what a move risks (the table asks no confirmation)."""

    @property
    def fixed(self) -> bool:
        """The position is its own: no move is taken back (its Reset deals it again)."""

    def waits(self) -> bool: ...
    def seat(self, to_act: Sequence[Seat]) -> Seat | None: ...
    def scripted(self, seat: Seat) -> Action | None: ...
    def tab(self, target: str) -> Tab | None: ...
    def target(self) -> str: ...
    def allows(self, action: Action) -> bool: ...
    def played(self) -> None: ...


class Overlays(Protocol):
    """What is shown over the table (:class:`ui.control.overlays.Overlays`)."""

    def privacy(self, seat: Seat) -> None: ...
    async def launches(self, shows: list[Launch]) -> None: ...
    def confirm(self, text: str, label: str) -> None: ...
    def notice(self, text: str) -> None:
        """A banner that tells something (a warning, not an error)."""


class Sounds(Protocol):
    """The table's sounds (:class:`ui.control.sound.SoundSwitch`), if its switch is on."""

    def play(self, name: str) -> None: ...


class Saving(Protocol):
    """The saved-games shelf (:class:`ui.control.shelf.Shelf`)."""

    def autosave(self) -> None: ...
    async def kept(self) -> None:
        """The last move's save is on disk (or why not is told)."""

    def owns(self, key: str) -> bool: ...
    def open(self, error: str = "", notice: str = "") -> None: ...
    def resumable(self) -> Summary | None: ...

    @property
    def to_start(self) -> bool:
        """Saved games was opened from the start screen (closing it goes back there)."""


class Replays(Protocol):
    """The replay desk (:class:`ui.control.replaydesk.ReplayDesk`)."""

    @property
    def on(self) -> bool: ...

    @property
    def after(self) -> Callable[[], None] | None:
        """What the replay's Exit opens instead of the game on the table, if anything."""

    def start(self, save: dict[str, Any], seats: Sequence[str],
              hints: dict[str, int] | None = None,
              after: Callable[[], None] | None = None) -> None: ...
    def exit(self) -> None: ...
    def finished_game(self) -> Game | None: ...


class Report(Protocol):
    """The post-game report (:class:`ui.control.reportdesk.ReportDesk`)."""

    @property
    def on(self) -> bool: ...

    def close(self) -> None: ...


class Minds(Protocol):
    """The computer players (:class:`ui.control.thinker.Thinker`)."""

    async def choose(self, view: View, legal: list[Action], level: str, seed: int,
                     purpose: str = "move", wanted: Callable[[], bool] = ...
                     ) -> Action | None: ...
    async def chronicle(self, save_json: str, upto: int, seed: int,
                        wanted: Callable[[], bool] = ...) -> Chronicle | None: ...


class StartScreen(Protocol):
    """The start screen (:class:`ui.control.newgame.NewGame`)."""

    def open_start(self) -> None: ...


# ---------------------------------------------------------------------- offered by links


class Hosted(Protocol):
    """An online game's host side (:class:`ui.links.hosting.Hosting`), as the New game
    dialog sees it."""

    def ice_text(self) -> str: ...
    def relays_text(self) -> str: ...


class Peers(Protocol):
    """The transport between browsers and the relays that set it up
    (:class:`ui.links.peers.Online`), as either side of an online game uses them."""

    async def listen(self) -> None:
        """Load it once; its events come as messages (:class:`ui.loop.notices.PeerEvent`)."""

    async def listen_relays(self) -> None:
        """Load the relays' signaling once; its events come as messages
        (:class:`ui.loop.notices.RelayEvent`)."""


class EmbedPage(Protocol):
    """The page around an embed's frame, which hears of the game
    (:class:`ui.links.embed.EmbedApi`)."""

    def ready(self, example: str = "") -> None:
        """The game (or rule example ``example``) is dealt and ready."""

    def example_done(self, ident: str) -> None: ...
