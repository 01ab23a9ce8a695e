// @ts-check
// What the main thread's modules share: the page's root, the names of its controls, the state
// the worker last sent (`mirror`) and the few facts of the page that several modules read and
// write (`S`). Nothing here touches the document when it is imported.

export const root = document.documentElement;
export const SAVE_KEY = "trick-table/v1";
export const DISPLAY_KEY = "trick-table/display";
export const TABLE_CONTROLS = ["data-action", "data-card", "data-move", "data-lang"];
export const LOBBY_CONTROLS = ["data-game-choice", "data-lang", "data-opt", "data-setting"];
export const SHORTCUT_CHARS = "23456789JQKAT10SHDCLRUM?";

/**
 * The page's shared state.
 * @type {{
 *   worker: Worker | null, started: boolean, ready: boolean, seq: number,
 *   waiting: Record<number, (value: unknown) => void>, queue: Record<string, unknown>[],
 *   mirror: { state: string, record: string, flags: Record<string, any> },
 *   boot: Record<string, unknown>,
 *   lastTable: Record<string, string | null> | null, tableSent: number, tableDrawn: number,
 *   touched: boolean, postTarget: string,
 * }}
 */
export const S = {
  worker: null,
  started: false,
  ready: false,
  seq: 0,
  waiting: {},
  queue: [],
  mirror: { state: JSON.stringify({ screen: "lobby", ai: {} }), record: "null", flags: {} },
  boot: { from: "fresh", why: "Python has not started yet" },
  lastTable: null,
  tableSent: 0,
  tableDrawn: 0,
  // In another page's frame the table takes the focus only once the reader has used it (a
  // pointer, a key or a Tab into the frame): a focus move would scroll the author's page to it.
  touched: window.parent === window,
  postTarget: "*",
};

/** @param {string} id @returns {HTMLElement} */
export function el(id) {
  return /** @type {HTMLElement} */ (document.getElementById(id));
}

/** @param {string} sel @returns {HTMLElement[]} */
export function all(sel) {
  return sel === ":root" ? [root] : Array.prototype.slice.call(document.querySelectorAll(sel));
}

/** @param {string} v */
export function cssEsc(v) {
  return window.CSS && CSS.escape ? CSS.escape(v) : String(v).replace(/["\\]/g, "\\$&");
}

/** @param {Element | null | undefined} node */
export function focusOn(node) {
  if (node && S.touched) /** @type {HTMLElement} */ (node).focus();
}

/** A selector that finds `node`'s control again after a redraw (by its first of `attrs`).
 * @param {Element | null} node @param {string} scope @param {string[]} attrs */
export function controlSelector(node, scope, attrs) {
  if (!node || !node.getAttribute) return null;
  for (let i = 0; i < attrs.length; i++) {
    if (!node.hasAttribute(attrs[i])) continue;
    const v = node.getAttribute(attrs[i]) || "";
    return v ? scope + " [" + attrs[i] + '="' + cssEsc(v) + '"]' : scope + " [" + attrs[i] + "]";
  }
  return null;
}
