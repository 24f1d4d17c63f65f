// The rules page's live rule examples (scripts/example_stills.py draws each as a still picture
// in its section, with a "Try it" button). No Python runs until the reader asks: the first
// "Try it" opens the game in one frame (embed.html?example=<id>) in place of that picture;
// every later one moves that same frame to its own figure and asks it, by the embed API's
// "start-example" command, to show its example. So one Python instance serves them all. A
// browser without Element.moveBefore (Safari, Firefox before 144) would reload a frame it
// moves: there the frame never moves in the document; it floats over an empty slot that
// takes its place in the figure, and the slot moves.
// The frame tells the page when its example is on ("ready", again after its Reset) and when
// the reader's action was taken ("example-done"); the figure says so in data-state (loading,
// live, done).
"use strict";

(() => {
  const origin = window.location.origin;
  let frame = null;
  let shown = null; // the figure the frame is in (or floats over)
  const moves = typeof Element.prototype.moveBefore === "function";
  let slot = null; // where the floating frame stands, where moveBefore is missing

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
      if (moves) {
        figure.append(frame);
      } else {
        slot = document.createElement("div");
        slot.className = "rx-slot";
        figure.append(slot);
        frame.classList.add("rx-floating");
        document.body.append(frame);
        place();
        new ResizeObserver(place).observe(document.body); // the page's layout changed
        window.addEventListener("resize", place);
      }
      return;
    }
    if (moves) {
      figure.moveBefore(frame, null); // the game lives on: no reload
    } else {
      figure.append(slot);
      place();
    }
    frame.contentWindow.postMessage({ type: "start-example", example: id }, origin);
  }

  /** The floating frame over its slot, in the document's coordinates. */
  function place() {
    const box = slot.getBoundingClientRect();
    frame.style.left = `${box.left + window.scrollX}px`;
    frame.style.top = `${box.top + window.scrollY}px`;
    frame.style.width = `${box.width}px`;
    frame.style.height = `${box.height}px`;
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
