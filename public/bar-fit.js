// The action bar's options stay on one row, and what does not fit is never hidden silently:
// the options past the row's end fold into the bar's switch, which then reads "+N more"
// (its words come translated from ui/markup/frame.py, data-fold) and opens every option in
// rows (the "moves" drawer). With everything in the row the switch hides itself; with the
// drawer open nothing folds. Redone after each render of the bar (ui/ draws it; a
// MutationObserver sees it before the next paint) and when the bar's width changes.
(() => {
  "use strict";
  const bar = document.getElementById("actions");
  if (!bar) return;
  const SPILL = "spill";

  function fit() {
    const row = bar.querySelector(":scope > .opts");
    const more = row && row.querySelector(":scope > .more");
    if (!more) return;
    const options = [...row.children].filter((item) => item !== more);
    for (const item of options) {
      item.classList.remove(SPILL);
      item.style.maxWidth = "";
    }
    more.hidden = true;
    if (bar.closest(".drawer-moves")) {
      more.hidden = false;
      return;
    }
    const fits = (limit) => options.findIndex((item) => item.getBoundingClientRect().right > limit);
    if (fits(row.getBoundingClientRect().right + 0.5) < 0) return; // all in the row
    more.hidden = false; // at the row's end: the options give it room
    const words = (count) => (more.dataset.fold || "+{count}").replace("{count}", String(count));
    // measured with its widest words (the most it could count: its words grow with the count)
    more.textContent = words(options.filter((item) => item.matches("button")).length);
    const gap = parseFloat(getComputedStyle(row).columnGap) || 0;
    const left = row.getBoundingClientRect().left;
    const room = row.getBoundingClientRect().right - more.getBoundingClientRect().width - gap;
    const first = Math.max(1, fits(room + 0.5)); // the first always shows...
    if (options[0].getBoundingClientRect().right > room + 0.5) { // ...narrowed (its label wraps)
      options[0].style.maxWidth = `${Math.max(0, room - left)}px`;
    }
    const folded = options.slice(first);
    for (const item of folded) item.classList.add(SPILL);
    more.textContent = words(folded.filter((item) => item.matches("button")).length);
  }

  // Our own changes (classes, the switch's words) are mutations too: look away while fitting.
  const watch = new MutationObserver(refit);
  const look = () => watch.observe(bar, { childList: true, subtree: true, characterData: true });
  function refit() {
    watch.disconnect();
    try {
      fit();
    } finally {
      watch.takeRecords();
      look();
    }
  }
  look();
  new ResizeObserver(refit).observe(bar);
  refit();
})();
