// Compiles Python sources to unchecked-hash .pyc with Pyodide: node pyc.mjs ARGS.json, where
// ARGS is {pyodide (pyodide.mjs's URL), indexURL, files: [{path, filename, optimize?}], out};
// writes out/<i>.pyc for each file and out/tag.txt (the interpreter's cache tag).
import fs from "node:fs";
const args = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const { loadPyodide } = await import(args.pyodide);
// No column tables in the bytecode (PYTHONNODEBUGRANGES): smaller files, same behaviour.
const py = await loadPyodide({ indexURL: args.indexURL, stdout: () => {},
                               stderr: (s) => console.error(s),
                               env: { PYTHONNODEBUGRANGES: "1" } });
py.FS.mkdirTree("/src");
for (const [i, f] of args.files.entries()) py.FS.writeFile("/src/" + i, fs.readFileSync(f.path));
py.globals.set("ARGS", py.toPy(args));
const out = py.runPython(`
import sys, importlib.util
from importlib._bootstrap_external import _code_to_hash_pyc
res = []
for i, f in enumerate(ARGS["files"]):
    data = open(f"/src/{i}", "rb").read()
    code = compile(data, f["filename"], "exec", dont_inherit=True, optimize=f.get("optimize", 2))
    res.append(bytes(_code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)))
from pyodide.ffi import to_js
to_js([sys.implementation.cache_tag, res])
`);
const [tag, blobs] = out;
fs.mkdirSync(args.out, { recursive: true });
fs.writeFileSync(args.out + "/tag.txt", tag);
for (const [i, b] of Array.from(blobs).entries()) fs.writeFileSync(args.out + "/" + i + ".pyc", b);
