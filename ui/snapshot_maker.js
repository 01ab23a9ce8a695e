// Makes the memory snapshot a repeat visit starts from, in the player's browser (a module
// worker that ui/snapshot.js starts in idle time after the first visit, and ends once it has
// answered): Pyodide from the vendored runtime, already in the offline copy, started with
// `_makeSnapshot`; the compiled engine and ui of dist/snapshot.json copied into its working
// directory and its modules imported; the heap stored without its zero pages (ui/pyodide.js's
// sparseSnapshot) in Cache Storage under this version's snapshot URL, where the page's and the
// workers' Python look it up (caches.match). The build names that URL by the content of
// everything that goes in (sitebuild/snapshot.py), so a new version never finds an old one.
//
// Answers one message: {made: true, ms, startMs, snapshotMs, raw, stored} or {made: false, why}.
import { loadPyodide } from "../runtime/pyodide/pyodide.mjs";
import { sparseSnapshot } from "./pyodide.js";

const base = new URL("../", import.meta.url);
const snapshotURL = new URL("runtime/snapshot.bin", base).href;  // build.py names it by content
// Not one of the service worker's caches, so its clean-up of old precaches leaves it alone;
// the service worker drops the other versions' snapshots from it when a version activates.
const cacheName = "trick-table-snapshot " + base.href;

async function bytes(url) {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}

async function make() {
  const t0 = performance.now();
  const cache = await caches.open(cacheName);
  if (await cache.match(snapshotURL)) return { made: false, why: "this version's snapshot is there" };
  const res = await fetch(new URL("snapshot.json", base));
  if (!res.ok) throw new Error(`snapshot.json: HTTP ${res.status}`);
  const plan = await res.json();
  // A newer version of the site published meanwhile: its files would go under this name.
  if (new URL(plan.url, base).href !== snapshotURL) return { made: false, why: "the site has changed" };
  const files = Promise.all(Object.entries(plan.files).map(
    async ([src, dst]) => [dst, await bytes(new URL(src, base))]));
  const py = await loadPyodide({ indexURL: new URL("runtime/pyodide/", base).href,
                                 _makeSnapshot: true, stdout: () => {}, stderr: () => {} });
  const started = performance.now();
  for (const [dst, data] of await files) {
    const path = `${plan.home}/${dst}`;
    py.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    py.FS.writeFile(path, data);
  }
  // The page's start: its working directory, then every module imported (in the order given).
  py.runPython(`
def _tt_imports(home, names):
    import importlib, json, os
    os.chdir(home)
    for name in json.loads(names):
        importlib.import_module(name)

_tt_imports(${JSON.stringify(plan.home)}, ${JSON.stringify(JSON.stringify(plan.modules))})
del _tt_imports
`);
  const imported = performance.now();
  let raw = py.makeMemorySnapshot();
  const rawLength = raw.length;
  const stored = sparseSnapshot(raw);
  raw = null;
  await cache.put(snapshotURL, new Response(stored, {
    headers: { "content-type": "application/octet-stream",
               "content-length": String(stored.length) } }));
  for (const req of await cache.keys()) {  // another version's, should one be left
    if (req.url !== snapshotURL) await cache.delete(req);
  }
  const t1 = performance.now();
  return { made: true, ms: Math.round(t1 - t0), startMs: Math.round(started - t0),
           importMs: Math.round(imported - started), snapshotMs: Math.round(t1 - imported),
           raw: rawLength, stored: stored.length };
}

make().then((result) => self.postMessage(result), (err) => {
  self.postMessage({ made: false, why: "the snapshot could not be made: " +
                     String((err && err.message) || err) });
});
