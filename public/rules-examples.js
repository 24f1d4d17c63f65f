// The rules page's live rule examples (scripts/example_stills.py draws each as a still picture
// in its section, with a "Try it" button). No Python runs until the reader asks: the first
// "Try it" opens the game in one frame (embed.html?example=<id>) in place of that picture;
// every later one moves that same frame to its own figure and asks it, by the embed API's
// "start-example" command, to show its example. So one Python instance serves them all (where
// the browser cannot move a frame without reloading it, the move reloads it, still one).
// The frame tells the page when its example is on ("ready", again after its Reset) and when
// the reader's action was taken ("example-done"); the figure says so in data-state (loading,
// live, done).
"use strict";

(() => {
  const origin = window.location.origin;
  let frame = null;
  let shown = null; // the figure the frame is in

  function address(id) {
    const lang = document.documentElement.lang || "en";
    const params = new URLSearchParams({ example: id, lang, origin });
    return `embed.html?${params}`;
  }

  function tryExample(figure) {
    const id = figure.dataset.example;
    if (shown === figure) return;
    if (shown) delete shown.dataset.state;
    shown = figure;
    figure.dataset.state = "loading";
    const button = figure.querySelector(".rx-try");
    if (frame === null) {
      frame = document.createElement("iframe");
      frame.className = "rx-frame";
      frame.dataset.testid = "example-frame";
      frame.title = button.textContent;
      frame.src = address(id);
      figure.append(frame);
      return;
    }
    if (typeof figure.moveBefore === "function") {
      figure.moveBefore(frame, null); // the game lives on: no reload
      frame.contentWindow.postMessage({ type: "start-example", example: id }, origin);
    } else {
      frame.remove(); // out of the page first: setting src in place would start a load there
      frame.src = address(id);
      figure.append(frame);
    }
  }

  // Inside another page's frame (the game's own rules panel, say), a live example would be
  // a game inside a game: "Try it" opens this page at that example in a tab of its own.
  function tryElsewhere(figure) {
    const url = new URL(window.location.href);
    url.hash = figure.id;
    window.open(url.href, "_blank", "noopener");
  }

  document.addEventListener("click", (event) => {
    const button = event.target.closest(".rx-try");
    if (!button) return;
    const figure = button.closest("figure.rx");
    if (window.top !== window) tryElsewhere(figure);
    else tryExample(figure);
  });

  window.addEventListener("message", (event) => {
    if (frame === null || event.source !== frame.contentWindow || event.origin !== origin) return;
    const data = event.data;
    if (!data || data.source !== "moonshot" || shown === null) return;
    if (data.type === "ready" && data.example !== shown.dataset.example) {
      // the game came up with another example than the one now asked for (a Try it while
      // it was still loading): ask again, now that it listens
      frame.contentWindow.postMessage({ type: "start-example", example: shown.dataset.example },
                                      origin);
    } else if (data.type === "ready") { // dealt, or dealt again by its Reset
      shown.dataset.state = "live";
      frame.focus();
    } else if (data.type === "example-done" && data.example === shown.dataset.example) {
      shown.dataset.state = "done";
    }
  });
})();
