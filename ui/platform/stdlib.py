"""The standard modules that no start imports, fetched the first time one of them is imported.

The build splits Pyodide's ``python_stdlib.zip`` (``scripts/pycompile.mjs``): the first
download keeps the modules that Pyodide's start, the page and its AI worker import, as
bytecode; the others (some 420 modules, 1.8 MB: email, unittest, xml, most encodings...) go
to ``python_stdlib_rest.zip``, and their names to ``stdlib_rest.txt`` beside this module (in
the app bundle). A finder at the end of ``sys.meta_path`` (asked only after every other finder
missed) loads that archive once, the first time one of those names is imported, and imports
from it; until then nothing of it is downloaded. Most games never import one; an error's
traceback or a library's rare path may.

Pure Python (the fetch is given), so it is tested in CPython (tests/test_stdlib_rest.py).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from importlib.machinery import ModuleSpec, PathFinder
from pathlib import Path
from types import ModuleType

NAMES = Path(__file__).with_name("stdlib_rest.txt")  # written by the build, absent in a checkout
ARCHIVE = Path(__file__).with_name("python_stdlib_rest.zip")  # where the fetched copy is kept


# The x-user-defined charset reads each byte of a response as one character: 0x00-0x7F as
# themselves, 0x80-0xFF as U+F780-U+F7FF (a synchronous request may not ask for bytes).
_USER_DEFINED = {0xF700 + byte: byte for byte in range(0x80, 0x100)}


def user_defined_bytes(text: str) -> bytes:
    """The bytes of a response read as x-user-defined text (``ui.platform.dom.fetch_now``)."""
    return text.translate(_USER_DEFINED).encode("latin-1")


class RestOfStdlib:
    """A finder of the standard modules ``names``: the first time one is asked for, it writes
    what ``fetch`` returns (the archive that holds them) to ``archive`` and imports from it."""

    def __init__(self, names: frozenset[str], fetch: Callable[[], bytes], archive: Path) -> None:
        self.names = names
        self.fetch = fetch
        self.archive = archive

    def find_spec(self, name: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if name not in self.names:
            return None  # not ours: the import fails as it would have
        where = self.mount()
        parent = name.rpartition(".")[0]
        if not parent:
            return PathFinder.find_spec(name, [where])
        package = sys.modules.get(parent)
        if package is None:
            return None
        # A package whose other modules came with the first download (encodings): its
        # modules left for later are found in the archive's folder of the same name.
        folder = f"{where}/{parent.replace('.', '/')}"
        if folder not in package.__path__:
            package.__path__.append(folder)
        return PathFinder.find_spec(name, [folder])

    def mount(self) -> str:
        """The archive on disk and on ``sys.path`` (fetched on the first call only)."""
        if not self.archive.is_file():
            self.archive.write_bytes(self.fetch())
        where = str(self.archive)
        if where not in sys.path:
            sys.path.append(where)
        return where


def install(fetch: Callable[[], bytes], names: Path = NAMES,
            archive: Path = ARCHIVE) -> RestOfStdlib | None:
    """Put the finder last on ``sys.meta_path`` (None when the build wrote no names: a
    checkout's Python has its whole standard library)."""
    if not names.is_file():
        return None
    finder = RestOfStdlib(frozenset(names.read_text().split()), fetch, archive)
    sys.meta_path.append(finder)
    return finder
