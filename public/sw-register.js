// Registers sw.js: offline play and an installable app. A file, not an inline script, so the
// pages can keep a strict Content-Security-Policy.
//
// When: on pages whose <script> tag carries data-after-ready, once the game is playable
// (body[data-ready="1"]); elsewhere after the load event. The worker then precaches the whole
// site in the background, so the first visit's load is not slowed by it.
//
// Marks on <html>, for tests and CSS:
//   data-offline="ready"   a worker holding the whole site controls this page;
//   data-sw-version="..."  that worker's build version;
//   data-update="ready"    a newer build took over while this page was open (shown as a
//                          notice with a Reload button: the next visit runs it anyway).
// And window.moonshotOffline: a promise kept when data-offline turns "ready" (the page
// awaits it to copy what it keeps for offline play: ui/platform/dom.py keep_for_offline).
(() => {
  "use strict";
  const script = document.currentScript;
  let offlineReady = () => {};
  window.moonshotOffline = new Promise((resolve) => { offlineReady = resolve; });
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  const sw = navigator.serviceWorker;
  const root = document.documentElement;
  const loadedUnder = sw.controller; // the worker (if any) that served this page

  function ask(worker) {
    return new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = (event) => resolve(event.data);
      worker.postMessage("version", [channel.port2]);
    });
  }

  async function mark() {
    const worker = sw.controller;
    if (!worker) return;
    const info = await ask(worker);
    root.dataset.swVersion = info.version;
    root.dataset.offline = "ready";
    offlineReady();
  }

  function notice() {
    if (document.getElementById("sw-update")) return;
    const bar = document.createElement("div");
    bar.id = "sw-update";
    bar.setAttribute("role", "status");
    bar.dataset.testid = "sw-update";
    bar.textContent = "A new version of Moonshot is ready. ";
    const reload = document.createElement("button");
    reload.type = "button";
    reload.textContent = "Reload";
    reload.addEventListener("click", () => location.reload());
    const close = document.createElement("button");
    close.type = "button";
    close.textContent = "×";
    close.setAttribute("aria-label", "Dismiss");
    close.addEventListener("click", () => bar.remove());
    bar.append(reload, " ", close);
    // CSSOM properties, not a style attribute: allowed under a strict style-src.
    Object.assign(bar.style, {
      position: "fixed", left: "50%", bottom: "12px", transform: "translateX(-50%)",
      zIndex: "1000", background: "#0e1530", color: "#f4ecd8", border: "2px solid #f2b632",
      borderRadius: "10px", padding: "6px 10px", font: "14px system-ui, sans-serif",
    });
    document.body.append(bar);
  }

  sw.addEventListener("controllerchange", () => {
    if (loadedUnder) {
      root.dataset.update = "ready";
      notice();
    }
    mark();
  });

  function register() {
    sw.register("./sw.js", {updateViaCache: "none"})
      .then(() => sw.ready)
      .then(mark)
      .catch((error) => console.warn("Moonshot: offline mode unavailable:", error));
  }

  function whenReady(callback) {
    const later = () => setTimeout(callback, 0);
    if (!script || !script.hasAttribute("data-after-ready")) {
      if (document.readyState === "complete") later();
      else addEventListener("load", later, {once: true});
      return;
    }
    const ready = () => document.body && document.body.dataset.ready === "1";
    if (ready()) {
      later();
      return;
    }
    const observer = new MutationObserver(() => {
      if (ready()) {
        observer.disconnect();
        later();
      }
    });
    observer.observe(document.body, {attributes: true, attributeFilter: ["data-ready"]});
  }

  whenReady(register);
})();
