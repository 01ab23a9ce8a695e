// The main thread's long tasks (over 50 ms, Long Tasks API) as [start, duration] in
// window.__long, from the page's start (page-memory adds it before the page's own scripts).
window.__long = [];
try {
  new PerformanceObserver(l => { for (const e of l.getEntries()) window.__long.push(
    [Math.round(e.startTime), Math.round(e.duration)]); })
    .observe({ type: "longtask", buffered: true });
} catch (e) { /* no long task timing */ }
