// The boot screen's steps while Python starts: downloading and starting Python (until
// PyScript reports the interpreter loaded, its py:progress event), then loading the game
// (until ui/main.py's app is up and sets body[data-ready]). The words are in the page
// (index.html); this only moves #boot's data-step. The two are not told apart any finer:
// Pyodide compiles its wasm while it downloads and starts Python in one long task right
// after, with no moment between in which the page could paint another step.
(() => {
  "use strict";
  const boot = document.getElementById("boot");
  if (!boot) return;
  addEventListener("py:progress", (event) => {
    if (event.detail === "Loaded interpreter") boot.dataset.step = "game";
  });
})();
