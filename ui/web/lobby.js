// @ts-check
// The lobby once Python runs: a game chosen is drawn here at once from the HTML Python sent for
// every game (Python agrees after), keeping the fields every game shares and the focus. Before
// Python is ready the lobby drawn by the build answers by itself (index.html).
import { el, focusOn, controlSelector, LOBBY_CONTROLS } from "./state.js";

/** @type {Record<string, string>} */
let pages = {};
let langHtml = "";
/** @type {string | null} */
let resumeHtml = null;
/** @type {string | null} */
let shownGame = null;

/** @param {Element} n */
function value(n) { return /** @type {HTMLInputElement} */ (n).value; }

/** The lobby's fields as they stand (sent with each event). */
export function lobbyFields() {
  const lobby = el("lobby");
  if (!lobby) return null;
  /** @type {Record<string, string>} */
  const opts = {};
  lobby.querySelectorAll("#setup [data-opt]").forEach(function (n) {
    const box = /** @type {HTMLInputElement} */ (n);
    opts[n.getAttribute("data-opt") || ""] = box.type === "checkbox" ? (box.checked ? "true" : "false") : box.value;
  });
  /** @param {string} sel */
  const pick = function (sel) { const n = lobby.querySelector(sel); return n ? value(n) : null; };
  const chosen = lobby.querySelector(".game-choice.selected");
  return { game: chosen ? chosen.getAttribute("data-game-choice") : null, opts: opts,
           seed: pick("#opt-seed"), speed: pick("[data-speed]"), level: pick("[data-level]"),
           name: pick("#opt-name") };
}

/** @param {string} game @param {boolean} keepGlobal */
export function drawLobby(game, keepGlobal) {
  const lobby = el("lobby");
  if (!lobby || pages[game] === undefined) return;
  const active = document.activeElement;
  const again = active && lobby.contains(active) ? controlSelector(active, "#lobby", LOBBY_CONTROLS) : null;
  const globals = keepGlobal ? lobbyFields() : null;
  lobby.innerHTML = pages[game];
  const pick = document.createElement("div");
  pick.className = "lobby-lang";
  pick.innerHTML = langHtml;
  lobby.prepend(pick);
  const msg = el("lobby-msg");
  if (resumeHtml && msg) msg.insertAdjacentHTML("afterend", resumeHtml);
  if (globals) {
    /** @type {[string, string | null][]} */
    const kept = [["#opt-seed", globals.seed], ["[data-speed]", globals.speed],
                  ["[data-level]", globals.level], ["#opt-name", globals.name]];
    kept.forEach(function (p) {
      const n = /** @type {HTMLInputElement | null} */ (lobby.querySelector(p[0]));
      if (n && p[1] !== null) n.value = p[1];
    });
  }
  if (window.__tt_display_boxes) window.__tt_display_boxes();
  lobby.hidden = false;
  shownGame = game;
  const node = again ? document.querySelector(again) : null;
  if (node) focusOn(node);
  else window.scrollTo(0, 0);
  if (keepGlobal && window.__tt_lobby_reach) window.__tt_lobby_reach();
}

/** The `lobby` operation: every game's lobby, the language picker, the saved match's offer.
 * @param {{games: Record<string, string>, lang: string, resume: string | null,
 *          selected: string, drawn: string | null}} l */
export function lobbyOp(l) {
  pages = l.games;
  langHtml = l.lang;
  resumeHtml = l.resume;
  if (l.drawn && l.drawn === shownGame && !el("lobby").hidden) return;  // drawn at the click
  drawLobby(l.selected, false);
}

/** The `lobby-msg` operation. @param {string} text @param {boolean} scroll @param {boolean} touched */
export function lobbyMsg(text, scroll, touched) {
  const msg = el("lobby-msg");
  if (!msg) return;
  msg.textContent = text;
  msg.hidden = false;
  if (scroll && touched) msg.scrollIntoView();
}
