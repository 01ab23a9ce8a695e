// Checks the pruned stdlib zip: node stdlib-check.mjs ARGS.json, where ARGS is {pyodide
// (pyodide.mjs's URL), indexURL, zip, roots, stdlib_top, frozen}; every root imports from the
// zip and every module left out as frozen comes from the interpreter. Prints "ok".
import fs from "node:fs";
const args = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const { loadPyodide } = await import(args.pyodide);
const py = await loadPyodide({ indexURL: args.indexURL, stdLibURL: args.zip });
py.globals.set("ARGS", py.toPy(args));
py.runPython(`
import importlib, sys
missing = []
for name in ARGS["roots"]:
    try:
        importlib.import_module(name)
    except ModuleNotFoundError as e:
        parent, _, attr = name.rpartition(".")
        if parent and parent in sys.modules and hasattr(sys.modules[parent], attr):
            continue  # "from X import name" where name is not a module
        if e.name and e.name.split(".")[0] in ARGS["stdlib_top"]:
            missing.append(name + ": " + str(e))
    except Exception:
        pass
assert not missing, missing
# The modules left out because they are frozen come from the interpreter itself.
thawed = [n for n in ARGS["frozen"]
          if importlib.import_module(n).__spec__.origin != "frozen"]
assert not thawed, thawed
`);
console.log("ok");
