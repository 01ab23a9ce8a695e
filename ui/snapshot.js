// The memory snapshot a repeat visit starts from is made in this browser, not downloaded:
// once the offline copy is in place (the service worker active) and the page is ready and
// idle, ui/snapshot_maker.js makes it in a worker of its own and stores it in Cache Storage,
// where the next visit's Python finds it. index.html loads this module when it registers the
// service worker.
//
// window.__tt_make_snapshot() makes it now (once a page, and at most one tab at a time): a
// promise of {made: true, ms, raw, stored, ...} or {made: false, why}. It does nothing when
// this version's snapshot is already there, offline, in a frame or under Save-Data. A stored
// snapshot that did not load is made again (once a version).
const base = new URL("../", import.meta.url);
const snapshotURL = new URL("runtime/snapshot.bin", base).href;  // build.py names it by content
let making = null;
let result = null;

function whyNot() {
  if (window.parent !== window) return "in a frame";
  if (navigator.onLine === false) return "offline";
  if (navigator.connection && navigator.connection.saveData) return "Save-Data";
  if (!window.caches || !window.Worker) return "no Cache Storage or workers";
  return null;
}

// The maker's worker starts from a one-line module that imports it: a worker's own script is
// a navigation-like request, after which the browser checks the service worker for an update
// (one more request of sw.js); an import is an ordinary request, answered by the offline copy.
function makerWorker() {
  const maker = new URL("./snapshot_maker.js", import.meta.url).href;
  try {
    const blob = new Blob([`import ${JSON.stringify(maker)};`], { type: "text/javascript" });
    return new Worker(URL.createObjectURL(blob), { type: "module" });
  } catch {
    return new Worker(maker, { type: "module" });
  }
}

function runMaker() {
  return new Promise((resolve) => {
    const worker = makerWorker();
    const stop = setTimeout(() => done({ made: false, why: "the maker took too long" }), 180000);
    const done = (answer) => { clearTimeout(stop); worker.terminate(); resolve(answer); };
    worker.onmessage = (e) => done(e.data);
    worker.onerror = (e) => done({ made: false, why: "the maker did not start: " +
                                   String((e && e.message) || "an error") });
  });
}

// A stored snapshot this page could not start from is made again, once a version.
async function dropFailed() {
  const boot = window.__tt_boot ? window.__tt_boot() : null;
  if (!boot || boot.from !== "fresh" || !/did not load/.test(boot.why || "")) return;
  try {
    if (localStorage.getItem("trick-table/snapshot-remade") === snapshotURL) return;
    localStorage.setItem("trick-table/snapshot-remade", snapshotURL);
  } catch { return; }
  for (const name of await caches.keys()) await (await caches.open(name)).delete(snapshotURL);
}

async function make() {
  const no = whyNot();
  if (no) return { made: false, why: no };
  await dropFailed();
  if (await caches.match(snapshotURL)) return { made: false, why: "this version's snapshot is there" };
  if (!navigator.locks) return runMaker();
  return navigator.locks.request("trick-table-snapshot", { ifAvailable: true },
    (lock) => (lock ? runMaker() : { made: false, why: "another tab is making it" }));
}

function makeSnapshot() {
  if (!making) {
    making = make().catch((e) => ({ made: false, why: String((e && e.message) || e) }))
      .then((r) => { result = r; return r; });
  }
  return making;
}

window.__tt_make_snapshot = makeSnapshot;
window.__tt_snapshot_made = () => result;  // what this page's attempt gave (null: none yet)

function later(ms) { return new Promise((r) => setTimeout(r, ms)); }

function idle() {
  return new Promise((r) => (window.requestIdleCallback
    ? requestIdleCallback(() => r(), { timeout: 10000 }) : setTimeout(r, 1000)));
}

function ready() {  // the page's Python has started (ui/shell/app.py), or a while has passed
  const root = document.documentElement;
  if (root.dataset.ready) return Promise.resolve();
  return new Promise((r) => {
    const watch = new MutationObserver(() => { if (root.dataset.ready) { watch.disconnect(); r(); } });
    watch.observe(root, { attributes: true, attributeFilter: ["data-ready"] });
    setTimeout(() => { watch.disconnect(); r(); }, 30000);
  });
}

async function whenIdle() {
  if (whyNot() || !navigator.serviceWorker) return;
  await navigator.serviceWorker.ready;  // the offline copy is complete: the maker reads from it
  if (!navigator.serviceWorker.controller) {  // taken over at its first activation (sw.js)
    await Promise.race([later(10000), new Promise((r) => navigator.serviceWorker
      .addEventListener("controllerchange", r, { once: true }))]);
  }
  await ready();
  await later(2000);
  await idle();
  makeSnapshot();
}

whenIdle().catch(() => { /* no snapshot this time: the plain start goes on working */ });
