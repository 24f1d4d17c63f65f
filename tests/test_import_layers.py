"""The import graph of ``game/`` (and ``ui/``), read from the source, and its rules.

:func:`import_graph` reads every ``import`` and ``from ... import`` of a package's modules from
their syntax trees, relative imports resolved, including imports under ``TYPE_CHECKING`` and
imports inside functions (a late import is still a dependency). The tests then require of
``game``: no circle of imports, every import toward the same or a lower layer of
:data:`GAME_LAYERS`, and no import of the AI (``game.ai``) from the engine core; of ``ui``: no
circle, the layers of :data:`UI_LAYERS`, no controller importing another (or the app), the
browser touched by ``ui.platform.dom`` alone, and small folders that say what they own.
"""

from __future__ import annotations

import ast
import fnmatch
from collections.abc import Iterable, Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

Graph = dict[str, set[str]]

# The layers of ``game``, lowest first: a module may import modules of its own layer or of a
# lower one, never of a higher one. Patterns are module names (fnmatch); the first layer with
# a matching pattern is the module's layer, so every module of ``game`` must match one.
GAME_LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    # Data and arithmetic without rules (game.core): errors, the bounded reader of outside
    # text, the registry of event kinds, the random generator, content, actions, the state,
    # the blueprint, effects, the die arithmetic.
    ("core", ("game.core", "game.core.*")),
    # The rules: the working position and its phases, who acts and the legal actions, the
    # setup, the save format, the view and the odds a view shows.
    ("rules", ("game.rules", "game.rules.*")),
    # The facade: Game, new_game, loading a save into a Game, a finished game as a link.
    ("facade", ("game.engine", "game.save", "game.sharing")),
    # What is built on whole games: history, sampling of hidden information, stakes, advice.
    ("analysis", ("game.analysis", "game.analysis.*")),
    # Play between browsers: the host's referee and the guest's link.
    ("online", ("game.online", "game.online.*")),
    # The computer players, and what is built on them (game.ai.chronicle: a game's story
    # with the win-probability curve).
    ("ai", ("game.ai", "game.ai.*")),
    # The developers' tools (not shipped to the browser): the command line, simulations,
    # the rules reference, tournaments, leagues, calibration.
    ("tools", ("game.tools", "game.tools.*")),
    # ``python -m game`` and the package's public names.
    ("top", ("game.__main__", "game")),
)

# The engine core: everything below the AI. None of it may import ``game.ai``.
CORE_LAYERS = ("core", "rules", "facade", "analysis", "online")
MOST_MODULES = 12  # modules of one folder of game/ (its __init__ not counted)


def module_files(root: Path, package: str) -> dict[str, Path]:
    """Every module of ``package`` (a folder under ``root``) by dotted name."""
    found: dict[str, Path] = {}
    for path in sorted((root / package).rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _imports(tree: ast.AST, module: str, is_package: bool) -> Iterable[tuple[str, str | None]]:
    """(module imported, name imported from it or None) for every import in ``tree``."""
    here = module.split(".") if is_package else module.split(".")[:-1]
    for node in ast.walk(tree):  # every node: module level, TYPE_CHECKING, functions
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, None
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = here[:len(here) - (node.level - 1)] if node.level > 1 else here
                if node.level - 1 > len(here):
                    raise ValueError(f"{module}: relative import beyond the top package")
                target = ".".join([*base, *([node.module] if node.module else [])])
            else:
                target = node.module or ""
            for alias in node.names:
                yield target, alias.name


def import_graph(root: Path, package: str) -> Graph:
    """Module -> the modules it imports, for every module of ``package`` under ``root``.

    ``from x import y`` counts as an import of ``x.y`` when that is a module of ``package``,
    else of ``x``. Imports of other packages are kept (``ui`` modules import ``game``); a
    module's own package ``__init__`` run by Python before it is not an edge."""
    files = module_files(root, package)
    graph: Graph = {}
    for module, path in files.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        targets: set[str] = set()
        for target, name in _imports(tree, module, path.name == "__init__.py"):
            if name is not None and name != "*" and f"{target}.{name}" in files:
                targets.add(f"{target}.{name}")
            else:
                targets.add(target)
        targets.discard(module)
        graph[module] = targets
    return graph


def within(graph: Mapping[str, set[str]], package: str) -> Graph:
    """The graph restricted to the modules of ``package`` (edges leaving it dropped)."""
    return {m: {t for t in ts if t in graph} for m, ts in graph.items()
            if m == package or m.startswith(package + ".")}


def cycles(graph: Mapping[str, set[str]]) -> list[list[str]]:
    """Every circle of imports, as the sorted modules of one strongly connected component
    (Tarjan's algorithm, iterative), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph.get(start, ()))))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in graph:
                    continue
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return sorted(found)


def layer_of(module: str, layers: tuple[tuple[str, tuple[str, ...]], ...]) -> int | None:
    for rank, (_, patterns) in enumerate(layers):
        if any(fnmatch.fnmatchcase(module, p) for p in patterns):
            return rank
    return None


def layer_violations(graph: Mapping[str, set[str]],
                     layers: tuple[tuple[str, tuple[str, ...]], ...]) -> list[str]:
    """Each import from a module toward a higher layer, and each module in no layer."""
    problems: list[str] = []
    for module in sorted(graph):
        rank = layer_of(module, layers)
        if rank is None:
            problems.append(f"{module} is in no layer")
            continue
        for target in sorted(graph[module]):
            if target not in graph:
                continue
            to = layer_of(target, layers)
            if to is not None and to > rank:
                problems.append(f"{module} ({layers[rank][0]}) imports {target} "
                                f"({layers[to][0]})")
    return problems


def game_graph() -> Graph:
    return within(import_graph(ROOT, "game"), "game")


def test_the_builder_reads_game_and_ui() -> None:
    graph = import_graph(ROOT, "game")
    assert "game.core.actions" in graph["game"]  # from .core import actions (a module)
    assert "game.engine" in graph["game"]  # from .engine import Game (a name)
    assert "game.core.actions" in graph["game.ai.montecarlo"]  # from ..core import actions as A
    assert "game.ai" in graph["game.tools.tournament"]  # from ..ai import get_ai (a name)
    assert "game.tools.calibration" in graph["game.tools.cli"]  # inside a function
    ui = import_graph(ROOT, "ui")
    assert ui and all(m == "ui" or m.startswith("ui.") for m in ui)
    assert any(t == "game" or t.startswith("game.") for ts in ui.values() for t in ts)


def test_the_builder_reads_every_kind_of_import(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text("from .a import A\n")
    (package / "a.py").write_text("A = 1\n")
    (package / "b.py").write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from .sub import c\n"
        "def late():\n    import json\n    from . import a\n    return a, json\n")
    (package / "sub" / "__init__.py").write_text("")
    (package / "sub" / "c.py").write_text("from .. import A\nfrom ..b import late\n")
    graph = import_graph(tmp_path, "pkg")
    assert graph == {"pkg": {"pkg.a"}, "pkg.a": set(), "pkg.sub": set(),
                     "pkg.b": {"typing", "pkg.sub.c", "json", "pkg.a"},
                     "pkg.sub.c": {"pkg", "pkg.b"}}
    assert cycles(within(graph, "pkg")) == [["pkg.b", "pkg.sub.c"]]
    layers = (("low", ("pkg.a", "pkg.b")), ("high", ("pkg", "pkg.sub", "pkg.sub.*")))
    assert layer_violations(within(graph, "pkg"), layers) == [
        "pkg.b (low) imports pkg.sub.c (high)"]


def test_game_is_cut_in_folders_of_a_dozen_modules_at_most() -> None:
    folders: dict[str, int] = {}
    for path in (ROOT / "game").rglob("*.py"):
        if path.name != "__init__.py":
            folder = path.parent.relative_to(ROOT).as_posix()
            folders[folder] = folders.get(folder, 0) + 1
    assert max(folders.values()) <= MOST_MODULES, folders


def test_game_has_no_import_circle() -> None:
    found = cycles(game_graph())
    assert not found, "import circles in game/: " + "; ".join(
        " <-> ".join(c) for c in found)


def test_game_imports_follow_the_layers() -> None:
    problems = layer_violations(game_graph(), GAME_LAYERS)
    assert not problems, "\n".join(problems)


def test_the_engine_core_never_imports_the_ai() -> None:
    graph = game_graph()
    core = {name for name, _ in GAME_LAYERS if name in CORE_LAYERS}
    assert core == set(CORE_LAYERS)
    offenders = sorted(
        f"{module} imports {target}" for module, targets in graph.items()
        if (rank := layer_of(module, GAME_LAYERS)) is not None
        and GAME_LAYERS[rank][0] in CORE_LAYERS
        for target in targets if target == "game.ai" or target.startswith("game.ai."))
    assert not offenders, "\n".join(offenders)


# The layers of ``ui``, lowest first (docs/architecture.md, "How the code is laid out").
UI_LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    # The browser: what the app asks of it (port) and the real one (dom).
    ("platform", ("ui.platform", "ui.platform.*")),
    ("words", ("ui.words", "ui.words.*")),
    # What a person can ask of the screen, as typed messages, and their one handler each.
    ("loop", ("ui.loop", "ui.loop.*")),
    ("model", ("ui.model", "ui.model.*")),
    ("markup", ("ui.markup", "ui.markup.*")),
    ("screens", ("ui.screens", "ui.screens.*")),
    ("control", ("ui.control", "ui.control.*")),
    # Online play and the embed's page: like controllers, given what they need by the app.
    ("links", ("ui.links", "ui.links.*")),
    # The composition root, then the page's entry point and the package itself.
    ("app", ("ui.app",)),
    ("entry", ("ui.main", "ui")),
)
BROWSER = ("js", "pyscript", "pyodide")  # what only the platform's real module may import
MAX_MODULES = 12  # modules in one folder of ui/ (a person finds a module at a glance)


def ui_graph() -> Graph:
    return import_graph(ROOT, "ui")


def test_ui_has_no_import_circle() -> None:
    found = cycles(within(ui_graph(), "ui"))
    assert not found, "import circles in ui/: " + "; ".join(" <-> ".join(c) for c in found)


def test_ui_imports_follow_the_layers() -> None:
    problems = layer_violations(within(ui_graph(), "ui"), UI_LAYERS)
    assert not problems, "\n".join(problems)


def test_no_controller_imports_another() -> None:
    """A controller (or a link) is given what it needs of the others as roles
    (ui.model.roles, Protocols) by the app: none imports another controller, a link or the
    app."""
    graph = within(ui_graph(), "ui")
    owners = ("ui.control.", "ui.links.")
    found = [f"{m} imports {t}" for m, ts in sorted(graph.items()) if m.startswith(owners)
             for t in sorted(ts) if t.startswith(owners) or t == "ui.app"]
    assert not found, found


def handed_over(source: str) -> list[str]:
    """The attributes of another object set in ``source`` (``self.part.role = ...``), and
    the class attributes declared with no value (to be set from outside, once built)."""
    found: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ClassDef):
            found += [f"{node.name}.{ast.unparse(n.target)}" for n in node.body
                      if isinstance(n, ast.AnnAssign) and n.value is None]
        targets = (node.targets if isinstance(node, ast.Assign) else
                   [node.target] if isinstance(node, ast.AnnAssign | ast.AugAssign) else [])
        for target in targets:
            for name in ast.walk(target):
                if isinstance(name, ast.Attribute) and isinstance(name.value, ast.Attribute):
                    found.append(ast.unparse(name))
    return found


def test_no_part_is_handed_another_once_built() -> None:
    """Each part is given at construction the parts it asks, built before it, and tells the
    parts built after it through the app's notices (ui.loop.notices): the app sets no
    attribute of a part, and no part waits for one to be set."""
    found = {str(path.relative_to(ROOT)): handed_over(path.read_text(encoding="utf-8"))
             for path in [ROOT / "ui" / "app.py", *(ROOT / "ui" / "control").glob("*.py"),
                          *(ROOT / "ui" / "links").glob("*.py")]}
    assert {path: names for path, names in found.items() if names} == {}


def test_the_check_finds_a_part_handed_another() -> None:
    source = """
class Part:
    later: Role
    kept: int = 0

def build(self):
    self.turns.hosting = self.hosting
    self.a.b, self.c = 1, 2
    self.own = 3
"""
    assert handed_over(source) == ["Part.later", "self.turns.hosting", "self.a.b"]


def test_only_the_platform_touches_the_browser() -> None:
    graph = ui_graph()
    touching = sorted(m for m, ts in graph.items()
                      if any(t.split(".")[0] in BROWSER for t in ts))
    assert touching == ["ui.platform.dom"]
    users = sorted(m for m, ts in graph.items() if "ui.platform.dom" in ts)
    assert users == ["ui.main"]  # everything else is given the platform (a Protocol)


def test_ui_folders_are_small_and_say_what_they_own() -> None:
    for folder in sorted(p for p in (ROOT / "ui").rglob("*") if p.is_dir()
                         and (p / "__init__.py").is_file()):
        modules = [p for p in folder.glob("*.py") if p.name != "__init__.py"]
        assert len(modules) <= MAX_MODULES, f"{folder}: {len(modules)} modules"
        doc = ast.get_docstring(ast.parse((folder / "__init__.py").read_text()))
        assert doc and len(doc) > 40, f"{folder}/__init__.py says nothing of what it owns"


# What only a game can do: the markup draws from records (a view, a seat's choices) and never
# works a move out itself, so a screen with no game (a guest's) draws the same way.
GAME_ONLY = frozenset({"apply", "clone", "choices", "legal_actions", "launch_odds", "view"})


def test_the_markup_draws_from_records_never_from_a_game() -> None:
    for path in sorted((ROOT / "ui" / "markup").glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            where = f"{path.relative_to(ROOT)}:{getattr(node, 'lineno', 0)}"
            if isinstance(node, ast.arg) and node.annotation is not None:
                assert "Game" not in ast.unparse(node.annotation), f"{where}: takes a Game"
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                assert node.func.attr not in GAME_ONLY, f"{where}: calls .{node.func.attr}()"


def test_no_two_ui_modules_share_a_name() -> None:
    """A name says one thing: ``hints`` is not both a controller and its markup."""
    found: dict[str, list[str]] = {}
    for path in sorted((ROOT / "ui").rglob("*.py")):
        if path.name != "__init__.py":
            found.setdefault(path.stem, []).append(str(path.relative_to(ROOT)))
    assert {name: paths for name, paths in found.items() if len(paths) > 1} == {}
