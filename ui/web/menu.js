// @ts-check
// The bar's menu on a phone (Scores, Rules, Speed, Sound, Language, Games): opened and closed
// here at once, never waiting for Python; #table[data-menu] shows it.
import { el } from "./state.js";

/** @param {boolean} open */
export function setMenu(open) {
  const table = el("table"), btn = document.querySelector('#bar [data-action="menu"]');
  if (!table) return;
  if (open) table.setAttribute("data-menu", ""); else table.removeAttribute("data-menu");
  if (btn) btn.setAttribute("aria-expanded", open ? "true" : "false");
}

export function menuOpen() { const t = el("table"); return !!t && t.hasAttribute("data-menu"); }
