// The DOM layer, on the main thread: the page's Python runs in a worker (ui/worker.js,
// ui/host.py). This file binds the listeners once, sends each event there, and carries out the
// operations that come back (ui/dom.py lists them), in order: the parts of the table, the live
// region, focus, motion, storage, history, sound and the parent window's messages. Nothing here
// decides a rule or a move; what it decides alone is what must not wait for the worker: Escape
// and Tab in a dialog, the arrow keys in the hand, focus kept across a redraw, a game chosen in
// the lobby (drawn at once from the HTML Python sent for every game). In a tutorial's frame it
// moves no focus until the reader has used the frame, and it tells the parent its height.
//
// Until Python is ready the lobby drawn by the build answers by itself (index.html); the
// window.__tt_* hooks read the table's state as the worker last sent it, and those that act
// return a Promise that resolves once the worker has done it and its operations are carried out.
(function () {
  "use strict";
  var root = document.documentElement;
  var SAVE_KEY = "trick-table/v1";
  var DISPLAY_KEY = "trick-table/display";
  var TABLE_CONTROLS = ["data-action", "data-card", "data-move", "data-lang"];
  var LOBBY_CONTROLS = ["data-game-choice", "data-lang", "data-opt", "data-setting"];
  var SHORTCUT_CHARS = "23456789JQKAT10SHDCLRUM?";

  var link = window.__tt_worker || null;
  var worker = link && link.worker;
  var started = false, ready = false;
  var seq = 0, waiting = {}, queue = [];
  var mirror = { state: JSON.stringify({ screen: "lobby", ai: {} }), record: "null", flags: {} };
  var boot = { from: "fresh", why: "Python has not started yet" };
  var lastTable = null, tableSent = 0, tableDrawn = 0;
  var pages = {}, langHtml = "", resumeHtml = null, shownGame = null;
  var panelHtml = null, panelPhase = null, focusBefore = null, keep = null;
  // In another page's frame the table takes the focus only once the reader has used it (a
  // pointer, a key or a Tab into the frame): a focus move would scroll the author's page to it.
  var touched = window.parent === window;

  function focusOn(node) { if (node && touched) node.focus(); }

  function el(id) { return document.getElementById(id); }
  function all(sel) { return sel === ":root" ? [root] : Array.prototype.slice.call(document.querySelectorAll(sel)); }
  function cssEsc(v) { return window.CSS && CSS.escape ? CSS.escape(v) : String(v).replace(/["\\]/g, "\\$&"); }

  // ------------------------------------------------------------------ to the worker
  // The display settings are index.html's (the lobby's boxes write them at once): each event
  // carries them as they stand, and the system's reduced-motion preference with them, so the
  // table goes by the player's latest choice.
  function displaySettings() {
    try { return localStorage.getItem(DISPLAY_KEY); } catch (e) { return null; }
  }

  // ------------------------------------------------------------------ the watchdog
  // An event the worker leaves unanswered for STALL_MS means it is gone (stopped, or Python's
  // runtime died): the page says so and offers a reload (the match comes back from its save),
  // and a table in a frame sends its parent an `error` event. Once the worker has asked for a
  // frame and drawn nothing since, a computer's search or a review may hold it, as a hook's
  // call (`__tt_think`) may: SEARCH_STALL_MS. A worker that answers after all was only slow:
  // the message goes away. Time in a hidden tab (or a sleeping computer) does not count.
  var STALL_MS = 10000, SEARCH_STALL_MS = 120000;
  var sentAt = {}, maybeSearching = false, dead = false, watch = null, postTarget = "*";

  function watchdog() {
    watch = null;
    if (dead) return;
    var now = Date.now(), pending = false;
    if (document.hidden) for (var h in sentAt) sentAt[h].at = now;
    for (var k in sentAt) {
      pending = true;
      var limit = sentAt[k].call || maybeSearching ? SEARCH_STALL_MS : STALL_MS;
      if (now - sentAt[k].at > limit) { stopped("no answer"); return; }
    }
    if (pending) watch = setTimeout(watchdog, 1000);
  }

  function stopped(why) {
    if (dead) return;
    dead = true;
    var text = (window.__tt_text && window.__tt_text("stopped")) ||
      "The game stopped answering. Reload the page to go on: your match comes back where it was.";
    root.setAttribute("data-stopped", String(why));
    var box = document.createElement("div");
    box.id = "stopped";
    box.setAttribute("role", "alert");
    box.style.cssText = "position:fixed;left:50%;top:40%;transform:translate(-50%,-50%);z-index:100;" +
      "max-width:min(92vw,420px);padding:16px 20px;border-radius:12px;background:#fff;color:#111;" +
      "box-shadow:0 8px 32px rgba(0,0,0,.4);text-align:center;font:16px/1.4 system-ui,sans-serif";
    var p = document.createElement("p");
    p.style.margin = "0 0 12px";
    p.textContent = text;
    var btn = document.createElement("button");
    btn.type = "button";
    btn.className = "btn primary";
    btn.setAttribute("data-action", "reload-page");
    btn.textContent = (window.__tt_text && window.__tt_text("reload")) || "Reload";
    btn.addEventListener("click", function () { location.reload(); });
    box.appendChild(p);
    box.appendChild(btn);
    document.body.appendChild(box);
    if (touched) btn.focus();
    window.__tt_post(JSON.stringify({ v: 1, source: "trick-table", type: "error", message: text }), postTarget);
  }

  function answered() {  // a message from the worker: it lives (unless Python itself is gone)
    if (!dead || root.getAttribute("data-stopped") !== "no answer") return;
    dead = false;
    root.removeAttribute("data-stopped");
    var box = el("stopped");
    if (box) box.remove();
  }

  function post(msg) {
    msg.seq = ++seq;
    if (ready) {
      sentAt[msg.seq] = { at: Date.now(), call: msg.type === "call" };
      if (watch === null) watch = setTimeout(watchdog, 1000);
    }
    msg.display = displaySettings();
    try { msg.reduce = matchMedia("(prefers-reduced-motion: reduce)").matches; } catch (e) { /* no */ }
    root.setAttribute("data-busy", "");
    var done = new Promise(function (resolve) { waiting[msg.seq] = resolve; });
    if (started) worker.postMessage(msg);
    else queue.push(msg);
    return done;
  }

  // An event that may change the table: its turn markers go until the worker answers, so
  // nothing (a player, a test) acts on a turn that has already been taken.
  function postTable(msg) {
    tableSent = seq + 1;
    var t = el("table");
    if (t) { t.removeAttribute("data-input"); t.removeAttribute("data-tap"); }
    return post(msg);
  }

  function call(name, args) { return post({ type: "call", name: name, args: args || [] }); }

  function answer(n, value, extra) {
    var m = { type: "answer", n: n, value: value };
    if (extra) for (var k in extra) m[k] = extra[k];
    post(m);
  }

  // ------------------------------------------------------------------ the lobby's fields
  function lobbyFields() {
    var lobby = el("lobby");
    if (!lobby) return null;
    var opts = {};
    lobby.querySelectorAll("#setup [data-opt]").forEach(function (n) {
      opts[n.getAttribute("data-opt")] = n.type === "checkbox" ? (n.checked ? "true" : "false") : n.value;
    });
    var pick = function (sel) { var n = lobby.querySelector(sel); return n ? n.value : null; };
    var chosen = lobby.querySelector(".game-choice.selected");
    return { game: chosen ? chosen.getAttribute("data-game-choice") : null, opts: opts,
             seed: pick("#opt-seed"), speed: pick("[data-speed]"), level: pick("[data-level]"),
             name: pick("#opt-name") };
  }

  function controlSelector(node, scope, attrs) {
    if (!node || !node.getAttribute) return null;
    for (var i = 0; i < attrs.length; i++) {
      if (!node.hasAttribute(attrs[i])) continue;
      var v = node.getAttribute(attrs[i]) || "";
      return v ? scope + " [" + attrs[i] + '="' + cssEsc(v) + '"]' : scope + " [" + attrs[i] + "]";
    }
    return null;
  }

  function drawLobby(game, keepGlobal) {
    var lobby = el("lobby");
    if (!lobby || pages[game] === undefined) return;
    var active = document.activeElement;
    var again = active && lobby.contains(active) ? controlSelector(active, "#lobby", LOBBY_CONTROLS) : null;
    var globals = keepGlobal ? lobbyFields() : null;
    lobby.innerHTML = pages[game];
    var pick = document.createElement("div");
    pick.className = "lobby-lang";
    pick.innerHTML = langHtml;
    lobby.prepend(pick);
    var msg = el("lobby-msg");
    if (resumeHtml && msg) msg.insertAdjacentHTML("afterend", resumeHtml);
    if (globals) {
      [["#opt-seed", globals.seed], ["[data-speed]", globals.speed], ["[data-level]", globals.level],
       ["#opt-name", globals.name]].forEach(function (p) {
        var n = lobby.querySelector(p[0]);
        if (n && p[1] !== null) n.value = p[1];
      });
    }
    if (window.__tt_display_boxes) window.__tt_display_boxes();
    lobby.hidden = false;
    shownGame = game;
    var node = again ? document.querySelector(again) : null;
    if (node) focusOn(node);
    else window.scrollTo(0, 0);
    if (keepGlobal && window.__tt_lobby_reach) window.__tt_lobby_reach();
  }

  // ------------------------------------------------------------------ focus and motion
  // The hand's cards the keyboard visits: those that may be played now (and a selection's), or
  // every card while it is not the player's turn (none is marked then).
  function handCards() { return Array.prototype.slice.call(document.querySelectorAll("#hand [data-card]")); }
  function reachable() {
    return handCards().filter(function (c) { return c.getAttribute("aria-disabled") !== "true"; });
  }
  // A card that has just become unplayable gives the focus to the nearest playable one.
  function playableNear(node) {
    if (!node || !node.matches || !node.matches('#hand [data-card][aria-disabled="true"]')) return node;
    var all = handCards(), ok = reachable(), i = all.indexOf(node), best = null;
    ok.forEach(function (c) {
      if (best === null || Math.abs(all.indexOf(c) - i) < Math.abs(all.indexOf(best) - i)) best = c;
    });
    return best || node;
  }

  function focusHand(newTurn) {
    var active = document.activeElement;
    var mine = active && (el("hand").contains(active) || el("panel").contains(active));
    if (newTurn && !mine) active = null;
    if (active && active.isConnected && playableNear(active) !== active) {
      focusOn(playableNear(active));
      return;
    }
    if (active && active !== document.body && active.isConnected && active.id !== "felt"
        && active.getClientRects().length > 0) return;
    var target = document.querySelector("#hand [data-legal], #panel [data-move]:not([disabled])");
    focusOn(target);
  }

  function seatCentre(seat) {
    var node = seat === 0 ? document.querySelector("#hand")
      : document.querySelector('#seats .seat[data-seat="' + seat + '"] .plate');
    if (!node) return null;
    var r = node.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) return null;
    return [r.left + r.width / 2, r.top + (seat === 0 ? Math.min(r.height, 60) / 2 : r.height / 2)];
  }

  function flyIn(moving) {
    var node = el("trick").querySelector(".play.fresh");
    if (!node) return;
    node.classList.remove("fresh");
    if (!moving) return;
    var raw = node.getAttribute("data-play-seat") || "";
    var src = /^\d+$/.test(raw) ? seatCentre(parseInt(raw, 10)) : null;
    if (src) {
      var r = node.getBoundingClientRect();
      node.style.setProperty("--fx", (src[0] - (r.left + r.width / 2)).toFixed(0) + "px");
      node.style.setProperty("--fy", (src[1] - (r.top + r.height / 2)).toFixed(0) + "px");
    }
    node.classList.add("fresh");
  }

  function sweep(winner, side) {
    var trick = el("trick");
    var dest = seatCentre(winner);
    if (dest) {
      var r = trick.getBoundingClientRect();
      trick.style.setProperty("--sx", (dest[0] - (r.left + r.width / 2)).toFixed(0) + "px");
      trick.style.setProperty("--sy", (dest[1] - (r.top + r.height / 2)).toFixed(0) + "px");
    }
    trick.className = "sweep to-" + side;
    var seat = document.querySelector('#seats .seat[data-seat="' + winner + '"]');
    if (seat) seat.classList.add("pulse");
  }

  function putPanel(html, phase) {
    var p = el("panel");
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

  function showOverlay(kind, html) {
    var ov = el("overlay");
    if (kind === null) {
      var wasOpen = !ov.hidden;
      ov.hidden = true;
      ov.innerHTML = "";
      var back = focusBefore;
      focusBefore = null;
      if (wasOpen && back) {
        if (!back.isConnected) {
          var sel = controlSelector(back, "#table", TABLE_CONTROLS);
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
    var first = ov.querySelector("[data-autofocus]") || ov.querySelector("button");
    ov.scrollTop = 0;
    var scroller = ov.querySelector(".sheet");
    if (scroller) scroller.scrollTop = 0;
    if (first && touched) first.focus({ preventScroll: first.hasAttribute("data-autofocus") });
  }

  // The phone's Back closes an open sheet or dialog first: a sheet that can be closed gets a
  // history entry of its own over the table's ({tt: "table", sheet: true}); Back takes it
  // off and closes the sheet, and only the next Back leaves the table. A sheet closed by its
  // own button takes its entry off quietly (Python's history operations wait until it is).
  var sheetEntry = false, quietBack = false, heldHistory = [];

  // A seat's stats that wrap start no line with "·": the item that begins a line is marked
  // (data-wrap) and drops its separator (style.css).
  function markWraps() {
    var all = document.querySelectorAll("#felt .seat .stats");
    var i, j, spans;
    for (i = 0; i < all.length; i++) {
      spans = all[i].children;
      for (j = 0; j < spans.length; j++) spans[j].removeAttribute("data-wrap");
    }
    for (i = 0; i < all.length; i++) {
      spans = all[i].children;
      var lines = [];
      for (j = 1; j < spans.length; j++) {
        if (spans[j].offsetTop > spans[j - 1].offsetTop + 2) lines.push(spans[j]);
      }
      for (j = 0; j < lines.length; j++) lines[j].setAttribute("data-wrap", "");
    }
  }
  // A played card's seat label that does not fit on the card shows the name's first letter
  // (whole, never cut): the label is visual only (aria-hidden), the live region names seats.
  function fitLabels() {
    var labels = document.querySelectorAll("#trick .play .who");
    for (var i = 0; i < labels.length; i++) {
      var w = labels[i], full = w.getAttribute("data-name");
      if (full === null) { full = w.textContent; w.setAttribute("data-name", full); }
      if (w.textContent !== full) w.textContent = full;
      if (w.scrollWidth > w.clientWidth + 1) w.textContent = Array.from(full)[0] || "";
    }
  }
  // The hand always in reach: its cards' size and how far they overlap, from the space the
  // screen gives (style.css reads --cw, --ch, --ov and --per). One row that fans as the hand
  // grows, each card showing a strip of at least MIN_STRIP px (its index, to read and to tap);
  // two rows only where both fit in full and one row would not.
  var MIN_STRIP = 30, MIN_CARD = 40, handKey = "", handMost = 0;
  function layoutHand() {
    var hand = el("hand"), table = el("table"), panel = el("panel");
    if (!hand) return;
    if (panel && !panel.hidden) table.style.setProperty("--panel-h", panel.offsetHeight + "px");
    else table.style.removeProperty("--panel-h");
    var n = hand.querySelectorAll(".card").length;
    if (table.hidden) return;
    var vw = window.innerWidth, vh = window.innerHeight;
    // (an embedded table's frame follows its content: no size there depends on its height)
    var phone = vw <= 640 || vh <= 500, fit = root.hasAttribute("data-embed");
    var large = root.getAttribute("data-cards") === "large";
    var box = getComputedStyle(table);
    var width = table.clientWidth - parseFloat(box.paddingLeft) - parseFloat(box.paddingRight) - 4;
    var budget = fit ? Math.min(200, width * 0.5 + 16) : phone ? vh * (vw > vh ? 0.28 : 0.34) : vh * 0.26;
    var maxW = phone ? (large ? 96 : 80) : (large ? 150 : 112);
    // one size for the whole deal: the cards keep their size and rows as the hand empties,
    // so the felt keeps its own (a felt that changes size draws the whole table again)
    var key = [table.getAttribute("data-game"), table.getAttribute("data-players"),
               table.getAttribute("data-deal"), vw, vh, width, large].join("/");
    if (!n) {  // no cards (the deal is over): the hand's room as laid out, at this size only
      if (key !== handKey) {
        ["--cw", "--ch", "--ov", "--per", "--rows"].forEach(function (v) { hand.style.removeProperty(v); });
        handKey = key; handMost = 0;
      }
      return;
    }
    if (key !== handKey || n > handMost) { handKey = key; handMost = n; }
    var lift = phone ? 10 : 16, gap = 6, best = null;
    for (var rows = 1; rows <= 2; rows++) {
      var per = Math.ceil(handMost / rows);
      var cw = Math.min(maxW, ((budget - lift - (rows - 1) * gap) / rows) / 1.42);
      if (per > 1) cw = Math.min(cw, width - MIN_STRIP * (per - 1));
      if (cw < MIN_CARD && rows < 2) continue;
      cw = Math.max(cw, MIN_CARD);
      // no overlap where the cards fit side by side at nearly that size
      var flat = (width + 4) / per - 4;
      // (a desktop's cards side by side as long as they are 46 px wide, as large ones overlap)
      if (flat >= cw * 0.8 || ((fit || (!phone && !large)) && flat >= MIN_CARD + 6)) cw = Math.min(cw, flat);
      var strip = per > 1 ? Math.min(cw + 4, (width - cw) / (per - 1)) : cw + 4;
      var pick = { rows: rows, per: per, cw: Math.floor(cw), strip: Math.floor(strip) };
      // two rows where they show far more of each card (a strip under 40 px) at nearly
      // the same size, or far bigger cards
      if (!best || pick.cw > best.cw * 1.25
          || (best.strip < 40 && pick.strip > best.strip * 1.5 && pick.cw >= best.cw * 0.8)) best = pick;
    }
    hand.style.setProperty("--cw", best.cw + "px");
    hand.style.setProperty("--ch", Math.floor(best.cw * 1.42) + "px");
    // the cards left in a row spread out up to side by side
    var now = Math.ceil(n / best.rows);
    var spread = now > 1 ? Math.min(best.cw + 4, (width - best.cw) / (now - 1)) : best.cw + 4;
    hand.style.setProperty("--ov", (best.cw - Math.floor(spread)) + "px");
    hand.style.setProperty("--per", String(now));
    hand.style.setProperty("--rows", String(best.rows));
    hand.setAttribute("data-rows", String(best.rows));
  }
  window.addEventListener("resize", function () { layoutHand(); markWraps(); fitLabels(); noteHeight(); });
  try {  // large cards on or off (index.html sets html[data-cards])
    new MutationObserver(layoutHand).observe(root, { attributes: true, attributeFilter: ["data-cards"] });
  } catch (e) { /* an old browser: the next drawing lays the hand out */ }

  // The bar's menu on a phone (Scores, Rules, Speed, Sound, Language, Games): opened and
  // closed here at once, never waiting for Python; #table[data-menu] shows it.
  function setMenu(open) {
    var table = el("table"), btn = document.querySelector('#bar [data-action="menu"]');
    if (!table) return;
    if (open) table.setAttribute("data-menu", ""); else table.removeAttribute("data-menu");
    if (btn) btn.setAttribute("aria-expanded", open ? "true" : "false");
  }
  function menuOpen() { var t = el("table"); return !!t && t.hasAttribute("data-menu"); }

  function closable(ov) {
    return !ov.hidden && !!ov.querySelector('[data-action="close"], [data-action="leave-cancel"]');
  }

  function followSheet() {
    var ov = el("overlay"), state = null;
    try { state = history.state; } catch (e) { state = null; }
    var open = closable(ov) && !el("table").hidden;
    if (open && !sheetEntry && !quietBack && state && state.tt === "table") {
      try { history.pushState({ tt: "table", sheet: true }, ""); sheetEntry = true; } catch (e) { /* embeds */ }
    } else if (!open && sheetEntry) {
      sheetEntry = false;
      if (state && state.sheet) { quietBack = true; history.back(); }
    }
  }

  function sheetBack() {
    // true when this popstate was the sheet's own (Python is not told)
    if (quietBack) {
      quietBack = false;
      var held = heldHistory;
      heldHistory = [];
      for (var i = 0; i < held.length; i++) OPS.history.apply(null, held[i]);
      followSheet();
      return true;
    }
    if (sheetEntry) {
      sheetEntry = false;
      var ov = el("overlay");
      var close = ov.querySelector('[data-action="close"], [data-action="leave-cancel"]');
      if (close && !ov.hidden) { close.click(); return true; }
    }
    return false;
  }

  function say(text) {
    var box = el("announce");
    if (!box || !text) return;
    var line = document.createElement("p");
    line.textContent = text;
    box.appendChild(line);
    while (box.childElementCount > 6) box.removeChild(box.firstElementChild);
  }

  function toast(text) {
    var t = el("toast");
    t.classList.remove("show");
    if (text === null) { t.textContent = ""; t.removeAttribute("data-reason"); return; }
    t.textContent = text;
    t.setAttribute("data-reason", text);
    // at the table, under the trump chip (the chip a timer's "Time's up" names stays in view)
    var chip = !el("table").hidden && document.querySelector("#bar .trump");
    var below = chip ? chip.getBoundingClientRect().bottom + 6 : 0;
    t.style.top = below > 6 ? below + "px" : "";
    void t.offsetWidth;  // reading the layout restarts the animation
    t.classList.add("show");
  }

  function build(n) {  // a lesson's node: text set as text, never HTML
    if (n.tag === "#text") return document.createTextNode(n.text || "");
    var e = document.createElement(n.tag);
    if (n.cls) e.className = n.cls;
    if (n.text !== null && n.text !== undefined) e.textContent = n.text;
    for (var k in n.attrs) e.setAttribute(k, n.attrs[k]);
    (n.children || []).forEach(function (c) { e.appendChild(build(c)); });
    return e;
  }

  function note(kind, text, html) {
    var n = el("save-note");
    if (!n) return;
    if (kind === null) { return; }
    n.setAttribute("data-note", kind);
    n.textContent = text;
    n.className = kind === "other-tab" ? "lobby-msg" : "";
    if (html) n.insertAdjacentHTML("beforeend", html);
    n.hidden = false;
    noteHeight();
  }

  function noteHeight() {  // the table under the other tab's warning takes the rest (style.css)
    var n = el("save-note");
    if (n && !n.hidden) root.style.setProperty("--note-h", (n.offsetHeight + 4) + "px");
  }

  function copyText(n, text, sel) {
    var done = function (how) { answer(n, how); };
    var fallback = function () {
      var box = document.querySelector(sel || "[data-bad-save]");
      if (!box) return done("none");
      var d = box.closest("details");
      if (d) d.open = true;
      box.select();
      try { if (document.execCommand("copy")) return done("selection"); } catch (e) { /* below */ }
      done("none");
    };
    try {
      navigator.clipboard.writeText(text).then(function () { done("clipboard"); }, fallback);
    } catch (e) { fallback(); }
  }

  // The parent's frame follows the table's height (embed.js): a `resize` event whenever the
  // page's content changes height, so nothing scrolls inside the frame. In this mode
  // (html[data-fit], style.css) no size depends on the frame's height.
  var fitting = false;
  function fitHeight(target) {
    root.setAttribute("data-fit", "");
    if (fitting) return;
    fitting = true;
    var app = el("app"), last = -1;
    var send = function () {
      var h = Math.ceil(app.getBoundingClientRect().height);
      if (h === last || h <= 0) return;
      last = h;
      window.__tt_post(JSON.stringify({ v: 1, source: "trick-table", type: "resize", height: h }), target);
    };
    try { new ResizeObserver(send).observe(app); } catch (e) { window.addEventListener("resize", send); }
    send();
  }

  // ------------------------------------------------------------------ the operations
  var OPS = {
    "html": function (id, html) { var n = el(id); if (n) n.innerHTML = html; },
    "text": function (id, text) { var n = el(id); if (n) n.textContent = text; },
    "field": function (id, value) { var n = el(id); if (n && n.value !== value) n.value = value; },
    "hidden": function (id, h) { var n = el(id); if (n) n.hidden = h; },
    "attr": function (sel, name, value) {
      all(sel).forEach(function (n) { if (value === null) n.removeAttribute(name); else n.setAttribute(name, value); });
    },
    "history": function (screen, url, push) {
      if (quietBack) { heldHistory.push([screen, url, push]); return; }
      try {
        if (push) history.pushState({ tt: screen }, "", url === null ? undefined : url);
        else history.replaceState({ tt: screen }, "", url === null ? undefined : url);
      } catch (e) { /* some embeds forbid history changes */ }
    },
    "store": function (key, value) {
      var ok = true;
      try {
        if (value === null) localStorage.removeItem(key); else localStorage.setItem(key, value);
      } catch (e) { ok = false; }
      if (value !== null) post({ type: "stored", key: key, ok: ok });  // (ui/saving.py's `stored`)
    },
    "say": say,
    "say-head": function (fallback) {
      var head = el("overlay").querySelector(".sheet h2");
      say(head ? head.textContent : fallback);
    },
    "announce-clear": function () { var b = el("announce"); if (b) b.textContent = ""; },
    "toast": toast,
    "overlay": showOverlay,
    "focus-hand": focusHand,
    "focus": function (sel) { focusOn(document.querySelector(sel)); },
    "keep-focus": function (begin) {
      if (begin) {
        var a = document.activeElement;
        keep = a && el("table").contains(a) ? controlSelector(a, "#table", TABLE_CONTROLS) : null;
        return;
      }
      if (keep) {
        var active = document.activeElement;
        if (!active || active === document.body || !active.isConnected) {
          var again = document.querySelector(keep);
          focusOn(playableNear(again));
        } else if (playableNear(active) !== active) {
          focusOn(playableNear(active));
        }
      }
      keep = null;
    },
    "felt-tap": function (label) {
      var felt = el("felt");
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
    },
    "table-data": function (data) {
      var t = el("table");
      for (var name in data) { if (data[name] === null) t.removeAttribute(name); else t.setAttribute(name, data[name]); }
      lastTable = data;
      tableDrawn = seq;
    },
    "trick-reset": function (trickLabel, handLabel) {
      var trick = el("trick");
      trick.className = "";
      trick.style.removeProperty("--sx");
      trick.style.removeProperty("--sy");
      trick.setAttribute("role", "list");
      trick.setAttribute("aria-label", trickLabel);
      el("hand").setAttribute("role", "group");
      el("hand").setAttribute("aria-label", handLabel);
    },
    "panel": putPanel,
    "mark-hint": function (move) {
      var nodes = all('#panel [data-move="' + cssEsc(move) + '"]');
      move.split(" ").forEach(function (c) { nodes = nodes.concat(all('#hand [data-card="' + cssEsc(c) + '"]')); });
      nodes.forEach(function (n) { n.setAttribute("data-hint", ""); });
      panelHtml = null;
    },
    "fly-in": flyIn,
    "sweep": sweep,
    "lesson": function (nodes, step, done) {
      var box = el("lesson");
      box.textContent = "";
      box.hidden = nodes === null;
      if (nodes === null) return;
      box.setAttribute("data-step", step);
      if (done) box.setAttribute("data-done", "1"); else box.removeAttribute("data-done");
      nodes.forEach(function (n) { box.appendChild(build(n)); });
    },
    "mark": function (name) { try { performance.mark(name); } catch (e) { /* no user timing */ } },
    "show-table": function (scroll) {
      el("lobby").hidden = true;
      el("table").hidden = false;
      if (scroll) window.scrollTo(0, 0);
    },
    "lobby": function (l) {
      pages = l.games;
      langHtml = l.lang;
      resumeHtml = l.resume;
      if (l.drawn && l.drawn === shownGame && !el("lobby").hidden) return;  // drawn at the click
      drawLobby(l.selected, false);
    },
    "lobby-msg": function (text, scroll) {
      var msg = el("lobby-msg");
      if (!msg) return;
      msg.textContent = text;
      msg.hidden = false;
      if (scroll && touched) msg.scrollIntoView();
    },
    "lobby-taken": function () { var l = el("lobby"); if (l) l.removeAttribute("data-static"); },
    "language": function (lang, code) {
      root.lang = lang;
      try {
        var t = window.__tt_i18n.texts[code];
        document.title = t.title;
        var meta = document.querySelector('meta[name="description"]');
        if (meta) meta.setAttribute("content", t.description);
      } catch (e) { /* the title built into index.html stays */ }
    },
    "timer": function (text) { var n = document.querySelector("[data-timer]"); if (n) n.textContent = text; },
    "sound": function (kind) { try { if (window.__tt_sound) window.__tt_sound(kind); } catch (e) { /* never in the way */ } },
    "sound-set": function (on) { try { window.__tt_sound_set(on); } catch (e) { /* no sound here */ } },
    "note": note,
    "note-clear": function (kind) {
      var n = el("save-note");
      if (n && (kind === null || n.getAttribute("data-note") === kind)) {
        n.hidden = true; n.textContent = ""; n.removeAttribute("data-note");
      }
    },
    "restore-fields": function (reason, text) {
      var ov = el("overlay");
      var r = ov.querySelector("[data-reason]"), b = ov.querySelector("[data-bad-save]");
      if (r) r.textContent = reason;
      if (b) b.value = text;
    },
    "embed-msg": function (text) {
      var box = el("embed-msg");
      box.hidden = text === null;
      box.textContent = text === null ? "" : text;
    },
    "listen": function () {
      window.__tt_listen(function (origin, text) { postTable({ type: "message", origin: origin, text: text }); });
    },
    "post": function (json, target) { postTarget = target; window.__tt_post(json, target); },
    "fit": fitHeight,
    "click": function (sel, otherwise) {
      var n = document.querySelector(sel);
      if (n) n.click(); else say(otherwise);
    },
    "ready": function () {
      ready = true;
      var splash = el("splash");
      if (splash) splash.hidden = true;
      window.__tt_ready_at = performance.now();
      root.setAttribute("data-ready", "1");
    },
    "idle": function () {
      try { window.__tt_sw_start(); } catch (e) { /* no offline copy */ }
      try { window.__tt_faces_start(); } catch (e) { /* faces read when shown */ }
      try { if (window.__tt_make_snapshot) window.__tt_make_snapshot(); } catch (e) { /* none */ }
    },
    "frame": function (n) {
      var sent = false;
      var go = function () { if (!sent) { sent = true; answer(n, true); } };
      requestAnimationFrame(go);
      setTimeout(go, 100);
    },
    "fetch-mo": function (n, code) {
      window.__tt_fetch_mo(code).then(function (buf) {
        answer(n, true, { code: code, mo: buf.slice(0) });
      }, function () { answer(n, false, { code: code, mo: null }); });
    },
    "copy": copyText,
    "console-error": function (text) { console.error(text); }
  };

  function carryOut(msg) {
    answered();
    if (msg.state !== undefined) mirror.state = msg.state;
    if (msg.record !== undefined) mirror.record = msg.record;
    if (msg.flags !== undefined) mirror.flags = msg.flags;
    var ops = msg.ops || [], framed = false;
    for (var i = 0; i < ops.length; i++) {
      var f = OPS[ops[i][0]];
      if (ops[i][0] === "frame") framed = true;
      try {
        if (f) f.apply(null, ops[i].slice(1));
        else console.error("unknown operation " + ops[i][0]);
      } catch (e) {
        console.error("operation " + ops[i][0] + " failed: " + (e && e.message || e));
      }
    }
    if (ops.length) {
      followSheet(); layoutHand(); markWraps(); fitLabels();
      if (menuOpen()) setMenu(true);  // the bar drawn again keeps the menu's state
    }
    if (ops.length) maybeSearching = framed;
    if (msg.ack !== undefined && msg.ack !== null) delete sentAt[msg.ack];
    if (msg.ack !== undefined && msg.ack !== null && waiting[msg.ack]) {
      var resolve = waiting[msg.ack];
      delete waiting[msg.ack];
      // the turn markers taken at a table event come back when the worker drew nothing new
      if (msg.ack >= tableSent && tableDrawn < tableSent && lastTable) OPS["table-data"](lastTable);
      resolve(msg.result === undefined ? null : msg.result);
      if (Object.keys(waiting).length === 0) root.removeAttribute("data-busy");
    }
  }

  // ------------------------------------------------------------------ the events
  function attrsOf(node) {
    var out = {};
    for (var i = 0; i < node.attributes.length; i++) out[node.attributes[i].name] = node.attributes[i].value;
    if (node.disabled) out.disabled = "";
    return out;
  }

  function onClick(e) {
    if (!ready) return;  // the lobby drawn by the build answers until then (index.html)
    var target = e.target;
    if (!target || !target.closest) return;
    var node = target.closest("[data-game-choice],[data-start],[data-card],[data-move],[data-action]");
    if (node && node.getAttribute("data-action") === "menu") { setMenu(!menuOpen()); return; }
    if (menuOpen() && !target.closest("#bar-menu select")) {
      var inMenu = !!target.closest("#bar-menu");
      setMenu(false);  // a choice in it, or a tap outside it (which does nothing else), closes it
      if (!inMenu) return;
    }
    if (!node) {
      post({ type: "click", attrs: null, felt: !!target.closest("#felt") });
      return;
    }
    if (node.getAttribute("data-action") === "update") return;  // index.html's own
    var fields = lobbyFields();
    var attrs = attrsOf(node);
    if (node.hasAttribute("data-game-choice")) {
      drawLobby(node.getAttribute("data-game-choice"), true);  // at once; Python agrees after
      post({ type: "click", attrs: attrs, lobby: fields });
      return;
    }
    if (node.hasAttribute("data-start")) { post({ type: "click", attrs: attrs, lobby: fields }); return; }
    var act = node.getAttribute("data-action");
    if ((act === "close" || act === "leave-cancel") && el("overlay").contains(node)) {
      showOverlay(null, "");  // closed at once; what lies under it, if anything, comes back
      followSheet();
    }
    postTable({ type: "click", attrs: attrs, lobby: fields });
  }

  function levelHelp(select) {  // the chosen level's words in its label
    var help = el("level-help"), opt = select.options[select.selectedIndex];
    if (help && opt) help.textContent = opt.getAttribute("data-help") || "";
  }

  function onChange(e) {
    if (!ready) return;
    var t = e.target;
    if (!t || !t.getAttribute) return;
    if (t.hasAttribute("data-setting")) return;  // index.html keeps the display settings
    if (t.hasAttribute("data-level")) levelHelp(t);
    if (t.closest && t.closest("#bar-menu")) setMenu(false);
    post({ type: "change", attrs: attrsOf(t), value: t.value, lobby: lobbyFields() });
  }

  function keyChar(key, code) {
    var ch = key.length === 1 ? key.toUpperCase() : "";
    if (ch && !/^[A-Z0-9?]$/.test(ch)) {
      ch = code.indexOf("Key") === 0 ? code.slice(3) : code.indexOf("Digit") === 0 ? code.slice(5) : "";
    }
    return ch;
  }

  function onKey(e) {
    if (!ready) return;
    var key = String(e.key), ov = el("overlay");
    if (!ov.hidden) {  // a dialog: Escape closes one that may be closed, Tab stays inside
      if (key === "Escape") {
        var close = ov.querySelector('[data-action="close"], [data-action="leave-cancel"], [data-cancel]');
        if (close) { e.preventDefault(); close.click(); }
      } else if (key === "Tab") {
        var items = ov.querySelectorAll('button:not([disabled]), select, input, a[href], [tabindex="0"]');
        if (items.length) {
          var first = items[0], last = items[items.length - 1], a = document.activeElement;
          var inside = a && ov.contains(a);
          if (e.shiftKey && (!inside || a === first)) { e.preventDefault(); last.focus(); }
          else if (!e.shiftKey && (!inside || a === last)) { e.preventDefault(); first.focus(); }
        }
      }
      return;
    }
    if (key === "Escape" && menuOpen()) {
      e.preventDefault();
      setMenu(false);
      var mb = document.querySelector('#bar [data-action="menu"]');
      if (mb) mb.focus();
      return;
    }
    var f = mirror.flags || {};
    var active = document.activeElement;
    var onControl = active && active.closest && active.closest("button, select, input, a");
    var inHand = active && el("hand").contains(active);
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
    var tag = active && active.tagName ? active.tagName.toLowerCase() : "";
    if (["input", "select", "textarea"].indexOf(tag) < 0 && f.match && !el("table").hidden
        && !(e.ctrlKey || e.metaKey || e.altKey)) {
      var ch = keyChar(key, String(e.code || ""));
      if (ch && SHORTCUT_CHARS.indexOf(ch) >= 0) {
        e.preventDefault();
        postTable({ type: "key", kind: "key", char: ch });
        return;
      }
    }
    if (["ArrowLeft", "ArrowRight", "Home", "End"].indexOf(key) < 0) return;
    var cards = reachable();  // the playable cards only, on the player's turn
    if (!cards.length || !inHand) return;
    var at = playableNear(active), i = cards.indexOf(at);
    if (at !== active && (key === "ArrowLeft" || key === "ArrowRight")) {
      e.preventDefault();  // from a card that has become unplayable: the nearest playable one
      at.focus();
      return;
    }
    i = Math.max(0, i);
    var j = { ArrowLeft: i - 1, ArrowRight: i + 1, Home: 0, End: cards.length - 1 }[key];
    e.preventDefault();
    cards[Math.max(0, Math.min(cards.length - 1, j))].focus();
  }

  // ------------------------------------------------------------------ the start
  function storageCopy() {
    try {
      var out = {};
      for (var i = 0; i < localStorage.length; i++) {
        var k = localStorage.key(i);
        if (k && k.indexOf("trick-table/") === 0) out[k] = localStorage.getItem(k);
      }
      return out;
    } catch (e) { return null; }
  }

  function facts() {
    var lobby = el("lobby"), chosen = null;
    if (lobby && lobby.getAttribute("data-static") === "1" && window.__tt_touched) {
      chosen = { touched: true, pending: !!window.__tt_pending, fields: lobbyFields() };
      chosen.game = chosen.fields && chosen.fields.game;
    }
    var reduce = false, sound = false;
    try { reduce = matchMedia("(prefers-reduced-motion: reduce)").matches; } catch (e) { /* no */ }
    try { sound = !!window.__tt_sound_on(); } catch (e) { /* no sound */ }
    var mo = {};
    var got = window.__tt_mo_fetched || {};
    for (var code in got) if (got[code]) mo[code] = got[code].slice(0);
    var tt = "";
    try { tt = (history.state && history.state.tt) || ""; } catch (e) { tt = ""; }
    return { href: location.href, origin: location.origin, pathname: location.pathname,
             search: location.search, history: tt, languages: Array.prototype.slice.call(navigator.languages || []),
             storage: storageCopy(), reduce_motion: reduce, sound_on: sound,
             embedded: window.parent !== window, lobby: chosen, mo: mo };
  }

  function fromWorker(e) {
    var data = e.data;
    if (typeof data === "string") {
      var msg;
      try { msg = JSON.parse(data); } catch (err) { console.error("a message from the worker could not be read"); return; }
      carryOut(msg);
      return;
    }
    if (data && data.dead) {
      stopped(String(data.dead).slice(0, 200));
    } else if (data && data.fault) {
      boot = data.boot || boot;
      if (window.__tt_fail) window.__tt_fail(data.fault);
    } else if (data && data.boot) {
      boot = data.boot;
      (data.marks || []).forEach(function (m) {
        try { performance.mark(m[0], { startTime: m[1] - performance.timeOrigin }); } catch (err) { /* old browser */ }
      });
      var n = document.createElement("p");  // what happens to the save (ui/saving.py)
      n.id = "save-note";
      n.setAttribute("role", "status");
      n.hidden = true;
      el("app").prepend(n);
      started = true;
      worker.postMessage({ type: "start", seq: 0, facts: facts() });
      queue.splice(0).forEach(function (m) { worker.postMessage(m); });
    }
  }

  window.__tt_state = function () { return mirror.state; };
  window.__tt_record = function () { return mirror.record; };
  window.__tt_boot = function () { var b = {}; for (var k in boot) b[k] = boot[k]; return b; };
  // index.html's own writes (the display settings, the language), answered as the page's are
  window.__tt_stored = function (key, ok) { post({ type: "stored", key: String(key), ok: !!ok }); };
  window.__tt_save = function () { try { return localStorage.getItem(SAVE_KEY); } catch (e) { return null; } };
  window.__tt_reset = function (q) { return call("reset", [String(q || "")]); };
  // opens the page again as a reload would (the stored save, the address `q`), without one
  window.__tt_reopen = function (q) { return call("reopen", [String(q || ""), storageCopy()]); };
  window.__tt_lang = function (code) { return call("lang", [String(code)]); };
  window.__tt_think = function () { return call("think"); };
  window.__tt_ai_times = function (clear) { return call("ai_times", [!!clear]); };
  // the player's record (ui/record.py's `stats`): a Promise of its data
  window.__tt_record_stats = function () { return call("record_stats"); };

  if (!worker) {
    if (window.__tt_fail) window.__tt_fail((link && link.error) || "this browser cannot run the game's worker.");
    return;
  }
  worker.onmessage = fromWorker;
  worker.onerror = function (e) {
    if (e && e.preventDefault) e.preventDefault();
    if (window.__tt_fail) window.__tt_fail(String((e && e.message) || "the game's worker failed to start."));
  };
  (link.early || []).splice(0).forEach(function (e) {
    if (e.type === "error") worker.onerror(e); else fromWorker(e);
  });
  link.early = null;

  ["pointerdown", "keydown", "focusin"].forEach(function (kind) {
    document.addEventListener(kind, function () { touched = true; }, true);
  });
  document.addEventListener("click", onClick);
  document.addEventListener("change", onChange);
  document.addEventListener("keydown", onKey);
  window.addEventListener("popstate", function () {
    if (!ready) return;
    var tt = "";
    if (sheetBack()) return;
    try { tt = (history.state && history.state.tt) || ""; } catch (e) { tt = ""; }
    post({ type: "popstate", tt: tt, search: location.search });
  });
  // Shown again or focused: whether another tab went on with the match meanwhile is checked
  // now, before a move is made here (ui/saving.py other_tab_has_it).
  document.addEventListener("visibilitychange", function () {
    if (ready && document.visibilityState === "visible") post({ type: "seen" });
  });
  window.addEventListener("focus", function () { if (ready) post({ type: "seen" }); });
  window.addEventListener("storage", function (e) {
    if (e.key && e.key.indexOf("trick-table/") === 0) post({ type: "storage", key: e.key, value: e.newValue });
  });
  try {
    matchMedia("(prefers-reduced-motion: reduce)").addEventListener("change", function (m) {
      post({ type: "motion", reduce: m.matches });
    });
  } catch (e) { /* an old browser: the start's preference holds */ }
  try { history.scrollRestoration = "manual"; } catch (e) { /* the page scrolls itself */ }
})();
