#!/usr/bin/env python3
"""Build the static site into ``dist/`` (standard library only, Python 3.11+).

Layout of ``dist/`` (every URL in the site is relative, so it works under any sub-path):

    index.html            from the repository root
    embed.html            index.html for an <iframe>: same markup, minimal bar (embed.css)
    pyscript.json         ../pyscript.toml as JSON, with a generated ``files`` table
    <public/*>            the contents of ``public/`` land at the site root (Vite convention)
    ui/main.py            the page's script (index.html runs it)
    app.zip               the engine package (the wheel's package files) and every other
                          file of the ui package (compiled catalogues, rule summaries, the
                          Tutorial's script), their modules as bytecode (NAME.pyc, compiled
                          by scripts/pycompile.mjs) in place of source: one request, unpacked
                          into the interpreter's working directory as game/** and ui/**
    ui/words/locale/*.mo  ui/words/locale/<lang>.po compiled (Babel): the words of a language
    pyodide/              the 5 Pyodide run-time files from node_modules/pyodide, micropip's
                          wheel (PyPI, cached in build/cache/) and the lock patched for it;
                          python_stdlib.zip split (pycompile.mjs): it keeps the standard
                          modules that Pyodide's start and the page import, as
                          bytecode; python_stdlib_rest.zip holds the others, as sources,
                          fetched only when one is first imported (ui/platform/stdlib.py);
                          pyodide.asm.wasm.zst, the wasm zstd-compressed, which the game's
                          pages download in its place (public/unpack.js, public/sw.js)
    pyscript/             every ``*.js`` and ``*.css`` of node_modules/@pyscript/core/dist
    vendor/uplot/         the charting library of the post-game report (node_modules/uplot:
                          its minified script, stylesheet and licence), loaded when it opens
    vendor/idiomorph/     the DOM morphing library that redraws only what changed
                          (node_modules/idiomorph, 0BSD: its minified script and licence)
    vendor/fzstd/         the zstd decoder that unpacks the wasm in the page and the service
                          worker (node_modules/fzstd, MIT: its browser script and licence)
    vendor/qrcode/        the QR code library of online play's invitations
                          (node_modules/qrcode-generator, MIT, its licence in the file's
                          header), loaded when a host's first invitation is drawn
    vendor/mqtt/          the MQTT client of online play's signaling relays
                          (node_modules/mqtt, MIT: its browser bundle and licence), loaded
                          when an online game with relays starts; not precached (online
                          play needs the network anyway)
    wheels/               the engine as a pure-Python wheel, plus ``index.json``
    icons/                the app icons as PNG (drawn by scripts/icons.py, cached)
    rules.html            docs/rules.md as a page (scripts/rules_page.py);
                          rules.hu.html from docs/rules.hu.md
    howto.html            docs/howto.md, the illustrated guide (scripts/howto_page.py), with
                          howto.css and the drawings of public/howto/; howto.hu.html in Hungarian
    balance.html          the balance lab's committed run, docs/balance/lab.json, as a page
                          (scripts/balance_page.py; charts by public/balance.js and uPlot);
                          balance.hu.html in Hungarian
    sw.js                 public/sw.js with the precache list and cache version written in
    precache.json         the same list: every file of the site with its sha256 and size

The generated ``[files]`` table maps ``app.zip`` to ``"./*"`` (PyScript unzips it into the
interpreter's working directory, which is on ``sys.path``), so ``import game`` and
``import ui.<module>`` both work in the page. The wheel stays for micropip.

Usage: ``python3 scripts/build.py [--out DIR]``. Requires ``npm ci`` to have been run; the
first build downloads micropip from PyPI with pip (later builds use build/cache/).
"""

from __future__ import annotations

import argparse
import ast
import base64
import csv
import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
import zipfile
from collections.abc import Iterator
from html import escape as html_escape
from pathlib import Path
from typing import Any

from backports import zstd  # Python 3.14's compression.zstd, for 3.11

ROOT = Path(__file__).resolve().parent.parent
UPLOT_FILES = ("dist/uPlot.iife.min.js", "dist/uPlot.min.css", "LICENSE")
QRCODE_FILES = ("dist/qrcode.js",)
IDIOMORPH_FILES = ("dist/idiomorph.min.js", "LICENSE")
FZSTD_FILES = ("umd/index.js", "LICENSE")
MQTT_FILES = ("dist/mqtt.min.js", "LICENSE.md")
NODE_MODULES = ROOT / "node_modules"
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
# Pyodide switches stacks (JavaScript Promise Integration, JSPI) wherever the browser offers
# it, Chromium since 137, so that Python may wait on JavaScript synchronously (run_sync), which
# the game never does. With it every call into Python runs on a stack of its own, and
# Chromium's renderer now and then crashes scanning one: pyodide/pyodide#5702 and #6106, and
# the four crash dumps of this suite's Chromium (a SIGSEGV on the main thread, its stack
# pointer in a WebAssembly stack, reading word by word into an unmapped page). The build turns
# the probe off, so Python runs on the thread's own stack as in Firefox and Safari; a Pyodide
# whose probe reads otherwise stops the build until this is looked at again.
STACK_SWITCHING_PROBE = (
    b'var newJspiSupported=canConstructWasm&&"Suspending"in WebAssembly;'
    b'var oldJspiSupported=canConstructWasm&&"Suspender"in WebAssembly;'
)
STACK_SWITCHING_OFF = b"var newJspiSupported=false;var oldJspiSupported=false;"
ENGINE_PACKAGE = "game"
CACHE = ROOT / "build" / "cache"
# sha256 of the micropip wheels on PyPI, as pip downloads them (the lock's own hash is of a
# wheel Pyodide built, which its npm package does not ship). Upgrading Pyodide may change the
# micropip version: the build then says which hash to add here.
MICROPIP_SHA256 = {
    "micropip-0.11.1-py3-none-any.whl":
        "768de165adb8e66906039d8fec4127a57f522dfdf8e6fbff877a4616941ecfd3",
}
# (site path, pixels, maskable): the icons public/manifest.webmanifest lists.
ICONS = (
    ("icons/icon-192.png", 192, False),
    ("icons/icon-512.png", 512, False),
    ("icons/icon-maskable-512.png", 512, True),
)
# Pyodide's WebAssembly, most of a first visit's bytes: GitHub Pages gzips it on the fly
# (level 6: 3.56 MB of 9.60), zstd at level 19 takes it to 2.90 MB. No browser decodes zstd
# on its own: the game's pages fetch this file and unpack it with fzstd as it arrives
# (public/unpack.js), the service worker keeps it unpacked (public/sw.js). A window of
# 2 MiB (zstd's is 8 at this level) costs 0.4% in size and keeps fzstd's copies of its
# window small: twice as fast to unpack a stream in Node. The plain file stays on the site for
# pages that start Pyodide its own way (pyodide-demo.html, the benches' bare page).
WASM = "pyodide/pyodide.asm.wasm"
PACKED = ".zst"
PACKED_LEVEL = 19
PACKED_WINDOW_LOG = 21
# Site files the service worker does not precache: itself, its list, GitHub Pages' marker,
# the plain wasm, which it keeps unpacked from the packed one instead, and the relays' MQTT
# client (105 KB gzipped), which only online play uses, and online play needs the network.
MQTT_DIR = "vendor/mqtt"
NOT_PRECACHED = {"sw.js", "precache.json", ".nojekyll", WASM,
                 *(f"{MQTT_DIR}/{Path(name).name}" for name in MQTT_FILES)}
SW_BUILD_LINE = re.compile(r"^const BUILD = .*;$", re.MULTILINE)
# 1980-01-01, the earliest date a zip entry can hold: makes the wheel byte-for-byte reproducible.
ZIP_EPOCH = (1980, 1, 1, 0, 0, 0)
APP_BUNDLE = "app.zip"
# Fetched by URL, not imported from the bundle: the page's script.
PAGE_SCRIPT = "ui/main.py"
# Bundled, and kept as a file too: pyodide-demo.html, a general Python on the site's Pyodide,
# fetches the finder of the standard modules the build left for later (and their names).
STDLIB_FINDER = "ui/platform/stdlib.py"
UI_BUNDLED = (".py", ".json", ".mo", ".toml")  # what of dist/ui/ goes into the bundle
# What the page imports, besides what Pyodide imports while it starts: before it is ready, and
# for the computer players, hints and the report (game.ai, game.ai.chronicle and the advisor,
# imported on their first use: ui/control/thinker.py). The standard modules these load ship
# compiled in the first download (scripts/pycompile.mjs): a move never waits for the rest.
# html: PyScript's own Python (its display module) imports it; pyodide._package_loader
# unpacks app.zip for PyScript (with shutil, zipfile, tempfile; encodings.cp437 decodes the
# archive's file names).
FIRST_IMPORTS = ("ui.platform.stdlib", "ui.app", "game.ai", "game.ai.chronicle",
                 "game.ai.advisor", "html",
                 "pyodide._package_loader", "encodings.cp437")
# The standard modules no start imports, in dist/pyodide/ beside python_stdlib.zip, and their
# names in the bundle: loaded only when one of them is first imported (ui/platform/stdlib.py).
REST_ZIP = "python_stdlib_rest.zip"
REST_NAMES = "ui/platform/stdlib_rest.txt"
# The methods @dataclass writes for the app's classes, compiled while pycompile.mjs imports
# them (ui/platform/precompiled.py TABLE): the page would compile each from text at every start.
DATACLASS_METHODS = "ui/platform/dataclasses.marshal"


class BuildError(Exception):
    """A problem the person running the build has to fix (message says how)."""


# --------------------------------------------------------------------------- helpers


def read_project() -> dict[str, Any]:
    """pyproject.toml's [project], with its version (declared dynamic there) read from
    ``game.__version__`` as setuptools reads it: statically, without importing the engine."""
    with (ROOT / "pyproject.toml").open("rb") as f:
        project: dict[str, Any] = tomllib.load(f)["project"]
    module = ast.parse((ROOT / ENGINE_PACKAGE / "__init__.py").read_text())
    for node in module.body:
        if isinstance(node, ast.Assign) and any(
                isinstance(target, ast.Name) and target.id == "__version__"
                for target in node.targets) and isinstance(node.value, ast.Constant):
            project["version"] = str(node.value.value)
    if "version" not in project:
        raise BuildError(f"{ENGINE_PACKAGE}/__init__.py does not set __version__")
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


def without_stack_switching(runtime: bytes) -> bytes:
    """Pyodide's runtime (pyodide.asm.mjs) with its stack-switching probe answering no."""
    found = runtime.count(STACK_SWITCHING_PROBE)
    if found != 1:
        raise BuildError(
            f"pyodide.asm.mjs holds its stack-switching probe {found} times, not once: see "
            "STACK_SWITCHING_PROBE in scripts/build.py for why the build turns it off")
    return runtime.replace(STACK_SWITCHING_PROBE, STACK_SWITCHING_OFF)


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
    """(archive name, content) of the engine package: its ``.py`` files, ``py.typed``,
    ``content/*.toml`` and ``ai/*.toml`` (the package data pyproject.toml declares)."""
    package = ROOT / ENGINE_PACKAGE
    if not package.is_dir():
        raise BuildError(f"{package} does not exist")
    files: list[tuple[str, bytes]] = []
    for path in iter_files(package):
        rel = path.relative_to(ROOT).as_posix()
        is_data = path.parent in (package / "content", package / "ai") and \
            path.suffix == ".toml"
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


# --------------------------------------------------------------------------- pyscript.json


def write_pyscript_config(dist: Path) -> None:
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
    files[f"./{APP_BUNDLE}"] = "./*"
    config["files"] = files
    # As JSON, which index.html names: PyScript reads JSON at once, TOML only after importing
    # its TOML parser (a round trip more before Pyodide starts, on a phone 165 ms or more).
    (dist / "pyscript.json").write_text(json.dumps(config, indent=1) + "\n")


# --------------------------------------------------------------------------- micropip


def micropip_wheel(lock: dict[str, Any]) -> Path:
    """micropip's wheel under the file name the Pyodide lock lists, from build/cache/ or
    downloaded once from PyPI with pip (checked against MICROPIP_SHA256)."""
    entry = lock["packages"]["micropip"]
    name: str = entry["file_name"]
    cached = CACHE / name
    if not cached.is_file():
        CACHE.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(dir=CACHE) as tmp:
            command = [
                sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check",
                "--no-deps", "--only-binary=:all:", "--python-version", lock["info"]["python"],
                "--dest", tmp, f"micropip=={entry['version']}",
            ]
            print("downloading micropip:", " ".join(command[1:]))
            done = subprocess.run(command, capture_output=True, text=True)
            got = Path(tmp) / name
            if done.returncode or not got.is_file():
                raise BuildError(
                    f"could not download {name} from PyPI ({done.stderr.strip()[-300:]}); "
                    f"put that file into {CACHE} by hand"
                )
            got.replace(cached)
    digest = hashlib.sha256(cached.read_bytes()).hexdigest()
    expected = MICROPIP_SHA256.get(name)
    if digest != expected:
        raise BuildError(
            f"{cached}: sha256 {digest}, expected {expected} (upgraded Pyodide? check the "
            "file and pin its hash in MICROPIP_SHA256 of scripts/build.py)"
        )
    return cached


def pack(path: Path) -> Path:
    """Write ``path`` zstd-compressed beside it (NAME.zst; see ``WASM``), with its size and
    checksum in the frame, and return the new file."""
    options: dict[int, int] = {zstd.CompressionParameter.compression_level: PACKED_LEVEL,
                               zstd.CompressionParameter.window_log: PACKED_WINDOW_LOG,
                               zstd.CompressionParameter.content_size_flag: 1,
                               zstd.CompressionParameter.checksum_flag: 1}
    packed = path.with_name(path.name + PACKED)
    packed.write_bytes(zstd.compress(path.read_bytes(), options=options))
    return packed


def add_micropip(dist: Path) -> None:
    """micropip next to the Pyodide files, and the lock copy's sha256 rewritten to match it
    (Pyodide checks it: a mismatch blocks the load)."""
    lock_path = dist / "pyodide" / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text())
    wheel = micropip_wheel(lock)
    copy_file(wheel, dist / "pyodide" / wheel.name)
    lock["packages"]["micropip"]["sha256"] = hashlib.sha256(wheel.read_bytes()).hexdigest()
    # Only what dist/pyodide/ holds: every start downloads the lock, and its other packages
    # (some 350: 26 KB compressed) are not on the site to load anyway.
    lock["packages"] = {name: entry for name, entry in lock["packages"].items()
                        if (dist / "pyodide" / entry["file_name"]).is_file()}
    lock_path.write_text(json.dumps(lock))


# --------------------------------------------------------------------------- icons


def write_icons(dist: Path) -> None:
    """The PNG icons, drawn by scripts/icons.py; cached by that file's hash (drawing all
    three takes a few seconds)."""
    source = Path(__file__).resolve().parent / "icons.py"
    key = hashlib.sha256(source.read_bytes()).hexdigest()[:16]
    for rel, size, maskable in ICONS:
        cached = CACHE / "icons" / key / Path(rel).name
        if not cached.is_file():
            sys.path.insert(0, str(source.parent))
            try:
                from icons import png
            finally:
                sys.path.remove(str(source.parent))
            cached.parent.mkdir(parents=True, exist_ok=True)
            cached.write_bytes(png(size, maskable))
        copy_file(cached, dist / rel)


def check_manifest(dist: Path) -> None:
    """The web app manifest parses, uses relative URLs and names icons that exist."""
    path = dist / "manifest.webmanifest"
    if not path.is_file():
        raise BuildError("public/manifest.webmanifest is missing")
    manifest = json.loads(path.read_text())
    for key in ("name", "short_name", "start_url", "scope", "display", "icons"):
        if key not in manifest:
            raise BuildError(f"manifest.webmanifest: no {key!r}")
    for icon in manifest["icons"]:
        src = icon["src"]
        if src.startswith("/") or "://" in src or not (dist / src).is_file():
            raise BuildError(f"manifest.webmanifest: icon {src!r} is not a relative site file")


# --------------------------------------------------------------------------- pages


SPRITE = "icons.svg"  # public/icons.svg: its symbols go into the pages, not into dist/


def sprite_markup() -> str:
    """public/icons.svg's symbols as one hidden <svg> of a page: ``<use href="#i-NAME">``
    then names a symbol of the page itself (ui/markup/html.py says why)."""
    text = (ROOT / "public" / SPRITE).read_text(encoding="utf-8")
    found = re.search(r"<svg\b[^>]*>(.*)</svg>", text, re.DOTALL)
    if found is None:
        raise BuildError(f"public/{SPRITE}: no <svg> element")
    inner = re.sub(r"<!--.*?-->", "", found.group(1), flags=re.DOTALL)
    inner = re.sub(r">\s+<", "><", inner).strip()
    return f'<svg class="sprite" aria-hidden="true" focusable="false">{inner}</svg>'


def with_sprite(html: str, name: str) -> str:
    """The page with the icon sprite first in its body."""
    out, count = re.subn(r"(<body\b[^>]*>)", lambda m: m.group(1) + sprite_markup(), html,
                         count=1)
    if not count:
        raise BuildError(f"{name}: no <body> for the icon sprite")
    return out


def embed_html(index: str) -> str:
    """embed.html: index.html with ``data-embed="1"`` on its body, embed.css added and
    host-messages.js (the embedding page's messages, measured before Python hears them); the
    same markup, so the app finds every element it expects in both pages."""
    out, n_body = re.subn(r"<body\b", '<body data-embed="1"', index, count=1)
    css = (r'\1  <link rel="stylesheet" href="./embed.css">'
           r'\1  <script src="./host-messages.js"></script>\1</head>')
    out, n_css = re.subn(r"(\s*)</head>", css, out, count=1)
    out, n_title = re.subn(r"<title>[^<]*</title>",
                           "<title>Moonshot: The Next Giant Leap (embedded)</title>", out, count=1)
    if not n_body or not n_css or not n_title:
        raise BuildError("index.html: cannot derive embed.html (no <body>, </head> or <title>)")
    return out


# --------------------------------------------------------------------------- rules page

RULES_CSP = ("default-src 'self'; script-src 'none'; style-src 'self'; img-src 'self' data:; "
             "object-src 'none'; base-uri 'self'; form-action 'none'")
# The rules page runs one small script of its own (public/rules-examples.js) and, once the
# reader asks, the game in one frame of this site (embed.html).
RULES_PAGE_CSP = RULES_CSP.replace("script-src 'none'", "script-src 'self'; frame-src 'self'")


# The rules page in each language: (source, page, words of the page around the reference).
RULES_PAGES = {
    "en": ("rules.md", "rules.html", {
        "subtitle": "Rules reference", "glossary": "Glossary", "contents": "Contents",
        "play": "Play the game", "other": "Magyarul", "try": "Try it",
        "loading": "Loading the game…"}),
    "hu": ("rules.hu.md", "rules.hu.html", {
        "subtitle": "Szabálykönyv", "glossary": "Szójegyzék", "contents": "Tartalom",
        "play": "Játék", "other": "In English", "try": "Kipróbálom",
        "loading": "A játék töltődik…"}),
}


def rules_html(markdown: str, lang: str = "en") -> str:
    """rules.html (rules.<lang>.html): docs/rules.md (or its translation) rendered, with a
    table of contents and a link to the other language. No script at all; the game opens it
    in an <iframe> (its "Rules" button and "?" links). Each live rule example is drawn in its
    section as a still picture (scripts/example_stills.py) with "Try it": the page's one
    script (public/rules-examples.js) loads the game then, in one frame for them all."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    try:
        from example_stills import with_examples
        from rules_page import convert, toc_html
    finally:
        sys.path.remove(str(Path(__file__).resolve().parent))
    doc = convert(markdown)
    title = doc.headings[0].text if doc.headings else "Rules"
    words = RULES_PAGES[lang][2]
    other_lang = next(code for code in RULES_PAGES if code != lang)
    other = RULES_PAGES[other_lang][1]
    # One header: the page's own; the reference's title heading names the page (<title>).
    article = re.sub(r"\A\s*<h1>.*?</h1>\n", "", doc.html, count=1)
    try:
        article = with_examples(article, lang, words["try"], words["loading"])
    except ValueError as err:
        raise BuildError(f"rules page ({lang}): {err}") from err
    return (
        f'<!doctype html>\n<html lang="{lang}">\n<head>\n  <meta charset="utf-8">\n'
        f'  <meta http-equiv="Content-Security-Policy" content="{RULES_PAGE_CSP}">\n'
        '  <meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"  <title>{html_escape(title)}</title>\n"
        '  <link rel="icon" href="data:,">\n'
        '  <link rel="stylesheet" href="./style.css">\n'
        '  <script src="./rules-examples.js" defer></script>\n</head>\n'
        f'<body class="rules-page">\n<header class="top"><h1>MOONSHOT <small>'
        f'{words["subtitle"]}</small></h1><nav class="tools">'
        f'<a href="#glossary">{words["glossary"]}</a>'
        f'<a href="./{other}" hreflang="{other_lang}" lang="{other_lang}">{words["other"]}</a>'
        f'</nav></header>\n'
        f'<main class="rules-doc">\n<nav class="rules-toc" aria-label="{words["contents"]}">'
        f'<h2>{words["contents"]}</h2>{toc_html(doc.headings)}'
        f'<p><a href="./index.html" target="_top">{words["play"]}</a></p></nav>\n'
        f'<article class="rules-text">\n{article}</article>\n</main>\n</body>\n</html>\n')


def write_rules(dist: Path) -> None:
    """Every language's rules page, and the app's rule summaries from the same text
    (ui/words/rulebook.py: rule_summaries.json, rule_summaries.<lang>.json)."""
    sys.path.insert(0, str(ROOT))
    try:
        from ui.words.rulebook import BUILT, summaries
    finally:
        sys.path.remove(str(ROOT))
    beside = dist / BUILT.parent.relative_to(ROOT)  # where the module looks for them
    beside.mkdir(parents=True, exist_ok=True)
    for lang, (name, page, _words) in RULES_PAGES.items():
        source = ROOT / "docs" / name
        if not source.is_file():
            raise BuildError(f"docs/{name} is missing")
        if (dist / page).exists():
            raise BuildError(f"public/{page} would overwrite the page built from docs/{name}")
        markdown = source.read_text(encoding="utf-8")
        (dist / page).write_text(with_sprite(rules_html(markdown, lang), page), encoding="utf-8")
        suffix = "" if lang == "en" else f".{lang}"
        (beside / f"rule_summaries{suffix}.json").write_text(
            json.dumps(summaries(markdown, lang), ensure_ascii=False, sort_keys=True),
            encoding="utf-8")


# The balance lab's committed run (python -m game lab ... --json docs/balance/lab.json): the
# site's balance.html and balance.hu.html (scripts/balance_page.py).
BALANCE_RUN = ROOT / "docs" / "balance" / "lab.json"


def write_balance(dist: Path) -> None:
    """The balance lab's pages from its committed run, in both languages: their words from
    scripts/balance_page.py, their numbers from the run, their charts by public/balance.js
    with the vendored uPlot."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    try:
        from balance_page import LANGUAGES, write_pages
    finally:
        sys.path.remove(str(Path(__file__).resolve().parent))
    for lang in LANGUAGES:
        if (dist / lang.page).exists():
            raise BuildError(f"public/{lang.page} would overwrite the page built from "
                             f"{BALANCE_RUN.relative_to(ROOT)}")
    try:
        report = json.loads(BALANCE_RUN.read_text(encoding="utf-8"))
    except (OSError, ValueError) as err:
        raise BuildError(f"{BALANCE_RUN.relative_to(ROOT)} cannot be read: {err}") from err
    try:
        write_pages(report, dist)
    except (KeyError, TypeError, IndexError, AttributeError, ValueError) as err:
        raise BuildError(f"{BALANCE_RUN.relative_to(ROOT)}: not a lab run's report "
                         f"({type(err).__name__}: {err})") from err


def write_howto(dist: Path) -> None:
    """howto.html and howto.hu.html: the How-to-play guide, one page per language (no script,
    the rules page's Content-Security-Policy)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    try:
        from howto_page import LANGUAGES, page_html
    finally:
        sys.path.remove(str(Path(__file__).resolve().parent))
    for lang in LANGUAGES:
        source = ROOT / "docs" / lang.source
        if not source.is_file():
            raise BuildError(f"docs/{lang.source} is missing")
        if (dist / lang.page).exists():
            raise BuildError(f"public/{lang.page} would overwrite the page built from "
                             f"docs/{lang.source}")
        try:
            html = page_html(source.read_text(encoding="utf-8"), lang, ROOT / "public", RULES_CSP)
        except ValueError as err:
            raise BuildError(f"docs/{lang.source}: {err}") from err
        (dist / lang.page).write_text(html, encoding="utf-8")


# What of the engine package the page never imports: the developers' tools (the command line,
# simulations, tournaments...) stay in the wheel, out of app.zip.
NOT_SHIPPED = (f"{ENGINE_PACKAGE}/tools/", f"{ENGINE_PACKAGE}/__main__.py")


def shipped(name: str) -> bool:
    """Whether the engine's file ``name`` (an archive name) goes into app.zip."""
    return not name.startswith(NOT_SHIPPED)


def bundle_app(dist: Path, wheel: Path) -> int:
    """Pack the engine (the wheel's package files) and dist/ui/ (all but the page's script)
    into dist/app.zip, their modules as bytecode in place of source, byte for byte
    reproducible, and leave only the page's script, fetched by URL, in dist/ui/ (and the
    finder of the standard modules left for later). The page unpacks this one archive: one
    request. Returns the files packed."""
    ui = dist / "ui"
    packed = [path for path in iter_files(ui) if path.suffix in UI_BUNDLED
              and path.relative_to(dist).as_posix() != PAGE_SCRIPT]
    with zipfile.ZipFile(wheel) as engine:  # the package, not its .dist-info: nothing reads it
        entries = [(name, engine.read(name)) for name in engine.namelist()
                   if name.startswith(f"{ENGINE_PACKAGE}/") and shipped(name)]
    entries += [(path.relative_to(dist).as_posix(), path.read_bytes()) for path in packed]
    entries = [(name, data) for name, data in entries if not name.endswith(".py")] + \
        compiled(entries, dist / "pyodide" / "python_stdlib.zip")
    names = dict(entries)[REST_NAMES]
    (dist / "pyodide" / REST_ZIP).with_suffix(".txt").write_bytes(names)  # for the demo
    with zipfile.ZipFile(dist / APP_BUNDLE, "w") as zf:
        for name, data in sorted(entries):
            info = zipfile.ZipInfo(name, date_time=ZIP_EPOCH)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, data, compresslevel=9)  # part of every first load
    for path in packed:
        if path.relative_to(dist).as_posix() not in (PAGE_SCRIPT, STDLIB_FINDER):
            path.unlink()
    for folder in sorted((p for p in ui.rglob("*") if p.is_dir()), reverse=True):
        if not any(folder.iterdir()):
            folder.rmdir()
    return len(entries)


def compiled(entries: list[tuple[str, bytes]], stdlib: Path,
             imports: tuple[str, ...] = FIRST_IMPORTS) -> list[tuple[str, bytes]]:
    """The bytecode of the ``.py`` files among ``entries`` (archive name, content), compiled
    by the pinned Pyodide's own Python (scripts/pycompile.mjs, in Node): (``NAME.pyc``,
    content), the compiled methods of the app's dataclasses (:data:`DATACLASS_METHODS`), and
    ``ui/platform/stdlib_rest.txt``, the names of the standard modules left
    for later. Shipped so the page does not compile some 120 modules from source on every
    load (about 200 ms in Chromium, more on a phone). ``stdlib``, the copy of Pyodide's
    python_stdlib.zip in dist/, is split (see the script): it keeps the standard modules that
    Pyodide's start and ``imports`` (modules of those entries) load, as bytecode in place of
    source, and the rest go to :data:`REST_ZIP` beside it, which the page loads only when one
    of them is first imported (ui/platform/stdlib.py)."""
    node = shutil.which("node")
    if node is None:
        raise BuildError("node is not on PATH: it compiles the app's Python (npm ci needs it too)")
    with tempfile.TemporaryDirectory(prefix="moonshot-pyc-") as tmp:
        root = Path(tmp)
        for name, data in entries:  # all of them: importing the app reads its data files
            (root / name).parent.mkdir(parents=True, exist_ok=True)
            (root / name).write_bytes(data)
        command = [node, str(ROOT / "scripts" / "pycompile.mjs"), str(root), str(stdlib),
                   str(stdlib.with_name(REST_ZIP)), *imports]
        done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT)
        if done.returncode != 0:
            # the end of it: Node prints the minified line of pyodide.asm.mjs that threw first
            raise BuildError(f"compiling the app's Python failed:\n{done.stderr[-3000:].strip()}")
        found = [(path.relative_to(root).as_posix(), path.read_bytes())
                 for path in sorted(root.rglob("*.pyc"))]
        table = root / DATACLASS_METHODS  # (none when no dataclass was imported)
        methods = [(DATACLASS_METHODS, table.read_bytes())] if table.is_file() else []
    if len(found) != sum(1 for name, _ in entries if name.endswith(".py")):
        raise BuildError(f"pycompile.mjs wrote {len(found)} .pyc files for the app's modules")
    names = done.stdout.split()
    if "email" not in names:  # a module no start imports: the split happened
        raise BuildError("pycompile.mjs named no standard module left for later")
    # first the archive's hash: a page never imports from another build's archive
    digest = hashlib.sha256(stdlib.with_name(REST_ZIP).read_bytes()).hexdigest()
    return [*found, *methods,
            (REST_NAMES, "\n".join([f"sha256 {digest}", *names, ""]).encode())]


PREVIEW_PLACE = "<!-- start-preview -->"


def with_start_preview(html: str) -> str:
    """The page with the start screen it shows before Python is up, one ``<template>`` per
    language at ``PREVIEW_PLACE`` (ui.screens.start.preview_html; public/boot.js shows the
    reader's)."""
    if PREVIEW_PLACE not in html:
        raise BuildError(f"index.html: no {PREVIEW_PLACE} for the start screen's preview")
    sys.path.insert(0, str(ROOT))
    try:
        from ui.screens.start import preview_html
        from ui.words.i18n import DEFAULT, LANGUAGES, use
    finally:
        sys.path.remove(str(ROOT))
    templates = []
    for code in LANGUAGES:
        use(code)
        templates.append(f'<template data-lang="{code}">{preview_html()}</template>')
    use(DEFAULT)
    return html.replace(PREVIEW_PLACE, "".join(templates), 1)


def with_translations(html: str) -> str:
    """The page with its data-msg words' translations (ui.words.i18n.translated_page)."""
    sys.path.insert(0, str(ROOT))
    try:
        from ui.words.i18n import translated_page
    finally:
        sys.path.remove(str(ROOT))
    return translated_page(html)


def write_catalogues(dist: Path) -> None:
    """ui/words/locale/<lang>.po compiled to dist/ui/words/locale/<lang>.mo (ui/words/i18n.py
    reads them)."""
    sys.path.insert(0, str(ROOT))
    try:
        from ui.words.i18n import LANGUAGES, LOCALE, compile_po
    finally:
        sys.path.remove(str(ROOT))
    for code in LANGUAGES:
        source = LOCALE / f"{code}.po"
        if source.is_file():
            target = dist / LOCALE.relative_to(ROOT) / f"{code}.mo"
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(compile_po(source))
        elif code != "en":
            raise BuildError(f"ui/words/locale/{code}.po is missing")


# --------------------------------------------------------------------------- service worker


def sri(data: bytes) -> str:
    """Subresource-integrity form of a sha256, as fetch(..., {integrity}) takes it."""
    return "sha256-" + base64.b64encode(hashlib.sha256(data).digest()).decode("ascii")


def write_service_worker(dist: Path) -> dict[str, Any]:
    """Write the precache list (every site file with its integrity hash and size) and the
    cache version (a hash of all of them) into dist/sw.js and dist/precache.json.

    Any change to any file changes the version, so the browser, which compares sw.js byte
    for byte on each visit, installs the new build; the worker re-downloads only files whose
    hash changed. Public: the e2e update test calls it on a modified copy of the site."""
    sw = dist / "sw.js"
    if not sw.is_file():
        raise BuildError("public/sw.js is missing")
    files: list[tuple[str, str, int]] = []  # (url, integrity, size)
    for path in iter_files(dist):
        rel = path.relative_to(dist).as_posix()
        if rel not in NOT_PRECACHED:
            data = path.read_bytes()
            files.append((rel, sri(data), len(data)))
    listing = "".join(f"{url}\0{integrity}\n" for url, integrity, _ in files).encode()
    info = {
        "version": hashlib.sha256(listing).hexdigest()[:16],
        "bytes": sum(size for _, _, size in files),
        "files": [{"url": u, "integrity": i, "size": n} for u, i, n in files],
    }
    text, count = SW_BUILD_LINE.subn(
        lambda _: f"const BUILD = {json.dumps(info, separators=(',', ':'))};", sw.read_text(),
        count=1)
    if not count:
        raise BuildError("public/sw.js: no line `const BUILD = ...;` to fill in")
    sw.write_text(text)
    (dist / "precache.json").write_text(json.dumps(info, indent=1) + "\n")
    return info


# --------------------------------------------------------------------------- main


def check_relative_urls(html: str, name: str = "index.html") -> None:
    """A page must use relative URLs only (sub-path hosting, no other host)."""
    for match in re.finditer(r"""(?:src|href|config)\s*=\s*["']([^"']*)["']""", html):
        url = match.group(1)
        if url.startswith(("/", "http:", "https:")) or "://" in url:
            raise BuildError(f"{name}: URL {url!r} is not relative")


def build(dist: Path) -> None:
    project = read_project()
    pins = npm_pins()
    pyodide = check_node_package("pyodide", pins["pyodide"])
    pyscript = check_node_package("@pyscript/core", pins["@pyscript/core"])
    uplot = check_node_package("uplot", pins["uplot"])
    qrcode = check_node_package("qrcode-generator", pins["qrcode-generator"])
    idiomorph = check_node_package("idiomorph", pins["idiomorph"])
    fzstd = check_node_package("fzstd", pins["fzstd"])
    mqtt = check_node_package("mqtt", pins["mqtt"])

    if dist.exists():
        shutil.rmtree(dist)
    dist.mkdir(parents=True)

    public = ROOT / "public"
    if public.is_dir():
        for path in iter_files(public):
            if path.relative_to(public).as_posix() != SPRITE:  # in the pages instead
                copy_file(path, dist / path.relative_to(public))

    index = ROOT / "index.html"
    html = index.read_text()
    check_relative_urls(html)
    if (dist / "index.html").exists():
        raise BuildError("public/index.html would overwrite index.html")
    html = with_start_preview(with_translations(html))
    (dist / "index.html").write_text(with_sprite(html, "index.html"))
    if (dist / "embed.html").exists():
        raise BuildError("public/embed.html would overwrite the embed page derived from index.html")
    (dist / "embed.html").write_text(with_sprite(embed_html(html), "embed.html"))
    write_rules(dist)
    write_howto(dist)
    write_balance(dist)

    ui = ROOT / "ui"
    if ui.is_dir():
        for path in iter_files(ui):
            if path.suffix not in (".po", ".pot"):  # the catalogues go compiled (below)
                copy_file(path, dist / "ui" / path.relative_to(ui))
    write_catalogues(dist)

    for name in PYODIDE_FILES:
        copy_file(pyodide / name, dist / "pyodide" / name)
    runtime = dist / "pyodide" / "pyodide.asm.mjs"
    runtime.write_bytes(without_stack_switching(runtime.read_bytes()))
    pack(dist / WASM)
    add_micropip(dist)
    for path in sorted((pyscript / "dist").iterdir()):
        if path.suffix in {".js", ".css"}:
            copy_file(path, dist / "pyscript" / path.name)
    for name in UPLOT_FILES:
        copy_file(uplot / name, dist / "vendor" / "uplot" / Path(name).name)
    for name in IDIOMORPH_FILES:
        copy_file(idiomorph / name, dist / "vendor" / "idiomorph" / Path(name).name)
    for name in QRCODE_FILES:
        copy_file(qrcode / name, dist / "vendor" / "qrcode" / Path(name).name)
    for name in FZSTD_FILES:
        copy_file(fzstd / name, dist / "vendor" / "fzstd" / Path(name).name)
    for name in MQTT_FILES:
        copy_file(mqtt / name, dist / MQTT_DIR / Path(name).name)
    write_icons(dist)
    check_manifest(dist)

    wheel = build_wheel(dist / "wheels", project)
    bundled = bundle_app(dist, wheel)
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
    write_pyscript_config(dist)
    for page in sorted(dist.glob("*.html")):
        check_relative_urls(page.read_text(), page.name)
    precache = write_service_worker(dist)  # last: it hashes every other file
    # GitHub Pages: never run Jekyll over the artifact (harmless elsewhere).
    (dist / ".nojekyll").write_text("")

    print(f"built {dist.relative_to(ROOT) if dist.is_relative_to(ROOT) else dist}/")
    for part in ("pyodide", "pyscript", "wheels", "ui"):
        if (dist / part).is_dir():
            print(f"  {part + '/':10} {human(tree_size(dist / part)):>9}")
    print(f"  {APP_BUNDLE:10} {human((dist / APP_BUNDLE).stat().st_size):>9}, {bundled} files")
    with zipfile.ZipFile(wheel) as zf:
        count = len(zf.namelist())
    print(f"  {wheel.name}: {human(len(wheel_bytes))}, {count} entries")
    print(f"  sw.js      precaches {len(precache['files'])} files, "
          f"{human(precache['bytes'])}, version {precache['version']}")
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
