// Compiles Python to bytecode with the Python the browser runs: the pinned Pyodide
// (node_modules/pyodide) booted in Node, so the .pyc files carry its magic number.
// scripts/build.py runs it once per build:
//
//     node scripts/pycompile.mjs FOLDER STDLIB_ZIP MODULE...
//
// 1. Every NAME.py file under FOLDER (what goes into dist/app.zip) gets NAME.pyc beside it,
//    which the archive carries instead of the source.
// 2. With FOLDER on sys.path it imports each MODULE (what the page and its AI worker import
//    before they are ready), then rewrites STDLIB_ZIP (dist/pyodide/python_stdlib.zip) with
//    every standard-library module loaded by then (Pyodide's start-up included) as bytecode
//    in place of its source: NAME.pyc instead of NAME.py, the other entries as they were.
//
// Pyodide's python_stdlib.zip holds sources only, so every load compiled some 150 modules
// before any line of the page's own ran (about a second in Chromium). All bytecode is
// "unchecked hash" (PEP 552): no source timestamp to compare, and the same bytes on every
// build. Without their sources, tracebacks name file and line but do not quote the line;
// the sources are in the wheel (dist/wheels/) and in this repository.
import { loadPyodide } from "pyodide";
import fs from "node:fs";
import path from "node:path";

const [folder, stdlibZip, ...modules] = process.argv.slice(2);
if (!folder || !stdlibZip) {
  console.error("usage: node scripts/pycompile.mjs FOLDER STDLIB_ZIP MODULE...");
  process.exit(2);
}
const pyodide = await loadPyodide({ stdout: () => {}, stderr: (line) => console.error(line) });
pyodide.FS.mkdirTree("/src");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: path.resolve(folder) }, "/src");
pyodide.FS.writeFile("/stdlib-in.zip", new Uint8Array(fs.readFileSync(stdlibZip)));
pyodide.globals.set("MODULES", pyodide.toPy(modules));
pyodide.runPython(`
import sys

# First what the page and its worker import, before any tool of this script is: only their
# modules ship compiled. Loaded from the zip, that is: frozen ones (os, codecs, importlib's
# bootstrap...) never come from it. No __pycache__ in FOLDER from these imports.
sys.dont_write_bytecode = True
sys.path.insert(0, "/src")
for name in MODULES:
    __import__(name)
STDLIB = next(entry for entry in sys.path if entry.endswith(".zip"))  # /lib/python3XY.zip
loaded = {module.__spec__.origin.removeprefix(STDLIB + "/")
          for module in list(sys.modules.values())
          if (getattr(getattr(module, "__spec__", None), "origin", None) or "")
          .startswith(STDLIB + "/")}

import compileall, importlib.util, marshal, py_compile, zipfile

# ddir "": the file names inside the bytecode are the modules' paths in the archive
# (ui/app.py), not this temporary folder's; a traceback names them so, and their lines.
if not compileall.compile_dir(
        "/src", quiet=1, ddir="", workers=1, legacy=True,
        invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH):
    raise SystemExit("a module did not compile")


def bytecode(source: bytes, filename: str) -> bytes:
    code = compile(source, filename, "exec", dont_inherit=True)
    flags = 0b01  # hash-based, not checked against a source
    return (importlib.util.MAGIC_NUMBER + flags.to_bytes(4, "little")
            + importlib.util.source_hash(source) + marshal.dumps(code))


with zipfile.ZipFile("/stdlib-in.zip") as original, \\
        zipfile.ZipFile("/stdlib-out.zip", "w") as compiled:
    for info in original.infolist():
        data = original.read(info)
        if info.filename in loaded:
            data = bytecode(data, f"{STDLIB}/{info.filename}")
            info = zipfile.ZipInfo(info.filename[:-3] + ".pyc", info.date_time)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
        compiled.writestr(info, data)
if not loaded:
    raise SystemExit(f"no standard module was loaded from {STDLIB}")
`);
fs.writeFileSync(stdlibZip, pyodide.FS.readFile("/stdlib-out.zip"));
