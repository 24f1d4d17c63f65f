"""What the page's Python does before the first screen stays small (issue 27): the app's
modules and the standard modules of Pyodide's start arrive compiled for Pyodide's Python, and
the first screen's imports leave out the heavy standard modules it does not need."""

from __future__ import annotations

import hashlib
import json
import shutil
import struct
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tests.scripts import ROOT, load_script
from ui.markup.html import e

# Standard-library modules the first screen once imported, with what each cost in Pyodide
# (compiled from source then): importlib.metadata, for one version string, brought the email
# package (140 ms), importlib.resources 15 ms. Imported again, the build would ship them
# compiled, but they would still be some 30 modules to download and run before the table.
SLOW_TO_COMPILE = ("email", "importlib.metadata", "importlib.resources")


def test_the_first_screen_imports_none_of_the_slow_standard_modules() -> None:
    code = "import json, sys\nfrom ui.app import App\nprint(json.dumps(sorted(sys.modules)))"
    # -S: without site, whose .pth files here import certifi (and importlib.resources)
    done = subprocess.run([sys.executable, "-S", "-c", code], capture_output=True, text=True,
                          cwd=ROOT, check=True)
    loaded = json.loads(done.stdout)
    assert "ui.app" in loaded and "game.core.content" in loaded
    slow = [name for name in loaded
            if any(name == root or name.startswith(root + ".") for root in SLOW_TO_COMPILE)]
    assert slow == []
    # The computer players' modules load on their first answer (ui.control.thinker).
    assert [name for name in loaded if name.startswith("game.ai")] == []


def test_the_page_ships_none_of_the_developers_tools() -> None:
    """app.zip leaves out game.tools (and python -m game): nothing the page imports (the
    computer players included) needs them (the import layers keep every shipped module below
    them)."""
    build = load_script("moonshot_build", "scripts/build.py")
    tools = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "game").rglob("*.py")
                   if not build.shipped(p.relative_to(ROOT).as_posix()))
    assert "game/tools/cli.py" in tools and "game/tools/tournament.py" in tools
    assert all(name.startswith("game/tools/") or name == "game/__main__.py" for name in tools)
    code = ("import json, sys\nfrom ui.app import App\nimport game.ai.chronicle\n"
            "import game.ai.advisor\n"
            "print(json.dumps(sorted(sys.modules)))")
    done = subprocess.run([sys.executable, "-S", "-c", code], capture_output=True, text=True,
                          cwd=ROOT, check=True)
    assert [name for name in json.loads(done.stdout) if name.startswith("game.tools")] == []


def test_escaping_covers_each_special_character() -> None:
    assert e("""<a href="x" title='y'>&amp;</a>""") == \
        "&lt;a href=&quot;x&quot; title=&#x27;y&#x27;&gt;&amp;amp;&lt;/a&gt;"
    assert e(3) == "3"


PYODIDE = ROOT / "node_modules" / "pyodide"


@pytest.mark.skipif(not (PYODIDE / "pyodide.mjs").is_file() or not shutil.which("node"),
                    reason="needs Node and `npm ci` (scripts/test runs it first)")
def test_the_build_compiles_modules_for_the_pinned_pyodides_python(tmp_path: Path) -> None:
    build = load_script("moonshot_build", "scripts/build.py")
    stdlib = tmp_path / "python_stdlib.zip"
    shutil.copyfile(PYODIDE / "python_stdlib.zip", stdlib)
    module = (b'"""A docstring nothing reads."""\nimport tomllib\nX = 1\n\n\n'
              b'def f():\n    """Nor this one."""\n    return X.real\n\n\n'
              b'class C:\n    """A class keeps its own."""\n')
    entries = [("pkg/__init__.py", b""), ("pkg/mod.py", module)]
    found = dict(build.compiled(entries, stdlib, imports=("pkg.mod",)))

    # in place of the sources; and the standard modules left for later, by name
    assert sorted(found) == ["pkg/__init__.pyc", "pkg/mod.pyc", build.REST_NAMES]
    # PEP 552: hash-based (bit 0) and not checked against a source (bit 1 clear)
    assert flags(found["pkg/mod.pyc"]) == 0b01

    # The standard modules imported on the way (Pyodide's start-up's and tomllib) are
    # bytecode instead of source; the others are left for later, as they were, in the rest.
    rest = stdlib.with_name(build.REST_ZIP)
    with zipfile.ZipFile(PYODIDE / "python_stdlib.zip") as before, \
            zipfile.ZipFile(stdlib) as after, zipfile.ZipFile(rest) as later:
        names, left = set(after.namelist()), set(later.namelist())
        assert {"tomllib/_parser.pyc", "asyncio/__init__.pyc", "json/__init__.pyc"} <= names
        assert not {"tomllib/_parser.py", "asyncio/__init__.py"} & names
        assert not any(name.endswith(".py") for name in names)
        assert flags(after.read("tomllib/_parser.pyc")) == 0b01
        assert "xml/dom/minidom.py" in left and not names & left
        assert all(before.read(n) == later.read(n) for n in left)
        files = {n for n in before.namelist() if not n.endswith("/")}
        assert {n.removesuffix("c") for n in names} | left == files
    head, *listed = found[build.REST_NAMES].decode().split("\n")
    assert head == f"sha256 {hashlib.sha256(rest.read_bytes()).hexdigest()}"
    assert [name for name in listed if name] == sorted(
        n[:-3].removesuffix("/__init__").replace("/", ".") for n in left if n.endswith(".py"))
    # a package's data files go with it: none alone in the first zip
    assert "ctypes/macholib/README.ctypes" in left

    # That standard library starts the pinned Pyodide, which imports the compiled modules,
    # the app's among them, and runs them.
    app = tmp_path / "app"
    for name, data in found.items():
        (app / name).parent.mkdir(parents=True, exist_ok=True)
        (app / name).write_bytes(data)
    boot = (f'const {{loadPyodide}} = await import("{PYODIDE / "pyodide.mjs"}");'
            f'const py = await loadPyodide({{stdLibURL: "{stdlib}"}});'
            f'py.FS.mkdirTree("/app");'
            f'py.FS.mount(py.FS.filesystems.NODEFS, {{root: "{app}"}}, "/app");'
            'console.log(py.runPython("import sys; sys.path.insert(0, \'/app\'); '
            "import tomllib, pkg.mod; "
            "f'{tomllib.loads(\'a = 1\')[\'a\'] + pkg.mod.f()} {tomllib.__file__} "
            "{pkg.mod.__file__} {pkg.mod.__doc__} {pkg.mod.f.__doc__} "
            "{len(pkg.mod.C.__doc__)} {list(pkg.mod.f.__code__.co_positions())[-1][2]}'\"));")
    done = subprocess.run(["node", "--input-type=module", "-e", boot], capture_output=True,
                          text=True, check=True, timeout=120)
    total, stdlib_file, app_file, *rest_of_it = done.stdout.split()
    assert total == "2" and stdlib_file.endswith(".zip/tomllib/__init__.pyc")
    assert app_file == "/app/pkg/mod.pyc"
    # no module or function docstring, a class's kept; lines but no column ranges
    assert rest_of_it == ["None", "None", str(len("A class keeps its own.")), "None"]

    # the same bytes on every build (the service worker's version)
    again = tmp_path / "again" / "python_stdlib.zip"
    again.parent.mkdir()
    shutil.copyfile(PYODIDE / "python_stdlib.zip", again)
    assert dict(build.compiled(entries, again, imports=("pkg.mod",))) == found
    assert again.read_bytes() == stdlib.read_bytes()
    assert again.with_name(build.REST_ZIP).read_bytes() == rest.read_bytes()


def flags(pyc: bytes) -> int:
    """The flags word of a .pyc header (PEP 552)."""
    return int(struct.unpack("<I", pyc[4:8])[0])


def test_the_about_boxs_version_is_the_one_the_package_and_the_build_declare() -> None:
    # game.__version__ is the one place it is written: pyproject reads it there (dynamic), the
    # build statically, the About box by import (not importlib.metadata, see above).
    from importlib.metadata import version

    import game
    from ui.screens.about import versions

    build = load_script("moonshot_build", "scripts/build.py")
    assert version("moonshot-game") == game.__version__ == build.read_project()["version"]
    assert versions()[0] == game.__version__


def test_the_computer_players_import_no_standard_module_beyond_the_first_download() -> None:
    """The build ships compiled, in the first download, the standard modules that its
    ``FIRST_IMPORTS`` load (the page's start, and the AI's modules the page imports on their
    first use); the rest wait in a second archive (ui.platform.stdlib). So thinking at every
    level, a hint's advice and the report's numbers must import nothing more of the standard
    library than those imports did: a module imported only when called would make the first
    computer move of a game wait for the rest of the library (1.7 MB) on a phone."""
    build = load_script("moonshot_build", "scripts/build.py")
    modules = [name for name in build.FIRST_IMPORTS if not name.startswith("pyodide")]
    code = f"""if True:
        import asyncio, json, random, sys
        from tests.fake_platform import FakePlatform  # (a test's own imports: not counted)
        for name in {modules!r}:
            __import__(name)
        started = set(sys.modules)
        import game
        from game.ai.advisor import explain, second_look
        from game.ai.winprob import simulate
        from ui.control.thinker import Thinker
        mind = Thinker(FakePlatform())
        g = game.new_game(3)
        for level in ("random", "easy", "medium", "hard"):
            seat = g.to_act()[0]
            legal = g.legal_actions(seat)
            action = asyncio.run(mind.choose(g.view(seat), legal, level, 1, purpose="hint"))
            action = second_look(g, seat, action)
            explain(g, seat, action, game.stakes(g, seat, action))
            g.apply(seat, action)
        simulate(g, 5000, random.Random(3))
        asyncio.run(mind.chronicle(g.to_json(), g.log_size, 1))
        later = sorted(n for n in set(sys.modules) - started
                       if n.split(".")[0] in sys.stdlib_module_names)
        print(json.dumps([len(started), later]))
    """
    done = subprocess.run([sys.executable, "-S", "-c", code], capture_output=True, text=True,
                          cwd=ROOT, check=True)
    started, later = json.loads(done.stdout)
    assert started > 50
    assert later == []
