// Frames while a deal is played (page-frames adds it before the page's own scripts): long
// animation frames with where the table was, gaps between animation frames over 50 ms and the
// frame count, in window.__frames, counted while window.__frames.on is set.
window.__frames = {loaf: [], gaps: [], count: 0, on: false};
try {
  new PerformanceObserver(l => { if (!window.__frames.on) return;
    // where the table was when the long frame ended: the deal's summary on show, the cards
    // being dealt, or the play of a trick
    const at = document.querySelector("[data-summary]") ? "summary"
      : document.querySelector("#table[data-dealing]") ? "dealing" : "trick";
    for (const e of l.getEntries())
      window.__frames.loaf.push([Math.round(e.duration), at, e.startTime]); })
    .observe({ type: "long-animation-frame", buffered: false });
} catch (e) { window.__frames.noLoaf = true; }
(function tick(last) { requestAnimationFrame(t => {
  const f = window.__frames;
  if (f.on) { f.count++; if (last !== null && t - last > 50) f.gaps.push(Math.round(t - last)); }
  tick(t); }); })(null);
