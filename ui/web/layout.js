// @ts-check
// The table's layout measured on the live page: the hand always in reach, a seat's stats that
// wrap, a played card's seat label that fits.
import { root, el } from "./state.js";

/** A seat's stats that wrap start no line with "·": the item that begins a line is marked
 * (data-wrap) and drops its separator (style.css). */
export function markWraps() {
  const stats = document.querySelectorAll("#felt .seat .stats");
  let i, j, spans;
  for (i = 0; i < stats.length; i++) {
    spans = stats[i].children;
    for (j = 0; j < spans.length; j++) spans[j].removeAttribute("data-wrap");
  }
  for (i = 0; i < stats.length; i++) {
    spans = /** @type {HTMLCollectionOf<HTMLElement>} */ (stats[i].children);
    const lines = [];
    for (j = 1; j < spans.length; j++) {
      if (spans[j].offsetTop > spans[j - 1].offsetTop + 2) lines.push(spans[j]);
    }
    for (j = 0; j < lines.length; j++) lines[j].setAttribute("data-wrap", "");
  }
}

/** A played card's seat label that does not fit on the card shows the name's first letter
 * (whole, never cut): the label is visual only (aria-hidden), the live region names seats. */
export function fitLabels() {
  const labels = document.querySelectorAll("#trick .play .who");
  for (let i = 0; i < labels.length; i++) {
    const w = labels[i];
    let full = w.getAttribute("data-name");
    if (full === null) { full = w.textContent || ""; w.setAttribute("data-name", full); }
    if (w.textContent !== full) w.textContent = full;
    if (w.scrollWidth > w.clientWidth + 1) w.textContent = Array.from(full)[0] || "";
  }
}

// The hand always in reach: its cards' size and how far they overlap, from the space the
// screen gives (style.css reads --cw, --ch, --ov and --per). One row that fans as the hand
// grows, each card showing a strip of at least MIN_STRIP px (its index, to read and to tap);
// two rows only where both fit in full and one row would not.
const MIN_STRIP = 30, MIN_CARD = 40;
let handKey = "", handMost = 0;

export function layoutHand() {
  const hand = el("hand"), table = el("table"), panel = el("panel");
  if (!hand) return;
  if (panel && !panel.hidden) table.style.setProperty("--panel-h", panel.offsetHeight + "px");
  else table.style.removeProperty("--panel-h");
  const n = hand.querySelectorAll(".card").length;
  if (table.hidden) return;
  const vw = window.innerWidth, vh = window.innerHeight;
  // (an embedded table's frame follows its content: no size there depends on its height)
  const phone = vw <= 640 || vh <= 500, fit = root.hasAttribute("data-embed");
  const large = root.getAttribute("data-cards") === "large";
  const box = getComputedStyle(table);
  const width = table.clientWidth - parseFloat(box.paddingLeft) - parseFloat(box.paddingRight) - 4;
  const budget = fit ? Math.min(200, width * 0.5 + 16) : phone ? vh * (vw > vh ? 0.28 : 0.34) : vh * 0.26;
  const maxW = phone ? (large ? 96 : 80) : (large ? 150 : 112);
  // one size for the whole deal: the cards keep their size and rows as the hand empties,
  // so the felt keeps its own (a felt that changes size draws the whole table again)
  const key = [table.getAttribute("data-game"), table.getAttribute("data-players"),
               table.getAttribute("data-deal"), vw, vh, width, large].join("/");
  if (!n) {  // no cards (the deal is over): the hand's room as laid out, at this size only
    if (key !== handKey) {
      ["--cw", "--ch", "--ov", "--per", "--rows"].forEach(function (v) { hand.style.removeProperty(v); });
      handKey = key; handMost = 0;
    }
    return;
  }
  if (key !== handKey || n > handMost) { handKey = key; handMost = n; }
  const lift = phone ? 10 : 16, gap = 6;
  /** @type {{rows: number, per: number, cw: number, strip: number} | null} */
  let best = null;
  for (let rows = 1; rows <= 2; rows++) {
    const per = Math.ceil(handMost / rows);
    let cw = Math.min(maxW, ((budget - lift - (rows - 1) * gap) / rows) / 1.42);
    if (per > 1) cw = Math.min(cw, width - MIN_STRIP * (per - 1));
    if (cw < MIN_CARD && rows < 2) continue;
    cw = Math.max(cw, MIN_CARD);
    // no overlap where the cards fit side by side at nearly that size
    const flat = (width + 4) / per - 4;
    // (a desktop's cards side by side as long as they are 46 px wide, as large ones overlap)
    if (flat >= cw * 0.8 || ((fit || (!phone && !large)) && flat >= MIN_CARD + 6)) cw = Math.min(cw, flat);
    const strip = per > 1 ? Math.min(cw + 4, (width - cw) / (per - 1)) : cw + 4;
    const pick = { rows: rows, per: per, cw: Math.floor(cw), strip: Math.floor(strip) };
    // two rows where they show far more of each card (a strip under 40 px) at nearly
    // the same size, or far bigger cards
    if (!best || pick.cw > best.cw * 1.25
        || (best.strip < 40 && pick.strip > best.strip * 1.5 && pick.cw >= best.cw * 0.8)) best = pick;
  }
  if (!best) return;
  hand.style.setProperty("--cw", best.cw + "px");
  hand.style.setProperty("--ch", Math.floor(best.cw * 1.42) + "px");
  // the cards left in a row spread out up to side by side
  const now = Math.ceil(n / best.rows);
  const spread = now > 1 ? Math.min(best.cw + 4, (width - best.cw) / (now - 1)) : best.cw + 4;
  hand.style.setProperty("--ov", (best.cw - Math.floor(spread)) + "px");
  hand.style.setProperty("--per", String(now));
  hand.style.setProperty("--rows", String(best.rows));
  hand.setAttribute("data-rows", String(best.rows));
}
