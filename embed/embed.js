/* Trick Table embed: one script tag turns every
 *   <div data-trick-table data-game="batak" data-record="…"></div>
 * into an iframe of the table, sized to the element. No other dependency.
 *
 * Attributes: data-game, data-record (the engine's record as JSON, or its "z1." compact form),
 * data-lesson (a lesson file's address relative to this page, or the lesson inline as JSON or
 * "z1."; a file is fetched here, on this page's site, and handed to the table by message),
 * data-puzzle (a puzzle: "batak/17", "batak" for the next one, "daily"; its events are
 * "puzzle-solved" and "puzzle-failed"),
 * data-step, data-seat, data-seats ("all"), data-view ("open"), data-lang, data-speed,
 * data-seed, data-players, data-level and every game's table options (data-hands, data-rounds,
 * data-trump, ...: PASS below), as the table's own address parameters,
 * data-height (a fixed CSS height; without it the frame follows the table's height, from its
 * "resize" events), data-loading="lazy" (the table starts only when the reader scrolls within
 * 200px of it), data-src (the table's address; default: the folder
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
  // Passed on to the table's address as they are, refused there with a sentence if wrong: the
  // embedding's, the page's own and every game's table options (ui/lobby/query.py, engine's games;
  // tests/ui/test_embed_js.py keeps this list whole). An option named with "_" may be written
  // with "-" too (data-must-trump).
  var PASS = ["game", "puzzle", "record", "step", "seat", "seats", "view", "lang", "speed", "seed",
    "players", "level",
    "ante", "bankroll", "deck", "eggs_double", "face_down", "hands", "marker", "must_trump",
    "rounds", "short", "trump"];
  var frames = [];
  var MAX_LESSON = 250000;  // characters of a lesson file (ui/embed/spec.py's MAX_LESSON)

  function build(el) {
    if (el.getAttribute("data-trick-table-ready")) return;
    el.setAttribute("data-trick-table-ready", "1");
    var src = new URL(el.getAttribute("data-src") || base, location.href);
    var q = new URLSearchParams();
    q.set("embed", "1");
    PASS.forEach(function (name) {
      var v = el.getAttribute("data-" + name);
      if (v === null && name.indexOf("_") >= 0) v = el.getAttribute("data-" + name.replace(/_/g, "-"));
      if (v !== null && v !== "") q.set(name, v);
    });
    var lesson = el.getAttribute("data-lesson"), file = null;
    if (lesson) {
      var t = lesson.trim();
      // inline (JSON or compact) as it is; a file is read here, on this page's own site, and
      // handed to the table by a "load" message once it is ready (it checks it as any lesson)
      if (t.charAt(0) === "{" || t.indexOf("z1.") === 0) q.set("lesson", t);
      else { file = new URL(t, location.href).href; q.set("wait", "lesson"); }
    }
    var height = el.getAttribute("data-height");
    if (!height) q.set("fit", "1");
    q.set("parent", location.origin);
    var frame = document.createElement("iframe");
    var address = src.href.split("?")[0] + "?" + q.toString();
    frame.title = el.getAttribute("data-title") || "Card table";
    var lazy = el.getAttribute("data-loading") === "lazy";
    if (lazy && typeof IntersectionObserver === "function") {
      // A table starts its own Python runtime: one that is out of sight starts only when
      // the reader scrolls near it (browsers' own lazy frames start far earlier).
      var seen = new IntersectionObserver(function (entries) {
        for (var i = 0; i < entries.length; i++) {
          if (entries[i].isIntersecting) { seen.disconnect(); frame.src = address; return; }
        }
      }, { rootMargin: "200px 0px" });
      seen.observe(el);
    } else {
      if (lazy) frame.loading = "lazy";
      frame.src = address;
    }
    frame.setAttribute("allow", "clipboard-write");
    frame.style.width = "100%";
    frame.style.minWidth = "320px";
    frame.style.height = height || "640px";
    if (height) frame.style.minHeight = "400px";
    frame.style.border = "0";
    frame.style.borderRadius = "12px";
    frame.style.display = "block";
    el.textContent = "";
    el.appendChild(frame);
    var f = { el: el, frame: frame, origin: src.origin, fit: !height, ready: false, lesson: null };
    frames.push(f);
    if (file) fetchLesson(f, file, t);
  }

  function fetchLesson(f, url, name) {
    fetch(url, { credentials: "same-origin" }).then(function (r) {
      if (!r.ok) throw new Error("HTTP " + r.status);
      return r.text();
    }).then(function (text) {
      f.lesson = text;
      f.name = name;
      deliver(f);
    }, function (err) {
      var message = "The lesson \u201c" + name + "\u201d could not be loaded (" + (err && err.message || err) + ").";
      problem(f, message);
      f.frame.style.display = "none";
      f.el.dispatchEvent(new CustomEvent("trick-table", {
        detail: { v: 1, source: "trick-table", type: "error", message: message }, bubbles: true }));
    });
  }

  // A sentence about the lesson in the author's element, above the frame: text, never HTML.
  function problem(f, message) {
    var p = f.el.querySelector("p[data-trick-table-problem]");
    if (!p) {
      p = document.createElement("p");
      p.setAttribute("role", "alert");
      p.setAttribute("data-trick-table-problem", "");
      f.el.insertBefore(p, f.frame);
    }
    p.textContent = String(message);
  }

  function deliver(f) {  // the lesson read here goes to the table once it is ready
    if (!f.ready || f.lesson === null) return;
    // The table checks it and names the file in what it says; a file over MAX_LESSON
    // characters is not handed over, only its size (the table says it is too large).
    var load = f.lesson.length > MAX_LESSON ?
      { v: 1, type: "load", name: f.name, size: f.lesson.length } :
      { v: 1, type: "load", lesson: f.lesson, name: f.name };
    f.loading = true;  // until the lesson's first step, an error is the file's: said here too
    f.frame.contentWindow.postMessage(load, f.origin);
    f.lesson = null;
  }

  window.addEventListener("message", function (e) {
    var d = e.data;
    if (!d || typeof d !== "object" || d.source !== "trick-table") return;
    for (var i = 0; i < frames.length; i++) {
      var f = frames[i];
      if (f.frame.contentWindow === e.source && e.origin === f.origin) {
        if (d.type === "ready") { f.ready = true; deliver(f); }
        if (d.type === "error" && f.loading && typeof d.message === "string") problem(f, d.message);
        if (d.type === "lesson-step") f.loading = false;
        if (d.type === "resize" && f.fit && typeof d.height === "number" && d.height > 0) {
          f.frame.style.height = Math.ceil(d.height) + "px";  // nothing scrolls inside the frame
        }
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
