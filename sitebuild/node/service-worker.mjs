// dist/sw.js, precaching every file of dist/ by content hash: node service-worker.mjs TOOLS DIST,
// where TOOLS holds node_modules/workbox-build; prints {"count", "size"} as JSON.
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);
const { generateSW } = require(path.join(process.argv[2], "node_modules", "workbox-build"));
generateSW({
  globDirectory: process.argv[3],
  globPatterns: ["**/*"],
  globIgnores: ["sw.js", "sw.js.map", "workbox-*.js"],
  swDest: path.join(process.argv[3], "sw.js"),
  maximumFileSizeToCacheInBytes: 64 * 1024 * 1024,
  inlineWorkboxRuntime: true,
  sourcemap: false,
  mode: "production",
  cleanupOutdatedCaches: true,
  skipWaiting: false,          // a new version waits until the player says "reload"
  clientsClaim: false,
  directoryIndex: "index.html",
  ignoreURLParametersMatching: [/.*/],  // ?game=…&seed=… is the same page
  // runtime/<name>-<version>/ and py-<hash>/ never change their bytes under one URL
  // (the builder names them so):
  // no revision, no cache-busting query, so the install reuses what the page just fetched.
  dontCacheBustURLsMatching: /^(runtime|py-[0-9a-f]{8})\//,
}).then(({ count, size, warnings }) => {
  for (const w of warnings) console.error("workbox:", w);
  console.log(JSON.stringify({ count, size }));
}).catch((e) => { console.error(e); process.exit(1); });
