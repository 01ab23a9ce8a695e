// The source of dist/sw.js (sitebuild/node/service-worker.mjs bundles it with Workbox and puts
// in the precache manifest: every file of dist/, each with the SHA-256 of its bytes unless its
// URL names its content).
//
// The precache reuses what the page has just downloaded. The page's worker has put the runtime,
// pyscript.json and the .pyc files in the precache's own cache under Workbox's keys
// (ui/worker.js); the install keeps every entry it finds there. For the rest it asks the
// browser's HTTP cache first (cache: "force-cache"), and keeps what it finds when the bytes are
// this version's (a content-named URL always is; any other file is checked against its
// SHA-256), else downloads the file. A first visit so requests each file once. (A browser that
// keeps no HTTP cache for its service worker, as in a private window, downloads the page's own
// documents, scripts and styles once more here: nothing else holds their bytes.)
//
// It takes over the open pages at its first activation, so the snapshot's maker (ui/snapshot.js)
// and any file a page asks for later come from the offline copy. A new version waits until the
// player says "reload" (SKIP_WAITING), then drops the other versions' snapshots.
import { clientsClaim } from "workbox-core";
import { addPlugins, cleanupOutdatedCaches, precacheAndRoute } from "workbox-precaching";

const MANIFEST = self.__WB_MANIFEST;
const SNAPSHOT = __TT_SNAPSHOT__;  // this version's snapshot, relative to the site (build.py)
const scope = self.registration.scope;
const SNAPSHOT_CACHE = "trick-table-snapshot " + scope;  // where ui/snapshot_maker.js stores it

const sha256 = new Map();  // absolute URL -> the SHA-256 (hex) of the file's bytes
for (const entry of MANIFEST) {
  if (entry.revision) sha256.set(new URL(entry.url, scope).href, entry.revision);
}

function hex(buffer) {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");
}

// The URL a page at `url` (…/index.html) was opened at, as its bytes are in the HTTP cache: its
// folder, unless an open page's address names index.html itself. (Asked of the open pages, not
// of the HTTP cache: a browser that keeps no HTTP cache, as in a private window, answers an
// "only-if-cached" request from the network.)
async function openedAt(url) {
  const folder = url.slice(0, -"index.html".length);
  const pages = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const bare = (address) => { const u = new URL(address); u.search = ""; u.hash = ""; return u.href; };
  return pages.some((page) => bare(page.url) === url) ? url : folder;
}

const installing = (event) => !!event && event.type === "install";

const reuseDownloads = {
  async requestWillFetch({ request, event }) {
    if (!installing(event)) return request;
    // The page is usually opened at its folder: index.html's bytes are cached under that URL.
    const url = request.url.endsWith("/index.html") ? await openedAt(request.url) : request.url;
    return new Request(url, { cache: "force-cache", credentials: "same-origin" });
  },
  async fetchDidSucceed({ request, response, event }) {
    if (!installing(event) || !response.ok) return response;
    const url = request.url.endsWith("/") ? request.url + "index.html" : request.url;
    const want = sha256.get(url);
    if (!want) return response;  // a content-named URL: the same bytes under it always
    const got = hex(await crypto.subtle.digest("SHA-256", await response.clone().arrayBuffer()));
    if (got === want) return response;
    // An older version's copy in the HTTP cache: this version's from the network.
    return fetch(url, { cache: "reload", credentials: "same-origin" });
  },
};

// The Python page's runtime (sitebuild/offline.py ON_DEMAND: content-named files the game
// never loads) is precached when that page asks (PRECACHE_ON_DEMAND, answered on the message's
// port with {ok, count}), reusing what the page has just downloaded, and served from there.
const ON_DEMAND = __TT_ON_DEMAND__;
const ON_DEMAND_CACHE = "trick-table-on-demand " + scope;
const onDemand = new Set(ON_DEMAND.map((u) => new URL(u, scope).href));

async function precacheOnDemand() {
  const cache = await caches.open(ON_DEMAND_CACHE);
  for (const url of onDemand) {
    if (await cache.match(url)) continue;
    let response = await fetch(url, { cache: "force-cache", credentials: "same-origin" });
    if (!response.ok) response = await fetch(url, { cache: "reload", credentials: "same-origin" });
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    await cache.put(url, response);
  }
  return onDemand.size;
}

async function dropOtherOnDemand() {
  if (!(await caches.has(ON_DEMAND_CACHE))) return;
  const cache = await caches.open(ON_DEMAND_CACHE);
  for (const req of await cache.keys()) {
    if (!onDemand.has(req.url)) await cache.delete(req);
  }
}

self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET" || !onDemand.has(event.request.url)) return;
  event.respondWith((async () => {
    const cache = await caches.open(ON_DEMAND_CACHE);
    return (await cache.match(event.request.url)) || fetch(event.request);
  })());
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "SKIP_WAITING") self.skipWaiting();
  if (event.data && event.data.type === "PRECACHE_ON_DEMAND") {
    const port = event.ports && event.ports[0];
    const answer = (data) => { if (port) port.postMessage(data); };
    event.waitUntil(precacheOnDemand().then(
      (count) => answer({ ok: true, count }),
      (error) => answer({ ok: false, error: String(error) })));
  }
});

async function dropOtherSnapshots() {
  if (!(await caches.has(SNAPSHOT_CACHE))) return;
  const keep = new URL(SNAPSHOT, scope).href;
  const cache = await caches.open(SNAPSHOT_CACHE);
  for (const req of await cache.keys()) {
    if (req.url !== keep) await cache.delete(req);
  }
}

self.addEventListener("activate", (event) =>
  event.waitUntil(Promise.all([dropOtherSnapshots(), dropOtherOnDemand()])));

clientsClaim();
addPlugins([reuseDownloads]);
precacheAndRoute(MANIFEST, {
  directoryIndex: "index.html",
  ignoreURLParametersMatching: [/.*/],  // ?game=…&seed=… is the same page
});
cleanupOutdatedCaches();
