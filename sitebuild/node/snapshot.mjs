// Pyodide's memory after the page's start with its modules imported: node snapshot.mjs ARGS.json,
// where ARGS is {pyodide (pyodide.mjs's URL), indexURL, stdlib, home, files: [{target, path}],
// modules, out}; writes the raw heap to out.
import fs from "node:fs";
import path from "node:path";
const args = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const { loadPyodide } = await import(args.pyodide);
// The page's start (PyScript passes stdout, stderr and indexURL), with the page's stdlib zip.
const py = await loadPyodide({ indexURL: args.indexURL, stdLibURL: args.stdlib,
                               _makeSnapshot: true, stdout: () => {},
                               stderr: (s) => console.error(s) });
for (const f of args.files) {
  py.FS.mkdirTree(path.posix.dirname(f.target));
  py.FS.writeFile(f.target, fs.readFileSync(f.path));
}
py.globals.set("MODULES", py.toPy(args.modules));
py.runPython(`
import importlib, os
os.chdir(${JSON.stringify(args.home)})
for name in MODULES:
    importlib.import_module(name)
del MODULES
`);
fs.writeFileSync(args.out, py.makeMemorySnapshot());
