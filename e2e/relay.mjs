// A real MQTT broker (aedes, pinned in package-lock.json) behind a WebSocket listener on
// 127.0.0.1: the signaling relay of online play's tests, as a public broker would be for a
// player. Usage: node e2e/relay.mjs [port] [replay]   (port 0 or none: any free port)
//
// With "replay", the relay misbehaves as a careless or hostile one may: it delivers every
// message a page publishes a second time, 300 ms later (a replay, and out of order with what
// came between).
//
// It prints one JSON line per event on stdout, which the tests read:
//   {"listening": PORT}                      once, when it takes connections
//   {"open": N} / {"closed": N}              the N-th WebSocket connection came or went
//   {"frame": N, "bytes": B}                 a frame the page on connection N sent to the relay
// so a test counts what each page sent the relay, and when, without trusting the page.
import http from "node:http";
import { Aedes } from "aedes";
import { WebSocketServer, createWebSocketStream } from "ws";

const say = (fact) => process.stdout.write(JSON.stringify(fact) + "\n");

const broker = await Aedes.createBroker();
const REPLAY_MS = 300;
if (process.argv[3] === "replay") {
  const replayed = new Set();
  broker.on("publish", (packet, client) => {
    const key = packet.topic + " " + Buffer.from(packet.payload).toString("base64");
    if (!client || replayed.has(key)) { return; } // (the broker's own, or a replay)
    replayed.add(key);
    setTimeout(() => {
      broker.publish({ cmd: "publish", topic: packet.topic, payload: packet.payload, qos: 0,
                       retain: false, dup: false }, () => say({ replayed: packet.topic }));
    }, REPLAY_MS);
  });
}
const server = http.createServer();
const sockets = new WebSocketServer({ server });
let made = 0;

sockets.on("connection", (socket, request) => {
  const n = ++made;
  say({ open: n });
  socket.on("message", (data) => say({ frame: n, bytes: data.length }));
  socket.on("close", () => say({ closed: n }));
  broker.handle(createWebSocketStream(socket), request);
});

server.listen(Number(process.argv[2] || 0), "127.0.0.1", () => {
  say({ listening: server.address().port });
});

// The test ends the process; a relay left behind by a killed run goes when its parent does.
process.stdin.resume();
process.stdin.on("end", () => process.exit(0));
