// The memory snapshot's format, shared by the page's worker (ui/worker.js), which starts from
// it on a repeat visit, and whatever makes it (build.py under Node, or the player's browser).
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
