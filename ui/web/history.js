// @ts-check
// The browser's history. The phone's Back closes an open sheet or dialog first: a sheet that
// can be closed gets a history entry of its own over the table's ({tt: "table", sheet: true});
// Back takes it off and closes the sheet, and only the next Back leaves the table. A sheet
// closed by its own button takes its entry off quietly (Python's history operations wait until
// it is).
import { el } from "./state.js";

let sheetEntry = false, quietBack = false;
/** @type {[string, string | null, boolean][]} */
let heldHistory = [];

/** The `history` operation. @param {string} screen @param {string | null} url @param {boolean} push */
export function historyOp(screen, url, push) {
  if (quietBack) { heldHistory.push([screen, url, push]); return; }
  try {
    if (push) history.pushState({ tt: screen }, "", url === null ? undefined : url);
    else history.replaceState({ tt: screen }, "", url === null ? undefined : url);
  } catch (e) { /* some embeds forbid history changes */ }
}

/** @param {HTMLElement} ov */
function closable(ov) {
  return !ov.hidden && !!ov.querySelector('[data-action="close"], [data-action="leave-cancel"]');
}

/** The sheet's own history entry follows whether a sheet that can be closed is open. */
export function followSheet() {
  const ov = el("overlay");
  let state = null;
  try { state = history.state; } catch (e) { state = null; }
  const open = closable(ov) && !el("table").hidden;
  if (open && !sheetEntry && !quietBack && state && state.tt === "table") {
    try { history.pushState({ tt: "table", sheet: true }, ""); sheetEntry = true; } catch (e) { /* embeds */ }
  } else if (!open && sheetEntry) {
    sheetEntry = false;
    if (state && state.sheet) { quietBack = true; history.back(); }
  }
}

/** True when this popstate was the sheet's own (Python is not told). */
export function sheetBack() {
  if (quietBack) {
    quietBack = false;
    const held = heldHistory;
    heldHistory = [];
    for (let i = 0; i < held.length; i++) historyOp(held[i][0], held[i][1], held[i][2]);
    followSheet();
    return true;
  }
  if (sheetEntry) {
    sheetEntry = false;
    const ov = el("overlay");
    const close = /** @type {HTMLElement | null} */ (ov.querySelector('[data-action="close"], [data-action="leave-cancel"]'));
    if (close && !ov.hidden) { close.click(); return true; }
  }
  return false;
}
