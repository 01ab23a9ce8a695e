// The card faces, read ahead while the page is idle.
//
// A face is a background image (assets/style.css, `.card.f-<card>`, written by scripts/deck.py).
// The browser reads an SVG image the first time a card shows it, on the page's main thread:
// 4-11 ms a face on a 2-core machine, landing in the frame of the move that first shows that
// card. Read ahead one at a time at calm moments (the lobby, a deal's summary, the player's
// own turn; nothing moving), every face is ready before a trick needs it, and no face is read
// in a frame the computer players' moves need.
//
//   window.__tt_faces_start()   starts reading (Python calls it once the page is playable);
//                               again is a no-op.
//   window.__tt_faces()         {total, loaded, failed}: how far it got (a test hook).
(function () {
  "use strict";
  var urls = null;
  var kept = [];  // the images, kept so the browser keeps each face it read
  var state = { total: 0, loaded: 0, failed: 0 };

  // The faces' addresses, from the style sheet's own rules (no list kept twice): one per card
  // (`.card.f-<card>`), the four-colour deck's where the page uses it (html[data-deck="four"]).
  function faceUrls() {
    var four = document.documentElement.getAttribute("data-deck") === "four";
    var byCard = {};
    var order = [];
    for (var i = 0; i < document.styleSheets.length; i++) {
      var sheet = document.styleSheets[i];
      var rules;
      try { rules = sheet.cssRules; } catch (e) { continue; }
      for (var j = 0; j < rules.length; j++) {
        var r = rules[j];
        var sel = /^(html\[data-deck="four"\] )?\.card\.(f-[\w]+)$/.exec(r.selectorText || "");
        if (!sel || (sel[1] && !four)) continue;
        var m = /url\(["']?([^"')]+)["']?\)/.exec(r.style.backgroundImage || "");
        if (!m) continue;
        var url;
        try { url = new URL(m[1], sheet.href || location.href).href; } catch (e) { continue; }
        if (!(sel[2] in byCard)) order.push(sel[2]);
        byCard[sel[2]] = url;
      }
    }
    return order.map(function (k) { return byCard[k]; });
  }

  var idle = window.requestIdleCallback
    ? function (f) { window.requestIdleCallback(f, { timeout: 2000 }); }
    : function (f) { setTimeout(f, 50); };

  // The page is calm: no table on show, or a deal's summary, or the table waiting for the
  // player (#table[data-input]); no animation running; and the offline copy not being made
  // (its precache downloads the faces too: read at the same moment, a face would be downloaded
  // twice; read after, it comes from the browser's cache or from the offline copy).
  function calm() {
    var reg = window.__tt_sw;  // the service worker's registration (index.html)
    if (reg && reg.installing) return false;
    var table = document.getElementById("table");
    var quiet = !table || table.hidden || !!document.querySelector("[data-summary]")
      || table.hasAttribute("data-input");
    if (!quiet) return false;
    try {
      return !document.getAnimations().some(function (a) { return a.playState === "running"; });
    } catch (e) { return true; }
  }

  function next() {
    var i = state.loaded + state.failed;
    if (i >= urls.length) return;
    if (!calm()) { setTimeout(function () { idle(next); }, 300); return; }
    var img = new Image();
    kept.push(img);
    var done = false;
    function settle(ok) {
      if (done) return;
      done = true;
      if (ok) state.loaded++; else state.failed++;
      idle(next);
    }
    img.onload = function () { settle(true); };
    img.onerror = function () { settle(false); };
    img.src = urls[i];
  }

  window.__tt_faces_start = function () {
    if (urls !== null) return;
    try { urls = faceUrls(); } catch (e) { urls = []; }
    state.total = urls.length;
    idle(next);
  };
  window.__tt_faces = function () {
    return { total: state.total, loaded: state.loaded, failed: state.failed };
  };
})();
