// @ts-check
// The bridge to the worker (ui/worker.js, ui/shell/host.py): every event goes there numbered, with
// the display settings as they stand (index.html's lobby boxes write them at once) and the
// system's reduced-motion preference, so the table goes by the player's latest choice. Until
// the worker has started, events wait in a queue. Each returns a Promise that resolves once the
// worker has answered it and its operations are carried out (ui/web/ops.js).
import { S, root, el, DISPLAY_KEY } from "./state.js";
import { watched } from "./watchdog.js";

function displaySettings() {
  try { return localStorage.getItem(DISPLAY_KEY); } catch (e) { return null; }
}

/** @param {Record<string, unknown>} msg @returns {Promise<unknown>} */
export function post(msg) {
  msg.seq = ++S.seq;
  if (S.ready) watched(S.seq, msg.type === "call");
  msg.display = displaySettings();
  try { msg.reduce = matchMedia("(prefers-reduced-motion: reduce)").matches; } catch (e) { /* no */ }
  root.setAttribute("data-busy", "");
  const n = S.seq;
  const done = new Promise(function (resolve) { S.waiting[n] = resolve; });
  if (S.started && S.worker) S.worker.postMessage(msg);
  else S.queue.push(msg);
  return done;
}

/** An event that may change the table: its turn markers go until the worker answers, so
 * nothing (a player, a test) acts on a turn that has already been taken.
 * @param {Record<string, unknown>} msg */
export function postTable(msg) {
  S.tableSent = S.seq + 1;
  const t = el("table");
  if (t) { t.removeAttribute("data-input"); t.removeAttribute("data-tap"); }
  return post(msg);
}

/** @param {string} name @param {unknown[]} [args] */
export function call(name, args) { return post({ type: "call", name: name, args: args || [] }); }

/** The answer to an operation that asked for one (its number `n`).
 * @param {number} n @param {unknown} value @param {Record<string, unknown>} [extra] */
export function answer(n, value, extra) {
  /** @type {Record<string, unknown>} */
  const m = { type: "answer", n: n, value: value };
  if (extra) for (const k in extra) m[k] = extra[k];
  post(m);
}
