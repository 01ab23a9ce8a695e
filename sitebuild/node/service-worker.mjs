// dist/sw.js: node service-worker.mjs TOOLS DIST SNAPSHOT LATER, where TOOLS holds
// node_modules/workbox-build, SNAPSHOT is this version's snapshot URL (relative to the
// site) and LATER the JSON list of the files (relative to the site, content-named) precached
// only when a page asks (the Python page's runtime), left out of the install's precache. Bundles sw.js (beside this script) with Workbox's runtime (Rollup, as generateSW
// does), then injects the precache manifest of every file of dist/, each non-content-named
// file with the SHA-256 of its bytes as its revision (sw.js checks what it reuses from the HTTP
// cache against it); prints {"count", "size"} as JSON.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const [tools, dist, snapshot, laterJson] = process.argv.slice(2);
const later = JSON.parse(laterJson || "[]");
const require = createRequire(path.join(tools, "node_modules", "workbox-build", "package.json"));
const { injectManifest } = require("workbox-build");
const { rollup } = require("rollup");
const { nodeResolve } = require("@rollup/plugin-node-resolve");
const replace = require("@rollup/plugin-replace");
const terser = require("@rollup/plugin-terser");

const here = path.dirname(fileURLToPath(import.meta.url));
const work = fs.mkdtempSync(path.join(os.tmpdir(), "tt-sw-"));
try {
  const bundle = await rollup({
    input: path.join(here, "sw.js"),
    plugins: [
      nodeResolve({ rootDir: path.join(tools, "node_modules"),
                    modulePaths: [path.join(tools, "node_modules")] }),
      replace({ preventAssignment: true, values: {
        "process.env.NODE_ENV": JSON.stringify("production"),
        "__TT_SNAPSHOT__": JSON.stringify(snapshot),
        "__TT_ON_DEMAND__": JSON.stringify(later) } }),
      terser(),
    ],
  });
  const swSrc = path.join(work, "sw.js");
  await bundle.write({ file: swSrc, format: "iife" });
  const { count, size, warnings } = await injectManifest({
    swSrc,
    swDest: path.join(dist, "sw.js"),
    globDirectory: dist,
    globPatterns: ["**/*"],
    globIgnores: ["sw.js", "sw.js.map", ...later],
    maximumFileSizeToCacheInBytes: 64 * 1024 * 1024,
    // runtime/<name>-<version>/ and py-<hash>/ never change their bytes under one URL (the
    // builder names them so): no revision, no cache-busting query.
    dontCacheBustURLsMatching: /^(runtime|py-[0-9a-f]{8})\//,
    manifestTransforms: [async (entries) => ({
      manifest: entries.map((e) => (e.revision ? { ...e, revision: crypto.createHash("sha256")
        .update(fs.readFileSync(path.join(dist, e.url))).digest("hex") } : e)),
      warnings: [] })],
  });
  for (const w of warnings) console.error("workbox:", w);
  console.log(JSON.stringify({ count, size }));
} catch (e) {
  console.error(e);
  process.exitCode = 1;
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
