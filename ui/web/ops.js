// @ts-check
// The operations the worker sends (ui/ops.json lists each with its arguments; ui/shell/dom.py
// builds them), carried out in order by `carryOut`; after a message's operations the hand is
// laid out again and the sheet's history entry follows. Nothing here decides a rule or a move.
import { S, root, el, all, cssEsc, focusOn } from "./state.js";
import { post, answer } from "./bridge.js";
import { answered, acknowledged, searching } from "./watchdog.js";
import { focusHand, keepFocus, showOverlay } from "./focus.js";
import { historyOp, followSheet } from "./history.js";
import { lobbyOp, lobbyMsg } from "./lobby.js";
import { layoutHand, markWraps, fitLabels } from "./layout.js";
import { menuOpen, setMenu } from "./menu.js";
import { flyIn, sweep, putPanel, panelChanged, say, toast, lesson, note, noteClear, feltTap,
         trickReset } from "./table.js";
import { copyText, fitHeight, listen, postParent, embedMsg } from "./outside.js";

/** What the person has typed in the fields of `root` marked `data-typed` (a code being pasted
 * while the sheet is drawn again: ui/friends/pairing.py), as functions that put it back, with
 * the focus and the selection, into the field of the same id once `root` is drawn again
 * (where the new field is drawn empty).
 * @param {Element} root @returns {((root: Element) => void)[]} */
function typedIn(root) {
  /** @type {((root: Element) => void)[]} */
  const out = [];
  root.querySelectorAll("input[data-typed][id]").forEach(function (node) {
    const f = /** @type {HTMLInputElement} */ (node);
    if (!f.value) return;
    const id = f.id, value = f.value, focused = document.activeElement === f;
    const a = f.selectionStart, b = f.selectionEnd;
    out.push(function (r) {
      const g = /** @type {HTMLInputElement | null} */ (r.querySelector("#" + CSS.escape(id)));
      if (!g || !g.hasAttribute("data-typed") || g.value) return;
      g.value = value;
      if (focused) { g.focus(); if (a !== null && b !== null) g.setSelectionRange(a, b); }
    });
  });
  return out;
}

/** @type {Record<string, (...args: any[]) => void>} */
export const OPS = {
  "html": function (/** @type {string} */ id, /** @type {string} */ html) {
    const n = el(id); if (!n) return;
    const typed = typedIn(n);
    n.innerHTML = html;
    typed.forEach(function (t) { t(n); });
  },
  "text": function (/** @type {string} */ id, /** @type {string} */ text) {
    const n = el(id); if (n) n.textContent = text;
  },
  "field": function (/** @type {string} */ id, /** @type {string} */ value) {
    const n = /** @type {HTMLInputElement | null} */ (el(id)); if (n && n.value !== value) n.value = value;
  },
  "hidden": function (/** @type {string} */ id, /** @type {boolean} */ hidden) {
    const n = el(id); if (n) n.hidden = hidden;
  },
  "attr": function (/** @type {string} */ sel, /** @type {string} */ name, /** @type {string | null} */ value) {
    all(sel).forEach(function (n) { if (value === null) n.removeAttribute(name); else n.setAttribute(name, value); });
  },
  "history": historyOp,
  "store": function (/** @type {string} */ key, /** @type {string | null} */ value) {
    let ok = true;
    try {
      if (value === null) localStorage.removeItem(key); else localStorage.setItem(key, value);
    } catch (e) { ok = false; }
    if (value !== null) post({ type: "stored", key: key, ok: ok });  // (ui/saves/page.py's `stored`)
  },
  "say": say,
  "say-head": function (/** @type {string} */ fallback) {
    const head = el("overlay").querySelector(".sheet h2");
    say(head ? head.textContent || "" : fallback);
  },
  "announce-clear": function () { const b = el("announce"); if (b) b.textContent = ""; },
  "toast": toast,
  "overlay": showOverlay,
  "focus-hand": focusHand,
  "focus": function (/** @type {string} */ sel) { focusOn(document.querySelector(sel)); },
  "keep-focus": keepFocus,
  "felt-tap": feltTap,
  "table-data": function (/** @type {Record<string, string | null>} */ data) {
    const t = el("table");
    for (const name in data) {
      const v = data[name];
      if (v === null) t.removeAttribute(name); else t.setAttribute(name, v);
    }
    S.lastTable = data;
    S.tableDrawn = S.seq;
  },
  "trick-reset": trickReset,
  "panel": putPanel,
  "mark-hint": function (/** @type {string} */ move) {
    let nodes = all('#panel [data-move="' + cssEsc(move) + '"]');
    move.split(" ").forEach(function (c) { nodes = nodes.concat(all('#hand [data-card="' + cssEsc(c) + '"]')); });
    nodes.forEach(function (n) { n.setAttribute("data-hint", ""); });
    panelChanged();
  },
  "fly-in": flyIn,
  "sweep": sweep,
  "lesson": lesson,
  "mark": function (/** @type {string} */ name) { try { performance.mark(name); } catch (e) { /* no user timing */ } },
  "show-table": function (/** @type {boolean} */ scroll) {
    el("lobby").hidden = true;
    el("table").hidden = false;
    if (scroll) window.scrollTo(0, 0);
  },
  "lobby": lobbyOp,
  "lobby-msg": function (/** @type {string} */ text, /** @type {boolean} */ scroll) { lobbyMsg(text, scroll, S.touched); },
  "lobby-taken": function () { const l = el("lobby"); if (l) l.removeAttribute("data-static"); },
  "language": function (/** @type {string} */ lang, /** @type {string} */ code) {
    root.lang = lang;
    try {
      const t = window.__tt_i18n.texts[code];
      document.title = t.title;
      const meta = document.querySelector('meta[name="description"]');
      if (meta) meta.setAttribute("content", t.description);
    } catch (e) { /* the title built into index.html stays */ }
  },
  "timer": function (/** @type {string} */ text) { const n = document.querySelector("[data-timer]"); if (n) n.textContent = text; },
  "sound": function (/** @type {string} */ kind) { try { if (window.__tt_sound) window.__tt_sound(kind); } catch (e) { /* never in the way */ } },
  "sound-set": function (/** @type {boolean} */ on) { try { window.__tt_sound_set(on); } catch (e) { /* no sound here */ } },
  "note": note,
  "note-clear": noteClear,
  "restore-fields": function (/** @type {string} */ reason, /** @type {string} */ text) {
    const ov = el("overlay");
    const r = ov.querySelector("[data-reason]");
    const b = /** @type {HTMLTextAreaElement | null} */ (ov.querySelector("[data-bad-save]"));
    if (r) r.textContent = reason;
    if (b) b.value = text;
  },
  "embed-msg": embedMsg,
  "listen": listen,
  "post": postParent,
  "fit": fitHeight,
  "click": function (/** @type {string} */ sel, /** @type {string} */ otherwise) {
    const n = /** @type {HTMLElement | null} */ (document.querySelector(sel));
    if (n) n.click(); else say(otherwise);
  },
  "ready": function () {
    S.ready = true;
    const splash = el("splash");
    if (splash) splash.hidden = true;
    window.__tt_ready_at = performance.now();
    root.setAttribute("data-ready", "1");
  },
  "idle": function () {
    try { window.__tt_sw_start(); } catch (e) { /* no offline copy */ }
    try { window.__tt_faces_start(); } catch (e) { /* faces read when shown */ }
    try { if (window.__tt_make_snapshot) window.__tt_make_snapshot(); } catch (e) { /* none */ }
  },
  "frame": function (/** @type {number} */ n) {
    let sent = false;
    const go = function () { if (!sent) { sent = true; answer(n, true); } };
    requestAnimationFrame(go);
    setTimeout(go, 100);
  },
  "fetch-mo": function (/** @type {number} */ n, /** @type {string} */ code) {
    window.__tt_fetch_mo(code).then(function (buf) {
      answer(n, true, { code: code, mo: buf.slice(0) });
    }, function () { answer(n, false, { code: code, mo: null }); });
  },
  "copy": copyText,
  "console-error": function (/** @type {string} */ text) { console.error(text); },
  // the invite link's QR code and share sheet: ui/web/invite.js, loaded when a sheet shows a link
  "friends-link": function (/** @type {unknown} */ link, /** @type {unknown} */ reveal) { invite(function (m) { return m.drawLink(link, reveal === true); }); },
  "friends-share": function (/** @type {number} */ n, /** @type {unknown} */ title, /** @type {unknown} */ text, /** @type {unknown} */ url) {
    invite(function (m) { return m.share(title, text, url).then(function (how) { answer(n, how); }); }, n);
  },
  // play with friends: ui/web/friends.js, loaded only when one of these arrives
  "friends-host": function (/** @type {unknown} */ config) { friends(function (f) { return f.host(config); }); },
  "friends-join": function (/** @type {unknown} */ host, /** @type {unknown} */ config) { friends(function (f) { return f.join(host, config); }); },
  "friends-send": function (/** @type {unknown} */ peer, /** @type {unknown} */ text) {
    friends(function (f) {
      const r = f.send(peer, text);
      if (r !== "ok") console.warn("friends-send to " + String(peer) + ": " + r);
    });
  },
  "friends-drop": function (/** @type {unknown} */ peer) { friends(function (f) { return f.drop(peer); }); },
  // pairing without a broker: ui/web/pairing.js, loaded only when one of these arrives
  "friends-pair-offer": function (/** @type {unknown} */ peer, /** @type {unknown} */ config) { pairing(function (p) { return p.offer(peer, config); }); },
  "friends-pair-join": function (/** @type {unknown} */ code, /** @type {unknown} */ config) { pairing(function (p) { return p.answer(code, config); }); },
  "friends-pair-accept": function (/** @type {unknown} */ peer, /** @type {unknown} */ code) { pairing(function (p) { return p.accept(peer, code); }); },
};

/** @type {typeof import("./invite.js") | null} */
let inviteModule = null;

/** Runs `fn` with ui/web/invite.js (at once once it is loaded, so that a sheet drawn again gets
 * its QR code and Share button in the same frame); an operation awaiting an answer (`n`) is
 * answered "none" if the module cannot be loaded.
 * @param {(m: typeof import("./invite.js")) => unknown} fn @param {number} [n] */
function invite(fn, n) {
  if (inviteModule) { fn(inviteModule); return; }
  import("./invite.js").then(function (m) { inviteModule = m; fn(m); }, function (e) {
    console.warn("invite.js: " + String(e));
    if (n !== undefined) answer(n, "none");
  });
}

/** Runs `fn` with ui/web/pairing.js, imported on first use, after the transport's operations
 * already queued (a pairing waiting for its candidates does not hold the messages back).
 * @param {(p: typeof import("./pairing.js")) => unknown} fn */
function pairing(fn) {
  friends(function () {
    import("./pairing.js").then(fn).catch(function () {
      post({ type: "friends", what: "pair-error", peer: "", reason: "other" });
    });
  });
}

/** @type {Promise<unknown>} */
let friendsQueue = Promise.resolve();

/** Runs `fn` with ui/web/friends.js, imported on first use (in operation order: each waits
 * for the one before it).
 * @param {(f: typeof import("./friends.js")) => unknown} fn @returns {Promise<unknown>} */
function friends(fn) {
  const next = friendsQueue.then(function () { return import("./friends.js"); }).then(fn);
  friendsQueue = next.catch(function () {
    post({ type: "friends", what: "error", reason: "other" });
  });
  return next;
}

// window.__tt_friends: the transport driven by hand (tests, the benchmark); each returns a Promise.
/** @type {any} */ (window).__tt_friends = {
  host: function (/** @type {unknown} */ config) { return friends(function (f) { return f.host(config); }); },
  join: function (/** @type {unknown} */ host, /** @type {unknown} */ config) { return friends(function (f) { return f.join(host, config); }); },
  send: function (/** @type {unknown} */ peer, /** @type {unknown} */ text) { return friends(function (f) { return f.send(peer, text); }); },
  drop: function (/** @type {unknown} */ peer) { return friends(function (f) { return f.drop(peer); }); },
  events: function () { return friends(function (f) { return f.events(); }); },
};

/**
 * One message of the worker's: the state it mirrors, its operations, the event it answers.
 * @param {{state?: string, record?: string, flags?: Record<string, any>, ops?: any[][],
 *          ack?: number | null, result?: unknown}} msg
 */
export function carryOut(msg) {
  answered();
  if (msg.state !== undefined) S.mirror.state = msg.state;
  if (msg.record !== undefined) S.mirror.record = msg.record;
  if (msg.flags !== undefined) S.mirror.flags = msg.flags;
  const ops = msg.ops || [];
  let framed = false;
  for (let i = 0; i < ops.length; i++) {
    const f = Object.prototype.hasOwnProperty.call(OPS, ops[i][0]) ? OPS[ops[i][0]] : null;
    if (ops[i][0] === "frame") framed = true;
    try {
      if (f) f.apply(null, ops[i].slice(1));
      else console.error("unknown operation " + ops[i][0]);
    } catch (e) {
      console.error("operation " + ops[i][0] + " failed: " + (e instanceof Error ? e.message : e));
    }
  }
  if (ops.length) {
    followSheet(); layoutHand(); markWraps(); fitLabels();
    if (menuOpen()) setMenu(true);  // the bar drawn again keeps the menu's state
  }
  if (ops.length) searching(framed);
  const ack = msg.ack;
  if (ack !== undefined && ack !== null) acknowledged(ack);
  if (ack !== undefined && ack !== null && S.waiting[ack]) {
    const resolve = S.waiting[ack];
    delete S.waiting[ack];
    // the turn markers taken at a table event come back when the worker drew nothing new
    if (ack >= S.tableSent && S.tableDrawn < S.tableSent && S.lastTable) OPS["table-data"](S.lastTable);
    resolve(msg.result === undefined ? null : msg.result);
    if (Object.keys(S.waiting).length === 0) root.removeAttribute("data-busy");
  }
}
