// @ts-check
// Pairing without a broker (docs/friends.md, "Inviting without a broker"): the host's offer is
// carried in the invite link (?friends=pair:<code>) and the guest's answer comes back as a short
// code the host pastes. A code is the few SDP fields a data channel needs (ICE ufrag and pwd,
// the DTLS fingerprint and role, the candidates) as compact text, deflate-raw compressed by
// the browser's own CompressionStream, in base64url. Once open, a channel is handed to
// ui/web/friends.js (`adopt`), so the page's Python hears the same events as for a channel
// made through the broker: `peer`, `msg`, `gone`; `send` and `drop` work on it.
// Loaded with import() by ui/web/ops.js only when a pairing operation arrives. Events of its
// own: {what: "offer", peer, text} (the host's code for that label), {what: "answer", peer:
// "host", text} (the guest's code), {what: "pair-error", peer, reason}. Every input is checked
// and refused with a reason; nothing here throws out.
import { adopt, tell } from "./friends.js";

/** The longest code read (characters), and the longest text it may unpack to (bytes). */
export const MAX_CODE = 2000;
export const MAX_TEXT = 4000;
const MAGIC = "TT1";
const MAX_CANDIDATES = 16;
const GATHER_MS = 5000;  // ICE gathering not complete by then: the candidates found so far
const SETTINGS = new URL("../../friends.json", import.meta.url).href;
const LABEL = /^pair([1-9])-[0-9]{1,6}$/;
const ICE_CHARS = /^[A-Za-z0-9+/]{4,256}$/;
const ADDRESS = /^(?:[0-9]{1,3}(?:\.[0-9]{1,3}){3}|[0-9A-Fa-f:]{2,39}|[A-Za-z0-9-]{1,63}\.local)$/;
const TYPES = ["host", "srflx", "prflx", "relay"];
const TYPE_PREF = [126, 100, 110, 0];  // each type's preference (RFC 8445, 5.1.2.2)
const ROLES = ["actpass", "active", "passive"];

/** @typedef {{kind: string, ufrag: string, pwd: string, fp: string, setup: string,
 *   reply: string, cands: string[]}} Fields */

/** The host's offers not yet answered, by label. @type {Map<string, {pc: RTCPeerConnection,
 *  dc: RTCDataChannel, ufrag: string}>} */
const pending = new Map();

/** The ICE servers: the config's, else friends.json's, else none (host candidates only).
 * @param {unknown} config @returns {Promise<RTCIceServer[]>} */
async function iceServers(config) {
  const c = config && typeof config === "object" ? /** @type {Record<string, unknown>} */ (config) : {};
  if (Array.isArray(c.iceServers)) return /** @type {RTCIceServer[]} */ (c.iceServers);
  try {
    const r = await fetch(SETTINGS, { credentials: "same-origin" });
    const site = r.ok ? await r.json() : null;
    if (site && Array.isArray(site.iceServers)) return site.iceServers;
  } catch (e) { /* no settings: no ICE server */ }
  return [];
}

// ------------------------------------------------------------------------- the compact text
/** The fields of a local description (SDP) that a pairing needs, or null.
 * @param {string} sdp @param {string} kind @param {string} reply @returns {Fields | null} */
export function fieldsOf(sdp, kind, reply) {
  /** @param {string} name @returns {string} */
  const attr = function (name) {
    const m = sdp.match(new RegExp("^a=" + name + ":(.*)$", "m"));
    return m ? m[1].trim() : "";
  };
  const fp = attr("fingerprint").match(/^sha-256 ((?:[0-9A-F]{2}:){31}[0-9A-F]{2})$/i);
  /** @type {string[]} */
  const cands = [];
  for (const m of sdp.matchAll(/^a=candidate:(\S+) (\d+) (\S+) (\d+) (\S+) (\d+) typ (\S+)(.*)$/gm)) {
    if (m[2] !== "1" || m[3].toLowerCase() !== "udp" || cands.length >= MAX_CANDIDATES) continue;
    const rel = m[8].match(/ raddr (\S+) rport (\d+)/);
    cands.push([m[7], m[5], m[6]].concat(rel ? [rel[1], rel[2]] : []).join(" "));  // (in order of priority)
  }
  const f = { kind: kind, ufrag: attr("ice-ufrag"), pwd: attr("ice-pwd"),
    fp: fp ? fp[1].replace(/:/g, "").toLowerCase() : "", setup: attr("setup"), reply: reply, cands: cands };
  return check(f) === "" ? f : null;
}

/** Why these fields cannot be a pairing code's ("" if they can).
 * @param {Fields} f @returns {string} */
function check(f) {
  if (f.kind !== "o" && f.kind !== "a") return "kind";
  if (!ICE_CHARS.test(f.ufrag) || !/^[A-Za-z0-9+/]{22,256}$/.test(f.pwd)) return "ice";
  if (!/^[0-9a-f]{64}$/.test(f.fp) || ROLES.indexOf(f.setup) < 0) return "dtls";
  if (f.kind === "a" ? !ICE_CHARS.test(f.reply) : f.reply !== "-") return "reply";
  if (!f.cands.length || f.cands.length > MAX_CANDIDATES) return "candidates";
  for (const c of f.cands) {
    const p = c.split(" ");
    if (!(p.length === 3 || p.length === 5) || TYPES.indexOf(p[0]) < 0 || !ADDRESS.test(p[1]) ||
        !port(p[2]) || (p.length === 5 && (!ADDRESS.test(p[3]) || !port(p[4])))) {
      return "candidates";
    }
  }
  return "";
}

/** @param {string} s */
function port(s) { return /^[0-9]{1,5}$/.test(s) && Number(s) > 0 && Number(s) < 65536; }

/** The compact text of the fields: one line each, the candidates last.
 * @param {Fields} f @returns {string} */
export function textOf(f) {
  return [MAGIC + " " + f.kind, f.ufrag, f.pwd, f.fp, f.setup, f.reply].concat(f.cands).join("\n");
}

/** The fields of a compact text, or why not. @param {string} text @returns {Fields | string} */
export function readText(text) {
  const lines = text.split("\n");
  if (lines.length < 7 || lines.length > 6 + MAX_CANDIDATES) return "form";
  const head = lines[0].split(" ");
  if (head.length !== 2 || head[0] !== MAGIC) return "form";
  const f = { kind: head[1], ufrag: lines[1], pwd: lines[2], fp: lines[3], setup: lines[4],
    reply: lines[5], cands: lines.slice(6) };
  const why = check(f);
  return why || f;
}

/** An SDP description rebuilt from the fields (the other side's offer or answer).
 * @param {Fields} f @returns {string} */
export function sdpOf(f) {
  const fp = (f.fp.match(/../g) || []).join(":").toUpperCase();
  const lines = [
    "v=0", "o=- " + String(Date.now()) + " 2 IN IP4 127.0.0.1", "s=-", "t=0 0",
    "a=group:BUNDLE 0", "a=msid-semantic: WMS",
    "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0",
    "a=ice-ufrag:" + f.ufrag, "a=ice-pwd:" + f.pwd, "a=fingerprint:sha-256 " + fp,
    "a=setup:" + f.setup, "a=mid:0", "a=sctp-port:5000", "a=max-message-size:262144",
  ];
  f.cands.forEach(function (c, i) {
    // the foundation and priority are not carried: each candidate its own foundation, and the
    // priority of its type (RFC 8445), the first one preferred
    const p = c.split(" ");
    const priority = TYPE_PREF[TYPES.indexOf(p[0])] * 16777216 + (65535 - i) * 256 + 255;
    lines.push("a=candidate:" + String(i + 1) + " 1 udp " + String(priority) + " " + p[1] + " " + p[2] +
      " typ " + p[0] + (p.length === 5 ? " raddr " + p[3] + " rport " + p[4] : ""));
  });
  lines.push("a=end-of-candidates");
  return lines.join("\r\n") + "\r\n";
}

// ------------------------------------------------------------------------- the code
/** @param {Uint8Array} bytes @returns {string} */
function base64url(bytes) {
  let s = "";
  for (let i = 0; i < bytes.length; i++) s += String.fromCharCode(bytes[i]);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** All of a stream's bytes, at most `limit` (null past it).
 * @param {ReadableStream<Uint8Array>} stream @param {number} limit @returns {Promise<Uint8Array | null>} */
async function drain(stream, limit) {
  const reader = stream.getReader();
  /** @type {Uint8Array[]} */
  const parts = [];
  let n = 0;
  for (;;) {
    const r = await reader.read();
    if (r.done) break;
    n += r.value.length;
    if (n > limit) { reader.cancel().catch(function () { /* over */ }); return null; }
    parts.push(r.value);
  }
  const out = new Uint8Array(n);
  let at = 0;
  for (const p of parts) { out.set(p, at); at += p.length; }
  return out;
}

/** The code of the fields: their text, deflate-raw, base64url. @param {Fields} f @returns {Promise<string>} */
export async function pack(f) {
  const data = new TextEncoder().encode(textOf(f));
  const stream = new Blob([data]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  const out = await drain(stream, MAX_CODE * 4);
  if (!out) throw new Error("too long");
  return base64url(out);
}

/** The fields of a code, or why not: "empty", "too-long", "not-code", "garbage" (does not
 * unpack: damaged or cut short), or what its text lacks ("form", "ice", "dtls", ...).
 * @param {unknown} code @returns {Promise<Fields | string>} */
export async function unpack(code) {
  if (typeof DecompressionStream === "undefined") return "no-streams";
  if (typeof code !== "string" || !code.trim()) return "empty";
  const c = code.trim();
  if (c.length > MAX_CODE) return "too-long";
  if (!/^[A-Za-z0-9_-]+$/.test(c)) return "not-code";
  const whole = c.length % 4 === 1 ? c.slice(0, -1) : c;  // (a last lone character holds no byte)
  /** @type {Uint8Array} */
  let bytes;
  try {
    const bin = atob(whole.replace(/-/g, "+").replace(/_/g, "/"));
    bytes = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  } catch (e) { return "not-code"; }
  /** @type {Uint8Array | null} */
  let text;
  try {
    const stream = new Blob([/** @type {BlobPart} */ (bytes.buffer)]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
    text = await drain(stream, MAX_TEXT);
  } catch (e) { return "garbage"; }
  if (!text) return "too-long";
  try {
    return readText(new TextDecoder("utf-8", { fatal: true }).decode(text));
  } catch (e) { return "garbage"; }
}

// ------------------------------------------------------------------------- the connection
/** Resolves once the connection has gathered its candidates (or after GATHER_MS).
 * @param {RTCPeerConnection} pc @returns {Promise<void>} */
function gathered(pc) {
  return new Promise(function (resolve) {
    if (pc.iceGatheringState === "complete") { resolve(); return; }
    const t = setTimeout(resolve, GATHER_MS);
    pc.addEventListener("icegatheringstatechange", function () {
      if (pc.iceGatheringState === "complete") { clearTimeout(t); resolve(); }
    });
  });
}

/** @param {RTCPeerConnection} pc */
function shut(pc) { try { pc.close(); } catch (e) { /* closed */ } }

/** The host: a connection and a data channel for the label `label` ("pair<seat>-<n>"), its
 * offer's code posted as {what: "offer", peer: label, text: code}. An offer still waiting for
 * the same seat is dropped. @param {unknown} label @param {unknown} config */
export async function offer(label, config) {
  const name = String(label);
  if (!LABEL.test(name)) { tell("pair-error", { peer: name, reason: "label" }); return; }
  if (typeof RTCPeerConnection === "undefined") { tell("pair-error", { peer: name, reason: "no-webrtc" }); return; }
  if (typeof CompressionStream === "undefined") { tell("pair-error", { peer: name, reason: "no-streams" }); return; }
  const seat = name.split("-")[0];
  for (const [k, v] of Array.from(pending)) {
    if (k.split("-")[0] === seat) { pending.delete(k); shut(v.pc); }
  }
  /** @type {RTCPeerConnection | null} */
  let pc = null;
  try {
    pc = new RTCPeerConnection({ iceServers: await iceServers(config) });
    const dc = pc.createDataChannel("tt", { ordered: true });
    await pc.setLocalDescription(await pc.createOffer());
    await gathered(pc);
    const local = pc.localDescription;
    const f = local ? fieldsOf(local.sdp, "o", "-") : null;
    if (!f) { shut(pc); tell("pair-error", { peer: name, reason: "no-candidates" }); return; }
    const code = await pack(f);
    pending.set(name, { pc: pc, dc: dc, ufrag: f.ufrag });
    tell("offer", { peer: name, text: code });
  } catch (e) {
    if (pc) shut(pc);
    tell("pair-error", { peer: name, reason: "other" });
  }
}

/** The host: the guest's answer code for the offer `label`; once its channel opens, the
 * events of ui/web/friends.js under that label ("peer", then "msg", "gone").
 * @param {unknown} label @param {unknown} code */
export async function accept(label, code) {
  const name = String(label);
  const p = pending.get(name);
  if (!p) { tell("pair-error", { peer: name, reason: "no-offer" }); return; }
  const f = await unpack(code);
  if (typeof f === "string") { tell("pair-error", { peer: name, reason: f }); return; }
  if (f.kind !== "a") { tell("pair-error", { peer: name, reason: "not-answer" }); return; }
  if (f.reply !== p.ufrag) { tell("pair-error", { peer: name, reason: "other-offer" }); return; }
  if (pending.get(name) !== p) return;  // (another paste meanwhile)
  pending.delete(name);
  try {
    await p.pc.setRemoteDescription({ type: "answer", sdp: sdpOf(f) });
  } catch (e) {
    shut(p.pc);
    tell("pair-error", { peer: name, reason: "refused" });
    return;
  }
  adopt(p.dc, name, p.pc);
}

/** A guest: answers the host's offer code; posts {what: "answer", peer: "host", text: code},
 * then, once the host has pasted it and the channel is open, the events of a guest's channel
 * ("peer" with "host", ...). @param {unknown} code @param {unknown} config */
export async function answer(code, config) {
  if (typeof RTCPeerConnection === "undefined") { tell("pair-error", { peer: "host", reason: "no-webrtc" }); return; }
  const f = await unpack(code);
  if (typeof f === "string") { tell("pair-error", { peer: "host", reason: f }); return; }
  if (f.kind !== "o") { tell("pair-error", { peer: "host", reason: "not-offer" }); return; }
  /** @type {RTCPeerConnection | null} */
  let pc = null;
  try {
    pc = new RTCPeerConnection({ iceServers: await iceServers(config) });
    const own = pc;
    own.addEventListener("datachannel", function (ev) { adopt(ev.channel, "host", own); });
    await own.setRemoteDescription({ type: "offer", sdp: sdpOf(f) });
    await own.setLocalDescription(await own.createAnswer());
    await gathered(own);
    const local = own.localDescription;
    const mine = local ? fieldsOf(local.sdp, "a", f.ufrag) : null;
    if (!mine) { shut(own); tell("pair-error", { peer: "host", reason: "no-candidates" }); return; }
    tell("answer", { peer: "host", text: await pack(mine) });
  } catch (e) {
    if (pc) shut(pc);
    tell("pair-error", { peer: "host", reason: "refused" });
  }
}
