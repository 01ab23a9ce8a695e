// The memory snapshot's format, shared by the page's worker (ui/worker.js), which starts from
// it on a repeat visit, and the player's browser, which makes it after the first visit (ui/snapshot_maker.js).
//
// The full heap from a snapshot file (sparse_snapshot: "TTS1", the heap's length, the number of
// runs, each run's offset and length, then the runs' bytes; zero pages left out).
export function expandSnapshot(bytes) {
  const head = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 12 || head.getUint32(0, false) !== 0x54545331) throw new Error("not a snapshot");
  const full = head.getUint32(4, true), count = head.getUint32(8, true);
  let pos = 12 + 8 * count;
  if (pos > bytes.length) throw new Error("truncated");
  const out = new Uint8Array(full);
  for (let i = 0; i < count; i++) {
    const off = head.getUint32(12 + 8 * i, true), n = head.getUint32(16 + 8 * i, true);
    if (off + n > full || pos + n > bytes.length) throw new Error("truncated");
    out.set(bytes.subarray(pos, pos + n), off);
    pos += n;
  }
  return out;
}


// sparse_snapshot's format from a raw heap (what ui/snapshot_maker.js stores): the zero pages
// (4096 bytes each) left out, consecutive kept pages in one run.
export function sparseSnapshot(raw) {
  const PAGE = 4096, runs = [];
  const words = raw.byteOffset % 4 === 0 ? new Uint32Array(raw.buffer, raw.byteOffset, raw.length >> 2) : null;
  const zero = (off, end) => {
    let j = off;
    if (words) {
      for (let w = off >> 2, last = end >> 2; w < last; w++) if (words[w]) return false;
      j = end & ~3;
    }
    for (; j < end; j++) if (raw[j]) return false;
    return true;
  };
  let kept = 0;
  for (let off = 0; off < raw.length; off += PAGE) {
    const end = Math.min(off + PAGE, raw.length);
    if (zero(off, end)) continue;
    const last = runs[runs.length - 1];
    if (last && last[0] + last[1] === off) last[1] += end - off;
    else runs.push([off, end - off]);
    kept += end - off;
  }
  const out = new Uint8Array(12 + 8 * runs.length + kept);
  const head = new DataView(out.buffer);
  head.setUint32(0, 0x54545331, false);  // "TTS1"
  head.setUint32(4, raw.length, true);
  head.setUint32(8, runs.length, true);
  let pos = 12 + 8 * runs.length;
  runs.forEach(([off, n], i) => {
    head.setUint32(12 + 8 * i, off, true);
    head.setUint32(16 + 8 * i, n, true);
    out.set(raw.subarray(off, off + n), pos);
    pos += n;
  });
  return out;
}
