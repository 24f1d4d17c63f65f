"""The standard modules that no start imports, fetched the first time one of them is imported.

The build splits Pyodide's ``python_stdlib.zip`` (``scripts/pycompile.mjs``): the first
download keeps the modules that Pyodide's start, the page and its AI worker import, as
bytecode; the others (some 420 modules, 1.8 MB: email, unittest, xml, most encodings...) go
to ``python_stdlib_rest.zip``, and their names to ``stdlib_rest.txt`` beside this module (in
the app bundle). A finder at the end of ``sys.meta_path`` (asked only after every other finder
missed) loads that archive once, the first time one of those names is imported, and imports
from it; until then nothing of it is downloaded. Most games never import one; an error's
traceback or a library's rare path may. That one request is synchronous (an import cannot
wait), and Chromium and WebKit send no synchronous request through a service worker: so once
the service worker holds the whole site, the page copies the archive from it ahead of time
(``ui.platform.dom.keep_for_offline``, :meth:`RestOfStdlib.keep`), and offline play still
finds it.

Pure Python (the fetch is given), so it is tested in CPython (tests/test_stdlib_rest.py).
"""

from __future__ import annotations

import _codecs
import hashlib
import sys
from collections.abc import Callable, Sequence
from importlib.machinery import ModuleSpec, PathFinder
from pathlib import Path
from types import ModuleType

NAMES = Path(__file__).with_name("stdlib_rest.txt")  # written by the build, absent in a checkout
ARCHIVE = Path(__file__).with_name("python_stdlib_rest.zip")  # where the fetched copy is kept


def user_defined_bytes(text: str) -> bytes:
    """The bytes of a response read as x-user-defined text (``ui.platform.dom.fetch_now``: a
    synchronous request may not ask for bytes). That charset reads 0x00-0x7F as themselves
    and 0x80-0xFF as U+F780-U+F7FF: each character's low byte is the byte. (The codec's C
    function itself: ``str.encode`` would look the codec up, among the modules left for
    later.)"""
    return bytes(_codecs.utf_16_le_encode(text)[0][::2])


class RestOfStdlib:
    """A finder of the standard modules ``names``: the first time one is asked for, it
    writes the archive that holds them to ``archive`` (what ``fetch`` returns, unless
    :meth:`keep` was given it before) and imports from it. The archive must have the hash
    ``sha256`` (the build's own); if it cannot be had, those modules fail to import as
    modules that are not there, and it is not asked for again."""

    def __init__(self, names: frozenset[str], sha256: str, fetch: Callable[[], bytes],
                 archive: Path) -> None:
        self.names = names
        self.sha256 = sha256
        self.fetch = fetch
        self.archive = archive
        self.failed = False

    def find_spec(self, name: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if name not in self.names or self.failed:
            return None  # not ours (or not to be had): the import fails as it would have
        try:
            where = self.mount()
        except Exception as exc:  # offline, refused, another build's: not there
            self.failed = True
            raise ModuleNotFoundError(f"No module named {name!r} (the rest of the standard "
                                      f"library could not be loaded: {exc})", name=name) from exc
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

    def keep(self, data: bytes) -> bool:
        """Write ``data`` as the archive if it is the build's (a copy made ahead, while
        nothing waits for it); whether it is kept."""
        if self.archive.is_file() or hashlib.sha256(data).hexdigest() != self.sha256:
            return False
        self.archive.write_bytes(data)
        return True

    def mount(self) -> str:
        """The archive on disk and on ``sys.path`` (fetched on the first call only)."""
        if not self.archive.is_file() and not self.keep(self.fetch()):
            raise OSError("the archive fetched is not this build's")
        where = str(self.archive)
        if where not in sys.path:
            sys.path.append(where)
        return where


def install(fetch: Callable[[], bytes], names: Path = NAMES,
            archive: Path = ARCHIVE) -> RestOfStdlib | None:
    """Put the finder last on ``sys.meta_path`` (None when the build wrote no names: a
    checkout's Python has its whole standard library). ``names``: the archive's hash
    (``sha256 HEX``), then one module name a line."""
    if not names.is_file():
        return None
    head, *listed = names.read_text().split("\n")
    finder = RestOfStdlib(frozenset(n for n in listed if n), head.removeprefix("sha256 "),
                          fetch, archive)
    sys.meta_path.append(finder)
    return finder
