// Online play's transport: one WebRTC connection per remote player, and no server of any kind.
// ui/control/hosting.py and ui/control/joining.py load this file when a person starts or joins an online
// game, and do all the deciding: this file only moves text between two browsers and says when a link opens
// or drops. Its API (window.MoonshotPeer):
//   listen(fn)                         fn(id, kind, text): kind "open", "message", "closed" or
//                                      "skipped" (text: how many messages went unread)
//   offer(id, ice, limit, rated)       a new connection; resolves to its SDP
//   accept(id, sdp)                    apply the other side's answer to our offer
//   answer(id, sdp, ice, limit, rated) answer the other side's offer: resolves to the SDP
//   send(id, text)                     false when the link is not open
//   close(id)                          hang up (no "closed" event: the caller knows)
// `ice`: the RTCIceServer list as JSON text; `limit`: the longest message (characters) this
// side accepts from the other; `rated`: the host's side, which allows a guest only so many
// messages. Either side may offer: the host does in an invitation link's answer-code path, a
// guest does when it knocks through the relays (public/relay.js).
(function () {
  "use strict";

  // Each message travels in chunks of at most CHUNK characters, each starting with "+" (more
  // follows) or "." (the last): Chromium refuses data-channel messages past 256 KiB, and a
  // receiver must be able to refuse a long message without holding it.
  const CHUNK = 16000;
  const GATHER_MS = 3000; // non-trickle ICE: every candidate goes in the one code
  const BEAT_MS = 1000; // heartbeats on their own channel: the game's messages stay numbered
  const LOST_MS = 5000; // silence that counts as a dropped link (WebRTC itself takes ~30 s)
  // How many messages the other side may send: a burst, then so many a second. Past that a
  // message is dropped here, unread, at no cost to the game (Python never sees it), and the
  // count is told once per SKIP_MS. A person clicks a few moves a second at most; chat lines
  // (they start as the game's own do) have their own, slower allowance.
  const RATES = { chat: { burst: 8, perSecond: 2 }, game: { burst: 30, perSecond: 10 } };
  const CHAT_START = '{"t":"chat"';
  const SKIP_MS = 500;

  const peers = new Map();
  let listener = null;

  function tell(id, kind, text) {
    if (listener) { listener(id, kind, text || ""); }
  }

  // `rated`: the host's side, which holds the game, allows a guest only so many messages;
  // a guest takes every message of the host (an AI's moves may come fast).
  function open(id, ice, limit, rated) {
    close(id);
    const pc = new RTCPeerConnection({ iceServers: JSON.parse(ice) });
    // Negotiated channels exist on both sides at once: no "datachannel" event to wait for.
    const game = pc.createDataChannel("game", { negotiated: true, id: 0 });
    const beat = pc.createDataChannel("beat", { negotiated: true, id: 1 });
    const now = Date.now();
    const peer = { pc, game, beat, heard: 0, timer: 0, parts: [], size: 0, limit, rated,
                   allowance: { chat: { left: RATES.chat.burst, at: now },
                                game: { left: RATES.game.burst, at: now } },
                   skipped: 0, skipTimer: 0 };
    peers.set(id, peer);
    game.onopen = () => {
      peer.heard = Date.now();
      peer.timer = setInterval(() => {
        if (beat.readyState === "open") { beat.send(""); }
        if (Date.now() - peer.heard > LOST_MS) { lost(id, peer); }
      }, BEAT_MS);
      tell(id, "open");
    };
    game.onmessage = (event) => receive(id, peer, event.data);
    game.onclose = () => lost(id, peer);
    beat.onmessage = () => { peer.heard = Date.now(); };
    pc.onconnectionstatechange = () => {
      if (pc.connectionState === "failed") { lost(id, peer); }
    };
    return peer;
  }

  function lost(id, peer) {
    if (peers.get(id) !== peer) { return; } // replaced by a new invitation, or hung up
    peers.delete(id);
    clearInterval(peer.timer);
    clearTimeout(peer.skipTimer);
    peer.pc.close();
    tell(id, "closed");
  }

  // Whether one more message of this kind fits the other side's allowance (a token bucket).
  function allowed(peer, text) {
    const kind = text.startsWith(CHAT_START) ? "chat" : "game";
    const rate = RATES[kind], bucket = peer.allowance[kind], now = Date.now();
    bucket.left = Math.min(rate.burst, bucket.left + (now - bucket.at) * rate.perSecond / 1000);
    bucket.at = now;
    if (bucket.left < 1) { return false; }
    bucket.left -= 1;
    return true;
  }

  function skip(id, peer) {
    peer.skipped += 1;
    if (peer.skipTimer) { return; }
    peer.skipTimer = setTimeout(() => {
      peer.skipTimer = 0;
      if (peers.get(id) !== peer || !peer.skipped) { return; }
      const count = peer.skipped;
      peer.skipped = 0;
      tell(id, "skipped", String(count));
    }, SKIP_MS);
  }

  function receive(id, peer, data) {
    peer.heard = Date.now();
    if (typeof data !== "string" || !data) { return; }
    const part = data.slice(1);
    // Past the limit, keep one character more than it allows (so the receiver refuses the
    // message by its length) and drop the rest as it comes.
    const room = peer.limit + 1 - peer.size;
    if (room > 0) {
      peer.parts.push(part.length > room ? part.slice(0, room) : part);
      peer.size += Math.min(part.length, room);
    }
    if (data[0] !== "+") {
      const text = peer.parts.join("");
      peer.parts = [];
      peer.size = 0;
      if (!peer.rated || allowed(peer, text)) { tell(id, "message", text); } else { skip(id, peer); }
    }
  }

  function gathered(pc) {
    return new Promise((resolve) => {
      if (pc.iceGatheringState === "complete") { resolve(); return; }
      const timer = setTimeout(resolve, GATHER_MS);
      pc.addEventListener("icegatheringstatechange", () => {
        if (pc.iceGatheringState === "complete") { clearTimeout(timer); resolve(); }
      });
    });
  }

  // A connection replaced (or hung up) while its description was being made is not used.
  function current(id, peer) {
    if (peers.get(id) !== peer) { throw new Error("replaced by a newer connection"); }
    return peer;
  }

  function close(id) {
    const peer = peers.get(id);
    if (!peer) { return; }
    peers.delete(id);
    clearInterval(peer.timer);
    clearTimeout(peer.skipTimer);
    peer.pc.close();
  }

  window.MoonshotPeer = {
    listen(fn) { listener = fn; },

    async offer(id, ice, limit, rated) {
      const peer = open(id, ice, limit, rated);
      await peer.pc.setLocalDescription(await peer.pc.createOffer());
      await gathered(peer.pc);
      return current(id, peer).pc.localDescription.sdp;
    },

    async accept(id, sdp) {
      const peer = peers.get(id);
      if (!peer || peer.pc.signalingState !== "have-local-offer") {
        throw new Error("this connection is no longer waiting for an answer");
      }
      await peer.pc.setRemoteDescription({ type: "answer", sdp });
    },

    async answer(id, sdp, ice, limit, rated) {
      const peer = open(id, ice, limit, rated);
      await peer.pc.setRemoteDescription({ type: "offer", sdp });
      await peer.pc.setLocalDescription(await peer.pc.createAnswer());
      await gathered(peer.pc);
      return current(id, peer).pc.localDescription.sdp;
    },

    send(id, text) {
      const peer = peers.get(id);
      if (!peer || peer.game.readyState !== "open") { return false; }
      for (let at = 0; at < text.length || at === 0; at += CHUNK) {
        const more = at + CHUNK < text.length;
        peer.game.send((more ? "+" : ".") + text.slice(at, at + CHUNK));
      }
      return true;
    },

    close,
  };

  // Leaving the page hangs up at once, so the other side hears of it now, not in seconds.
  window.addEventListener("pagehide", () => { for (const id of [...peers.keys()]) { close(id); } });
})();
