// The computer players' search, off the main thread (a plain module worker, no PyScript).
//
// The sampling players spend 10-400 ms a decision under WebAssembly: enough to freeze the page
// on the main thread. This worker loads its own Pyodide from the same vendored runtime (the
// files are already in the browser's cache), copies the engine files listed in worker.json
// and answers {id, record, level, seed} with {id, move}, and {id, kind: "evaluate", ...} with
// {id, evaluation} (engine.ai.evaluate as JSON, for hints): the position is rebuilt from the
// match record, so the worker holds no state the page could disagree with.
//
// On a repeat visit it starts from the memory snapshot the browser made after the first one
// (ui/snapshot_maker.js imports the search's modules into it too; ui/pyodide.js has the
// format), read from Cache Storage: much less work on the cores the page's motion shares.
// Otherwise, or if it does not load, plainly.
import { loadPyodide } from "../runtime/pyodide/pyodide.mjs";
import { expandSnapshot } from "./pyodide.js";

const base = new URL("../", import.meta.url);
const snapshotURL = new URL("runtime/snapshot.bin", base).href;  // build.py names it by content
let failed = null;
let started = "fresh";  // or "snapshot": how this worker's Python started (answered to "ping")

async function cachedSnapshot() {
  try {
    if (!self.caches) return null;
    const res = await caches.match(snapshotURL);
    return res ? expandSnapshot(new Uint8Array(await res.arrayBuffer())) : null;
  } catch {
    return null;  // a damaged or unreadable copy: the plain start
  }
}

async function startPyodide() {
  const options = { indexURL: new URL("runtime/pyodide/", base).href,
                    stdout: () => {}, stderr: () => {} };
  const heap = await cachedSnapshot();
  if (heap) {
    try {
      const py = await loadPyodide({ ...options, _loadSnapshot: heap });
      started = "snapshot";
      return py;
    } catch { /* the plain start below */ }
  }
  return loadPyodide(options);
}

const ready = (async () => {
  const py = await startPyodide();
  const config = await (await fetch(new URL("worker.json", base))).json();
  const home = "/home/pyodide/";
  await Promise.all(Object.entries(config.files)
    .filter(([, dst]) => dst.startsWith("engine/"))
    .map(async ([src, dst]) => {
      const res = await fetch(new URL(src, base));
      if (!res.ok) throw new Error(`${src}: ${res.status}`);
      const data = new Uint8Array(await res.arrayBuffer());
      py.FS.mkdirTree(home + dst.slice(0, dst.lastIndexOf("/")));
      py.FS.writeFile(home + dst, data);
    }));
  py.runPython(`
import sys, json, random
sys.path.insert(0, "${home}")
random.seed()  # a snapshot's start brings random's state with it
import engine, engine.ai

def _choose(record_json, level, seed):
    m = engine.replay(json.loads(record_json))
    d = m.deal
    return engine.ai.choose(d, d.to_move, level=level, seed=seed)

def _evaluate(record_json, level, seed):
    import dataclasses
    m = engine.replay(json.loads(record_json))
    d = m.deal
    ev = engine.ai.evaluate(d, d.to_move, level=level, seed=seed)
    return json.dumps(dataclasses.asdict(ev) if dataclasses.is_dataclass(ev) else dict(ev))

def _review(record_json, deal_index):
    import engine.teacher
    return json.dumps(engine.teacher.review_deal(json.loads(record_json), int(deal_index), 0))
`);
  return { choose: py.globals.get("_choose"), evaluate: py.globals.get("_evaluate"),
           review: py.globals.get("_review") };
})().catch((err) => { failed = String(err && err.message || err); throw err; });

self.onmessage = async (event) => {
  const { id, record, level, seed } = event.data;
  if (id === "ping") {
    try { await ready; self.postMessage({ id, ok: true, started }); }
    catch { self.postMessage({ id, error: failed || "the worker did not start" }); }
    return;
  }
  try {
    const fns = await ready;
    if (event.data.kind === "evaluate") {  // a hint: the search's values for every move
      self.postMessage({ id, evaluation: fns.evaluate(record, level, seed), started });
      return;
    }
    if (event.data.kind === "review") {  // a deal's review: `seed` is the deal's index
      self.postMessage({ id, evaluation: fns.review(record, seed), started });
      return;
    }
    const move = fns.choose(record, level, seed);
    self.postMessage({ id, move, started });
  } catch (err) {
    self.postMessage({ id, error: failed || String(err && err.message || err) });
  }
};
