// @ts-check
// The DOM layer, on the main thread: the page's Python runs in a worker (ui/worker.js,
// ui/shell/host.py). This module binds the listeners once, sends each event there (bridge.js), and
// carries out the operations that come back (ops.js; ops.json lists them), in order: the parts
// of the table, the live region, focus, motion, storage, history, sound and the parent window's
// messages. Nothing here decides a rule or a move; what it decides alone is what must not wait
// for the worker (events.js). In a tutorial's frame it moves no focus until the reader has used
// the frame, and it tells the parent its height (outside.js).
//
// Until Python is ready the lobby drawn by the build answers by itself (index.html); the
// window.__tt_* hooks read the table's state as the worker last sent it, and those that act
// return a Promise that resolves once the worker has done it and its operations are carried out.
import { S, el, SAVE_KEY } from "./state.js";
import { post, call } from "./bridge.js";
import { stopped } from "./watchdog.js";
import { carryOut } from "./ops.js";
import { lobbyFields } from "./lobby.js";
import { onClick, onChange, onKey } from "./events.js";
import { sheetBack } from "./history.js";
import { layoutHand, markWraps, fitLabels } from "./layout.js";
import { noteHeight } from "./table.js";

function storageCopy() {
  try {
    /** @type {Record<string, string | null>} */
    const out = {};
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      if (k && k.indexOf("trick-table/") === 0) out[k] = localStorage.getItem(k);
    }
    return out;
  } catch (e) { return null; }
}

/** What the worker's start needs of the page. */
function facts() {
  const lobby = el("lobby");
  /** @type {Record<string, unknown> | null} */
  let chosen = null;
  if (lobby && lobby.getAttribute("data-static") === "1" && window.__tt_touched) {
    const fields = lobbyFields();
    chosen = { touched: true, pending: !!window.__tt_pending, fields: fields, game: fields && fields.game };
  }
  let reduce = false, sound = false;
  try { reduce = matchMedia("(prefers-reduced-motion: reduce)").matches; } catch (e) { /* no */ }
  try { sound = !!window.__tt_sound_on(); } catch (e) { /* no sound */ }
  /** @type {Record<string, ArrayBuffer>} */
  const mo = {};
  const got = window.__tt_mo_fetched || {};
  for (const code in got) if (got[code]) mo[code] = got[code].slice(0);
  let tt = "";
  try { tt = (history.state && history.state.tt) || ""; } catch (e) { tt = ""; }
  return { href: location.href, origin: location.origin, pathname: location.pathname,
           search: location.search, history: tt, languages: Array.prototype.slice.call(navigator.languages || []),
           storage: storageCopy(), reduce_motion: reduce, sound_on: sound,
           embedded: window.parent !== window, lobby: chosen, mo: mo };
}

/** @param {MessageEvent | ErrorEvent | Event} e */
function fromWorker(e) {
  const data = /** @type {MessageEvent} */ (e).data;
  if (typeof data === "string") {
    let msg;
    try { msg = JSON.parse(data); } catch (err) { console.error("a message from the worker could not be read"); return; }
    carryOut(msg);
    return;
  }
  if (data && data.dead) {
    stopped(String(data.dead).slice(0, 200));
  } else if (data && data.fault) {
    S.boot = data.boot || S.boot;
    if (window.__tt_fail) window.__tt_fail(data.fault);
  } else if (data && data.boot) {
    S.boot = data.boot;
    (data.marks || []).forEach(function (/** @type {[string, number]} */ m) {
      try { performance.mark(m[0], { startTime: m[1] - performance.timeOrigin }); } catch (err) { /* old browser */ }
    });
    const n = document.createElement("p");  // what happens to the save (ui/saves/page.py)
    n.id = "save-note";
    n.setAttribute("role", "status");
    n.hidden = true;
    el("app").prepend(n);
    S.started = true;
    const worker = /** @type {Worker} */ (S.worker);
    worker.postMessage({ type: "start", seq: 0, facts: facts() });
    S.queue.splice(0).forEach(function (m) { worker.postMessage(m); });
  }
}

window.__tt_state = function () { return S.mirror.state; };
window.__tt_record = function () { return S.mirror.record; };
window.__tt_boot = function () { return Object.assign({}, S.boot); };
// index.html's own writes (the display settings, the language), answered as the page's are
window.__tt_stored = function (key, ok) { post({ type: "stored", key: String(key), ok: !!ok }); };
window.__tt_save = function () { try { return localStorage.getItem(SAVE_KEY); } catch (e) { return null; } };
window.__tt_reset = function (q) { return call("reset", [String(q || "")]); };
// opens the page again as a reload would (the stored save, the address `q`), without one
window.__tt_reopen = function (q) { return call("reopen", [String(q || ""), storageCopy()]); };
window.__tt_lang = function (code) { return call("lang", [String(code)]); };
window.__tt_think = function () { return call("think"); };
window.__tt_ai_times = function (clear) { return call("ai_times", [!!clear]); };
// the player's record (ui/stats/record.py's `stats`): a Promise of its data
window.__tt_record_stats = function () { return call("record_stats"); };

/** Binds the worker and the page's listeners (once). */
function start() {
  window.addEventListener("resize", function () { layoutHand(); markWraps(); fitLabels(); noteHeight(); });
  try {  // large cards on or off (index.html sets html[data-cards])
    new MutationObserver(layoutHand).observe(document.documentElement,
                                             { attributes: true, attributeFilter: ["data-cards"] });
  } catch (e) { /* an old browser: the next drawing lays the hand out */ }
  const link = window.__tt_worker || null;
  const worker = link && link.worker;
  if (!link || !worker) {
    if (window.__tt_fail) window.__tt_fail((link && link.error) || "this browser cannot run the game's worker.");
    return;
  }
  S.worker = worker;
  worker.onmessage = fromWorker;
  worker.onerror = function (e) {
    if (e && e.preventDefault) e.preventDefault();
    if (window.__tt_fail) window.__tt_fail(String((e && e.message) || "the game's worker failed to start."));
  };
  (link.early || []).splice(0).forEach(function (e) {
    if (e.type === "error") /** @type {(e: ErrorEvent) => void} */ (worker.onerror)(/** @type {ErrorEvent} */ (e));
    else fromWorker(e);
  });
  link.early = null;

  ["pointerdown", "keydown", "focusin"].forEach(function (kind) {
    document.addEventListener(kind, function () { S.touched = true; }, true);
  });
  document.addEventListener("click", onClick);
  document.addEventListener("change", onChange);
  document.addEventListener("keydown", onKey);
  window.addEventListener("popstate", function () {
    if (!S.ready) return;
    let tt = "";
    if (sheetBack()) return;
    try { tt = (history.state && history.state.tt) || ""; } catch (e) { tt = ""; }
    post({ type: "popstate", tt: tt, search: location.search });
  });
  // Shown again or focused: whether another tab went on with the match meanwhile is checked
  // now, before a move is made here (ui/saves/page.py other_tab_has_it).
  document.addEventListener("visibilitychange", function () {
    if (S.ready && document.visibilityState === "visible") post({ type: "seen" });
  });
  window.addEventListener("focus", function () { if (S.ready) post({ type: "seen" }); });
  window.addEventListener("storage", function (e) {
    if (e.key && e.key.indexOf("trick-table/") === 0) post({ type: "storage", key: e.key, value: e.newValue });
  });
  try {
    matchMedia("(prefers-reduced-motion: reduce)").addEventListener("change", function (m) {
      post({ type: "motion", reduce: m.matches });
    });
  } catch (e) { /* an old browser: the start's preference holds */ }
  try { history.scrollRestoration = "manual"; } catch (e) { /* the page scrolls itself */ }
}

start();
