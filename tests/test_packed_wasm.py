"""Pyodide's wasm goes over the network zstd-compressed (scripts/build.py ``pack``): the packed
file holds the same bytes, in frames the page's decoder (fzstd) unpacks with a small window,
and the service worker precaches it in place of the plain file, which it keeps unpacked
(public/sw.js). That the browsers unpack it: e2e/test_ai_browser.py, e2e/test_offline.py."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

from backports import zstd

from scripts.build import PACKED, PACKED_WINDOW_LOG, WASM, pack, write_service_worker

ROOT = Path(__file__).resolve().parent.parent


def window_size(frame: bytes) -> int:
    """The window a zstd frame asks its decoder for (RFC 8878, 3.1.1.1.2)."""
    assert frame[:4] == b"\x28\xb5\x2f\xfd", "not a zstd frame"
    descriptor = frame[4]
    assert not descriptor & 0x20, "a single-segment frame has no window descriptor"
    exponent, mantissa = frame[5] >> 3, frame[5] & 7
    base = 1 << (10 + exponent)
    return base + base // 8 * mantissa


def test_the_packed_file_holds_the_same_bytes_with_their_size_and_a_small_window(
        tmp_path: Path) -> None:
    # 3 MiB, more than the window, half of it compressible: the window then shows
    rng = random.Random(1)
    data = rng.randbytes(1 << 20) + b"moonshot " * ((2 << 20) // 9)
    plain = tmp_path / "runtime.wasm"
    plain.write_bytes(data)
    packed = pack(plain)
    assert packed.name == "runtime.wasm" + PACKED
    frame = packed.read_bytes()
    assert zstd.decompress(frame) == data
    assert zstd.get_frame_info(frame).decompressed_size == len(data)
    assert window_size(frame) <= 1 << PACKED_WINDOW_LOG < len(data)
    assert len(frame) < len(data) * 0.5


def test_the_worker_precaches_the_packed_wasm_and_not_the_plain_one(tmp_path: Path) -> None:
    site = tmp_path / "site"
    (site / "pyodide").mkdir(parents=True)
    shutil.copy(ROOT / "public" / "sw.js", site / "sw.js")
    (site / "index.html").write_text("<!doctype html>")
    (site / WASM).write_bytes(b"\0asm" + bytes(4000))
    pack(site / WASM)
    urls = [file["url"] for file in write_service_worker(site)["files"]]
    assert urls == ["index.html", WASM + PACKED]
    worker = (site / "sw.js").read_text()
    assert 'importScripts("./vendor/fzstd/index.js")' in worker
    assert f'const PACKED = "{PACKED}";' in worker
