// embed.html only: messages from other windows, measured here before Python hears them.
// ui/links/embed.py listens through ui/platform/dom.py on_host_message, which calls
// MoonshotHost.listen(origin, limit, handler): from then on a message from that origin whose
// data is JSON of at most `limit` characters goes to the handler as that text. Every other
// message from another window (another origin, no JSON, too long, or any before Python
// listens) is dropped here and goes no further: not to Python, and not to the page's other
// listeners either. Pyodide's own (capture) listener reads every message's data, and in a
// page holding Python that first read of a 50 kB message took about 2 ms (a burst of 1,000:
// 2.3 s of a busy page); this listener is registered first (a classic script runs before any
// module), so it reads each message once, in JavaScript. `dropped` counts the host origin's
// messages dropped for their size or shape, for the page's tests.
(() => {
  "use strict";
  const host = {
    dropped: 0,
    origin: null,
    limit: 0,
    handler: null,
    listen(origin, limit, handler) {
      Object.assign(host, { origin, limit, handler });
    },
  };
  addEventListener("message", (event) => {
    if (event.source === window) return; // the page's own (Pyodide's timers): not ours
    event.stopImmediatePropagation();
    if (host.handler === null || event.origin !== host.origin) return;
    // Written out as JSON only as far as the limit: every key and value spends its length
    // (at least 1) from a budget, and an empty budget stops the writing, so a long string or
    // a deep or long array costs what a command does (an object of a million keys is still
    // listed once: a third of what the browser spent copying it to this page).
    let budget = host.limit;
    let text;
    try {
      text = JSON.stringify(event.data, (key, value) => {
        budget -= key.length + (typeof value === "string" ? value.length : 1);
        if (budget < 0) throw new RangeError("longer than a command");
        return value;
      });
    } catch {
      // too long, a cycle, a BigInt: not a command
    }
    if (typeof text !== "string" || text.length > host.limit) {
      host.dropped += 1;
      return;
    }
    host.handler(event.origin, text);
  }, true);
  window.MoonshotHost = host;
})();
