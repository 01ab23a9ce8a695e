// @ts-check
// The host's invite link as a QR code and through the system share sheet (docs/friends.md).
// Loaded with import() by ui/web/ops.js only when the host's set-up sheet shows a link (the
// `friends-link` operation), never on the game's start path; it loads the vendored
// qrcode-generator (runtime/qrcode-generator-<version>/qrcode.mjs, sitebuild/friends.py) in turn.
// The QR code is SVG built node by node into the sheet's `[data-friends-qr]` box: nothing is
// inserted as HTML. The Share button (`data-action="friends-share"`, drawn hidden by the
// worker) is shown only where the browser has `navigator.share`.

const QRCODE = new URL("../../runtime/qrcode-generator-2.0.4/qrcode.mjs", import.meta.url).href;
const SVG = "http://www.w3.org/2000/svg";
/** The light margin around the code, in modules (the QR standard asks for 4). */
export const QUIET = 4;
/** The longest link drawn (a host's link is under 200 characters). */
const LONGEST = 1000;

/** @typedef {{addData(data: string, mode?: string): void, make(): void,
 *   getModuleCount(): number, isDark(row: number, col: number): boolean}} QR */
/** @typedef {(typeNumber: number, level: string) => QR} QRFactory */

/** @type {QRFactory | null} */
let factory = null;

/** qrcode-generator's factory, imported once. @returns {Promise<QRFactory>} */
async function load() {
  if (!factory) {
    const mod = /** @type {{qrcode: QRFactory}} */ (await import(QRCODE));
    factory = mod.qrcode;
  }
  return factory;
}

/** A link worth drawing: an http(s) address of reasonable length.
 * @param {unknown} link @returns {link is string} */
export function drawable(link) {
  return typeof link === "string" && link.length <= LONGEST && /^https?:\/\/[^\s]+$/.test(link);
}

/** The text's UTF-8 bytes as a string of one char per byte (qrcode-generator's Byte mode
 * takes each char's low 8 bits). @param {string} text @returns {string} */
function bytesOf(text) {
  let out = "";
  new TextEncoder().encode(text).forEach(function (b) { out += String.fromCharCode(b); });
  return out;
}

/** The QR code of `text` (error correction M, the smallest version that holds it), as rows
 * of modules, true for dark. @param {QRFactory} make @param {string} text
 * @returns {boolean[][]} */
export function modulesOf(make, text) {
  const qr = make(0, "M");
  qr.addData(bytesOf(text), "Byte");
  qr.make();
  const n = qr.getModuleCount();
  /** @type {boolean[][]} */
  const rows = [];
  for (let r = 0; r < n; r++) {
    /** @type {boolean[]} */
    const row = [];
    for (let c = 0; c < n; c++) row.push(qr.isDark(r, c));
    rows.push(row);
  }
  return rows;
}

/** @param {string} name @param {Record<string, string | number>} attrs @returns {SVGElement} */
function node(name, attrs) {
  const n = /** @type {SVGElement} */ (document.createElementNS(SVG, name));
  for (const k in attrs) n.setAttribute(k, String(attrs[k]));
  return n;
}

/** The SVG of the modules: a white square with the quiet zone, and one black rect for each
 * run of dark modules in a row. @param {boolean[][]} rows @returns {SVGElement} */
export function svgOf(rows) {
  const n = rows.length, size = n + 2 * QUIET;
  const svg = node("svg", {
    viewBox: "0 0 " + size + " " + size, "shape-rendering": "crispEdges",
    "aria-hidden": "true", focusable: "false", "data-modules": n,
  });
  svg.appendChild(node("rect", { width: size, height: size, fill: "#fff" }));
  const dark = node("g", { fill: "#000" });
  rows.forEach(function (row, r) {
    for (let c = 0; c < n;) {
      if (!row[c]) { c++; continue; }
      let end = c;
      while (end < n && row[end]) end++;
      dark.appendChild(node("rect", { x: c + QUIET, y: r + QUIET, width: end - c, height: 1 }));
      c = end;
    }
  });
  svg.appendChild(dark);
  return svg;
}

/** Whether this browser has the system share sheet. @returns {boolean} */
export function canShare() {
  return typeof (/** @type {{share?: unknown}} */ (navigator)).share === "function";
}

/** Shows the sheet's Share buttons where the browser can share (they are drawn hidden). */
export function showShare() {
  const can = canShare();
  document.querySelectorAll('[data-action="friends-share"]').forEach(function (b) {
    /** @type {HTMLElement} */ (b).hidden = !can;
  });
}

/** The `friends-link` operation: the link's QR code drawn into the sheet's `[data-friends-qr]`
 * (emptied for a link that is not one), and its Share button shown where the browser has one;
 * `reveal` (the code just shown by its toggle): scrolled into view once drawn.
 * @param {unknown} link @param {boolean} [reveal] @returns {Promise<void>} */
export async function drawLink(link, reveal) {
  showShare();
  if (!drawable(link)) {
    const box = document.querySelector("[data-friends-qr]");
    if (box) box.replaceChildren();
    return;
  }
  /** @type {boolean[][]} */
  let rows;
  try {
    rows = modulesOf(await load(), link);
  } catch (e) {
    console.warn("friends-link: no QR code (" + String(e) + ")");
    return;
  }
  const box = document.querySelector("[data-friends-qr]");  // (the sheet may have been redrawn)
  if (!box) return;
  box.replaceChildren(svgOf(rows));
  box.setAttribute("data-link", link);
  if (reveal && box.getClientRects().length) box.scrollIntoView({ block: "nearest" });
}

/** The `friends-share` operation's work: the system share sheet with the link. How it went:
 * "shared", "cancelled" (the person closed it), "failed", or "none" (no share sheet here).
 * @param {unknown} title @param {unknown} text @param {unknown} url @returns {Promise<string>} */
export async function share(title, text, url) {
  const nav = /** @type {{share?: (d: ShareData) => Promise<void>, canShare?: (d: ShareData) => boolean}} */ (
    /** @type {unknown} */ (navigator));
  if (typeof nav.share !== "function" || !drawable(url)) return "none";
  const data = { title: String(title), text: String(text), url: url };
  try {
    if (typeof nav.canShare === "function" && !nav.canShare(data)) return "failed";
    await nav.share(data);
    return "shared";
  } catch (e) {
    return e && typeof e === "object" && /** @type {{name?: unknown}} */ (e).name === "AbortError"
      ? "cancelled" : "failed";
  }
}
