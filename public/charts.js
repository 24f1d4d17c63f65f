// The post-game report's charts (ui/screens/report.py writes the specifications, ui/control/report.py
// loads uPlot and this file when the report first opens, then calls MoonshotCharts.draw).
// A specification is plain JSON: words, numbers and colours only; nothing here decides
// what to show. Every chart is aria-hidden: the table beside it carries the same numbers.
(function () {
  "use strict";

  // Colours may name the page's own custom properties ("var(--usa)"): one source of truth.
  function colour(value) {
    const match = /^var\((--[\w-]+)\)$/.exec(value || "");
    if (!match) { return value; }
    return getComputedStyle(document.documentElement).getPropertyValue(match[1]).trim();
  }

  const INK = colour("var(--ink)") || "#1b1d2a";

  function ratio() {
    return window.uPlot.pxRatio || window.devicePixelRatio || 1;
  }

  function rangeOf(scale) {
    return function (u, low, high) {
      let lo = scale.min !== undefined ? scale.min : low;
      let hi = scale.max !== undefined ? scale.max : high;
      if (lo === null || hi === null) { lo = 0; hi = 1; }
      if (hi - lo < 2 && scale.max === undefined) { hi = lo + 2; }
      const pad = scale.max === undefined ? Math.max(1, (hi - lo) * 0.08) : 0;
      return [lo - (scale.min === undefined ? pad : 0), hi + pad];
    };
  }

  function roundTicks(u, splits) {
    return splits.map(function (v) { return Number.isInteger(v) ? String(v) : ""; });
  }

  function drawThresholds(u, spec) {
    const ctx = u.ctx, r = ratio();
    (spec.thresholds || []).forEach(function (t) {
      const y = u.valToPos(t.value, t.scale, true);
      ctx.save();
      ctx.strokeStyle = INK;
      ctx.globalAlpha = 0.65;
      ctx.lineWidth = r;
      ctx.setLineDash([4 * r, 4 * r]);
      ctx.beginPath();
      ctx.moveTo(u.bbox.left, y);
      ctx.lineTo(u.bbox.left + u.bbox.width, y);
      ctx.stroke();
      ctx.setLineDash([]);
      ctx.fillStyle = INK;
      ctx.font = 11 * r + "px system-ui, sans-serif";
      ctx.fillText(t.label, u.bbox.left + 4 * r, y - 4 * r);
      ctx.restore();
    });
  }

  function drawShape(ctx, shape, x, y, size, fill) {
    ctx.strokeStyle = colour(fill);
    ctx.fillStyle = colour(fill);
    if (shape === "disc") {
      ctx.beginPath();
      ctx.arc(x, y, size, 0, 2 * Math.PI);
      ctx.fill();
    } else {
      ctx.lineWidth = size / 2.2;
      ctx.beginPath();
      ctx.moveTo(x - size, y - size); ctx.lineTo(x + size, y + size);
      ctx.moveTo(x + size, y - size); ctx.lineTo(x - size, y + size);
      ctx.stroke();
    }
  }

  function drawMarks(u, spec, scale) {
    const ctx = u.ctx, r = ratio();
    ctx.save();
    (spec.marks || []).forEach(function (m) {
      const x = u.valToPos(m.x, "x", true), y = u.valToPos(m.y, scale, true);
      if (m.text !== undefined) {  // a numbered ring (the biggest swings)
        ctx.beginPath();
        ctx.fillStyle = colour("var(--gold)");
        ctx.strokeStyle = INK;
        ctx.lineWidth = 1.5 * r;
        ctx.arc(x, y, 8 * r, 0, 2 * Math.PI);
        ctx.fill();
        ctx.stroke();
        ctx.fillStyle = INK;
        ctx.font = "bold " + 11 * r + "px system-ui, sans-serif";
        ctx.textAlign = "center";
        ctx.textBaseline = "middle";
        ctx.fillText(m.text, x, y + 0.5 * r);
      } else {
        drawShape(ctx, m.shape, x, y, 5 * r, m.colour);
      }
    });
    ctx.restore();
  }

  function drawLegend(u, spec) {
    const ctx = u.ctx, r = ratio();
    let x = u.bbox.left + u.bbox.width - 8 * r;
    ctx.save();
    ctx.font = 11 * r + "px system-ui, sans-serif";
    ctx.textBaseline = "middle";
    ctx.textAlign = "right";
    (spec.legend || []).slice().reverse().forEach(function (item) {
      const y = u.bbox.top + 10 * r;
      ctx.fillStyle = INK;
      ctx.fillText(item.label, x, y);
      x -= ctx.measureText(item.label).width + 10 * r;
      drawShape(ctx, item.shape, x, y, 4 * r, item.colour);
      x -= 16 * r;
    });
    ctx.restore();
  }

  function options(spec, width) {
    const keys = Object.keys(spec.scales);
    const scales = { x: { time: false, range: [spec.x[0] - 0.15, spec.x[spec.x.length - 1] + 0.15] } };
    const axes = [{ label: spec.xLabel, values: roundTicks, incrs: [1, 2, 5, 10], stroke: INK }];
    keys.forEach(function (key, i) {
      const s = spec.scales[key];
      scales[key] = { range: rangeOf(s) };
      axes.push({ scale: key, label: s.label, side: s.side === "right" ? 1 : 3,
                  grid: { show: i === 0 }, stroke: INK,
                  incrs: s.whole ? [1, 2, 5, 10, 20, 50] : undefined });
    });
    const series = [{ label: spec.xLabel }];
    if (spec.kind === "points") {
      series.push({ label: spec.scales[keys[0]].label, scale: keys[0], show: true,
                    stroke: "transparent", points: { show: false } });
    } else {
      spec.series.forEach(function (s) {
        series.push({
          label: s.label, scale: s.scale, stroke: colour(s.colour), width: s.thin ? 1 : 2,
          dash: s.dash ? [6, 4] : undefined,
          points: { show: true, size: s.thin ? 3 : 6, fill: colour(s.colour) },
          paths: s.steps ? window.uPlot.paths.stepped({ align: 1 }) : undefined,
        });
      });
    }
    const height = Math.round(Math.max(190, Math.min(260, width * 0.6)));
    return {
      width: width, height: height, scales: scales, axes: axes, series: series,
      legend: { show: spec.kind !== "points", live: false },
      cursor: { drag: { x: false, y: false } },
      hooks: {
        draw: [function (u) {
          drawThresholds(u, spec);
          drawMarks(u, spec, keys[0]);
          if (spec.kind === "points") { drawLegend(u, spec); }
        }],
      },
    };
  }

  function data(spec) {
    if (spec.kind === "points") {
      return [spec.x, spec.x.map(function () { return null; })];
    }
    return [spec.x].concat(spec.series.map(function (s) { return s.values; }));
  }

  function draw(box, specJson) {
    const spec = typeof specJson === "string" ? JSON.parse(specJson) : specJson;
    if (box.moonshotChart) { box.moonshotChart.destroy(); }
    box.textContent = "";
    const width = Math.max(240, Math.floor(box.clientWidth || 320));
    box.moonshotChart = new window.uPlot(options(spec, width), data(spec), box);
    box.dataset.drawn = "1";
  }

  window.MoonshotCharts = { draw: draw };
})();
