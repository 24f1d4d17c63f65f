// Online play's signaling: the two messages that set up a WebRTC connection (a guest's offer,
// the host's answer) travel through public relays (MQTT brokers over WebSocket, by the vendored
// mqtt.js), so a friend joins by opening one link. ui/links/hosting.py and ui/links/joining.py
// load this file when a person starts or joins an online game, and do all the deciding: this
// file only carries text, encrypted, between the pages in a room. Its API (window.MoonshotRelay):
//   listen(fn)                    fn(room, kind, text): kind "up" or "down" (text: the relay's
//                                 URL, now subscribed to the room, or gone), or "message"
//                                 (text: a message another page sent the room)
//   enter(room, relays, secret)   relays: a JSON list of ws(s):// URLs; secret: the link's
//                                 secret (base64url), from which the room's topic and key come
//   send(room, text, relay)       to the room on every relay it is up on (or on `relay` alone);
//                                 resolves to how many relays took it
//   leave(room)                   a relay left with no room is disconnected
//
// What a relay sees: a topic derived from the secret (it cannot be turned back into it), and
// payloads that are AES-GCM ciphertexts under a key derived from the same secret, with their
// sizes and times. The secret itself lives only in the link's fragment, which no server sees.
(function () {
  "use strict";

  const TOPIC = "moonshot-game/v1/";
  const CONNECT_MS = 10000; // a relay not connected by then counts as down
  // No MQTT pings: a host keeps the watch link's room while a watcher's place is free, and
  // from the moment every seat is joined sends the relays nothing unless a watcher knocks. A
  // relay that drops the idle connection is told by the WebSocket's close ("down").
  const KEEPALIVE_S = 0;
  // A relay that was up and went (a proxy closing an idle connection, a restart) is called
  // again after RETRY_MS, then twice as long, RETRIES times (about 5 minutes in all) while a
  // room still wants it; one never reached is not called again.
  const RETRY_MS = 5000;
  const RETRIES = 6;
  const MAX_BYTES = 16384; // one payload: an SDP with its candidates takes 1-4 KB
  const SEEN = 64; // payloads remembered per room: one message comes once from each relay
  // Messages a room takes from the others, a burst then so many a second; past that they are
  // dropped unread. A joining page sends one or two; only a page that misbehaves sends more.
  const RATE = { burst: 12, perSecond: 2 };

  const relays = new Map(); // url -> { client, up, rooms: Set }
  const retries = new Map(); // url -> times called again since it was last up
  const entries = new Map(); // room -> how many times it was entered or left (a late enter
  //                            whose room was left meanwhile, or entered anew, stops there)
  const rooms = new Map(); // room -> { topic, key, relays: Set, seen: [], left, at }
  let listener = null;

  function tell(room, kind, text) {
    if (listener) { listener(room, kind, text || ""); }
  }

  function fromBase64url(text) {
    const plain = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    return Uint8Array.from(plain, (c) => c.charCodeAt(0));
  }

  function hex(bytes) {
    return Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, "0")).join("");
  }

  // The room's topic and key, both from the secret by HKDF (SHA-256), each under its own label.
  async function derive(secret) {
    const base = await crypto.subtle.importKey("raw", fromBase64url(secret), "HKDF", false,
                                               ["deriveKey", "deriveBits"]);
    const params = (label) => ({ name: "HKDF", hash: "SHA-256", salt: new Uint8Array(0),
                                 info: new TextEncoder().encode("moonshot relay " + label) });
    const topic = TOPIC + hex(await crypto.subtle.deriveBits(params("room"), base, 128));
    const key = await crypto.subtle.deriveKey(params("key"), base,
                                              { name: "AES-GCM", length: 256 }, false,
                                              ["encrypt", "decrypt"]);
    return { topic, key };
  }

  async function seal(key, text) {
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const body = await crypto.subtle.encrypt({ name: "AES-GCM", iv }, key,
                                             new TextEncoder().encode(text));
    const out = new Uint8Array(12 + body.byteLength);
    out.set(iv);
    out.set(new Uint8Array(body), 12);
    return out;
  }

  // A payload's text, or null: too large, not sealed with the room's key (another room's, a
  // stranger's), already heard through another relay, or past the room's allowance.
  async function opened(room, payload) {
    if (payload.length <= 12 || payload.length > MAX_BYTES) { return null; }
    const id = hex(payload.subarray(0, 12));
    if (room.seen.includes(id)) { return null; }
    let text;
    try {
      text = new TextDecoder().decode(await crypto.subtle.decrypt(
        { name: "AES-GCM", iv: payload.subarray(0, 12) }, room.key, payload.subarray(12)));
    } catch (_) {
      return null;
    }
    remember(room, id);
    const now = Date.now();
    room.left = Math.min(RATE.burst, room.left + (now - room.at) * RATE.perSecond / 1000);
    room.at = now;
    if (room.left < 1) { return null; }
    room.left -= 1;
    return text;
  }

  function remember(room, id) {
    room.seen.push(id);
    if (room.seen.length > SEEN) { room.seen.shift(); }
  }

  function roomsOf(url) {
    return [...rooms.entries()].filter(([, room]) => room.relays.has(url));
  }

  // With no pings, a connection that died without a word (a NAT forgetting it, a laptop
  // asleep) is found out here: a relay that does not confirm a subscription in CONNECT_MS is
  // taken as gone (and called again).
  function subscribe(url, name, room) {
    const relay = relays.get(url);
    const silent = setTimeout(() => { if (relays.get(url) === relay) { relay.client.end(true); } },
                              CONNECT_MS);
    relay.client.subscribe(room.topic, { qos: 0 }, (error) => {
      clearTimeout(silent);
      if (rooms.get(name) !== room) { return; }
      if (error) { tell(name, "down", url); } else { tell(name, "up", url); }
    });
  }

  function connect(url) {
    const relay = { client: null, up: false, rooms: new Set(roomsOf(url).map(([n]) => n)) };
    relays.set(url, relay);
    const client = window.mqtt.connect(url, {
      protocolVersion: 4, clean: true, keepalive: KEEPALIVE_S, reconnectPeriod: 0,
      connectTimeout: CONNECT_MS,
      timerVariant: "native", // (its default starts a Worker from a blob: the page's CSP says no)
      clientId: "moonshot-" + hex(crypto.getRandomValues(new Uint8Array(8))),
    });
    relay.client = client;
    client.on("connect", () => {
      relay.up = true;
      retries.delete(url);
      for (const [name, room] of roomsOf(url)) { subscribe(url, name, room); }
    });
    client.on("message", async (topic, payload) => {
      for (const [name, room] of roomsOf(url)) {
        if (room.topic !== topic) { continue; }
        const text = await opened(room, payload);
        if (text !== null && rooms.get(name) === room) { tell(name, "message", text); }
      }
    });
    const gone = () => {
      if (relays.get(url) !== relay) { return; }
      relays.delete(url);
      client.end(true);
      const wanted = roomsOf(url);
      for (const [name] of wanted) { tell(name, "down", url); }
      const tries = relay.up ? 0 : retries.get(url); // (undefined: never reached)
      if (!wanted.length || tries === undefined || tries >= RETRIES) {
        retries.delete(url);
        return;
      }
      retries.set(url, tries + 1);
      setTimeout(() => {
        if (!relays.has(url) && roomsOf(url).length) { connect(url); }
      }, RETRY_MS * 2 ** tries);
    };
    client.on("close", gone);
    client.on("error", gone);
    return relay;
  }

  window.MoonshotRelay = {
    listen(fn) { listener = fn; },

    async enter(name, urls, secret) {
      this.leave(name);
      const entry = entries.get(name);
      const room = { ...(await derive(secret)), relays: new Set(JSON.parse(urls)), seen: [],
                     left: RATE.burst, at: Date.now() };
      if (entries.get(name) !== entry) { return; } // left, or entered anew, meanwhile
      rooms.set(name, room);
      for (const url of room.relays) {
        let relay = relays.get(url);
        if (!relay) {
          try {
            relay = connect(url);
          } catch (_) { // not a URL the library takes
            tell(name, "down", url);
            continue;
          }
        } else if (relay.up) {
          subscribe(url, name, room);
        }
        relay.rooms.add(name);
      }
    },

    async send(name, text, only) {
      const room = rooms.get(name);
      if (!room) { return 0; }
      const payload = await seal(room.key, text);
      remember(room, hex(payload.subarray(0, 12))); // a relay sends it back to us too: unread
      let sent = 0;
      for (const url of room.relays) {
        const relay = relays.get(url);
        if (relay && relay.up && (!only || only === url) && rooms.get(name) === room) {
          relay.client.publish(room.topic, payload, { qos: 0 });
          sent += 1;
        }
      }
      return sent;
    },

    leave(name) {
      entries.set(name, (entries.get(name) || 0) + 1);
      const room = rooms.get(name);
      if (!room) { return; }
      rooms.delete(name);
      for (const url of room.relays) {
        const relay = relays.get(url);
        if (!relay) { continue; }
        relay.rooms.delete(name);
        if (!relay.rooms.size) {
          relays.delete(url);
          relay.client.end(true);
        } else if (relay.up && !roomsOf(url).some(([, other]) => other.topic === room.topic)) {
          relay.client.unsubscribe(room.topic);
        }
      }
    },
  };

  // Leaving the page hangs up on the relays at once.
  window.addEventListener("pagehide", () => {
    for (const name of [...rooms.keys()]) { window.MoonshotRelay.leave(name); }
  });
})();
