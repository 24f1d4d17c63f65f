// Compiles Python to bytecode with the Python the browser runs: the pinned Pyodide
// (node_modules/pyodide) booted in Node, so the .pyc files carry its magic number.
// scripts/build.py runs it once per build:
//
//     node scripts/pycompile.mjs FOLDER STDLIB_ZIP REST_ZIP MODULE...
//
// 1. Every NAME.py file under FOLDER (what goes into dist/app.zip) gets NAME.pyc beside it,
//    which the archive carries instead of the source.
// 2. With FOLDER on sys.path it imports each MODULE (what the page imports: before it is
//    ready, and for the computer players), keeping the code of every method @dataclass
//    compiles meanwhile in FOLDER/ui/platform/dataclasses.marshal (ui/platform/precompiled.py),
//    then splits STDLIB_ZIP (dist/pyodide/python_stdlib.zip) in two:
//    STDLIB_ZIP keeps every standard-library module loaded by then (Pyodide's start-up
//    included) as bytecode in place of its source (NAME.pyc instead of NAME.py) and the
//    entries that are not modules; REST_ZIP gets the other modules, as sources: the page
//    loads it only when one of them is first imported (ui/platform/stdlib.py). It prints the
//    dotted names of the modules in REST_ZIP, one per line.
//
// Pyodide's python_stdlib.zip holds sources only, so every load compiled some 150 modules
// before any line of the page's own ran (about a second in Chromium). All bytecode is
// "unchecked hash" (PEP 552): no source timestamp to compare, and the same bytes on every
// build. It carries no module or function docstring (nothing shipped reads one; classes keep
// theirs) and no column ranges: about a third fewer bytes for a phone to download. Without
// their sources, tracebacks name file and line but do not quote or underline the line; the
// sources are in the wheel (dist/wheels/) and in this repository.
import { loadPyodide } from "pyodide";
import fs from "node:fs";
import path from "node:path";

const [folder, stdlibZip, restZip, ...modules] = process.argv.slice(2);
if (!folder || !stdlibZip || !restZip) {
  console.error("usage: node scripts/pycompile.mjs FOLDER STDLIB_ZIP REST_ZIP MODULE...");
  process.exit(2);
}
// PYTHONNODEBUGRANGES: the bytecode carries line numbers but no column ranges (a traceback
// names the line without underlining its part): a quarter fewer bytes to download and load.
const pyodide = await loadPyodide({ env: { PYTHONNODEBUGRANGES: "1" }, stdout: () => {},
                                    stderr: (line) => console.error(line) });
pyodide.FS.mkdirTree("/src");
// The recorder of @dataclass's methods, from this repository (one source for build and page).
pyodide.FS.mkdirTree("/tools");
pyodide.FS.writeFile("/tools/moonshot_precompiled.py", fs.readFileSync(
  path.join(path.dirname(new URL(import.meta.url).pathname), "..", "ui", "platform",
            "precompiled.py")));
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: path.resolve(folder) }, "/src");
pyodide.FS.writeFile("/stdlib-in.zip", new Uint8Array(fs.readFileSync(stdlibZip)));
pyodide.globals.set("MODULES", pyodide.toPy(modules));
pyodide.runPython(`
import sys

# First what the page imports, before any tool of this script is: only their
# modules ship compiled. Loaded from the zip, that is: frozen ones (os, codecs, importlib's
# bootstrap...) never come from it. No __pycache__ in FOLDER from these imports.
sys.dont_write_bytecode = True
sys.path.insert(0, "/src")
# The methods @dataclass writes while they are imported, compiled once and kept by their
# text (ui/platform/precompiled.py): the table goes beside the modules, into app.zip.
import dataclasses
sys.path.append("/tools")
from moonshot_precompiled import TABLE, recording
METHODS = {}
dataclasses.exec = recording(METHODS)
for name in MODULES:
    __import__(name)
del dataclasses.exec
STDLIB = next(entry for entry in sys.path if entry.endswith(".zip"))  # /lib/python3XY.zip
loaded = {module.__spec__.origin.removeprefix(STDLIB + "/")
          for module in list(sys.modules.values())
          if (getattr(getattr(module, "__spec__", None), "origin", None) or "")
          .startswith(STDLIB + "/")}

import ast, importlib.util, marshal, pathlib, zipfile


def without_docstrings(tree: ast.Module) -> ast.Module:
    """The module's and its functions' docstrings dropped (nothing shipped reads them); a
    class keeps its own: without one, dataclasses works one out of its signature at import."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if (body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant)
                    and isinstance(body[0].value.value, str)):
                body[0:1] = [ast.copy_location(ast.Pass(), body[0])] if len(body) == 1 else []
    return tree


def bytecode(source: bytes, filename: str) -> bytes:
    tree = without_docstrings(ast.parse(source, filename))
    code = compile(tree, filename, "exec", dont_inherit=True)
    flags = 0b01  # hash-based, not checked against a source
    return (importlib.util.MAGIC_NUMBER + flags.to_bytes(4, "little")
            + importlib.util.source_hash(source) + marshal.dumps(code))


# The file names inside the bytecode are the modules' paths in the archive (ui/app.py), not
# this temporary folder's; a traceback names them so, and their lines.
for path in sorted(pathlib.Path("/src").rglob("*.py")):
    path.with_suffix(".pyc").write_bytes(bytecode(path.read_bytes(),
                                                  path.relative_to("/src").as_posix()))


if METHODS:  # (scripts/build.py puts the table into app.zip)
    pathlib.Path("/src", TABLE).parent.mkdir(parents=True, exist_ok=True)
    pathlib.Path("/src", TABLE).write_bytes(marshal.dumps(METHODS))


rest = []
with zipfile.ZipFile("/stdlib-in.zip") as original, \\
        zipfile.ZipFile("/stdlib-out.zip", "w") as compiled, \\
        zipfile.ZipFile("/stdlib-rest.zip", "w") as later:
    for info in original.infolist():
        if info.is_dir():  # none: an empty folder would import as a namespace package
            continue
        data = original.read(info)
        if info.filename in loaded:
            data = bytecode(data, f"{STDLIB}/{info.filename}")
            info = zipfile.ZipInfo(info.filename[:-3] + ".pyc", info.date_time)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
        elif info.filename.endswith(".py"):
            later.writestr(info, data)
            rest.append(info.filename[:-3].removesuffix("/__init__").replace("/", "."))
            continue
        elif "/" in info.filename and \\
                info.filename.split("/")[0] + "/__init__.py" not in loaded:
            # a data file goes with its package: alone in the first zip, its folder would
            # import there as an empty namespace package (ctypes, _pyrepl)
            later.writestr(info, data)
            continue
        compiled.writestr(info, data, compresslevel=9)  # the first download: every byte
if not loaded:
    raise SystemExit(f"no standard module was loaded from {STDLIB}")
with open("/stdlib-rest.txt", "w") as names:
    names.write("\\n".join(sorted(rest)) + "\\n")
`);
fs.writeFileSync(stdlibZip, pyodide.FS.readFile("/stdlib-out.zip"));
fs.writeFileSync(restZip, pyodide.FS.readFile("/stdlib-rest.zip"));
process.stdout.write(pyodide.FS.readFile("/stdlib-rest.txt", { encoding: "utf8" }));
