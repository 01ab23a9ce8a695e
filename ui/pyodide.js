// The interpreter PyScript loads (pyscript.toml): Pyodide, started as soon as the static lobby
// has drawn (index.html imports this module right after the lobby's script, at the end of the
// body), not once PyScript has booted, and
// from the memory snapshot build.py makes (Python initialised; the stdlib, engine and ui
// imported) when index.html found this version's snapshot in the offline copy. The plain start
// otherwise: a first visit, no service worker, a snapshot that does not load. Either way the
// same Pyodide, handed to PyScript when it asks.
import { loadPyodide as plainLoad, version } from "../runtime/pyodide/pyodide.mjs";

export { version };

// PyScript takes Pyodide's folder from the interpreter's address: this file's is ui/.
const indexURL = new URL("../runtime/pyodide/", import.meta.url).href;

let boot = { from: "fresh", why: "no snapshot in the offline copy" };
// How this page's Python started: {from: "snapshot"} or {from: "fresh", why}.
globalThis.__tt_boot = () => ({ ...boot });

// The full heap from build.py's snapshot file (sparse_snapshot: "TTS1", the heap's length,
// the number of runs, each run's offset and length, then the runs' bytes; zero pages left out).
export function expandSnapshot(bytes) {
  const head = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 12 || head.getUint32(0, false) !== 0x54545331) throw new Error("not a snapshot");
  const full = head.getUint32(4, true), count = head.getUint32(8, true);
  let pos = 12 + 8 * count;
  if (pos > bytes.length) throw new Error("truncated");
  const out = new Uint8Array(full);
  for (let i = 0; i < count; i++) {
    const off = head.getUint32(12 + 8 * i, true), n = head.getUint32(16 + 8 * i, true);
    if (off + n > full || pos + n > bytes.length) throw new Error("truncated");
    out.set(bytes.subarray(pos, pos + n), off);
    pos += n;
  }
  return out;
}

function mark(name) {
  try { performance.mark(name); } catch (e) { /* no user timing */ }
}

async function load() {
  mark("tt:pyodide");  // python build.py bench shows the start's steps by these marks
  let found = null;
  try {
    found = await (globalThis.__tt_snapshot || null);
  } catch (e) {
    found = null;
  }
  if (found && found.bytes) {
    try {
      const heap = found.bytes.then((b) => expandSnapshot(new Uint8Array(b)));
      const py = await plainLoad({ indexURL, _loadSnapshot: heap });
      boot = { from: "snapshot" };
      mark("tt:pyodide-ready");
      return py;
    } catch (e) {
      boot = { from: "fresh", why: "the snapshot did not load: " + String((e && e.message) || e) };
    }
  } else if (globalThis.__tt_snapshot_why) {
    boot = { from: "fresh", why: String(globalThis.__tt_snapshot_why) };
  }
  const py = await plainLoad({ indexURL });
  mark("tt:pyodide-ready");
  return py;
}

let started = null;

// Starts Pyodide once (index.html calls it at first paint).
export function start() {
  if (!started) started = load();
  return started;
}

// What PyScript calls: the Pyodide already starting, with PyScript's own output handlers.
// Options beyond those (packages, which this page's configuration never asks for) get a
// Pyodide of their own, started with them.
export async function loadPyodide(given = {}) {
  const { stdout, stderr, indexURL: ignored, ...rest } = given;
  if (Object.keys(rest).length) return plainLoad({ ...given, indexURL });
  const py = await start();
  if (stdout) py.setStdout({ batched: stdout });
  if (stderr) py.setStderr({ batched: stderr });
  return py;
}
