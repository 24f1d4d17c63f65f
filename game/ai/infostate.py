"""Information states for the AI: :func:`determinize` lives in :mod:`game.infostate` (the
engine core samples hidden information too, for warnings and hints); its name stays here."""

from __future__ import annotations

from ..infostate import determinize

__all__ = ["determinize"]
