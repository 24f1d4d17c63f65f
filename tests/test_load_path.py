"""What the page's Python does before the first screen stays small (issue 27): the app's
modules arrive compiled for Pyodide's Python, and the first screen's imports leave out the
standard library's slow-to-compile modules (Pyodide compiles those from source on every
load)."""

from __future__ import annotations

import html
import json
import struct
import subprocess
import sys

from hypothesis import given
from hypothesis import strategies as st

from tests.scripts import ROOT, load_script
from ui.markup.html import e

# Standard-library modules the first screen once imported, with what each cost in Pyodide
# (compiled from source on every load): importlib.metadata brought the email package (140 ms),
# html its entities table (25 ms), importlib.resources 15 ms.
SLOW_TO_COMPILE = ("email", "html", "importlib.metadata", "importlib.resources")


def test_the_first_screen_imports_none_of_the_slow_standard_modules() -> None:
    code = "import json, sys\nfrom ui.app import App\nprint(json.dumps(sorted(sys.modules)))"
    # -S: without site, whose .pth files here import certifi (and importlib.resources)
    done = subprocess.run([sys.executable, "-S", "-c", code], capture_output=True, text=True,
                          cwd=ROOT, check=True)
    loaded = json.loads(done.stdout)
    assert "ui.app" in loaded and "game.content" in loaded
    slow = [name for name in loaded
            if any(name == root or name.startswith(root + ".") for root in SLOW_TO_COMPILE)]
    assert slow == []


@given(st.text())
def test_markup_escaping_is_the_standard_librarys(text: str) -> None:
    assert e(text) == html.escape(text, quote=True)


def test_escaping_covers_each_special_character() -> None:
    assert e("""<a href="x" title='y'>&amp;</a>""") == \
        "&lt;a href=&quot;x&quot; title=&#x27;y&#x27;&gt;&amp;amp;&lt;/a&gt;"
    assert e(3) == "3"


def test_the_build_compiles_modules_for_the_pinned_pyodides_python() -> None:
    build = load_script("moonshot_build", "scripts/build.py")
    lock = json.loads((ROOT / "node_modules" / "pyodide" / "pyodide-lock.json").read_text())
    major, minor = lock["info"]["python"].split(".")[:2]
    found = dict(build.compiled([("pkg/__init__.py", b""), ("pkg/mod.py", b"X = 1\n")]))
    tag = f"cpython-{major}{minor}"
    assert sorted(found) == [f"pkg/__pycache__/__init__.{tag}.pyc",
                             f"pkg/__pycache__/mod.{tag}.pyc"]
    header = found[f"pkg/__pycache__/mod.{tag}.pyc"][:16]
    (flags,) = struct.unpack("<I", header[4:8])
    # PEP 552: hash-based (bit 0) and not checked against the source (bit 1 clear). The
    # unzipped sources get new timestamps: a timestamp-based .pyc would be thrown away.
    assert flags == 0b01
    again = dict(build.compiled([("pkg/__init__.py", b""), ("pkg/mod.py", b"X = 1\n")]))
    assert again == found  # the same bytes on every build (the service worker's version)
