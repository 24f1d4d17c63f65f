// Compiles every .py file under a folder to bytecode with the Python the browser runs: the
// pinned Pyodide (node_modules/pyodide) booted in Node, so the .pyc files carry its magic
// number. scripts/build.py runs it on the files it packs into dist/app.zip:
//
//     node scripts/pycompile.mjs FOLDER
//
// Each module gets __pycache__/NAME.cpython-3XY.pyc, "unchecked hash" (PEP 552): no source
// timestamp to compare (unzipping gives the sources new ones) and the same bytes on every
// build. Without them, Python compiles every module from source on each page load.
import { loadPyodide } from "pyodide";
import path from "node:path";

const folder = process.argv[2];
if (!folder) {
  console.error("usage: node scripts/pycompile.mjs FOLDER");
  process.exit(2);
}
const pyodide = await loadPyodide({ stdout: () => {}, stderr: (line) => console.error(line) });
pyodide.FS.mkdirTree("/src");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: path.resolve(folder) }, "/src");
pyodide.runPython(`
import compileall, py_compile
# ddir: the file names inside the bytecode do not name this temporary folder (the import
# system puts the real path in when it loads them).
ok = compileall.compile_dir(
    "/src", quiet=1, ddir=".", workers=1,
    invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
if not ok:
    raise SystemExit("a module did not compile")
`);
