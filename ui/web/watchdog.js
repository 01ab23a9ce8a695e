// @ts-check
// The watchdog: an event the worker leaves unanswered for STALL_MS means it is gone (stopped,
// or Python's runtime died): the page says so and offers a reload (the match comes back from
// its save), and a table in a frame sends its parent an `error` event. Once the worker has
// asked for a frame and drawn nothing since, a computer's search or a review may hold it, as a
// hook's call (`__tt_think`) may: SEARCH_STALL_MS. A worker that answers after all was only
// slow: the message goes away. Time in a hidden tab (or a sleeping computer) does not count.
import { S, root, el } from "./state.js";

const STALL_MS = 10000, SEARCH_STALL_MS = 120000;
/** @type {Record<number, {at: number, call: boolean}>} */
const sentAt = {};
let maybeSearching = false, dead = false;
/** @type {ReturnType<typeof setTimeout> | null} */
let watch = null;

function watchdog() {
  watch = null;
  if (dead) return;
  const now = Date.now();
  let pending = false;
  if (document.hidden) for (const h in sentAt) sentAt[h].at = now;
  for (const k in sentAt) {
    pending = true;
    const limit = sentAt[k].call || maybeSearching ? SEARCH_STALL_MS : STALL_MS;
    if (now - sentAt[k].at > limit) { stopped("no answer"); return; }
  }
  if (pending) watch = setTimeout(watchdog, 1000);
}

/** An event sent to the worker, watched until it is answered.
 * @param {number} seq @param {boolean} call */
export function watched(seq, call) {
  sentAt[seq] = { at: Date.now(), call: call };
  if (watch === null) watch = setTimeout(watchdog, 1000);
}

/** The worker answered event `seq`. @param {number} seq */
export function acknowledged(seq) { delete sentAt[seq]; }

/** Whether the worker's last operations asked for a frame (a search may follow).
 * @param {boolean} framed */
export function searching(framed) { maybeSearching = framed; }

/** The page says the game stopped and offers a reload. @param {string} why */
export function stopped(why) {
  if (dead) return;
  dead = true;
  const text = (window.__tt_text && window.__tt_text("stopped")) ||
    "The game stopped answering. Reload the page to go on: your match comes back where it was.";
  root.setAttribute("data-stopped", String(why));
  const box = document.createElement("div");
  box.id = "stopped";
  box.setAttribute("role", "alert");
  box.style.cssText = "position:fixed;left:50%;top:40%;transform:translate(-50%,-50%);z-index:100;" +
    "max-width:min(92vw,420px);padding:16px 20px;border-radius:12px;background:#fff;color:#111;" +
    "box-shadow:0 8px 32px rgba(0,0,0,.4);text-align:center;font:16px/1.4 system-ui,sans-serif";
  const p = document.createElement("p");
  p.style.margin = "0 0 12px";
  p.textContent = text;
  const btn = document.createElement("button");
  btn.type = "button";
  btn.className = "btn primary";
  btn.setAttribute("data-action", "reload-page");
  btn.textContent = (window.__tt_text && window.__tt_text("reload")) || "Reload";
  btn.addEventListener("click", function () { location.reload(); });
  box.appendChild(p);
  box.appendChild(btn);
  document.body.appendChild(box);
  if (S.touched) btn.focus();
  window.__tt_post(JSON.stringify({ v: 1, source: "trick-table", type: "error", message: text }), S.postTarget);
}

/** A message from the worker: it lives (unless Python itself is gone). */
export function answered() {
  if (!dead || root.getAttribute("data-stopped") !== "no answer") return;
  dead = false;
  root.removeAttribute("data-stopped");
  const box = el("stopped");
  if (box) box.remove();
}
