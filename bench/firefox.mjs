// Firefox ESR for the cross-engine tests and benchmark (xengine.py's Firefox driver): one
// headless Firefox with one tab, through puppeteer-core over WebDriver BiDi. Commands come as
// one JSON object a line on stdin ({id, op, ...}); each gets one line on stdout: {id, ok} or
// {id, err}. Ops: hello, goto {url, wait: load|domcontentloaded|none, selector}, reload {wait}, run {fn, args}, click {selector},
// errors, close.
//
// XE_NODE_MODULES: the node_modules holding puppeteer-core (tools/xengine's lockfile);
// XE_FIREFOX: the Firefox binary (Debian's firefox-esr). Nothing here downloads a browser.
import { createRequire } from "node:module";
import path from "node:path";
import readline from "node:readline";

const require = createRequire(path.join(process.env.XE_NODE_MODULES, "index.js"));
const puppeteer = require("puppeteer-core");

const errors = [];
// Installed before the page's own scripts: what goes wrong on the console or uncaught.
const hook = () => {
  const list = (window.__xe_errors = window.__xe_errors || []);
  const text = (a) => { try { return a && a.stack ? String(a.stack) : String(a); } catch (e) { return "?"; } };
  window.addEventListener("error", (e) => list.push("error: " + (e.message ||
    (e.target && (e.target.src || e.target.href)) || "?")), true);
  window.addEventListener("unhandledrejection", (e) => list.push("unhandledrejection: " + text(e.reason)));
  const orig = console.error;
  console.error = function (...args) {
    list.push("console.error: " + args.map(text).join(" "));
    return orig.apply(this, args);
  };
};

const browser = await puppeteer.launch({
  browser: "firefox",
  protocol: "webDriverBiDi",
  executablePath: process.env.XE_FIREFOX || "/usr/bin/firefox-esr",
  headless: true,
  defaultViewport: { width: 1280, height: 900 },
  extraPrefsFirefox: {
    "browser.shell.checkDefaultBrowser": false,
    "datareporting.policy.dataSubmissionEnabled": false,
    "app.update.enabled": false,
  },
});
const page = (await browser.pages())[0] || (await browser.newPage());
page.setDefaultTimeout(180_000);
page.setDefaultNavigationTimeout(180_000);
await page.evaluateOnNewDocument(hook);
// The BiDi log events: console errors and uncaught errors of the tab, whoever logged them.
page.on("console", (m) => { if (m.type() === "error") errors.push("console: " + m.text()); });
page.on("pageerror", (e) => errors.push("pageerror: " + String((e && e.message) || e)));

const ops = {
  hello: async () => ({ pid: browser.process().pid, version: await browser.version() }),
  goto: async ({ url, wait, selector }) => {
    if (wait === "none") {  // back once `selector` is in the new document, before its load
      page.goto(url, { waitUntil: "load" }).catch((e) => errors.push("goto: " + String(e && e.message || e)));
      await page.waitForSelector(selector);
      return null;
    }
    await page.goto(url, { waitUntil: wait || "load" });
    return null;
  },
  reload: async ({ wait }) => { await page.reload({ waitUntil: wait || "load" }); return null; },
  run: async ({ fn, args }) => {
    const v = await page.evaluate(`(${fn})(...${JSON.stringify(args || [])})`);
    return v === undefined ? null : v;
  },
  // A real click (BiDi input actions) at the middle of the element, found and measured in one
  // call: page.click's own checks take long enough for a page to redraw under it.
  click: async ({ selector }) => {
    const at = await page.evaluate((sel) => {
      const el = document.querySelector(sel);
      if (!el) return null;
      el.scrollIntoView({ block: "nearest", inline: "nearest" });
      const r = el.getBoundingClientRect();
      return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
    }, selector);
    if (!at) throw new Error("no element matches " + selector);
    await page.mouse.click(at.x, at.y);
    return null;
  },
  errors: async () => errors,  // the hook's own list is read in the page (xengine.py)
  close: async () => { await browser.close(); return null; },
};

const lines = readline.createInterface({ input: process.stdin });
for await (const line of lines) {
  if (!line.trim()) continue;
  const cmd = JSON.parse(line);
  let answer;
  try {
    answer = { id: cmd.id, ok: await ops[cmd.op](cmd) };
  } catch (e) {
    answer = { id: cmd.id, err: String((e && e.message) || e) };
  }
  process.stdout.write(JSON.stringify(answer) + "\n");
  if (cmd.op === "close") break;
}
await browser.close().catch(() => {});
process.exit(0);
