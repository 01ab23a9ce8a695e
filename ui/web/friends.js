// @ts-check
// The transport of play with friends (docs/friends.md): WebRTC data channels through PeerJS
// (vendored by the build as runtime/peerjs-<version>/peerjs.mjs, sitebuild/friends.py) and a
// PeerJS broker named by the site's friends.json. Loaded with import() by ui/web/ops.js only when
// the worker writes a friends operation; never on the game's start path. It carries strings and
// decides nothing: the host's Python (ui/friends/) checks every message. What it posts to the
// worker: {type: "friends", what: "open" | "peer" | "msg" | "gone" | "error", ...}.
import { post } from "./bridge.js";

/** A message of this many bytes (UTF-8) or more is refused (PeerJS's channels cut at 16,300). */
export const LIMIT = 16000;
const PEERJS = new URL("../../runtime/peerjs-1.5.5/peerjs.mjs", import.meta.url).href;
const SETTINGS = new URL("../../friends.json", import.meta.url).href;
const CONNECT_MS = 20000;  // a guest whose channel is not open by then is told "gone"
const RETAKE_MS = 3000;  // a host's id still taken (its page's last transport): tried again after
const RETAKE_FOR_MS = 90000;  // ... for this long (the broker frees a dead page's id in 60 s)
const ID = /^[A-Za-z0-9]+(?:[ _-][A-Za-z0-9]+)*$/;  // an id PeerJS accepts

/** @typedef {{host: string, port: number, path: string, secure: boolean, key?: string}} Broker */
/** @typedef {{broker?: Broker, iceServers?: unknown[], id?: string}} Config */

const T = {
  /** @type {any} the PeerJS Peer */ peer: null,
  role: "",
  gen: 0,
  retakeUntil: 0,
  n: 0,
  /** @type {Map<string, any>} peer label -> PeerJS DataConnection */ conns: new Map(),
  /** @type {Record<string, unknown>[]} the last events posted (for window.__tt_friends) */ seen: [],
  /** @type {Set<(e: Record<string, any>) => void>} */ listeners: new Set(),
};

/** @param {string} what @param {Record<string, unknown>} [fields] */
function emit(what, fields) {
  /** @type {Record<string, unknown>} */
  const m = { type: "friends", what: what };
  if (fields) for (const k in fields) m[k] = fields[k];
  T.seen.push(Object.assign({}, m));
  if (T.seen.length > 500) T.seen.splice(0, T.seen.length - 500);
  post(m);
  T.listeners.forEach(function (fn) { try { fn(Object.assign({}, m)); } catch (e) { /* theirs */ } });
}

/** Calls `fn` with each event as it is posted (tests, the benchmark); returns its remover.
 * @param {(e: Record<string, any>) => void} fn @returns {() => void} */
export function listen(fn) {
  T.listeners.add(fn);
  return function () { T.listeners.delete(fn); };
}

/** The events posted so far (the latest 500), oldest first. */
export function events() { return T.seen.slice(); }

/** @param {unknown} err @returns {string} */
function reason(err) {
  const type = err && typeof err === "object" ? /** @type {{type?: unknown}} */ (err).type : "";
  switch (type) {
    case "peer-unavailable": return "peer-unavailable";
    case "browser-incompatible": return "no-webrtc";
    case "network": case "server-error": case "socket-error": case "socket-closed":
    case "disconnected": case "ssl-unavailable": case "invalid-key": return "broker";
    default: return "other";
  }
}

/** @param {unknown} b @returns {b is Broker} */
function isBroker(b) {
  if (!b || typeof b !== "object") return false;
  const o = /** @type {Record<string, unknown>} */ (b);
  return typeof o.host === "string" && typeof o.port === "number" && typeof o.path === "string" &&
    typeof o.secure === "boolean" && (o.key === undefined || typeof o.key === "string");
}

/** The site's friends.json with the operation's config over it.
 * @param {Config} config @returns {Promise<{broker: Broker, iceServers: unknown[]}>} */
async function settings(config) {
  /** @type {Config} */
  let site = {};
  if (!isBroker(config.broker) || !Array.isArray(config.iceServers)) {
    const r = await fetch(SETTINGS, { credentials: "same-origin" });
    if (r.ok) site = await r.json();
  }
  const broker = isBroker(config.broker) ? config.broker : site.broker;
  const ice = Array.isArray(config.iceServers) ? config.iceServers : site.iceServers;
  if (!isBroker(broker) || !Array.isArray(ice)) throw new Error("friends.json: no broker or iceServers");
  return { broker: broker, iceServers: ice };
}

function close() {
  T.gen++;
  const conns = Array.from(T.conns.values());
  T.conns.clear();
  conns.forEach(function (c) { try { c.close(); } catch (e) { /* already closed */ } });
  if (T.peer) { try { T.peer.destroy(); } catch (e) { /* already gone */ } }
  T.peer = null;
  T.role = "";
}

// A page that goes away closes its channels (the other side hears "gone" at once) and frees its
// broker id (else kept until the broker's alive timeout).
window.addEventListener("pagehide", function () { if (T.peer) close(); });

/** A PeerJS Peer on the configured broker, or null (an error posted).
 * @param {string} role @param {unknown} config @returns {Promise<any>} */
async function start(role, config) {
  close();
  const gen = T.gen;
  if (typeof RTCPeerConnection === "undefined") { emit("error", { reason: "no-webrtc" }); return null; }
  /** @type {{broker: Broker, iceServers: unknown[]}} */
  let s;
  /** @type {any} */
  let mod;
  try {
    s = await settings(config && typeof config === "object" ? /** @type {Config} */ (config) : {});
    mod = await import(PEERJS);
  } catch (e) {
    if (gen === T.gen) emit("error", { reason: "other" });
    return null;
  }
  if (gen !== T.gen) return null;  // another start or a drop came meanwhile
  const b = s.broker;
  const options = {
    host: b.host, port: b.port, path: b.path, secure: b.secure, key: b.key || "peerjs",
    config: { iceServers: s.iceServers }, debug: 0,
  };
  const id = wantedId(config);
  const peer = id ? new mod.Peer(id, options) : new mod.Peer(options);
  T.peer = peer;
  T.role = role;
  peer.on("error", function (/** @type {unknown} */ err) {
    if (T.peer !== peer) return;
    if (id && role === "host" && isTaken(err) && Date.now() < T.retakeUntil) {
      // the id is still the last page's (it closed without freeing it): asked for again
      setTimeout(function () { if (T.gen === gen) host(config, true); }, RETAKE_MS);
      return;
    }
    emit("error", { reason: reason(err) });
  });
  return peer;
}

/** The broker id a host asks for (its table reopened: the guests' links name it), or "".
 * @param {unknown} config @returns {string} */
function wantedId(config) {
  const id = config && typeof config === "object" ? /** @type {Config} */ (config).id : undefined;
  return typeof id === "string" && id.length <= 64 && ID.test(id) ? id : "";
}

/** @param {unknown} err @returns {boolean} */
function isTaken(err) {
  return !!err && typeof err === "object" && /** @type {{type?: unknown}} */ (err).type === "unavailable-id";
}

/** Follows one data channel under the label `label`; "peer" once open.
 * @param {any} conn @param {string} label */
function follow(conn, label) {
  let over = false;
  const gone = function () {
    if (over) return;
    over = true;
    if (T.conns.get(label) === conn) { T.conns.delete(label); emit("gone", { peer: label }); }
  };
  T.conns.set(label, conn);
  conn.on("open", function () { if (T.conns.get(label) === conn) emit("peer", { peer: label }); });
  conn.on("data", function (/** @type {unknown} */ data) {
    if (typeof data === "string" && T.conns.get(label) === conn) emit("msg", { peer: label, text: data });
  });
  conn.on("close", gone);
  conn.on("error", function () { gone(); try { conn.close(); } catch (e) { /* closed */ } });
  setTimeout(function () { if (!conn.open && !over) { gone(); try { conn.close(); } catch (e) { /* */ } } }, CONNECT_MS);
}

/** The host: a Peer that accepts guests ("open" with the id for the invite link; "peer" for
 * each guest's channel). Reuses a host transport already there. With `config.id` (a table
 * opened again), that broker id: while the broker says it is taken, asked for again every
 * RETAKE_MS for RETAKE_FOR_MS (`again`: one of those tries).
 * @param {unknown} config @param {boolean} [again] */
export async function host(config, again) {
  const p = T.peer;
  const id = wantedId(config);
  if (!again) T.retakeUntil = Date.now() + RETAKE_FOR_MS;
  if (p && T.role === "host" && !p.destroyed && (!id || p.id === id)) {
    if (p.open) emit("open", { id: p.id });
    else if (p.disconnected) p.reconnect();
    return;
  }
  const peer = await start("host", config);
  if (!peer) return;
  peer.on("open", function (/** @type {string} */ id) { if (T.peer === peer) emit("open", { id: id }); });
  peer.on("connection", function (/** @type {any} */ conn) {
    if (T.peer !== peer) { conn.close(); return; }
    follow(conn, "g" + (++T.n));
  });
}

/** A guest: a Peer of its own, then a channel to the host's broker id, labelled "host".
 * @param {unknown} hostId @param {unknown} config */
export async function join(hostId, config) {
  const peer = await start("guest", config);
  if (!peer) return;
  peer.on("connection", function (/** @type {any} */ conn) { conn.close(); });
  peer.on("open", function (/** @type {string} */ id) {
    if (T.peer !== peer) return;
    emit("open", { id: id });
    if (T.conns.has("host")) return;  // the broker came back: the channel is still there
    follow(peer.connect(String(hostId), { reliable: true, serialization: "raw" }), "host");
  });
}

/** Sends `text` to a peer ("host" on a guest). Returns "ok", or why not: "too-big" (LIMIT
 * bytes or more), "not-text", "no-peer" (no such open channel).
 * @param {unknown} label @param {unknown} text @returns {string} */
export function send(label, text) {
  if (typeof text !== "string") return "not-text";
  if (text.length >= LIMIT || new TextEncoder().encode(text).length >= LIMIT) return "too-big";
  const conn = T.conns.get(String(label));
  if (!conn || !conn.open) return "no-peer";
  conn.send(text);
  return "ok";
}

/** Closes a peer's channel ("*": every channel and the transport). Nothing more is posted
 * about what was dropped here.
 * @param {unknown} label */
export function drop(label) {
  if (label === "*") { close(); return; }
  const conn = T.conns.get(String(label));
  if (!conn) return;
  T.conns.delete(String(label));
  try { conn.close(); } catch (e) { /* already closed */ }
}

/** Posts an event of the transport (ui/web/pairing.js's own: "offer", "answer", "pair-error").
 * @param {string} what @param {Record<string, unknown>} [fields] */
export function tell(what, fields) { emit(what, fields); }

/** A data channel made without the broker (ui/web/pairing.js) followed under `label` as
 * PeerJS's are: the same "peer", "msg" and "gone" events, and `send` and `drop` work on it.
 * Its connection `pc` is closed with it.
 * @param {RTCDataChannel} dc @param {string} label @param {RTCPeerConnection} pc */
export function adopt(dc, label, pc) {
  /** @type {Record<string, Array<(data?: unknown) => void>>} */
  const on = { open: [], data: [], close: [], error: [] };
  /** @param {string} what @param {unknown} [data] */
  const fire = function (what, data) { on[what].forEach(function (fn) { fn(data); }); };
  let shut = false;
  let opened = false;  // (a channel given already open may still fire "open" after)
  const opens = function () { if (!opened && dc.readyState === "open") { opened = true; fire("open"); } };
  const conn = {
    get open() { return dc.readyState === "open"; },
    /** @param {string} what @param {(data?: unknown) => void} fn */
    on: function (what, fn) {
      if (on[what]) on[what].push(fn);
      if (what === "open") queueMicrotask(opens);
    },
    /** @param {string} text */
    send: function (text) { dc.send(text); },
    close: function () {
      if (shut) return;
      shut = true;
      try { dc.close(); } catch (e) { /* closed */ }
      try { pc.close(); } catch (e) { /* closed */ }
      fire("close");
    },
  };
  dc.addEventListener("open", opens);
  dc.addEventListener("message", function (ev) { fire("data", ev.data); });
  dc.addEventListener("close", function () { conn.close(); });
  dc.addEventListener("error", function () { fire("error"); });
  pc.addEventListener("connectionstatechange", function () {
    if (pc.connectionState === "failed" || pc.connectionState === "closed") conn.close();
  });
  follow(conn, label);
}
