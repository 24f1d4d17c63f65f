"""Why a text from outside was not read (:class:`game.core.reading.Unreadable`), in the player's
words: what is wrong with the file or stored game, never the parser's message."""

from __future__ import annotations

from game.core.reading import Unreadable

from .i18n import _


def reason_words() -> dict[str, str]:
    """Each reason of :data:`game.core.reading.REASONS` as a sentence with its figures' places."""
    return {
        "not-text": _("It is not text."),
        "empty": _("It is empty."),
        "too-long": _("It is longer than any saved game (at most {limit} characters)."),
        "too-deep": _("Its brackets nest deeper than any saved game's (at most {limit})."),
        "long-number": _("It holds a number longer than {limit} digits, longer than any "
                         "saved game holds."),
        "utf-16": _("It is written as UTF-16 text; the game saves and reads UTF-8 only."),
        "not-utf-8": _("Byte {at} is not UTF-8 text: the file is damaged or is not a "
                       "saved game."),
        "not-json": _("It breaks off or is damaged at line {line}, column {column} (it may "
                      "be truncated)."),
        "number-word": _("It holds NaN or Infinity, which no saved game holds."),
        "repeated-key": _("It names one field twice: it was edited."),
    }


def unreadable_words(refusal: Unreadable) -> str:
    """One sentence (ending with a full stop) saying why the text could not be read."""
    return reason_words()[refusal.reason].format(**refusal.figures)


def shared_words(reason: str, at: int = 0) -> str:
    """Why a shared game's link was refused (:data:`game.sharing.REASONS`), one sentence."""
    words = {
        "empty": _("The link holds no game."),
        "version": _("The link was not made by this game, or by a version that writes links "
                     "another way."),
        "too-long": _("The link holds more than any game does."),
        "cut": _("The link was cut short: copy all of it, up to its last character."),
        "damaged": _("The link was damaged or edited: some of its characters are not the "
                     "ones the game wrote."),
        "unreadable": _("The game in the link cannot be read: the link was edited."),
        "illegal": _("Action {number} of the game in the link is not a legal move: the link "
                     "was edited, or made by a version of the game with other rules."),
        "unfinished": _("The game in the link is not finished, and a game still being played "
                        "is never shared (it would show its hidden cards)."),
        "edited": _("The game in the link does not end as it did when it was shared: the "
                    "link was edited, or made by a version of the game with other rules."),
    }
    return words.get(reason, words["damaged"]).format(number=at)
