// The interpreter PyScript loads (pyscript.toml): Pyodide, started as soon as the static lobby
// has drawn (index.html imports this module right after the lobby's script, at the end of the
// body), not once PyScript has booted, and from the memory snapshot this browser made after
// its first visit (ui/snapshot_maker.js: Python initialised; the stdlib, engine and ui
// imported) when index.html found this version's snapshot in Cache Storage. The plain start
// otherwise: a first visit, no snapshot made yet, a snapshot that does not load. Either way
// the same Pyodide, handed to PyScript when it asks.
import { loadPyodide as plainLoad, version } from "../runtime/pyodide/pyodide.mjs";

export { version };

// PyScript takes Pyodide's folder from the interpreter's address: this file's is ui/.
const indexURL = new URL("../runtime/pyodide/", import.meta.url).href;

let boot = { from: "fresh", why: "no snapshot in the offline copy" };
// How this page's Python started: {from: "snapshot"} or {from: "fresh", why}.
globalThis.__tt_boot = () => ({ ...boot });

// The full heap from a stored snapshot (sitebuild/snapshot.py's sparse_snapshot: "TTS1", the heap's length,
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

// sparse_snapshot's format from a raw heap (what ui/snapshot_maker.js stores): the zero pages
// (4096 bytes each) left out, consecutive kept pages in one run.
export function sparseSnapshot(raw) {
  const PAGE = 4096, runs = [];
  const words = raw.byteOffset % 4 === 0 ? new Uint32Array(raw.buffer, raw.byteOffset, raw.length >> 2) : null;
  const zero = (off, end) => {
    let j = off;
    if (words) {
      for (let w = off >> 2, last = end >> 2; w < last; w++) if (words[w]) return false;
      j = end & ~3;
    }
    for (; j < end; j++) if (raw[j]) return false;
    return true;
  };
  let kept = 0;
  for (let off = 0; off < raw.length; off += PAGE) {
    const end = Math.min(off + PAGE, raw.length);
    if (zero(off, end)) continue;
    const last = runs[runs.length - 1];
    if (last && last[0] + last[1] === off) last[1] += end - off;
    else runs.push([off, end - off]);
    kept += end - off;
  }
  const out = new Uint8Array(12 + 8 * runs.length + kept);
  const head = new DataView(out.buffer);
  head.setUint32(0, 0x54545331, false);  // "TTS1"
  head.setUint32(4, raw.length, true);
  head.setUint32(8, runs.length, true);
  let pos = 12 + 8 * runs.length;
  runs.forEach(([off, n], i) => {
    head.setUint32(12 + 8 * i, off, true);
    head.setUint32(16 + 8 * i, n, true);
    out.set(raw.subarray(off, off + n), pos);
    pos += n;
  });
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
