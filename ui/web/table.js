// @ts-check
// The table's parts that need the live page: a card flying in from its seat, the trick swept to
// its winner, the action panel that keeps its height, the live region, the toast, a lesson's
// box (built as nodes, its text set as text, never HTML), the save's note and the felt's tap.
import { root, el, focusOn } from "./state.js";

/** @param {number} seat @returns {[number, number] | null} */
function seatCentre(seat) {
  const node = seat === 0 ? document.querySelector("#hand")
    : document.querySelector('#seats .seat[data-seat="' + seat + '"] .plate');
  if (!node) return null;
  const r = node.getBoundingClientRect();
  if (r.width === 0 && r.height === 0) return null;
  return [r.left + r.width / 2, r.top + (seat === 0 ? Math.min(r.height, 60) / 2 : r.height / 2)];
}

/** The `fly-in` operation. @param {boolean} moving */
export function flyIn(moving) {
  const node = /** @type {HTMLElement | null} */ (el("trick").querySelector(".play.fresh"));
  if (!node) return;
  node.classList.remove("fresh");
  if (!moving) return;
  const raw = node.getAttribute("data-play-seat") || "";
  const src = /^\d+$/.test(raw) ? seatCentre(parseInt(raw, 10)) : null;
  if (src) {
    const r = node.getBoundingClientRect();
    node.style.setProperty("--fx", (src[0] - (r.left + r.width / 2)).toFixed(0) + "px");
    node.style.setProperty("--fy", (src[1] - (r.top + r.height / 2)).toFixed(0) + "px");
  }
  node.classList.add("fresh");
}

/** The `sweep` operation. @param {number} winner @param {string} side */
export function sweep(winner, side) {
  const trick = el("trick");
  const dest = seatCentre(winner);
  if (dest) {
    const r = trick.getBoundingClientRect();
    trick.style.setProperty("--sx", (dest[0] - (r.left + r.width / 2)).toFixed(0) + "px");
    trick.style.setProperty("--sy", (dest[1] - (r.top + r.height / 2)).toFixed(0) + "px");
  }
  trick.className = "sweep to-" + side;
  const seat = document.querySelector('#seats .seat[data-seat="' + winner + '"]');
  if (seat) seat.classList.add("pulse");
}

/** @type {string | null} */
let panelHtml = null;
/** @type {string | null} */
let panelPhase = null;

/** The `panel` operation: the action panel keeps its height through a phase.
 * @param {string} html @param {string} phase */
export function putPanel(html, phase) {
  const p = el("panel");
  if (!html && panelPhase === phase && !p.hidden) {
    if (!p.hasAttribute("data-idle")) {  // measured once a phase, while it holds its buttons
      p.style.minHeight = p.offsetHeight + "px";
      p.setAttribute("data-idle", "1");
    }
  } else {
    if (panelPhase !== phase) p.style.removeProperty("min-height");
    p.removeAttribute("data-idle");
    panelPhase = html ? phase : null;
    p.hidden = !html;
  }
  if (panelHtml !== html) { p.innerHTML = html; panelHtml = html; }
}

/** The panel is drawn again at its next `panel` operation (a hint marked it). */
export function panelChanged() { panelHtml = null; }

/** The `say` operation: a line in the live region (the last six kept). @param {string} text */
export function say(text) {
  const box = el("announce");
  if (!box || !text) return;
  const line = document.createElement("p");
  line.textContent = text;
  box.appendChild(line);
  while (box.childElementCount > 6 && box.firstElementChild) box.removeChild(box.firstElementChild);
}

/** The `toast` operation. @param {string | null} text */
export function toast(text) {
  const t = el("toast");
  t.classList.remove("show");
  if (text === null) { t.textContent = ""; t.removeAttribute("data-reason"); return; }
  t.textContent = text;
  t.setAttribute("data-reason", text);
  // at the table, under the trump chip (the chip a timer's "Time's up" names stays in view)
  const chip = !el("table").hidden && document.querySelector("#bar .trump");
  const below = chip ? chip.getBoundingClientRect().bottom + 6 : 0;
  t.style.top = below > 6 ? below + "px" : "";
  void t.offsetWidth;  // reading the layout restarts the animation
  t.classList.add("show");
}

/**
 * A lesson's node: text set as text, never HTML.
 * @typedef {{tag: string, cls?: string, text?: string | null, attrs?: Record<string, string>,
 *            children?: LessonNode[]}} LessonNode
 * @param {LessonNode} n @returns {Node}
 */
function build(n) {
  if (n.tag === "#text") return document.createTextNode(n.text || "");
  const e = document.createElement(n.tag);
  if (n.cls) e.className = n.cls;
  if (n.text !== null && n.text !== undefined) e.textContent = n.text;
  for (const k in n.attrs) e.setAttribute(k, n.attrs[k]);
  (n.children || []).forEach(function (c) { e.appendChild(build(c)); });
  return e;
}

/** The `lesson` operation. @param {LessonNode[] | null} nodes @param {string} step @param {boolean} done */
export function lesson(nodes, step, done) {
  const box = el("lesson");
  box.textContent = "";
  box.hidden = nodes === null;
  if (nodes === null) return;
  box.setAttribute("data-step", step);
  if (done) box.setAttribute("data-done", "1"); else box.removeAttribute("data-done");
  nodes.forEach(function (n) { box.appendChild(build(n)); });
}

/** The `note` operation: what happens to the save. @param {string | null} kind
 * @param {string} text @param {string} html */
export function note(kind, text, html) {
  const n = el("save-note");
  if (!n) return;
  if (kind === null) { return; }
  n.setAttribute("data-note", kind);
  n.textContent = text;
  n.className = kind === "other-tab" ? "lobby-msg" : "";
  if (html) n.insertAdjacentHTML("beforeend", html);
  n.hidden = false;
  noteHeight();
}

/** The `note-clear` operation. @param {string | null} kind */
export function noteClear(kind) {
  const n = el("save-note");
  if (n && (kind === null || n.getAttribute("data-note") === kind)) {
    n.hidden = true; n.textContent = ""; n.removeAttribute("data-note");
  }
}

/** The table under the other tab's warning takes the rest (style.css). */
export function noteHeight() {
  const n = el("save-note");
  if (n && !n.hidden) root.style.setProperty("--note-h", (n.offsetHeight + 4) + "px");
}

/** The `felt-tap` operation: the felt is a button while a tap moves the table on.
 * @param {string | null} label */
export function feltTap(label) {
  const felt = el("felt");
  if (label !== null) {
    if (felt.getAttribute("tabindex") !== "0") {
      felt.setAttribute("tabindex", "0");
      felt.setAttribute("role", "button");
      felt.setAttribute("aria-label", label);
      focusOn(felt);
    }
  } else if (felt.hasAttribute("tabindex")) {
    ["tabindex", "role", "aria-label"].forEach(function (a) { felt.removeAttribute(a); });
  }
}

/** The `trick-reset` operation. @param {string} trickLabel @param {string} handLabel */
export function trickReset(trickLabel, handLabel) {
  const trick = el("trick");
  trick.className = "";
  trick.style.removeProperty("--sx");
  trick.style.removeProperty("--sy");
  trick.setAttribute("role", "list");
  trick.setAttribute("aria-label", trickLabel);
  el("hand").setAttribute("role", "group");
  el("hand").setAttribute("aria-label", handLabel);
}
