// The boot screen's steps while Python starts: downloading Python (until the page's preloads
// of Pyodide's two big files are in: link[data-boot]), starting Python (until PyScript
// reports the interpreter loaded, its py:progress event), loading the game (until
// ui/main.py's app is up and sets body[data-ready]). Pyodide starts in one long task that
// keeps the page still (3 s with a phone-class CPU); the step painted before it says what
// the wait is for. The words are in the page (index.html); this only moves #boot's data-step.
(() => {
  "use strict";
  const boot = document.getElementById("boot");
  if (!boot) return;
  const ORDER = ["download", "start", "game"];
  const reach = (step) => {
    if (ORDER.indexOf(step) > ORDER.indexOf(boot.dataset.step)) boot.dataset.step = step;
  };
  // A load event, not a PerformanceObserver: its callbacks wait for an idle moment, which
  // comes only after Pyodide's long task.
  const waiting = new Set();
  for (const link of document.querySelectorAll("link[data-boot]")) {
    if (performance.getEntriesByName(link.href).length) continue; // in before this ran
    waiting.add(link);
    link.addEventListener("load", () => {
      waiting.delete(link);
      if (!waiting.size) reach("start");
    }, {once: true});
  }
  if (!waiting.size) reach("start");
  addEventListener("py:progress", (event) => {
    if (event.detail === "Loaded interpreter") reach("game");
  });
})();
