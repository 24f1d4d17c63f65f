"""The methods ``@dataclass`` writes for the app's classes, compiled once, by the build.

``@dataclass`` writes each class's methods (``__init__``, ``__eq__``, ``__repr__``...) as text
and compiles that text at every start: for the app's 118 classes, most of the 2.8 s its
imports took on a phone (CPU 4x, docs/performance.md). The build (scripts/pycompile.mjs)
records every text compiled while it imports the app, with its code (:func:`recording`), and
ships the table in app.zip (:data:`TABLE`); the page's script hands it to ``dataclasses``
before importing the app (:func:`install`). The same text gets the very code it compiles to;
any other text is compiled as before. Pure Python: the tests run both halves in CPython.
"""

from __future__ import annotations

import builtins
import hashlib
import marshal
from collections.abc import Callable
from types import CodeType
from typing import Any

TABLE = "ui/platform/dataclasses.marshal"  # in app.zip, unpacked beside the app's modules
Exec = Callable[..., None]


def digest(text: str) -> bytes:
    """The key of a method's text in the table."""
    return hashlib.sha256(text.encode()).digest()[:16]


def recording(methods: dict[bytes, CodeType]) -> Exec:
    """An ``exec`` for ``dataclasses`` that compiles each text once and keeps its code in
    ``methods`` (the build's: it imports the app with this one in place)."""
    def run(source: Any, globals: Any = None, locals: Any = None) -> None:
        if isinstance(source, str):
            source = methods.setdefault(digest(source), compile(source, "<string>", "exec"))
        builtins.exec(source, globals, locals)
    return run


def replaying(methods: dict[bytes, CodeType]) -> Exec:
    """An ``exec`` for ``dataclasses`` that takes a text's code from ``methods`` when it is
    there, else compiles the text (as ``exec`` does)."""
    def run(source: Any, globals: Any = None, locals: Any = None) -> None:
        if isinstance(source, str):
            source = methods.get(digest(source), source)
        builtins.exec(source, globals, locals)
    return run


def install(path: str = TABLE) -> int:
    """``dataclasses`` given the build's compiled methods, read from ``path``: how many there
    are (0 and nothing changed where there is no table: a checkout, the unit tests). The
    table is the build's own file in the app's archive, like its modules' bytecode."""
    import dataclasses

    try:
        with open(path, "rb") as f:
            methods = marshal.load(f)
    except OSError:
        return 0
    dataclasses.exec = replaying(methods)  # type: ignore[attr-defined]
    return len(methods)
