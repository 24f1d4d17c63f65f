"""A finished game shared as a link, and a shared game's link opened: its replay and report.

The link is the page's address with the game packed in its fragment
(:func:`game.sharing.share_code`), so no server ever sees it; opened in any browser (offline
after a first visit), it shows the game's replay at its end and the report over it. A link
refused (cut short, edited, a game not finished) says why in a banner and changes nothing: the
page starts as it would have, and nothing stored is touched.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from game import SEATS
from game.sharing import BadCode, open_code, share_code

from ..loop.messages import Handle, Msg, Share, on
from ..model.match import Match
from ..model.replay import shared_code, shared_link
from ..model.roles import Overlays, Replays, Screen
from ..model.table import Table
from ..platform.port import Platform
from ..screens.panels import share_html
from ..words.i18n import _
from ..words.refusals import shared_words


class ShareDesk:
    """Offers the ``share`` command, and opens a shared game's link (:meth:`open_link`).

    ``busy`` says whether the table is taken by what a replay must not interrupt (an online
    game, the Tutorial, a rule example); ``open_report`` opens the report of the replay
    shown; ``open_start`` the start screen."""

    def __init__(self, dom: Platform, table: Table, match: Match, screen: Screen,
                 replays: Replays,
                 overlays: Overlays, busy: Callable[[], bool], open_report: Callable[[], None],
                 open_start: Callable[[], None]) -> None:
        self.dom = dom
        self.table = table
        self.match = match  # the game on the table (shared once finished)
        self.screen = screen
        self.replays = replays
        self.overlays = overlays
        self.busy = busy
        self.open_report = open_report
        self.open_start = open_start

    def handlers(self) -> list[tuple[type[Msg], Handle]]:
        return [on(Share, lambda _m: self.share())]

    def share(self) -> None:
        """The link of the finished game shown (the replayed one, else the table's), in a
        dialog to copy it from. A game still being played is never shared."""
        g = self.replays.finished_game() if self.replays.on else self.match.game
        if g is None or not g.is_over:
            return
        link = shared_link(self.dom.page_address(), share_code(g))
        self.table.open_dialog("share", share_html(link, g.log_size))
        self.screen.after_paint(lambda: self.dom.focus_first('[data-testid="share-copy"]'))

    def open_link(self) -> bool:
        """Open the shared game in the page's fragment, if it holds one (True then):
        its replay at the end and its report (the hints taken are not in a link: the report
        leaves them out), or a banner saying why the link is refused. Exit goes back to
        what the replay covered: the start screen (or the offer to go on, which it holds
        too), the replay before, else the game on the table."""
        code = shared_code(self.dom.location_hash())
        if code is None:
            return False
        self.dom.clear_hash()  # read once: a reload starts the page as it would
        if self.busy():
            self.overlays.notice(_("A shared game opens when no online game, Tutorial or "
                                   "rule example is on the table: leave it first."))
            return True
        try:
            g = open_code(code)
        except BadCode as exc:
            self.overlays.notice(_("This shared game cannot be opened. {why}").format(
                why=shared_words(exc.reason, exc.at)))
            return True
        if self.replays.on:
            back = self.replays.after
        else:
            back = self.open_start if self.table.dialog in ("start", "resume") else None
        self.replays.start(json.loads(g.to_json()), list(SEATS), None, back)
        self.open_report()
        return True
