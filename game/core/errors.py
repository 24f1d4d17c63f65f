"""The three errors the engine raises at its boundary."""


class IllegalAction(ValueError):
    """An action that the rules do not allow now; the game is left exactly as it was."""


class BadSave(ValueError):
    """A save that is malformed, tampered with, or from another format version."""


class ContentError(ValueError):
    """A content data file that breaks its schema; the message names the file and entry."""
