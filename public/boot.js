// The boot screen while Python starts, in the reader's language: its words (index.html's
// data-msg elements) carry each translation the build found for them (data-hu...), and this
// shows the one the app will choose (ui/app.py: an embedded page's lang=, then the language
// chosen in the header, then the browser's). Then its steps: downloading and starting Python
// (until PyScript reports the interpreter loaded, its py:progress event), then loading the
// game (until ui/main.py's app is up and sets body[data-ready]). The two are not told apart
// any finer: Pyodide compiles its wasm while it downloads and starts Python in one long task
// right after, with no moment between in which the page could paint another step.
(() => {
  "use strict";
  const boot = document.getElementById("boot");
  if (!boot) return;
  const LANGUAGE_KEY = "moonshot.language"; // ui/app.py's
  const words = [...boot.querySelectorAll("[data-msg]")];
  const offered = (code) => code === "en" || words.some((el) => code in el.dataset);
  let stored = null;
  try {
    stored = localStorage.getItem(LANGUAGE_KEY);
  } catch {
    // storage refused (a sandboxed frame): the browser's languages decide
  }
  const asked = document.body.dataset.embed === "1"
    ? new URLSearchParams(location.search).get("lang") : null;
  const code = [asked, stored, ...navigator.languages]
    .filter(Boolean).map((tag) => tag.split(/[-_]/)[0].toLowerCase()).find(offered) || "en";
  if (code !== "en") {
    document.documentElement.lang = code;
    for (const el of words) if (el.dataset[code]) el.textContent = el.dataset[code];
  }
  // A first visit (no game asked for in the address, not embedded, no invitation) opens on
  // the start screen: its preview shows now, what the game is readable at once, its controls
  // disabled; the steps shrink to a line below it. The game draws the real one in its place.
  const preview = boot.querySelector(`template[data-lang="${code}"]`)
    || boot.querySelector('template[data-lang="en"]');
  const dialog = document.getElementById("dialog");
  if (preview && dialog && !location.search && !location.hash.startsWith("#join=")
      && document.body.dataset.embed !== "1") {
    dialog.replaceChildren(preview.content.cloneNode(true));
    dialog.hidden = false;
    boot.dataset.start = "1";
  }
  addEventListener("py:progress", (event) => {
    if (event.detail === "Loaded interpreter") boot.dataset.step = "game";
    performance.mark(`py: ${event.detail}`);
  });
  // The start's timeline for the load bench (bench/load_time.py --mode start), in every
  // engine: a mark per step PyScript reports (above), the game ready, the computer's first move.
  const once = (name) => {
    if (!performance.getEntriesByName(name, "mark").length) performance.mark(name);
  };
  new MutationObserver(() => {
    if (document.body.dataset.ready === "1") once("moonshot: ready");
    if (document.body.dataset.aiMoves) once("moonshot: computer moved");
  }).observe(document.body, { attributes: true, attributeFilter: ["data-ready", "data-ai-moves"] });
})();
