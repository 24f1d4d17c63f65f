// The table is one scene that fits its window: no column of it (a team board, the centre)
// scrolls while a player decides. When a column's parts overflow its box, they give their
// room in turns, by the steps each carries with their ranks (data-lod="folded:3 tight:10":
// ui/markup/html.py DETAIL_RANKS, flavour and small print first). A step is a class on the
// part (style.css draws it): "folded" (drawn smaller, its head and what can be touched
// kept), "tight" (a Mission's or the Moon's Risk cards two to a row) or "gone" (hidden). A
// part holding a thing the player may touch now (data-can) or one the Tutorial points at
// never goes, and takes its other steps after every other part.
// Redone after every render of the table (a MutationObserver sees it before the next paint)
// and whenever a column's box changes size.
//
// Each measurement lays a column out again (a few ms for a late game's board), so a render
// measures as little as it can: a column the render left as it was gets its steps back
// unmeasured (the redraw strips them: the markup does not carry them), and a changed column
// first tries the turns that fitted it last time (one layout or two).
(() => {
  "use strict";
  const table = document.querySelector("main");
  if (!table) return;
  const STEPS = ["folded", "tight", "gone"]; // the classes of data-lod's steps
  const HIDES = "gone"; // the one step a part holding a thing to touch never takes
  const TOUCHABLE = 1000; // ranks of parts holding a thing to touch: after all the others
  const LINE = 18; // px: less room than a line brings nothing back
  // what a part must keep in view: a thing to touch now, or what the Tutorial points at
  const NEEDED = "[data-can], [data-spot], [data-hint]";
  // The parts of a board's strip the phase is not about (the Engineers': their phases, the
  // Politicians': the others; main's class names the phase) give way this much earlier.
  const ENGINEERS = ["phase-engineering", "phase-administration"];
  const ASIDE = 3;
  const last = new WeakMap(); // column -> {applied: [part, class][], keys: turns folded, shape}
  const STEPPED = ".folded, .tight"; // a part that gave room (shown whole on demand: below)
  let zoomed = null, resting = 0; // the part shown whole {part, card}; the mouse's rest timer

  const overflows = (column) => column.scrollHeight > column.clientHeight + 1;
  // the room left under a column's parts (they are ordered by the phase, not by the markup)
  function room(column) {
    const box = column.getBoundingClientRect();
    let bottom = box.top;
    for (const part of column.children) {
      bottom = Math.max(bottom, part.getBoundingClientRect().bottom);
    }
    return box.bottom - parseFloat(getComputedStyle(column).paddingBottom || "0") - bottom;
  }

  // rank -> the [part, class] that change together at that turn, in the order they fold
  function turnsOf(column) {
    const turns = new Map();
    const role = ENGINEERS.some((phase) => table.classList.contains(phase)) ? "engineer"
      : "politician";
    for (const part of column.querySelectorAll("[data-lod]")) {
      const touchable = part.matches(NEEDED) || part.querySelector(NEEDED) !== null;
      const strip = part.closest("[data-part]");
      const aside = strip !== null && strip.dataset.part !== role ? ASIDE : 0;
      for (const pair of part.dataset.lod.split(" ")) {
        const [step, rank] = pair.split(":");
        if (!STEPS.includes(step) || (touchable && step === HIDES)) continue;
        const key = Math.max(1, Number(rank) - aside) + (touchable ? TOUCHABLE : 0);
        if (!turns.has(key)) turns.set(key, []);
        turns.get(key).push([part, step]);
      }
    }
    return [...turns.keys()].sort((a, b) => a - b).map((key) => ({ key, changes: turns.get(key) }));
  }

  const apply = (turn, on) => {
    for (const [part, step] of turn.changes) part.classList.toggle(step, on);
  };

  // The fewest turns that fit (folding more never takes room: found by halving); then the
  // earlier turns (the less needed details, but details) come back where they still fit,
  // the latest first, as long as a line's worth of room is left.
  function search(column, order) {
    let low = 1, high = order.length; // overflows with none folded; with all, as good as it gets
    const foldTo = (count) => order.forEach((turn, index) => apply(turn, index < count));
    while (low < high) {
      const middle = (low + high) >> 1;
      foldTo(middle);
      if (overflows(column)) low = middle + 1;
      else high = middle;
    }
    foldTo(low);
    const folded = new Set(order.slice(0, low).map((turn) => turn.key));
    // (a part's steps go in order: its fold stays while it is tight or gone)
    const deeper = ([part, step]) => STEPS.slice(STEPS.indexOf(step) + 1)
      .some((later) => part.classList.contains(later));
    for (const turn of order.slice(0, low - 1).reverse()) {
      if (room(column) < LINE) break;
      if (turn.changes.some(deeper)) continue;
      apply(turn, false);
      if (overflows(column)) apply(turn, true);
      else folded.delete(turn.key);
    }
    return folded;
  }

  function fitColumn(column) {
    const order = turnsOf(column);
    const shape = order.map((turn) => `${turn.key}:${turn.changes.length}`).join(" ");
    const before = last.get(column);
    let folded = new Set();
    if (column.clientHeight > 0) { // not a phone's hidden tab
      // the turns that fitted it last time (if its parts and their ranks are the same), if
      // they still fit and still need the last of them (not tried when less than a line's
      // worth of room is left: measured on the layout just made, for free); else a search
      const guess = before && before.shape === shape ? before.keys : new Set();
      for (const turn of order) apply(turn, guess.has(turn.key));
      const guessed = order.filter((turn) => guess.has(turn.key));
      if (overflows(column)) {
        if (order.length) folded = search(column, order);
      } else if (guessed.length) {
        folded = new Set(guessed.map((turn) => turn.key));
        const lastTurn = guessed[guessed.length - 1];
        if (room(column) >= LINE) { // room to spare: does it still need its last turn?
          apply(lastTurn, false);
          if (overflows(column)) apply(lastTurn, true);
          else folded = search(column, order);
        }
      }
    }
    const applied = [];
    for (const turn of order) if (folded.has(turn.key)) applied.push(...turn.changes);
    last.set(column, { applied, keys: folded, shape });
  }

  // A render that only stripped a column's parts of their folds: they come back as they were.
  const others = (names) => names.split(" ").filter((name) => name && !STEPS.includes(name))
    .sort().join(" ");
  const stripped = (record) => record.attributeName === "class"
    && others(record.oldValue || "") === others(record.target.getAttribute("class") || "");
  function restore(column) {
    const before = last.get(column);
    if (!before) return false;
    for (const [part, step] of before.applied) {
      if (!column.contains(part)) return false;
      part.classList.add(step);
    }
    return true;
  }

  const columns = () => [...table.children].filter((child) => child.matches("section"));

  // Our own class changes are mutations too: look away while fitting.
  function fitChanges(records) {
    const changed = new Map(); // column -> whether anything but its folds changed
    for (const record of records) {
      const node = record.target.nodeType === 1 ? record.target : record.target.parentElement;
      if (node === table) { // the phase or the phone's tab, if either changed
        if (!stripped(record)) for (const column of columns()) changed.set(column, true);
        continue;
      }
      const column = node && node.closest("main > section");
      if (column) changed.set(column, changed.get(column) || !stripped(record));
    }
    // a render of the table ends a part shown whole (what it copied may have changed), and a
    // mouse's rest begun before it; a refit alone does not, unless the part is whole again
    if ([...changed.values()].some(Boolean)) unzoom();
    quietly(() => {
      for (const [column, really] of changed) if (really || !restore(column)) fitColumn(column);
    });
    if (zoomed && !zoomed.part.matches(STEPPED)) unzoom();
  }
  const watch = new MutationObserver(fitChanges);
  const look = () => watch.observe(table, { childList: true, subtree: true, characterData: true,
                                            attributeFilter: ["class", "data-can", "data-spot",
                                                              "data-hint"],
                                            attributeOldValue: true });
  function quietly(work) {
    watch.disconnect();
    try {
      work();
    } finally {
      watch.takeRecords();
      look();
    }
  }
  const refit = (which) => quietly(() => which.forEach(fitColumn));
  look();
  const sizes = new ResizeObserver((entries) => {
    unzoom();
    refit(entries.map((entry) => entry.target));
  });
  for (const column of columns()) sizes.observe(column);
  refit(columns());
  // The page scrolls a decision into view in the same task that drew it, before the
  // observer's turn (a microtask): it has the table fitted first, so that what it measures
  // is what will be shown (ui/platform/dom.py scroll_into_view and reveal).
  window.MoonshotScene = {
    fitNow() {
      const records = watch.takeRecords();
      if (records.length) fitChanges(records);
    },
  };

  // Detail on demand: a folded or tight part shows itself whole beside its column while the
  // mouse rests on it, while the keyboard's focus is in it, or after a tap on it (not on a
  // thing to touch: that acts). The whole part is a copy, drawn for the eye only (inert,
  // hidden from assistive technology, which reads the folded part's words: they are kept),
  // outside the table, with no ids or data attributes (nothing that finds the table's things
  // finds it), never in the way of a touch.
  const ACTS = "[data-can], button, a, input, select, summary";
  const REST = 400; // ms the mouse rests on a part before it shows whole
  // what the copy must not carry: what names, targets or announces a thing of the table
  const DROPPED = /^(id|data-.*|tabindex|role|aria-(?!hidden$).*|for|name|href)$/;

  function copyOf(part) {
    const copy = part.cloneNode(true);
    const originals = [part, ...part.querySelectorAll("*")];
    [copy, ...copy.querySelectorAll("*")].forEach((el, index) => {
      for (const name of el.getAttributeNames()) {
        // (an icon's drawing is kept: its <use href>)
        if (DROPPED.test(name) && !(name === "href" && el.localName === "use")) {
          el.removeAttribute(name);
        }
      }
      el.classList.remove(...STEPS);
      // the positions the table sets through the CSSOM (a Risk card's ranges, the tracks)
      el.style.cssText = originals[index].style.cssText;
    });
    return copy;
  }

  function place() {
    const { part, card } = zoomed;
    const column = part.closest("main > section");
    if (!column) return unzoom();
    const box = column.getBoundingClientRect();
    const at = part.getBoundingClientRect();
    const { width, height } = card.getBoundingClientRect();
    // beside the column, on the side with more room; a phone's one column: over it, under
    // the part (or over it)
    const right = innerWidth - box.right, leftRoom = box.left;
    let left = right >= leftRoom ? Math.min(box.right + 6, innerWidth - width - 2)
      : Math.max(2, box.left - width - 6);
    let top = Math.min(Math.max(4, at.top), innerHeight - height - 4);
    if (Math.max(right, leftRoom) < width / 2) {
      left = Math.max(4, (innerWidth - width) / 2);
      top = at.bottom + 6 + height <= innerHeight ? at.bottom + 6 : at.top - height - 6;
    }
    card.style.left = `${left}px`;
    card.style.top = `${Math.max(4, top)}px`;
  }

  function zoom(part) {
    if (zoomed && zoomed.part === part) return;
    unzoom();
    const column = part.closest("main > section");
    if (!column || !part.matches(STEPPED)) return;
    const card = document.createElement("div");
    card.className = `zoom ${column.className}`;
    card.setAttribute("aria-hidden", "true");
    card.inert = true;
    card.append(copyOf(part));
    card.style.width = `${Math.min(column.getBoundingClientRect().width, innerWidth - 8)}px`;
    document.body.append(card);
    zoomed = { part, card };
    place();
  }

  function unzoom() {
    clearTimeout(resting);
    if (zoomed) zoomed.card.remove();
    zoomed = null;
  }

  const stepped = (target) => target instanceof Element ? target.closest(STEPPED) : null;
  table.addEventListener("pointerover", (event) => {
    if (event.pointerType !== "mouse") return;
    const part = stepped(event.target);
    clearTimeout(resting);
    if (!part) return unzoom();
    if (zoomed && zoomed.part !== part) unzoom();
    resting = setTimeout(() => part.isConnected && zoom(part), REST);
  });
  // (a touch leaves the table after every tap: only the mouse's leaving ends it)
  table.addEventListener("pointerleave", (event) => event.pointerType === "mouse" && unzoom());
  table.addEventListener("focusin", (event) => {
    const part = stepped(event.target);
    // the keyboard's focus only: a click or a tap on a thing to touch acts, it does not zoom
    if (part && event.target.matches(":focus-visible")) zoom(part);
    else unzoom();
  });
  table.addEventListener("focusout", (event) => {
    if (!stepped(event.relatedTarget)) unzoom();
  });
  table.addEventListener("click", (event) => {
    if (event.pointerType === "mouse" || event.target.closest(ACTS)) return;
    const part = stepped(event.target);
    if (part && !(zoomed && zoomed.part === part)) zoom(part);
    else unzoom();
  });
  document.addEventListener("keydown", (event) => event.key === "Escape" && unzoom());
  addEventListener("scroll", () => zoomed && place(), true);
})();
