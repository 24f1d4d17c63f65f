// Moonshot's service worker: the whole built site precached and served cache-first, so after
// one online visit the game starts and plays with the network off.
//
// scripts/build.py writes the BUILD line below: every file of the site (path relative to this
// script, its SRI hash, its size) and the version, a hash of all of them. Any new build
// changes this file; the browser compares it byte for byte on each visit (sw-register.js
// registers with updateViaCache "none"), installs the new worker, which copies unchanged files
// from the old cache and downloads only the changed ones, then takes over and deletes the old
// caches. The page registers this worker only once the game is ready, so the precache
// downloads in the background and does not slow the first load.
"use strict";

// Unpacks Pyodide's wasm (below): the same zstd decoder the page uses (unpack.js).
importScripts("./vendor/fzstd/index.js");

const BUILD = {"version": "dev", "bytes": 0, "files": []};

const SCOPE = new URL("./", self.location.href).href;
// One cache per build; the prefix names this site only (other apps may share the origin).
const PREFIX = `moonshot ${SCOPE} `;
const CACHE = PREFIX + BUILD.version;
// A made-up URL under which each cache keeps {url: integrity} of what it holds.
const INDEX_KEY = new URL("./.precache-index", SCOPE).href;
const PARALLEL = 6;

const urlOf = (path) => new URL(path, SCOPE).href;
const WANTED = new Map(BUILD.files.map((file) => [urlOf(file.url), file]));
// A file NAME.zst is also kept unpacked, as NAME: Pyodide's wasm crosses the network packed
// (scripts/build.py) and is served plain from here, where the browser keeps its compiled
// code between visits. Its packed bytes were checked against the build's hash.
const PACKED = ".zst";
const UNPACKED = new Map([...WANTED.keys()].filter((url) => url.endsWith(PACKED))
  .map((url) => [url, url.slice(0, -PACKED.length)])); // packed URL -> plain URL
const PLAIN = new Set(UNPACKED.values());

/** Older caches of this site, by URL, that hold a file with the integrity this build wants. */
async function reusable() {
  const found = new Map();
  for (const key of await caches.keys()) {
    if (!key.startsWith(PREFIX) || key === CACHE) continue;
    const cache = await caches.open(key);
    const index = await cache.match(INDEX_KEY);
    if (!index) continue;
    const held = await index.json();
    for (const [url, file] of WANTED) {
      if (!found.has(url) && held[url] === file.integrity) found.set(url, cache);
    }
  }
  return found;
}

async function precache() {
  const cache = await caches.open(CACHE);
  const old = await reusable();
  const todo = [...WANTED.keys()];
  async function one(url) {
    // "no-cache": revalidate with the server (a 304 costs nothing); integrity: the bytes
    // must be this build's, or the install fails and the old version stays in charge.
    await keep(url, url, async () => {
      const response = await fetch(url, {cache: "no-cache", integrity: WANTED.get(url).integrity});
      if (!response.ok) throw new Error(`precache: HTTP ${response.status} for ${url}`);
      return response;
    });
    const plain = UNPACKED.get(url);
    if (plain) {
      await keep(url, plain, async () => new Response(
        fzstd.decompress(new Uint8Array(await (await cache.match(url)).arrayBuffer())),
        {headers: {"Content-Type": "application/wasm"}}));
    }
  }
  /** ``key`` in the cache: already there (an interrupted install stored it), copied from an
   * older cache that holds ``url`` as this build wants it, or ``made``. */
  async function keep(url, key, made) {
    if (await cache.match(key)) return;
    const kept = old.has(url) ? await old.get(url).match(key) : undefined;
    await cache.put(key, kept || await made());
  }
  async function lane() {
    while (todo.length) await one(todo.shift());
  }
  await Promise.all(Array.from({length: PARALLEL}, lane));
  const index = Object.fromEntries([...WANTED].map(([url, file]) => [url, file.integrity]));
  await cache.put(INDEX_KEY, new Response(JSON.stringify(index),
                                          {headers: {"Content-Type": "application/json"}}));
}

self.addEventListener("install", (event) => {
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith(PREFIX) && key !== CACHE) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

/** The cache key of a request: no query or fragment, a folder means its index.html. */
function keyOf(request) {
  const url = new URL(request.url);
  url.search = "";
  url.hash = "";
  if (url.pathname.endsWith("/")) url.pathname += "index.html";
  return url.href;
}

async function respond(key, request) {
  // A newer worker may have just deleted this build's cache: match it by name (caches.open
  // would create it again, empty, and leave it behind), then any cache of the origin holding
  // this file beats the network (the page is told to reload anyway).
  return (await caches.match(key, {cacheName: CACHE})) || (await caches.match(key))
    || fetch(request);
}

self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET") return;
  const key = keyOf(event.request);
  // not a file of this build: the network, as without a worker
  if (!WANTED.has(key) && !PLAIN.has(key)) return;
  event.respondWith(respond(key, event.request));
});

self.addEventListener("message", (event) => {
  if (event.data === "version" && event.ports[0]) {
    event.ports[0].postMessage(
      {version: BUILD.version, files: BUILD.files.length, bytes: BUILD.bytes, cache: CACHE});
  }
});
