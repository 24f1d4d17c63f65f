// The engine benchmark inside Pyodide (WebAssembly), run by Node from the pinned npm package:
//   node bench/pyodide_bench.mjs [bench arguments...]
// It copies game/ into Pyodide's file system and runs `python -m game bench` there, so the
// figures compare directly with the CPython run of the same command.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const root = fileURLToPath(new URL("..", import.meta.url));
const pyodide = await loadPyodide({ indexURL: join(root, "node_modules/pyodide/") });

function copyTree(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const target = "/home/pyodide/" + relative(root, path);
    if (statSync(path).isDirectory()) {
      if (name === "__pycache__") continue;
      pyodide.FS.mkdirTree(target);
      copyTree(path);
    } else if (/\.(py|toml)$/.test(name)) {
      pyodide.FS.writeFile(target, readFileSync(path));
    }
  }
}
pyodide.FS.mkdirTree("/home/pyodide/game");
copyTree(join(root, "game"));
const args = JSON.stringify(process.argv.slice(2).length ? process.argv.slice(2) : ["bench"]);
await pyodide.runPythonAsync(`
import sys
sys.path.insert(0, "/home/pyodide")
from game.tools.cli import main
print("Pyodide", sys.version.split()[0])
main(${args})
`);
