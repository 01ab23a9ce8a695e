// PyScript's own Python package, as its core bundle writes it into the interpreter's working
// directory before the page's code runs: the one object literal passed to wo(".", {...}).
// node pyscript-package.mjs ARGS.json, where ARGS is [bundle, out]: writes {path: source} to out.
import fs from "node:fs";
const [bundle, out] = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const src = fs.readFileSync(bundle, "utf8");
const key = 'wo(".",';
let i = src.indexOf(key);
if (i < 0 || src.indexOf(key, i + 1) >= 0) throw new Error("PyScript's package literal not found once");
i += key.length;
let depth = 0, j = i, quote = null;
for (; j < src.length; j++) {
  const c = src[j];
  if (quote) { if (c === "\\") j++; else if (c === quote) quote = null; continue; }
  if (c === '"' || c === "'" || c === "`") quote = c;
  else if (c === "{") depth++;
  else if (c === "}" && --depth === 0) { j++; break; }
}
const files = {};
(function walk(prefix, node) {
  for (const [k, v] of Object.entries(node)) {
    if (typeof v === "string") files[prefix + k] = v; else walk(prefix + k + "/", v);
  }
})("", Function("return " + src.slice(i, j))());
fs.writeFileSync(out, JSON.stringify(files));
