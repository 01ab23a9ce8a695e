// Sound effects for the table, made with the Web Audio API (no sound files, nothing fetched).
//
//   window.__tt_sound(kind)       plays "card", "trick", "turn", "won" or "lost" if sound is
//                                  on; true when it was scheduled. Never throws: without
//                                  audio (no AudioContext, a refused context) play goes on.
//   window.__tt_sound_on()         whether sound is on here.
//   window.__tt_sound_set(on)      turns it on or off, remembered in localStorage:
//                                  "trick-table/sound" for the page (on by default) and
//                                  "trick-table/sound-embed" inside an embed (off by default).
//   window.__tt_sounds             the kinds asked for while on, in order (a test hook).
//
// The audio context is made at the first calm moment after the page's first tap or key
// (browsers keep audio suspended until the page is used: see wake), or when the switch turns
// sound on; until then a sound is simply not heard.
(function () {
  "use strict";
  var embedded = /[?&]embed=/.test(location.search) || window.top !== window;
  var KEY = embedded ? "trick-table/sound-embed" : "trick-table/sound";
  var ctx = null;
  var unavailable = false;
  window.__tt_sounds = [];

  function stored() {
    try { return localStorage.getItem(KEY); } catch (e) { return null; }
  }
  function isOn() {
    var v = stored();
    if (v === "on") return true;
    if (v === "off") return false;
    return !embedded;
  }

  function context() {
    if (unavailable) return null;
    if (ctx === null) {
      var C = window.AudioContext || window.webkitAudioContext;
      if (!C) { unavailable = true; return null; }
      try { ctx = new C(); } catch (e) { unavailable = true; return null; }
    }
    if (ctx.state === "suspended" && ctx.resume) {
      ctx.resume().catch(function () {});
    }
    return ctx;
  }

  // A short tone with a quick attack and an exponential fade.
  function tone(c, at, freq, dur, type, peak) {
    var o = c.createOscillator(), g = c.createGain();
    o.type = type;
    o.frequency.setValueAtTime(freq, at);
    g.gain.setValueAtTime(0.0001, at);
    g.gain.exponentialRampToValueAtTime(peak, at + 0.01);
    g.gain.exponentialRampToValueAtTime(0.0001, at + dur);
    o.connect(g).connect(c.destination);
    o.start(at);
    o.stop(at + dur + 0.02);
  }

  // A card laid on the felt: a short burst of filtered noise.
  function snap(c, at) {
    var n = Math.floor(c.sampleRate * 0.06), buf = c.createBuffer(1, n, c.sampleRate);
    var data = buf.getChannelData(0);
    for (var i = 0; i < n; i++) data[i] = (Math.random() * 2 - 1) * Math.pow(1 - i / n, 3);
    var src = c.createBufferSource(), f = c.createBiquadFilter(), g = c.createGain();
    src.buffer = buf;
    f.type = "bandpass"; f.frequency.value = 1800; f.Q.value = 0.8;
    g.gain.value = 0.35;
    src.connect(f).connect(g).connect(c.destination);
    src.start(at);
  }

  var SOUNDS = {
    card: function (c, t) { snap(c, t); },
    trick: function (c, t) { tone(c, t, 660, 0.12, "triangle", 0.12); tone(c, t + 0.09, 880, 0.16, "triangle", 0.1); },
    turn: function (c, t) { tone(c, t, 587, 0.18, "sine", 0.08); },
    won: function (c, t) {
      [523, 659, 784, 1047].forEach(function (f, i) { tone(c, t + i * 0.09, f, 0.22, "triangle", 0.1); });
    },
    lost: function (c, t) {
      [392, 330, 262].forEach(function (f, i) { tone(c, t + i * 0.12, f, 0.26, "sine", 0.09); });
    },
  };

  window.__tt_sound_on = isOn;
  window.__tt_sound_set = function (on) {
    try { localStorage.setItem(KEY, on ? "on" : "off"); } catch (e) { /* not remembered */ }
    if (on) context();  // the switch is a tap: audio may start now
    return isOn();
  };
  window.__tt_sound = function (kind) {
    try {
      if (!isOn() || !SOUNDS[kind]) return false;
      window.__tt_sounds.push(kind);
      if (window.__tt_sounds.length > 200) window.__tt_sounds.shift();
      // Made once the page has been used (wake, below), never here: making a context takes
      // tens of milliseconds, a stutter in the middle of a move's motion.
      var c = ctx;
      if (c === null || c.state !== "running") return false;
      SOUNDS[kind](c, c.currentTime + 0.01);
      return true;
    } catch (e) {
      return false;  // audio is a nicety: never in the way of play
    }
  };
  // Browsers start audio only after the page is used: after the first tap or key the context
  // is made at the next calm moment (the page stays allowed to start audio once it has been
  // used). Making it holds the page up for tens of milliseconds (over 100 in a headless
  // Chromium), so never while cards move or a trick is being played: in the lobby, at a deal's
  // summary, or once the table is gone.
  var waking = false;
  function calm() {
    var table = document.getElementById("table");
    var quiet = !table || table.hidden || !!document.querySelector("[data-summary]");
    if (!quiet) return false;
    try {
      return !document.getAnimations().some(function (a) { return a.playState === "running"; });
    } catch (e) { return true; }
  }
  function makeWhenCalm() {
    if (ctx !== null || unavailable || !isOn()) { waking = false; return; }
    if (!calm()) { setTimeout(makeWhenCalm, 400); return; }
    var later = window.requestIdleCallback || function (f) { return setTimeout(f, 50); };
    later(function () {
      if (calm()) { waking = false; context(); } else setTimeout(makeWhenCalm, 400);
    }, { timeout: 1000 });
  }
  function wake() {
    window.removeEventListener("pointerdown", wake, true);
    window.removeEventListener("keydown", wake, true);
    if (waking) return;
    waking = true;
    makeWhenCalm();
  }
  window.addEventListener("pointerdown", wake, true);
  window.addEventListener("keydown", wake, true);
})();
