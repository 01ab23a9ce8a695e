// The page's Python, off the main thread: a module worker with its own Pyodide that runs the
// table's controller, its views and the computer players (ui/shell/host.py). The main thread keeps
// only the DOM layer (ui/web/): it sends events here and carries out the operations Python
// writes back, so no Python start and no search ever blocks a tap.
//
// Started by index.html at first paint. Python starts from the memory snapshot when the offline
// copy holds this version's (ui/pyodide.js has the format), plainly otherwise; then the files
// of pyscript.json (the page's compiled engine and ui) are copied in and ui.shell.host is imported.
// Messages: {type: "start", facts} once, then events; each is passed to Python as JSON text.
// To the page: {boot} once Python is up, then Python's messages (JSON text), and {fault} if
// the start fails.
import { loadPyodide } from "../runtime/pyodide/pyodide.mjs";
import { expandSnapshot } from "./pyodide.js";

const base = new URL("../", import.meta.url);
const snapshotURL = new URL("runtime/snapshot.bin", base).href;  // build.py names it by content
const home = "/home/pyodide/";
const marks = [];  // the start's steps, for the page's timeline (python build.py bench)

function mark(name) {
  marks.push([name, performance.timeOrigin + performance.now()]);
}

let boot = { from: "fresh", why: "no snapshot in the offline copy" };

// On a first visit, what this worker and Pyodide download (the runtime, pyscript.json, the .pyc
// files) is also put in the offline copy's precache (sitebuild/node/sw.js, Workbox), under the
// keys Workbox gives it: a content-named file (runtime/…, py-<hash>/…) under its own URL, any
// other file under ?__WB_REVISION__=<the SHA-256 of its bytes> (the build's revisions are the
// same hashes, so stale bytes land under a key the precache never asks for, and its activation
// drops them). The service worker's install keeps what it finds there and downloads only the
// rest, even in a browser that keeps no HTTP cache for it to reuse (a private window).
const PRECACHE = "workbox-precache-v2-" + base.href;  // Workbox's precache name for this scope
const contentNamed = /^(runtime|py-[0-9a-f]{8})\//;  // service-worker.mjs: dontCacheBustURLsMatching
const firstVisit = self.caches ? caches.has(PRECACHE).then((has) => !has, () => false)
  : Promise.resolve(false);
async function keepDownload(url, res) {
  const path = url.slice(base.href.length).split(/[?#]/)[0];
  let key = base.href + path;
  if (!contentNamed.test(path)) {
    const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", await res.clone().arrayBuffer()));
    key += "?__WB_REVISION__=" + Array.from(hash, (b) => b.toString(16).padStart(2, "0")).join("");
  }
  await (await caches.open(PRECACHE)).put(key, res);
}
const fetchFromNetwork = self.fetch.bind(self);
self.fetch = async (input, init) => {
  const res = await fetchFromNetwork(input, init);
  const request = new Request(input, init);
  if (request.method === "GET" && request.url.startsWith(base.href) && res.ok
      && res.type === "basic" && (await firstVisit)) {
    keepDownload(request.url, res.clone()).catch(() => { /* the service worker downloads it */ });
  }
  return res;
};

async function cachedSnapshot() {
  let bytes = null;
  try {
    if (!self.caches) { boot.why = "no offline copy in this context"; return null; }
    const res = await caches.match(snapshotURL);
    if (!res) return null;
    bytes = new Uint8Array(await res.arrayBuffer());
  } catch (e) {
    boot.why = "the offline copy could not be read: " + String((e && e.message) || e);
    return null;
  }
  try {
    return expandSnapshot(bytes);
  } catch (e) {
    boot.why = "the snapshot did not load: " + String((e && e.message) || e);
    return null;
  }
}

async function startPyodide() {
  const options = { indexURL: new URL("runtime/pyodide/", base).href,
                    stdout: () => {}, stderr: (t) => console.warn(t) };
  const files = fetch(new URL("pyscript.json", base)).then((r) => r.json());
  const heap = await cachedSnapshot();
  let py = null;
  if (heap) {
    try {
      py = await loadPyodide({ ...options, _loadSnapshot: heap });
      boot = { from: "snapshot" };
    } catch (e) {
      boot = { from: "fresh", why: "the snapshot did not load: " + String((e && e.message) || e) };
    }
  }
  if (!py) py = await loadPyodide(options);
  mark("tt:pyodide-ready");
  const config = await files;
  await Promise.all(Object.entries(config.files || {}).map(async ([src, dst]) => {
    const res = await fetch(new URL(src, base));
    if (!res.ok) throw new Error(`${src}: HTTP ${res.status}`);
    const data = new Uint8Array(await res.arrayBuffer());
    py.FS.mkdirTree(home + dst.slice(0, dst.lastIndexOf("/")));
    py.FS.writeFile(home + dst, data);
  }));
  return py;
}

function writeCatalog(py, code, bytes) {
  if (!/^[a-z]{2}$/.test(code) || !bytes) return false;
  py.FS.mkdirTree(home + "i18n");
  py.FS.writeFile(home + "i18n/" + code + ".mo", new Uint8Array(bytes));
  return true;
}

// Pyodide reports some failed starts only on the console (e.g. "wasm instantiation failed!")
// or as an unhandled rejection: either, before Python is up, is the start's failure.
let up = false;
function startFailed(text) {
  if (up) return;
  up = true;
  self.postMessage({ fault: String(text).slice(0, 300), boot });
}
for (const kind of ["error", "warn"]) {
  const orig = console[kind];
  console[kind] = (...args) => {
    orig.apply(console, args);
    const text = args.map(String).join(" ");
    if (!up && /failed|abort/i.test(text)) startFailed(text);
  };
}
self.addEventListener("unhandledrejection", (e) => {
  startFailed((e.reason && (e.reason.message || e.reason)) || "the runtime failed to load.");
});

const early = [];  // messages that came before Python was ready
let receive = null;
let pyodide = null;

self.onmessage = (event) => {
  if (receive) deliver(event.data);
  else early.push(event.data);
};

function deliver(data) {
  // Binary parts (a language's catalog) are written to Python's files here; the rest is JSON.
  if (data && data.type === "start" && data.facts && data.facts.mo) {
    for (const [code, bytes] of Object.entries(data.facts.mo)) writeCatalog(pyodide, code, bytes);
    data = { ...data, facts: { ...data.facts, mo: undefined, started: boot.from } };
  } else if (data && data.type === "start") {
    data = { ...data, facts: { ...data.facts, started: boot.from } };
  }
  if (data && data.type === "answer" && data.mo !== undefined) {
    const ok = writeCatalog(pyodide, String(data.code || ""), data.mo);
    data = { type: "answer", seq: data.seq, n: data.n, value: ok };
  }
  try {
    receive(JSON.stringify(data));
  } catch (err) {  // Python's runtime is gone (a fatal error): the page says so (ui/web/watchdog.js)
    self.postMessage({ dead: String((err && err.message) || err) });
  }
}

(async () => {
  mark("tt:pyodide");
  const py = await startPyodide();
  pyodide = py;
  py.runPython(`import sys\nif "${home}" not in sys.path: sys.path.insert(0, "${home}")`);
  mark("tt:main");
  const host = py.pyimport("ui.shell.host");
  const api = {
    post: (text) => self.postMessage(text),
    fetch_text: async (url) => {
      const res = await fetch(url);
      return [res.status, res.ok ? await res.text() : ""];
    },
  };
  const h = host.boot(api);
  receive = (text) => h.receive(text);
  if (up) return;  // the start was already reported as failed
  up = true;
  self.postMessage({ boot, marks });
  for (const data of early.splice(0)) deliver(data);
})().catch((err) => startFailed((err && err.message) || err));
