"""The saved-games shelf of the app: autosave, the Saved games dialog, export and import."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..model.saves import (
    CURRENT_KEY,
    KEY_PREFIX,
    SaveError,
    Summary,
    bug_report_text,
    export_text,
    file_name,
    now_text,
    parse,
    sorted_summaries,
    summarize,
)
from ..platform import dom
from ..screens.panels import saves_html
from ..words.i18n import _, ngettext

if TYPE_CHECKING:
    from ..app import App


class Shelf:
    def __init__(self, app: App) -> None:
        self.app = app
        self.storage_failed = False

    def autosave(self) -> None:
        """Store the game (export envelope) under its id; failures are told, not fatal."""
        app = self.app
        if not app.g.log:
            return
        text = export_text(app.g, app.setup, app.title, now_text(), app.hints.taken)
        failed = dom.storage_set(KEY_PREFIX + app.save_id, text)
        if failed is None:
            dom.storage_set(CURRENT_KEY, app.save_id)
            self.storage_failed = False
            dom.set_body("saved", str(app.g.log_size))
        elif not self.storage_failed:
            self.storage_failed = True
            app.notice(_("Autosave failed: {error}. The game goes on; delete old saved games "
                         "(Saved games) or export this one to keep it.").format(error=failed))

    def resumable(self) -> Summary | None:
        """The last game played on this browser, when it is readable and not finished."""
        current = dom.storage_get(CURRENT_KEY)
        if not current:
            return None
        key = KEY_PREFIX + current
        text = dom.storage_get(key)
        if text is None:
            return None
        summary = summarize(key, text)
        return summary if summary.ok and not summary.over else None

    def continue_saved(self, key: str) -> None:
        text = dom.storage_get(key)
        try:
            loaded = parse(text)
        except SaveError as exc:
            self.open(error=_("That saved game cannot be continued: {error}").format(
                error=exc))
            return
        self.app.load_game(loaded, key[len(KEY_PREFIX):])
        dom.storage_set(CURRENT_KEY, self.app.save_id)

    def open(self, error: str = "", notice: str = "") -> None:
        app = self.app
        app.dialog_kind = "saves"
        summaries = sorted_summaries(dom.storage_items(KEY_PREFIX))
        current = KEY_PREFIX + app.save_id if app.g.log else None
        dom.set_html("dialog", saves_html(summaries, current, error, notice))
        dom.show("dialog", True)
        dom.focus_first('[data-testid="close-saves"]')

    def delete(self, key: str) -> None:
        dom.storage_remove(key)
        self.open(notice=_("Saved game deleted."))

    async def import_file(self, element: Any) -> None:
        from ..app import new_save_id

        app = self.app
        try:
            text = await dom.read_file(element)
            if text is None:
                return
            loaded = parse(text)
        except (SaveError, ValueError) as exc:
            self.open(error=_("Import refused: {error} The game in progress is unchanged.")
                      .format(error=exc))
            return
        app.load_game(loaded, new_save_id())
        self.autosave()
        app.notice(ngettext("Imported “{title}”: {count} action, round {round}.",
                            "Imported “{title}”: {count} actions, round {round}.",
                            app.g.log_size).format(title=app.title, count=app.g.log_size,
                                                   round=app.g.round))

    def export(self) -> None:
        app = self.app
        dom.download(file_name(app.g),
                     export_text(app.g, app.setup, app.title, hints=app.hints.taken))

    def bug_report(self) -> None:
        app = self.app
        text = bug_report_text(app.g, app.setup, app.error_text or "(no error recorded)")
        dom.download(file_name(app.g, "moonshot-bug-report"), text)
