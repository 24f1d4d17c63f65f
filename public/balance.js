// The balance lab's page (balance.html, written by scripts/balance_page.py): its two charts,
// drawn by uPlot from the numbers in the page's JSON block (#balance-charts). Nothing here
// decides what to show; each chart is aria-hidden, the table below it carries its numbers.
(function () {
  "use strict";

  // One colour per variant, the base first; dark enough on the page's paper.
  const PALETTE = ["#1b1d2a", "#b3261e", "#1f5fa8", "#2e7d32", "#8e5a00", "#6a3d9a"];
  const INK = "#1b1d2a";

  function percent(value) {
    return value === null || value === undefined ? "" : Math.round(value * 100) + "%";
  }

  function width(box) {
    return Math.max(280, Math.min(860, box.clientWidth || 600));
  }

  function wins(box, spec) {
    const xs = spec.labels.map(function (_label, i) { return i; });
    const bars = uPlot.paths.bars({ size: [0.5, 80] });
    function whiskers(u) {
      const ctx = u.ctx;
      ctx.save();
      ctx.strokeStyle = INK;
      ctx.lineWidth = 2 * (uPlot.pxRatio || 1);
      xs.forEach(function (i) {
        const x = u.valToPos(i, "x", true);
        const low = u.valToPos(spec.low[i], "y", true);
        const high = u.valToPos(spec.high[i], "y", true);
        const cap = 8 * (uPlot.pxRatio || 1);
        ctx.beginPath();
        ctx.moveTo(x, low); ctx.lineTo(x, high);
        ctx.moveTo(x - cap, low); ctx.lineTo(x + cap, low);
        ctx.moveTo(x - cap, high); ctx.lineTo(x + cap, high);
        ctx.stroke();
      });
      // the even chance, for the eye
      const half = u.valToPos(0.5, "y", true);
      ctx.setLineDash([6, 4]);
      ctx.beginPath();
      ctx.moveTo(u.bbox.left, half); ctx.lineTo(u.bbox.left + u.bbox.width, half);
      ctx.stroke();
      ctx.restore();
    }
    return new uPlot({
      width: width(box), height: 260,
      // room for the last label, turned (and so reaching further right) on a narrow screen
      padding: [12, box.clientWidth < 520 ? 64 : 36, 0, 8],
      legend: { show: false },
      cursor: { show: false },
      scales: { x: { time: false, range: [-0.6, xs.length - 0.4] }, y: { range: [0, 1] } },
      axes: [
        { stroke: INK, splits: function () { return xs; },
          values: function (_u, splits) {
            return splits.map(function (i) { return spec.labels[i] || ""; });
          }, size: 60, rotate: box.clientWidth < 520 ? -20 : 0 },
        { stroke: INK, values: function (_u, splits) { return splits.map(percent); } },
      ],
      series: [{}, { label: spec.label, paths: bars, points: { show: false },
                     fill: PALETTE[1] + "55", stroke: PALETTE[1] }],
      hooks: { draw: [whiskers] },
    }, [xs, spec.rates], box);
  }

  function length(box, spec) {
    return new uPlot({
      width: width(box), height: 240,
      cursor: { show: false },
      legend: { live: false },
      scales: { x: { time: false }, y: { range: [0, null] } },
      // every round labelled while there is room (about 28 px each), every second or
      // third on a phone
      axes: [{ stroke: INK, label: spec.xLabel, splits: function () {
                 const step = Math.max(1, Math.ceil(spec.rounds.length * 28 / width(box)));
                 return spec.rounds.filter(function (_r, i) { return i % step === 0; });
               } },
             { stroke: INK, label: spec.yLabel,
               values: function (_u, splits) { return splits.map(percent); } }],
      series: [{ label: spec.xLabel }].concat(spec.series.map(function (s, i) {
        return { label: s.label, stroke: PALETTE[i % PALETTE.length], width: 2,
                 value: function (_u, v) { return percent(v); } };
      })),
    }, [spec.rounds].concat(spec.series.map(function (s) { return s.values; })), box);
  }

  function draw() {
    const block = document.getElementById("balance-charts");
    if (!block || !window.uPlot) { return; }
    const specs = JSON.parse(block.textContent);
    const makers = { wins: wins, length: length };
    document.querySelectorAll("figure[data-chart]").forEach(function (box) {
      const make = makers[box.dataset.chart];
      if (make && specs[box.dataset.chart]) {
        make(box, specs[box.dataset.chart]);
        box.dataset.drawn = "1";  // for the tests
      }
    });
  }

  document.addEventListener("DOMContentLoaded", draw);
})();
