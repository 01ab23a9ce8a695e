// The computer players' search, off the main thread (a plain module worker, no PyScript).
//
// The sampling players spend 10-400 ms a decision under WebAssembly: enough to freeze the page
// on the main thread. This worker loads its own Pyodide from the same vendored runtime (the
// files are already in the browser's cache), copies the engine files listed in worker.json
// and answers {id, record, level, seed} with {id, move}, and {id, kind: "evaluate", ...} with
// {id, evaluation} (engine.ai.evaluate as JSON, for hints): the position is rebuilt from the
// match record, so the worker holds no state the page could disagree with.
import { loadPyodide } from "../runtime/pyodide/pyodide.mjs";

const base = new URL("../", import.meta.url);
let failed = null;

const ready = (async () => {
  const py = await loadPyodide({
    indexURL: new URL("runtime/pyodide/", base).href,
    stdout: () => {},
    stderr: () => {},
  });
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
import sys, json
sys.path.insert(0, "${home}")
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
    try { await ready; self.postMessage({ id, ok: true }); }
    catch { self.postMessage({ id, error: failed || "the worker did not start" }); }
    return;
  }
  try {
    const fns = await ready;
    if (event.data.kind === "evaluate") {  // a hint: the search's values for every move
      self.postMessage({ id, evaluation: fns.evaluate(record, level, seed) });
      return;
    }
    if (event.data.kind === "review") {  // a deal's review: `seed` is the deal's index
      self.postMessage({ id, evaluation: fns.review(record, seed) });
      return;
    }
    const move = fns.choose(record, level, seed);
    self.postMessage({ id, move });
  } catch (err) {
    self.postMessage({ id, error: failed || String(err && err.message || err) });
  }
};
