/* Trick Table embed: one script tag turns every
 *   <div data-trick-table data-game="batak" data-record="…"></div>
 * into an iframe of the table, sized to the element. No other dependency.
 *
 * Attributes: data-game, data-record (the engine's record as JSON, or its "z1." compact form),
 * data-lesson (a lesson file's address relative to this page, or the lesson inline as JSON or
 * "z1."), data-step, data-seat, data-seats ("all"), data-view ("open"), data-lang, data-speed,
 * data-seed, data-players, data-level,
 * data-height (CSS height, default 640px), data-src (the table's address; default: the folder
 * this script was loaded from).
 *
 * The table's events arrive on the element as DOM events named "trick-table" (event.detail is
 * the message, e.g. {v: 1, source: "trick-table", type: "move", seat: 2, move: "QS", ...}).
 * TrickTable.send(element, {v: 1, type: "restart"}) sends it a command. docs/embed.md lists
 * every command and event.
 */
(function () {
  "use strict";
  var script = document.currentScript;
  var base = script && script.src ? new URL("./", script.src).href : new URL("./", location.href).href;
  var PASS = ["game", "record", "step", "seat", "seats", "view", "lang", "speed", "seed", "players", "level"];
  var frames = [];

  function build(el) {
    if (el.getAttribute("data-trick-table-ready")) return;
    el.setAttribute("data-trick-table-ready", "1");
    var src = new URL(el.getAttribute("data-src") || base, location.href);
    var q = new URLSearchParams();
    q.set("embed", "1");
    PASS.forEach(function (name) {
      var v = el.getAttribute("data-" + name);
      if (v !== null && v !== "") q.set(name, v);
    });
    var lesson = el.getAttribute("data-lesson");
    if (lesson) {
      var t = lesson.trim();
      // inline (JSON or compact) as it is; a file by its full address on this site
      q.set("lesson", t.charAt(0) === "{" || t.indexOf("z1.") === 0 ? t : new URL(t, location.href).href);
    }
    q.set("parent", location.origin);
    var frame = document.createElement("iframe");
    frame.src = src.href.split("?")[0] + "?" + q.toString();
    frame.title = el.getAttribute("data-title") || "Card table";
    if (el.getAttribute("data-loading") === "lazy") frame.loading = "lazy";
    frame.setAttribute("allow", "clipboard-write");
    frame.style.width = "100%";
    frame.style.minWidth = "320px";
    frame.style.height = el.getAttribute("data-height") || "640px";
    frame.style.minHeight = "400px";
    frame.style.border = "0";
    frame.style.borderRadius = "12px";
    frame.style.display = "block";
    el.textContent = "";
    el.appendChild(frame);
    frames.push({ el: el, frame: frame, origin: src.origin });
  }

  window.addEventListener("message", function (e) {
    var d = e.data;
    if (!d || typeof d !== "object" || d.source !== "trick-table") return;
    for (var i = 0; i < frames.length; i++) {
      var f = frames[i];
      if (f.frame.contentWindow === e.source && e.origin === f.origin) {
        f.el.dispatchEvent(new CustomEvent("trick-table", { detail: d, bubbles: true }));
        return;
      }
    }
  });

  function send(el, command) {
    for (var i = 0; i < frames.length; i++) {
      if (frames[i].el === el) {
        frames[i].frame.contentWindow.postMessage(command, frames[i].origin);
        return true;
      }
    }
    return false;
  }

  function scan() {
    var els = document.querySelectorAll("[data-trick-table]");
    for (var i = 0; i < els.length; i++) build(els[i]);
  }

  window.TrickTable = { scan: scan, send: send };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", scan);
  else scan();
})();
