"""The standard modules left for later (ui.platform.stdlib): fetched once, the first time one
of them is imported, also inside a package whose other modules came first; other names fail
as they would have, without a fetch."""

from __future__ import annotations

import hashlib
import importlib
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from ui.platform.stdlib import install, user_defined_bytes


@pytest.fixture
def clean_modules() -> Iterator[None]:
    """The test's made-up modules and finder gone afterwards."""
    meta, path = list(sys.meta_path), list(sys.path)
    yield
    sys.meta_path[:], sys.path[:] = meta, path
    for name in [n for n in sys.modules if n.startswith(("later_mod", "first_pkg"))]:
        del sys.modules[name]
    importlib.invalidate_caches()


def test_modules_left_for_later_come_with_their_first_import(
    tmp_path: Path, clean_modules: None,
) -> None:
    first = tmp_path / "first"
    (first / "first_pkg").mkdir(parents=True)
    (first / "first_pkg" / "__init__.py").write_text("HERE = 'first'\n")
    sys.path.insert(0, str(first))
    rest = tmp_path / "rest.zip"
    with zipfile.ZipFile(rest, "w") as archive:
        archive.writestr("later_mod.py", "VALUE = 42\n")
        archive.writestr("first_pkg/later_child.py", "from . import HERE\nVALUE = HERE\n")
    names = tmp_path / "stdlib_rest.txt"
    names.write_text(f"sha256 {hashlib.sha256(rest.read_bytes()).hexdigest()}\n"
                     "first_pkg.later_child\nlater_mod\n")
    fetched: list[str] = []

    def fetch() -> bytes:
        fetched.append("rest")
        return rest.read_bytes()

    import first_pkg  # noqa: F401  (imported from the first download, before the finder)

    finder = install(fetch, names, tmp_path / "kept.zip")
    assert finder is not None and sys.meta_path[-1] is finder
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("later_nowhere")  # not a module left for later
    assert fetched == []
    assert importlib.import_module("later_mod").VALUE == 42
    assert importlib.import_module("first_pkg.later_child").VALUE == "first"
    assert fetched == ["rest"]  # once, for both
    assert (tmp_path / "kept.zip").read_bytes() == rest.read_bytes()


def test_another_builds_archive_or_none_fails_the_import_once(
    tmp_path: Path, clean_modules: None,
) -> None:
    """An archive of another build (or a captive portal's page) is not kept; the import fails
    as for a module that is not there, and the archive is not asked for again."""
    names = tmp_path / "stdlib_rest.txt"
    names.write_text(f"sha256 {'0' * 64}\nlater_mod\n")
    asked: list[int] = []

    def fetch() -> bytes:
        asked.append(1)
        return b"<html>sign in to the wifi</html>"

    finder = install(fetch, names, tmp_path / "kept.zip")
    assert finder is not None
    for _ in range(2):
        with pytest.raises(ModuleNotFoundError):
            importlib.import_module("later_mod")
    assert asked == [1] and not (tmp_path / "kept.zip").exists()
    assert not finder.keep(b"not the build's")


def test_a_copy_kept_ahead_means_no_request_at_import(
    tmp_path: Path, clean_modules: None,
) -> None:
    rest = tmp_path / "rest.zip"
    with zipfile.ZipFile(rest, "w") as archive:
        archive.writestr("later_mod.py", "VALUE = 7\n")
    names = tmp_path / "stdlib_rest.txt"
    names.write_text(f"sha256 {hashlib.sha256(rest.read_bytes()).hexdigest()}\nlater_mod\n")

    def fetch() -> bytes:
        raise AssertionError("fetched although a copy was kept")

    finder = install(fetch, names, tmp_path / "kept.zip")
    assert finder is not None and finder.keep(rest.read_bytes())
    assert not finder.keep(rest.read_bytes())  # once
    assert importlib.import_module("later_mod").VALUE == 7


def test_bytes_read_as_x_user_defined_text_come_back_whole() -> None:
    data = bytes(range(256)) * 3
    text = "".join(chr(b) if b < 0x80 else chr(0xF700 + b) for b in data)
    assert user_defined_bytes(text) == data


def test_a_checkout_has_no_names_and_installs_nothing(tmp_path: Path) -> None:
    assert install(lambda: b"", tmp_path / "absent.txt") is None

