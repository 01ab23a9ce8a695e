// @ts-check
// What reaches outside the page: the clipboard, and the parent window of a tutorial's frame
// (its messages, and the frame's height, which follows the table's).
import { S, root, el } from "./state.js";
import { answer, postTable } from "./bridge.js";

/** The `copy` operation: the text to the clipboard, else selected in its box (`sel`); the
 * answer says how. @param {number} n @param {string} text @param {string | null} sel */
export function copyText(n, text, sel) {
  /** @param {string} how */
  const done = function (how) { answer(n, how); };
  const fallback = function () {
    const box = /** @type {HTMLTextAreaElement | null} */ (document.querySelector(sel || "[data-bad-save]"));
    if (!box) return done("none");
    const d = /** @type {HTMLDetailsElement | null} */ (box.closest("details"));
    if (d) d.open = true;
    box.select();
    try { if (document.execCommand("copy")) return done("selection"); } catch (e) { /* below */ }
    done("none");
  };
  try {
    navigator.clipboard.writeText(text).then(function () { done("clipboard"); }, fallback);
  } catch (e) { fallback(); }
}

// The parent's frame follows the table's height (embed.js): a `resize` event whenever the
// page's content changes height, so nothing scrolls inside the frame. In this mode
// (html[data-fit], style.css) no size depends on the frame's height.
let fitting = false;

/** The `fit` operation. @param {string} target */
export function fitHeight(target) {
  root.setAttribute("data-fit", "");
  if (fitting) return;
  fitting = true;
  const app = el("app");
  let last = -1;
  const send = function () {
    const h = Math.ceil(app.getBoundingClientRect().height);
    if (h === last || h <= 0) return;
    last = h;
    window.__tt_post(JSON.stringify({ v: 1, source: "trick-table", type: "resize", height: h }), target);
  };
  try { new ResizeObserver(send).observe(app); } catch (e) { window.addEventListener("resize", send); }
  send();
}

/** The `listen` operation: the parent's messages, as JSON text, go to the worker. */
export function listen() {
  window.__tt_listen(function (origin, text) { postTable({ type: "message", origin: origin, text: text }); });
}

/** The `post` operation: a message to the parent window. @param {string} json @param {string} target */
export function postParent(json, target) { S.postTarget = target; window.__tt_post(json, target); }

/** The `embed-msg` operation. @param {string | null} text */
export function embedMsg(text) {
  const box = el("embed-msg");
  box.hidden = text === null;
  box.textContent = text === null ? "" : text;
}
