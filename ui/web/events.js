// @ts-check
// The player's events, sent to the worker (ui/web/bridge.js). What must not wait for the worker
// is decided here: Escape and Tab in a dialog, the arrow keys in the hand, the bar's menu, a
// game chosen in the lobby (drawn at once), a sheet closed by its own button.
import { S, el, SHORTCUT_CHARS } from "./state.js";
import { post, postTable } from "./bridge.js";
import { lobbyFields, drawLobby } from "./lobby.js";
import { reachable, playableNear, showOverlay } from "./focus.js";
import { followSheet } from "./history.js";
import { menuOpen, setMenu } from "./menu.js";

/** @param {Element} node @returns {Record<string, string>} */
function attrsOf(node) {
  /** @type {Record<string, string>} */
  const out = {};
  for (let i = 0; i < node.attributes.length; i++) out[node.attributes[i].name] = node.attributes[i].value;
  if (/** @type {HTMLButtonElement} */ (node).disabled) out.disabled = "";
  return out;
}

/** @param {MouseEvent} e */
export function onClick(e) {
  if (!S.ready) return;  // the lobby drawn by the build answers until then (index.html)
  const target = /** @type {Element | null} */ (e.target);
  if (!target || !target.closest) return;
  const node = target.closest("[data-game-choice],[data-start],[data-card],[data-move],[data-action]");
  if (node && node.getAttribute("data-action") === "menu") { setMenu(!menuOpen()); return; }
  if (menuOpen() && !target.closest("#bar-menu select")) {
    const inMenu = !!target.closest("#bar-menu");
    setMenu(false);  // a choice in it, or a tap outside it (which does nothing else), closes it
    if (!inMenu) return;
  }
  if (!node) {
    post({ type: "click", attrs: null, felt: !!target.closest("#felt") });
    return;
  }
  if (node.getAttribute("data-action") === "update") return;  // index.html's own
  const fields = lobbyFields();
  const attrs = attrsOf(node);
  const field = node.getAttribute("data-field");  // a control that sends a field's text with it
  const input = field ? /** @type {HTMLInputElement | null} */ (document.getElementById(field)) : null;
  if (input) attrs["data-field-value"] = String(input.value);
  if (node.hasAttribute("data-game-choice")) {
    drawLobby(node.getAttribute("data-game-choice") || "", true);  // at once; Python agrees after
    post({ type: "click", attrs: attrs, lobby: fields });
    return;
  }
  if (node.hasAttribute("data-start")) { post({ type: "click", attrs: attrs, lobby: fields }); return; }
  markSent(node);
  const act = node.getAttribute("data-action");
  if ((act === "close" || act === "leave-cancel") && el("overlay").contains(node)) {
    showOverlay(null, "");  // closed at once; what lies under it, if anything, comes back
    followSheet();
  }
  postTable({ type: "click", attrs: attrs, lobby: fields });
}

/** A guest's table (`#table[data-remote]`): the playable card tapped is marked at once
 * (`data-sent`, drawn lifted and dimmed), as the move goes to the host, whose state draws the
 * hand again. Not where a play may be of several cards (`data-sets`): a tap chooses a card.
 * @param {Element} node */
function markSent(node) {
  const t = el("table");
  if (!t || !t.hasAttribute("data-remote") || t.hasAttribute("data-sets")) return;
  if (node.matches("#hand [data-card][data-legal]") && t.hasAttribute("data-input")) node.setAttribute("data-sent", "");
}

/** The chosen level's words in its label. @param {HTMLSelectElement} select */
function levelHelp(select) {
  const help = el("level-help"), opt = select.options[select.selectedIndex];
  if (help && opt) help.textContent = opt.getAttribute("data-help") || "";
}

/** @param {Event} e */
export function onChange(e) {
  if (!S.ready) return;
  const t = /** @type {HTMLInputElement | null} */ (e.target);
  if (!t || !t.getAttribute) return;
  if (t.hasAttribute("data-setting")) return;  // index.html keeps the display settings
  if (t.hasAttribute("data-level")) levelHelp(/** @type {HTMLSelectElement} */ (/** @type {unknown} */ (t)));
  if (t.closest && t.closest("#bar-menu")) setMenu(false);
  post({ type: "change", attrs: attrsOf(t), value: t.value, lobby: lobbyFields() });
}

/** @param {string} key @param {string} code */
function keyChar(key, code) {
  let ch = key.length === 1 ? key.toUpperCase() : "";
  if (ch && !/^[A-Z0-9?]$/.test(ch)) {
    ch = code.indexOf("Key") === 0 ? code.slice(3) : code.indexOf("Digit") === 0 ? code.slice(5) : "";
  }
  return ch;
}

/** @param {KeyboardEvent} e */
export function onKey(e) {
  if (!S.ready) return;
  const key = String(e.key), ov = el("overlay");
  if (!ov.hidden) {  // a dialog: Escape closes one that may be closed, Tab stays inside
    if (key === "Escape") {
      const close = /** @type {HTMLElement | null} */ (
        ov.querySelector('[data-action="close"], [data-action="leave-cancel"], [data-cancel]'));
      if (close) { e.preventDefault(); close.click(); }
    } else if (key === "Tab") {
      const items = /** @type {NodeListOf<HTMLElement>} */ (
        ov.querySelectorAll('button:not([disabled]), select, input, a[href], [tabindex="0"]'));
      if (items.length) {
        const first = items[0], last = items[items.length - 1], a = document.activeElement;
        const inside = a && ov.contains(a);
        if (e.shiftKey && (!inside || a === first)) { e.preventDefault(); last.focus(); }
        else if (!e.shiftKey && (!inside || a === last)) { e.preventDefault(); first.focus(); }
      }
    }
    return;
  }
  if (key === "Escape" && menuOpen()) {
    e.preventDefault();
    setMenu(false);
    const mb = /** @type {HTMLElement | null} */ (document.querySelector('#bar [data-action="menu"]'));
    if (mb) mb.focus();
    return;
  }
  const f = S.mirror.flags || {};
  const active = document.activeElement;
  const onControl = active && active.closest && active.closest("button, select, input, a");
  const inHand = active && el("hand").contains(active);
  if (f.lingering && (key === "Enter" || key === " ") && (!onControl || (inHand && !f.can_act))) {
    e.preventDefault();  // the keyboard's tap: the finished trick moves on
    postTable({ type: "key", kind: "tap" });
    return;
  }
  if (key === "Enter" && inHand && f.multi && f.can_act) {
    e.preventDefault();  // several cards played together: Space selects, Enter plays them
    postTable({ type: "key", kind: "confirm" });
    return;
  }
  const tag = active && active.tagName ? active.tagName.toLowerCase() : "";
  if (["input", "select", "textarea"].indexOf(tag) < 0 && f.match && !el("table").hidden
      && !(e.ctrlKey || e.metaKey || e.altKey)) {
    const ch = keyChar(key, String(e.code || ""));
    if (ch && SHORTCUT_CHARS.indexOf(ch) >= 0) {
      e.preventDefault();
      postTable({ type: "key", kind: "key", char: ch });
      return;
    }
  }
  if (["ArrowLeft", "ArrowRight", "Home", "End"].indexOf(key) < 0) return;
  const cards = reachable();  // the playable cards only, on the player's turn
  if (!cards.length || !inHand) return;
  const at = /** @type {HTMLElement} */ (playableNear(active));
  let i = cards.indexOf(at);
  if (at !== active && (key === "ArrowLeft" || key === "ArrowRight")) {
    e.preventDefault();  // from a card that has become unplayable: the nearest playable one
    at.focus();
    return;
  }
  i = Math.max(0, i);
  /** @type {Record<string, number>} */
  const moves = { ArrowLeft: i - 1, ArrowRight: i + 1, Home: 0, End: cards.length - 1 };
  e.preventDefault();
  cards[Math.max(0, Math.min(cards.length - 1, moves[key]))].focus();
}
