// The page's stdlib zip, pruned and compiled to .pyc: node stdlib.mjs ARGS.json, where ARGS is
// {pyodide (pyodide.mjs's URL), indexURL, roots, out, whole, skip, patches}; writes out, out.txt
// (the modules kept) and out.frozen.json (those left out as frozen).
import fs from "node:fs";
const args = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const { loadPyodide } = await import(args.pyodide);
// No column tables in the bytecode (PYTHONNODEBUGRANGES): smaller files, same behaviour.
const py = await loadPyodide({ indexURL: args.indexURL, stdout: () => {},
                               stderr: (s) => console.error(s),
                               env: { PYTHONNODEBUGRANGES: "1" } });
py.globals.set("ARGS", py.toPy(args));
const out = py.runPython(`
import sys, io, zipfile, importlib, importlib.util, _imp
from importlib._bootstrap_external import _code_to_hash_pyc

roots = list(ARGS["roots"])
for name in roots:
    try:
        importlib.import_module(name)
    except Exception:
        pass
keep = set(sys.modules)
whole = tuple(ARGS["whole"])
skip = tuple(ARGS["skip"])
patches = {fn: [tuple(p) for p in ps] for fn, ps in ARGS["patches"].items()}
src = zipfile.ZipFile("/lib/python314.zip")
buf = io.BytesIO()
# Deflated member by member: stored members would gzip 7 % smaller on a host that compresses
# .zip responses, but many static hosts send application/zip as it is (2.9 times larger).
dst = zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED, compresslevel=9)
kept = []
frozen = []
for info in sorted(src.infolist(), key=lambda i: i.filename):
    fn = info.filename
    if not fn.endswith(".py"):
        continue
    mod = fn[:-3].replace("/", ".")
    if mod.endswith(".__init__"):
        mod = mod[: -len(".__init__")]
    if mod.startswith("site-packages."):
        continue
    if mod in skip or mod.startswith(tuple(n + "." for n in skip)):
        continue
    if mod not in keep and mod.split(".")[0] not in whole:
        continue
    spec = getattr(sys.modules.get(mod), "__spec__", None)
    if _imp.find_frozen(mod) is not None or getattr(spec, "origin", None) == "frozen":
        # Frozen into the interpreter, which imports it from there before looking at the zip
        # (importlib._bootstrap and _bootstrap_external are importlib's names for two of them).
        frozen.append(mod)
        continue
    data = src.read(fn)
    for old, new in patches.pop(fn, ()):
        text = data.decode("utf-8")
        assert text.count(old) == 1, (fn, old)
        data = text.replace(old, new).encode("utf-8")
    code = compile(data, "/lib/python314.zip/" + fn, "exec", dont_inherit=True,
                   optimize=2)
    pyc = _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
    zi = zipfile.ZipInfo(fn + "c", date_time=(1980, 1, 1, 0, 0, 0))
    zi.compress_type = zipfile.ZIP_DEFLATED
    dst.writestr(zi, bytes(pyc))
    kept.append(mod)
dst.close()
assert not patches, ("patched files not in the zip", list(patches))
from pyodide.ffi import to_js
to_js([buf.getvalue(), kept, frozen])
`);
const [data, kept, frozen] = out;
fs.writeFileSync(args.out, data);
fs.writeFileSync(args.out + ".txt", Array.from(kept).join("\n") + "\n");
fs.writeFileSync(args.out + ".frozen.json", JSON.stringify(Array.from(frozen)));
