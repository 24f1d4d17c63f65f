"""The saved-games shelf of the app: autosave, the Saved games dialog, export and import."""

from __future__ import annotations

from typing import Any

from game.core.reading import SAVE

from ..loop.messages import BugReport, Export, Handle, ImportFile, Msg, OnSaved, OpenSaves, on
from ..model.match import Match
from ..model.roles import Dealer, ErrorLog, Overlays, Screen, Tasks
from ..model.saves import (
    MAIN_KEYS,
    SaveError,
    SaveKeys,
    Summary,
    bug_report_text,
    export_text,
    file_name,
    new_save_id,
    now_text,
    parse,
    save_keys,
    sorted_summaries,
    summarize,
)
from ..model.table import Table
from ..platform.port import GAME_TAKEN, Platform
from ..screens.panels import elsewhere_html, saves_html
from ..words.i18n import _, ngettext

FILE_BYTES = 4 * SAVE.chars + 1  # read of a file at most: past this it is too long anyway
EMBED_GAMES = 5  # games an embed that saves keeps (its Saved games lists them)


class Shelf:
    """Offers :class:`ui.model.roles.Saving`."""

    def __init__(self, dom: Platform, table: Table, match: Match, screen: Screen, tasks: Tasks,
                 dealer: Dealer, overlays: Overlays, errors: ErrorLog) -> None:
        self.dom = dom
        self.table = table
        self.match = match  # the game saved (a guest's screen holds none: the host saves it)
        self.screen = screen
        self.tasks = tasks
        self.dealer = dealer
        self.overlays = overlays
        self.errors = errors
        self.keeping = True  # the game on the table is saved (a rule example's never is)
        self.storage_failed = False
        self.to_start = False  # Saved games was opened from the start screen: close goes back
        self.pruned_for = ""  # the game whose first save pruned an embed's older ones
        self.held = ""  # the key of the saved game this tab holds (plays and saves)
        self.away = ""  # the key of the game on the table when another tab took it
        # where this page keeps its games: None for an embed that keeps nothing
        self.keys = save_keys(dom.embedded(), dom.query_string())

    def owns(self, key: str) -> bool:
        """Whether ``key`` is one of this page's saved games (an embed's are its own)."""
        return self.keys is not None and self.keys.owns(key)

    def handlers(self) -> list[tuple[type[Msg], Handle]]:
        return [on(OpenSaves, lambda _m: self.open()), on(OnSaved, self._on_saved),
                on(Export, lambda _m: self.export()), on(BugReport, lambda _m: self.bug_report()),
                on(ImportFile, lambda m: self.tasks.spawn(self.import_file(m.source)))]

    def _on_saved(self, msg: OnSaved) -> None:
        """Something done to a saved game (only a key of a saved game)."""
        if self.owns(msg.key):
            {"continue": self.continue_saved, "take-here": self.take_here,
             "delete": self.delete, "export-raw": self.export_as_is}[msg.deed](msg.key)

    def start(self) -> None:
        self.dom.on_game_taken(self.tasks.as_input(self.taken))

    def autosave(self) -> None:
        """Store the game (export envelope) under its id; failures are told, not fatal. The
        write reaches the disk in the background: :meth:`kept` waits for it."""
        table, keys = self.table, self.keys
        if not self.keeping or not self.match.held or not table.position.moves or keys is None \
                or self.away:
            return
        text = export_text(self.match.game, table.setup, table.title, now_text(),
                           self.table.hints_taken)
        # (a save's failure comes from the disk, later: kept() tells it)
        self.dom.storage_set(keys.prefix + table.save_id, text)
        self.dom.storage_set(keys.current, table.save_id)
        if keys != MAIN_KEYS and self.pruned_for != table.save_id:
            self.pruned_for = table.save_id
            self.keep_last(keys)

    def failed(self, why: str) -> None:
        """A save that did not reach the disk: told once, until a save succeeds again."""
        if not self.storage_failed:
            self.storage_failed = True
            self.overlays.notice(_("Autosave failed: {error}. The game goes on; delete old saved "
                              "games (Saved games) or export this one to keep it.").format(
                error=why))

    async def kept(self) -> None:
        """Wait until the game's last save is on disk (a move is drawn only then, so a move
        on the screen is a move a browser killed the next moment keeps)."""
        failed = await self.dom.storage_kept()
        if failed == GAME_TAKEN:
            self.taken(self.held)
        elif failed is not None:
            self.failed(failed)
        else:
            self.storage_failed = False  # saved again: a next failure is told again
            self.dom.probe("saved", str(self.table.position.moves))  # (on disk now)

    def playing(self, keep: bool = True) -> None:
        """The game on the table is this tab's (dealt, loaded or continued): it holds it, so
        another tab opening it is told, and lets go of the one before. ``keep`` False: a rule
        example's moment is on the table, never saved (the game held before stays held)."""
        self.keeping = keep
        self.storage_failed = False  # another game: its first failure to save is told
        keys = self.keys
        if keys is None or not keep:
            return
        key = keys.prefix + self.table.save_id
        self.away = ""
        if self.held != key:
            if self.held:
                self.dom.let_go(self.held)
            self.held = key
            self.tasks.spawn(self._hold(key))

    async def _hold(self, key: str) -> None:
        if not await self.dom.hold_game(key, False) and self.held == key:
            self.taken(key)  # (a fresh game's id is nobody else's: a stale tab's reload)

    def taken(self, key: str) -> None:
        """Another tab took the game on the table: this one stops and says so."""
        if key and key == self.held and not self.away:
            self.away, self.held = key, ""
            self.table.stop_play()
            self.table.nobody_acts()  # no decision open here: no control takes a move
            self.tell_away()

    def tell_away(self) -> None:
        """The game on the table is played in another tab: a dialog says so and offers to
        take it back here."""
        self.table.open_dialog("elsewhere", elsewhere_html(self.away, taken=True))
        self.table.set_busy(False)
        self.screen.after_paint(lambda: self.dom.focus_first('[data-testid="take-here"]'))

    def keep_last(self, keys: SaveKeys) -> None:
        """An embed keeps its last :data:`EMBED_GAMES` games (a page may start hundreds);
        ids sort as they were made, so the oldest go."""
        for key in sorted(self.dom.storage_keys(keys.prefix))[:-EMBED_GAMES]:
            self.dom.storage_remove(key)

    def resumable(self) -> Summary | None:
        """The last game played on this browser, when it is readable and not finished."""
        if self.keys is None:
            return None
        current = self.dom.storage_get(self.keys.current)
        if not current:
            return None
        key = self.keys.prefix + current
        text = self.dom.storage_get(key)
        if text is None:
            return None
        summary = summarize(key, text)
        return summary if summary.ok and not summary.over else None

    def continue_saved(self, key: str) -> None:
        self.table.set_busy(True)  # at once: until the game is on the table (the turn loop says)
        self.tasks.spawn(self.open_saved(key))

    def take_here(self, key: str) -> None:
        self.table.set_busy(True)
        self.tasks.spawn(self.open_saved(key, take=True))

    async def open_saved(self, key: str, take: bool = False) -> None:
        """Continue the saved game ``key``, unless another tab holds it: then say so and
        offer to take it here (``take``: taken from that tab, which stops)."""
        keys = self.keys
        if keys is None or not keys.owns(key):  # (an embed that keeps nothing has none)
            return
        if not await self.dom.hold_game(key, take):
            self.table.open_dialog("elsewhere", elsewhere_html(key, taken=False))
            self.table.set_busy(False)
            self.screen.after_paint(lambda: self.dom.focus_first('[data-testid="take-here"]'))
            return
        text = self.dom.storage_get(key)  # (as on disk now: holding it read it afresh)
        try:
            loaded = parse(text)
        except SaveError as exc:
            self.dom.let_go(key)
            self.open(error=_("That saved game cannot be continued: {error}").format(
                error=exc))
            self.table.set_busy(False)
            return
        self.dealer.load_game(loaded, key[len(keys.prefix):])  # (playing() holds it now)
        self.dom.storage_set(keys.current, self.table.save_id)

    def open(self, error: str = "", notice: str = "") -> None:
        table = self.table
        self.to_start = table.dialog == "start" or (table.dialog == "saves" and self.to_start)
        prefix = self.keys.prefix if self.keys is not None else ""
        summaries = (sorted_summaries(self.dom.storage_items(prefix), prefix) if prefix
                     else [])
        held = self.match.held
        current = prefix + table.save_id if held and table.position.moves and prefix else None
        table.open_dialog("saves", saves_html(summaries, current, error, notice, held))
        self.screen.after_paint(lambda: self.dom.focus_first('[data-testid="close-saves"]'))

    def delete(self, key: str) -> None:
        self.tasks.spawn(self.delete_unheld(key))

    async def delete_unheld(self, key: str) -> None:
        """Delete a saved game, unless another tab is playing it (its next save would bring
        it back, and its player would not know why it had gone)."""
        if key != self.held and not await self.dom.hold_game(key, False):
            self.open(error=_("That game is being played in another tab, so it was not "
                              "deleted: delete it there, or take it here first."))
            return
        if key != self.held:
            self.dom.let_go(key)
        self.dom.storage_remove(key)
        self.open(notice=_("Saved game deleted."))

    async def import_file(self, element: Any) -> None:
        data = await self.dom.read_file(element, FILE_BYTES)
        if data is None:
            return
        try:
            loaded = parse(data)
        except SaveError as exc:
            self.open(error=_("Import refused: {error} The game in progress is unchanged.")
                      .format(error=exc))
            return
        self.dealer.load_game(loaded, new_save_id())
        self.autosave()
        table = self.table
        told = ngettext("Imported “{title}”: {count} action, round {round}.",
                        "Imported “{title}”: {count} actions, round {round}.",
                        table.position.moves).format(title=table.title,
                                                     count=table.position.moves,
                                                     round=table.position.public.round)
        self.overlays.notice(f"{told} {loaded.read_as}" if loaded.read_as else told)

    def export_as_is(self, key: str) -> None:
        """An entry the game cannot read, downloaded exactly as stored (for a bug report,
        or to mend by hand), so deleting it need not lose it."""
        text = self.dom.storage_get(key)
        if text is not None:
            name = key[len(self.keys.prefix):] if self.keys is not None else key
            self.dom.download(f"moonshot-unreadable-{name[:40]}.json", text)

    def export(self) -> None:
        table, g = self.table, self.match.game
        self.dom.download(file_name(g), export_text(g, table.setup, table.title,
                                                    hints=table.hints_taken))

    def bug_report(self) -> None:
        g = self.match.game if self.match.held else None  # (a guest's: the error alone)
        text = bug_report_text(g, self.table.setup, self.errors.error_text or "(no error recorded)")
        self.dom.download(file_name(g, "moonshot-bug-report"), text)
