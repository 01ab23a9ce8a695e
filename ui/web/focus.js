// @ts-check
// Focus: the hand's cards the keyboard visits, the focus kept across a redraw, and a sheet or
// dialog (#overlay) that takes the focus when it opens and gives it back when it closes. In a
// tutorial's frame no focus moves until the reader has used the frame (state.js focusOn).
import { S, el, focusOn, controlSelector, TABLE_CONTROLS } from "./state.js";

/** @type {Element | null} */
let focusBefore = null;
/** @type {string | null} */
let keep = null;

/** @returns {HTMLElement[]} */
function handCards() { return Array.prototype.slice.call(document.querySelectorAll("#hand [data-card]")); }

/** The hand's cards the keyboard visits: those that may be played now (and a selection's), or
 * every card while it is not the player's turn (none is marked then). */
export function reachable() {
  return handCards().filter(function (c) { return c.getAttribute("aria-disabled") !== "true"; });
}

/** A card that has just become unplayable gives the focus to the nearest playable one.
 * @template {Element | null} T @param {T} node @returns {T | HTMLElement} */
export function playableNear(node) {
  if (!node || !node.matches || !node.matches('#hand [data-card][aria-disabled="true"]')) return node;
  const cards = handCards(), ok = reachable(), i = cards.indexOf(/** @type {any} */ (node));
  /** @type {HTMLElement | null} */
  let best = null;
  ok.forEach(function (c) {
    if (best === null || Math.abs(cards.indexOf(c) - i) < Math.abs(cards.indexOf(best) - i)) best = c;
  });
  return best || node;
}

/** The `focus-hand` operation. @param {boolean} newTurn */
export function focusHand(newTurn) {
  /** @type {Element | null} */
  let active = document.activeElement;
  const mine = active && (el("hand").contains(active) || el("panel").contains(active));
  if (newTurn && !mine) active = null;
  if (active && active.isConnected && playableNear(active) !== active) {
    focusOn(playableNear(active));
    return;
  }
  if (active && active !== document.body && active.isConnected && active.id !== "felt"
      && active.getClientRects().length > 0) return;
  focusOn(document.querySelector("#hand [data-legal], #panel [data-move]:not([disabled])"));
}

/** The `keep-focus` operation: before a redraw (`begin`), which control of the table has the
 * focus; after it, that control again (or the nearest playable card). @param {boolean} begin */
export function keepFocus(begin) {
  if (begin) {
    const a = document.activeElement;
    keep = a && el("table").contains(a) ? controlSelector(a, "#table", TABLE_CONTROLS) : null;
    return;
  }
  if (keep) {
    const active = document.activeElement;
    if (!active || active === document.body || !active.isConnected) {
      focusOn(playableNear(document.querySelector(keep)));
    } else if (playableNear(active) !== active) {
      focusOn(playableNear(active));
    }
  }
  keep = null;
}

/** The `overlay` operation: a sheet or dialog opened (`kind`, its HTML) or closed (null).
 * @param {string | null} kind @param {string} html */
export function showOverlay(kind, html) {
  const ov = el("overlay");
  if (kind === null) {
    const wasOpen = !ov.hidden;
    ov.hidden = true;
    ov.innerHTML = "";
    let back = focusBefore;
    focusBefore = null;
    if (wasOpen && back) {
      if (!back.isConnected) {
        const sel = controlSelector(back, "#table", TABLE_CONTROLS);
        back = sel ? document.querySelector(sel) : null;
      }
      focusOn(back);
    }
    return;
  }
  if (ov.hidden) focusBefore = document.activeElement;
  ov.innerHTML = html;
  ov.hidden = false;
  // A long sheet (the rules) opens at its top: its heading takes the focus
  // ([data-autofocus]); any other, its first button.
  const first = /** @type {HTMLElement | null} */ (ov.querySelector("[data-autofocus]") || ov.querySelector("button"));
  ov.scrollTop = 0;
  const scroller = ov.querySelector(".sheet");
  if (scroller) scroller.scrollTop = 0;
  if (first && S.touched) first.focus({ preventScroll: first.hasAttribute("data-autofocus") });
}
