"""A long run's records, one JSON line each (``tournament --out``, ``lab --out``): read back
past a line a stop cut short, and appended so that such a line is ended, not continued."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")


def read_records(out: Path | None, read: Callable[[Any], T]) -> Iterator[T]:
    """``read`` of each whole line of ``out`` (nothing if there is no file); a line that is
    not JSON, or that ``read`` refuses (ValueError, TypeError, KeyError), is skipped."""
    if out is None or not out.exists():
        return
    for line in out.read_text(encoding="utf-8").splitlines():
        try:
            yield read(json.loads(line))
        except (ValueError, TypeError, KeyError):
            continue


def end_cut_line(out: Path) -> None:
    """End the file's last line if a stop cut it short, so the next record starts afresh."""
    if out.exists() and out.stat().st_size:
        with out.open("rb+") as f:
            f.seek(-1, 2)
            if f.read(1) != b"\n":
                f.write(b"\n")


def append_record(out: Path, record: object) -> None:
    with out.open("a", encoding="utf-8") as f:
        f.write(json.dumps(record, separators=(",", ":")) + "\n")
