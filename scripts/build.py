#!/usr/bin/env python3
"""Build the static site into ``dist/`` (standard library only, Python 3.11+).

Layout of ``dist/`` (every URL in the site is relative, so it works under any sub-path):

    index.html            from the repository root
    pyscript.toml         from the repository root, with a generated ``[files]`` table
    <public/*>            the contents of ``public/`` land at the site root (Vite convention)
    ui/**                 the PyScript UI modules (also mapped into the interpreter's file system)
    pyodide/              the 5 Pyodide run-time files from node_modules/pyodide
    pyscript/             every ``*.js`` and ``*.css`` of node_modules/@pyscript/core/dist
    wheels/               the engine as a pure-Python wheel, plus ``index.json``

The generated ``[files]`` table maps the engine wheel to ``"./*"`` (PyScript unzips it into the
interpreter's working directory, which is on ``sys.path``) and every ``ui/**/*.py`` to the same
relative path, so ``import game`` and ``import ui.<module>`` both work in the page.

Usage: ``python3 scripts/build.py [--out DIR]``. Requires ``npm ci`` to have been run.
"""

from __future__ import annotations

import argparse
import base64
import csv
import hashlib
import io
import json
import os
import re
import shutil
import sys
import tomllib
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
NODE_MODULES = ROOT / "node_modules"
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
ENGINE_PACKAGE = "game"
# 1980-01-01, the earliest date a zip entry can hold: makes the wheel byte-for-byte reproducible.
ZIP_EPOCH = (1980, 1, 1, 0, 0, 0)


class BuildError(Exception):
    """A problem the person running the build has to fix (message says how)."""


# --------------------------------------------------------------------------- helpers


def read_project() -> dict[str, Any]:
    with (ROOT / "pyproject.toml").open("rb") as f:
        project: dict[str, Any] = tomllib.load(f)["project"]
    return project


def npm_pins() -> dict[str, str]:
    pins: dict[str, str] = json.loads((ROOT / "package.json").read_text())["dependencies"]
    return pins


def check_node_package(name: str, pinned: str) -> Path:
    """Return the installed package's folder; fail clearly if missing or not the pinned one."""
    folder = NODE_MODULES / name
    manifest = folder / "package.json"
    if not manifest.is_file():
        raise BuildError(f"{name} is not installed: run `npm ci` first")
    installed = json.loads(manifest.read_text())["version"]
    if installed != pinned:
        raise BuildError(f"{name} {installed} installed but {pinned} pinned: run `npm ci`")
    return folder


def copy_file(src: Path, dst: Path) -> None:
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(src, dst)


def iter_files(folder: Path) -> Iterator[Path]:
    """Every file below ``folder``, sorted, skipping caches and hidden files."""
    for path in sorted(folder.rglob("*")):
        rel = path.relative_to(folder)
        if any(part == "__pycache__" or part.startswith(".") for part in rel.parts):
            continue
        if path.is_file() and path.suffix not in {".pyc", ".pyo"}:
            yield path


def human(size: int) -> str:
    value = float(size)
    for unit in ("B", "KB", "MB"):
        if value < 1024 or unit == "MB":
            return f"{value:.0f} {unit}" if unit == "B" else f"{value:.1f} {unit}"
        value /= 1024
    raise AssertionError("unreachable")


def tree_size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


# --------------------------------------------------------------------------- wheel


def normalize_dist_name(name: str) -> str:
    """Wheel file-name form of a distribution name (PEP 427 / PEP 503)."""
    return re.sub(r"[-_.]+", "_", name).lower()


def record_hash(data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
    return "sha256=" + digest.decode("ascii")


def engine_files() -> list[tuple[str, bytes]]:
    """(archive name, content) of the engine package: its ``.py`` files, ``py.typed`` and
    ``content/*.toml`` (the package data pyproject.toml declares)."""
    package = ROOT / ENGINE_PACKAGE
    if not package.is_dir():
        raise BuildError(f"{package} does not exist")
    files: list[tuple[str, bytes]] = []
    for path in iter_files(package):
        rel = path.relative_to(ROOT).as_posix()
        is_data = path.parent == package / "content" and path.suffix == ".toml"
        if path.suffix == ".py" or path.name == "py.typed" or is_data:
            files.append((rel, path.read_bytes()))
    return files


def metadata_text(project: dict[str, Any]) -> str:
    lines = [
        "Metadata-Version: 2.1",
        f"Name: {project['name']}",
        f"Version: {project['version']}",
    ]
    if "description" in project:
        lines.append(f"Summary: {project['description']}")
    if "requires-python" in project:
        lines.append(f"Requires-Python: {project['requires-python']}")
    lines.extend(f"Requires-Dist: {dep}" for dep in project.get("dependencies", []))
    return "\n".join(lines) + "\n"


def build_wheel(out_dir: Path, project: dict[str, Any]) -> Path:
    """Write a pure-Python wheel of the engine that pip and micropip accept."""
    dist_name = normalize_dist_name(project["name"])
    version = project["version"]
    dist_info = f"{dist_name}-{version}.dist-info"
    wheel_text = (
        "Wheel-Version: 1.0\n"
        "Generator: moonshot scripts/build.py\n"
        "Root-Is-Purelib: true\n"
        "Tag: py3-none-any\n"
    )
    entries = engine_files()
    entries += [
        (f"{dist_info}/METADATA", metadata_text(project).encode()),
        (f"{dist_info}/WHEEL", wheel_text.encode()),
        (f"{dist_info}/top_level.txt", f"{ENGINE_PACKAGE}\n".encode()),
    ]
    record = io.StringIO()
    writer = csv.writer(record, lineterminator="\n")
    for name, data in entries:
        writer.writerow([name, record_hash(data), len(data)])
    writer.writerow([f"{dist_info}/RECORD", "", ""])
    entries.append((f"{dist_info}/RECORD", record.getvalue().encode()))

    out_dir.mkdir(parents=True, exist_ok=True)
    wheel = out_dir / f"{dist_name}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as zf:
        for name, data in entries:
            info = zipfile.ZipInfo(name, date_time=ZIP_EPOCH)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, data)
    return wheel


# --------------------------------------------------------------------------- pyscript.toml


def toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value)  # a JSON string is a valid TOML basic string
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    raise BuildError(f"pyscript.toml: cannot write value {value!r}")


def toml_dumps(config: dict[str, Any]) -> str:
    """Minimal TOML writer for PyScript configs: scalars, lists, one level of tables."""
    scalars = {k: v for k, v in config.items() if not isinstance(v, dict)}
    out = "".join(f"{json.dumps(k)} = {toml_value(v)}\n" for k, v in scalars.items())
    for key, table in config.items():
        if isinstance(table, dict):
            out += f"\n[{json.dumps(key)}]\n"
            for sub, value in table.items():
                if isinstance(value, dict):
                    raise BuildError(f"pyscript.toml: nested table {key}.{sub} not supported")
                out += f"{json.dumps(sub)} = {toml_value(value)}\n"
    return out


def write_pyscript_config(dist: Path, wheel: Path) -> None:
    source = ROOT / "pyscript.toml"
    with source.open("rb") as f:
        config = tomllib.load(f)
    interpreter = config.get("interpreter")
    if interpreter != "./pyodide/pyodide.mjs":
        raise BuildError(
            'pyscript.toml must set interpreter = "./pyodide/pyodide.mjs" '
            f"(found {interpreter!r}); PyScript would fetch Pyodide from a CDN otherwise"
        )
    files: dict[str, str] = dict(config.get("files", {}))
    files[f"./wheels/{wheel.name}"] = "./*"
    ui = dist / "ui"
    if ui.is_dir():
        for path in iter_files(ui):
            if path.suffix == ".py":
                rel = "./" + path.relative_to(dist).as_posix()
                files.setdefault(rel, rel)
    config["files"] = files
    header = "# Generated by scripts/build.py from ../pyscript.toml: edit that one.\n"
    (dist / "pyscript.toml").write_text(header + toml_dumps(config))


# --------------------------------------------------------------------------- main


def check_relative_urls(html: str) -> None:
    """index.html must use relative URLs only (sub-path hosting, no other host)."""
    for match in re.finditer(r"""(?:src|href)\s*=\s*["']([^"']*)["']""", html):
        url = match.group(1)
        if url.startswith(("/", "http:", "https:")) or "://" in url:
            raise BuildError(f"index.html: URL {url!r} is not relative")


def build(dist: Path) -> None:
    project = read_project()
    pins = npm_pins()
    pyodide = check_node_package("pyodide", pins["pyodide"])
    pyscript = check_node_package("@pyscript/core", pins["@pyscript/core"])

    if dist.exists():
        shutil.rmtree(dist)
    dist.mkdir(parents=True)

    public = ROOT / "public"
    if public.is_dir():
        for path in iter_files(public):
            copy_file(path, dist / path.relative_to(public))

    index = ROOT / "index.html"
    html = index.read_text()
    check_relative_urls(html)
    if (dist / "index.html").exists():
        raise BuildError("public/index.html would overwrite index.html")
    copy_file(index, dist / "index.html")

    ui = ROOT / "ui"
    if ui.is_dir():
        for path in iter_files(ui):
            copy_file(path, dist / "ui" / path.relative_to(ui))

    for name in PYODIDE_FILES:
        copy_file(pyodide / name, dist / "pyodide" / name)
    for path in sorted((pyscript / "dist").iterdir()):
        if path.suffix in {".js", ".css"}:
            copy_file(path, dist / "pyscript" / path.name)

    wheel = build_wheel(dist / "wheels", project)
    wheel_bytes = wheel.read_bytes()
    index_info = {
        "name": project["name"],
        "version": project["version"],
        "file": wheel.name,
        "sha256": hashlib.sha256(wheel_bytes).hexdigest(),
        "size": len(wheel_bytes),
        "pyodide": pins["pyodide"],
        "pyscript": pins["@pyscript/core"],
    }
    (dist / "wheels" / "index.json").write_text(json.dumps(index_info, indent=2) + "\n")
    write_pyscript_config(dist, wheel)
    # GitHub Pages: never run Jekyll over the artifact (harmless elsewhere).
    (dist / ".nojekyll").write_text("")

    print(f"built {dist.relative_to(ROOT) if dist.is_relative_to(ROOT) else dist}/")
    for part in ("pyodide", "pyscript", "wheels", "ui"):
        if (dist / part).is_dir():
            print(f"  {part + '/':10} {human(tree_size(dist / part)):>9}")
    with zipfile.ZipFile(wheel) as zf:
        count = len(zf.namelist())
    print(f"  {wheel.name}: {human(len(wheel_bytes))}, {count} entries")
    print(f"  total      {human(tree_size(dist)):>9}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--out", type=Path, default=ROOT / "dist", help="output folder")
    args = parser.parse_args(argv)
    out: Path = args.out.resolve()
    if out in (ROOT, *ROOT.parents) or out == Path(os.sep):
        print(f"refusing to delete {out}", file=sys.stderr)
        return 2
    try:
        build(out)
    except BuildError as err:
        print(f"build failed: {err}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
