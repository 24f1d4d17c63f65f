// The post-game report's charts (ui/screens/report.py writes the specifications, ui/control/reportdesk.py
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

  // The round axis: a tick on each round the game played (every other one when they are
  // many), never one past the last round, whatever room the points around it take.
  function roundSplits(spec) {
    return function () {
      const first = spec.rounds[0], last = spec.rounds[1];
      const every = last - first > 12 ? 2 : 1;
      const out = [];
      for (let v = first; v <= last; v += every) { out.push(v); }
      return out;
    };
  }

  // A threshold: a thin dashed line across the plot (the key under the chart names it).
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

  // Under a USA line, the USA's share; above it, the rest (the USSR's): one line, two areas.
  function drawSplit(u, spec) {
    if (!spec.split) { return; }
    const ctx = u.ctx, values = spec.series[0].values, scale = spec.series[0].scale;
    const top = u.bbox.top, bottom = u.bbox.top + u.bbox.height;
    const xs = spec.x.map(function (x) { return u.valToPos(x, "x", true); });
    const ys = values.map(function (v) { return u.valToPos(v, scale, true); });
    [[spec.split.below, bottom], [spec.split.above, top]].forEach(function (part) {
      ctx.save();
      ctx.globalAlpha = 0.2;
      ctx.fillStyle = colour(part[0].colour);
      ctx.beginPath();
      ctx.moveTo(xs[0], part[1]);
      xs.forEach(function (x, i) { ctx.lineTo(x, ys[i]); });
      ctx.lineTo(xs[xs.length - 1], part[1]);
      ctx.closePath();
      ctx.fill();
      ctx.restore();
    });
  }

  const SVG = "http://www.w3.org/2000/svg";

  function make(tag, attributes) {
    const el = document.createElementNS(SVG, tag);
    Object.keys(attributes).forEach(function (name) { el.setAttribute(name, attributes[name]); });
    return el;
  }

  // A key item's picture: an area (with its edge line), a point shape, or a line as drawn.
  function svgSample(item) {
    const svg = make("svg", { width: 30, height: 14, viewBox: "0 0 30 14" });
    const paint = colour(item.colour);
    if (item.area) {
      svg.appendChild(make("rect", { x: 1, y: 1, width: 28, height: 12, fill: paint,
                                     "fill-opacity": 0.35 }));
      if (item.edge) {
        svg.appendChild(make("line", { x1: 1, y1: 2, x2: 29, y2: 2, stroke: paint,
                                       "stroke-width": 2.5 }));
      }
    } else if (item.shape === "disc") {
      svg.appendChild(make("circle", { cx: 15, cy: 7, r: 5, fill: paint }));
    } else if (item.shape === "cross") {
      svg.appendChild(make("path", { d: "M10 2 L20 12 M20 2 L10 12", stroke: paint,
                                     "stroke-width": 2.5 }));
    } else {
      const line = make("line", { x1: 1, y1: 7, x2: 29, y2: 7, stroke: paint,
                                  "stroke-width": item.thin ? 1.5 : 2.5 });
      if (item.dash) { line.setAttribute("stroke-dasharray", "6 4"); }
      svg.appendChild(line);
    }
    return svg;
  }

  // The key under a chart: each line drawn as it is drawn (colour, solid or dashed), each
  // area and each point shape, with its words.
  function legend(spec) {
    let items = spec.legend || spec.series.map(function (s) {
      return { label: s.label, colour: s.colour, dash: s.dash, thin: s.thin };
    });
    if (spec.split) {  // the line is the edge between the two areas: the areas are the key
      items = [{ label: spec.split.below.label, colour: spec.split.below.colour, area: true, edge: true },
               { label: spec.split.above.label, colour: spec.split.above.colour, area: true }];
    }
    // A threshold is named in the key, not on the plot, where its words would cover points.
    items = items.concat((spec.thresholds || []).map(function (t) {
      return { label: t.label, colour: INK, dash: true, thin: true };
    }));
    const key = document.createElement("ul");
    key.className = "rp-key";
    key.dataset.testid = "chart-key";
    items.forEach(function (item) {
      const li = document.createElement("li");
      li.dataset.dash = item.dash ? "1" : "0";
      li.appendChild(svgSample(item));
      li.appendChild(document.createTextNode(item.label));
      key.appendChild(li);
    });
    return key;
  }

  function options(spec, width) {
    const keys = Object.keys(spec.scales);
    // From just before the first round to the end of the last (a mid-round point sits near
    // its round's end), so the axis never names a round the game did not reach.
    const scales = { x: { time: false, range: [spec.rounds[0] - 0.15, spec.rounds[1] + 0.97] } };
    const axes = [{ label: spec.xLabel, splits: roundSplits(spec), stroke: INK }];
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
          label: s.label, scale: s.scale, stroke: colour(s.colour), width: s.thin ? 1.5 : 2.5,
          dash: s.dash ? [6, 4] : undefined,
          points: { show: true, size: s.thin ? 3 : 6, fill: colour(s.colour) },
          paths: s.steps ? window.uPlot.paths.stepped({ align: 1 }) : undefined,
        });
      });
    }
    const height = Math.round(Math.max(190, Math.min(260, width * 0.6)));
    return {
      width: width, height: height, scales: scales, axes: axes, series: series,
      legend: { show: false },
      cursor: { drag: { x: false, y: false } },
      hooks: {
        // A click on a line chart opens the replay at the point under the cursor: the
        // page's click handler finds the command on the chart's box.
        setCursor: [function (u) {
          const box = u.root.parentElement;
          const i = u.cursor.idx;
          if (spec.steps && i !== null && i !== undefined && box) {
            box.dataset.cmd = "rp-goto";
            box.dataset.step = String(spec.steps[i]);
          } else if (box) {
            delete box.dataset.cmd;
          }
        }],
        drawClear: [function (u) { drawSplit(u, spec); }],
        draw: [function (u) {
          drawThresholds(u, spec);
          drawMarks(u, spec, keys[0]);
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
    box.appendChild(legend(spec));
    box.dataset.drawn = "1";
  }

  window.MoonshotCharts = { draw: draw };
})();
