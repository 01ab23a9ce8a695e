// The tutorial's Python page (learn/python.html): plain JavaScript on the main thread; the
// reader's code runs in a PyScript worker (learn/python_worker.py) whose config installs the
// engine's wheel with micropip. Messages go both ways by postMessage (JSON text). A run longer
// than the time limit, or Stop, ends the worker and starts a fresh one. Every text from Python
// or from the address is set with textContent.
//
// The address may say ?lang=en|tr|ru|pt, ?limit=N (seconds, 1 to 120) and, to see what a
// missing wheel does, ?wheel=NAME.whl (a file name in the site's wheels/ folder, nothing else).

const config = JSON.parse(document.getElementById("learn-config").textContent);
const params = new URLSearchParams(location.search);
const root = document.documentElement;
const $ = (id) => document.getElementById(id);
const editor = $("code");
const output = $("output");
const status = $("status");
const runButton = $("run");
const stopButton = $("stop");
const exampleSelect = $("example");
const languageSelect = $("language");
const MAX_OUTPUT = 200000;  // characters of output kept on the page

const limitParam = Number(params.get("limit"));
const LIMIT = Number.isFinite(limitParam) && limitParam >= 1 && limitParam <= 120
  ? limitParam : 10;
const wheelParam = params.get("wheel");
const WHEEL = wheelParam && /^[A-Za-z0-9_.-]+\.whl$/.test(wheelParam) && !wheelParam.startsWith(".")
  ? wheelParam : config.wheel;

function chooseLanguage() {
  const asked = params.get("lang");
  if (asked && asked in config.texts) return asked;
  for (const tag of navigator.languages || [navigator.language || ""]) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (base in config.texts) return base;
  }
  return "en";
}

let lang = chooseLanguage();

function t(key, fields = {}) {
  const text = config.texts[lang][key] || config.texts.en[key] || key;
  return text.replace(/\{(\w+)\}/g, (m, name) => (name in fields ? String(fields[name]) : m));
}

// ------------------------------------------------------------------------------ the texts
let statusKey = ["loading", {}];

function setStatus(key, fields = {}, extra = "") {
  statusKey = [key, fields, extra];
  status.textContent = t(key, fields) + (extra ? " " + t(extra) : "");
}

function showTexts() {
  root.lang = lang;
  for (const node of document.querySelectorAll("[data-text]")) {
    node.textContent = t(node.dataset.text);
  }
  document.title = t("title");
  const chosen = exampleSelect.value;
  exampleSelect.replaceChildren(...config.examples.map((ex) => {
    const option = document.createElement("option");
    option.value = ex.name;
    option.textContent = t("ex_" + ex.name);
    return option;
  }));
  if (chosen) exampleSelect.value = chosen;
  setStatus(...statusKey);
}

function fillLanguages() {
  languageSelect.replaceChildren(...Object.entries(config.languages).map(([code, name]) => {
    const option = document.createElement("option");
    option.value = code;
    option.textContent = name;
    return option;
  }));
  languageSelect.value = lang;
}

// ------------------------------------------------------------------------------ the output
let shown = 0;

function write(text, kind) {
  let piece = String(text);
  if (kind === "note") {  // the page's own words: always shown
    const span = document.createElement("span");
    span.className = kind;
    span.textContent = piece;
    output.append(span);
    return;
  }
  if (shown >= MAX_OUTPUT) return;
  const cut = shown + piece.length > MAX_OUTPUT;
  if (cut) piece = piece.slice(0, MAX_OUTPUT - shown);
  shown += piece.length;
  if (kind === "stdout") {
    output.append(document.createTextNode(piece));
  } else {
    const span = document.createElement("span");
    span.className = kind;
    span.textContent = piece;
    output.append(span);
  }
  if (cut) write("\n" + t("truncated") + "\n", "note");
}

function note(text) {
  const last = output.textContent;
  write((last && !last.endsWith("\n") ? "\n" : "") + text + "\n", "note");
}

// ------------------------------------------------------------------------------ the worker
let worker = null;
let generation = 0;
let runId = 0;
let timer = 0;
let startedAt = 0;
let gotOutput = false;
window.__learn = { starts: [] };  // figures the tests read: each start's time to ready (ms)

function setState(state) {
  root.dataset.state = state;
  runButton.disabled = state === "loading" || state === "running";
  stopButton.disabled = state !== "running";
  editor.setAttribute("aria-busy", state === "running" ? "true" : "false");
}

function workerConfig() {
  const base = new URL(".", location.href);
  return {
    interpreter: new URL(config.interpreter, base).href,
    packages: [new URL(config.wheels + WHEEL, base).href],
    sync_main_only: true,  // no window from the worker (no SharedArrayBuffer): say nothing of it
  };
}

function reason(error) {
  const text = String((error && (error.message || error.error?.message)) || error || "");
  return text.split("\n").filter((line) => line.trim()).slice(-3).join(" ").slice(0, 500);
}

// After a failed start: whether the wheel itself could not be downloaded (a wrong URL), in
// words, else "" (micropip's own error then says what went wrong).
async function wheelProblem() {
  const url = workerConfig().packages[0];
  try {
    const answer = await fetch(url, { cache: "no-store" });
    return answer.ok ? "" : t("no_wheel", { url, status: `HTTP ${answer.status}` });
  } catch (error) {
    return t("no_wheel", { url, status: String((error && error.message) || error) });
  }
}

async function start() {
  const mine = ++generation;
  const began = performance.now();
  setState("loading");
  setStatus("loading");
  let next = null;
  try {
    const { PyWorker } = await import(new URL(config.pyscript, location.href).href);
    const settings = workerConfig();
    next = await PyWorker(new URL("python_worker.py", location.href).href, {
      type: "pyodide",
      version: settings.interpreter,  // what PyWorker loads (the config's key is for tags)
      config: settings,
    });
  } catch (error) {
    if (mine !== generation) return;
    const why = await wheelProblem() || reason(error);
    if (mine !== generation) return;
    worker = null;
    setState("error");
    setStatus("no_start", { reason: why }, "retry");
    return;
  }
  if (mine !== generation) {
    next.terminate();
    return;
  }
  worker = next;
  worker.onerror = () => {};  // a start's failure is shown above, not logged twice
  worker.addEventListener("message", (event) => {
    if (mine === generation) onMessage(JSON.parse(event.data), began);
  });
  worker.postMessage(JSON.stringify({ hello: true }));
}

function onMessage(msg, began) {
  if (msg.kind === "ready") {
    window.__learn.starts.push(Math.round(performance.now() - began));
    window.__learn.versions = { python: msg.python, engine: msg.engine };
    setState("ready");
    setStatus("ready", { python: msg.python, engine: msg.engine });
  } else if (msg.kind === "out") {
    gotOutput = gotOutput || msg.text.length > 0;
    write(msg.text, msg.stream === "stderr" ? "stderr" : "stdout");
  } else if (msg.kind === "done" && msg.id === runId) {
    clearTimeout(timer);
    if (!gotOutput) write(t("empty") + "\n", "note");
    setState("ready");
    const seconds = ((performance.now() - startedAt) / 1000).toFixed(2);
    setStatus(msg.ok ? "finished" : "failed", { seconds });
    showOutput();
  }
}

// After a run, the output's first lines brought on screen if they are below it (a phone).
function showOutput() {
  const bar = document.querySelector(".run-bar");
  const bottom = innerHeight - (getComputedStyle(bar).position === "sticky" ? bar.offsetHeight : 0);
  if (output.getBoundingClientRect().top > bottom - 48) {
    ($("output-heading") || output).scrollIntoView({ block: "start", behavior: "auto" });
  }
}

function stop(key) {
  clearTimeout(timer);
  if (worker) worker.terminate();
  worker = null;
  note(t(key, { seconds: LIMIT }));
  start();
}

function run() {
  if (root.dataset.state === "error") {
    start();
    return;
  }
  if (root.dataset.state !== "ready" || !worker) return;
  output.replaceChildren();
  shown = 0;
  gotOutput = false;
  runId += 1;
  startedAt = performance.now();
  setState("running");
  setStatus("running");
  worker.postMessage(JSON.stringify({ id: runId, code: editor.value }));
  timer = setTimeout(() => stop("timeout"), LIMIT * 1000);
}

// ------------------------------------------------------------------------------ the page
function showExample(name) {
  const ex = config.examples.find((e) => e.name === name) || config.examples[0];
  editor.value = ex.code;
}

runButton.addEventListener("click", run);
stopButton.addEventListener("click", () => {
  if (root.dataset.state === "running") stop("stopped");
});
exampleSelect.addEventListener("change", () => showExample(exampleSelect.value));
languageSelect.addEventListener("change", () => {
  lang = languageSelect.value;
  const url = new URL(location.href);
  url.searchParams.set("lang", lang);
  history.replaceState(null, "", url);
  showTexts();
});
editor.addEventListener("keydown", (event) => {
  if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
    event.preventDefault();
    run();
  }
});

fillLanguages();
showTexts();
showExample(config.examples[0].name);
setState("loading");
start();

if ("serviceWorker" in navigator && location.protocol !== "file:") {
  // The site's offline copy: the service worker precaches the site at its install, and this
  // page's runtime (PyScript, the micropip Pyodide) when this page asks for it.
  navigator.serviceWorker.register("../sw.js", { scope: "../" })
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = (event) => { window.__learn.offline = event.data; };
      registration.active.postMessage({ type: "PRECACHE_ON_DEMAND" }, [channel.port2]);
    })
    .catch(() => {});
}
