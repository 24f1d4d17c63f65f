// The saved games on disk: IndexedDB, where a write is on disk once its transaction completes
// (localStorage, which the browser writes to disk when it likes, lost the last moves of a
// browser killed seconds after them). ui/platform/dom.py is its only user:
//
//   MoonshotStore.ready            a promise: the entries are read into memory (the page starts
//                                  this at once, while Python loads; the app awaits it)
//   get(key), keys(prefix), items(prefix)
//                                  the entries as this tab knows them, at once
//   put(key, text), remove(key)    write (memory at once, the disk in the order of the calls)
//   kept()                         a promise: every write so far is on disk; its value is null,
//                                  or why one failed: "full", "taken" (another tab holds that
//                                  game now) or the browser's word
//   hold(key, take)                a promise: whether this tab now holds the saved game ``key``
//                                  (a Web Lock, and the game's owner on disk); with take, it is
//                                  taken from a tab that holds it. The entry is read afresh
//   letGo(key)                     this tab no longer plays that game
//   onTaken(handler)               handler(key) when another tab took a game this one held
//
// One tab holds a game at a time: a second tab opening it is told (hold is false), and a tab
// whose game was taken cannot overwrite it even with a write already on its way, because each
// write of a game checks, in its own transaction, that this tab is still its owner.
//
// Only the games' entries live here (keys starting as MOVED says); the rest of the app's
// settings stay in localStorage. Entries an earlier version kept in localStorage move over
// when the database is first made. Without IndexedDB (a browser that refuses it) the same
// calls use localStorage.
(() => {
  "use strict";
  const NAME = "moonshot";
  const VERSION = 1;
  const ENTRIES = "entries";
  const OWNERS = "owners"; // entry key -> the tab that holds that game
  const MOVED = ["moonshot.save.", "moonshot.current", "moonshot.embed."];
  const GAME = /\.save\.[^.]+$/; // the key of a game (not of a pointer to one)
  const tab = (crypto.randomUUID ? crypto.randomUUID() : String(Math.random()).slice(2));
  const cache = new Map();
  const writes = new Map(); // key -> how many times this tab wrote or removed it
  const inFlight = new Set();
  const held = new Map(); // key -> function that releases its lock
  const taken = []; // the handlers of onTaken
  let db = null;
  let failure = null; // the first write that failed since kept() last answered
  let channel = null;

  const ours = (key) => MOVED.some((prefix) => key.startsWith(prefix));

  function asked(request) {
    return new Promise((resolve, reject) => {
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  }

  function finished(tx) {
    return new Promise((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onabort = () => reject(tx.error || new DOMException("aborted", "AbortError"));
    });
  }

  function word(error) {
    const name = (error && error.name) || "";
    return name === "QuotaExceededError" ? "full" : name || "refused";
  }

  function tell(key) {
    if (channel) channel.postMessage(key);
  }

  function lose(key) {
    const release = held.get(key);
    held.delete(key);
    if (release) release();
    for (const handler of taken) handler(key);
  }

  function fromLocalStorage() {
    const found = {};
    try {
      for (let i = 0; i < localStorage.length; i++) {
        const key = localStorage.key(i);
        if (key !== null && ours(key)) found[key] = localStorage.getItem(key);
      }
    } catch {
      // storage refused (a sandboxed frame): nothing to move
    }
    return found;
  }

  function openDatabase() {
    return new Promise((resolve, reject) => {
      let moved = null;
      const request = indexedDB.open(NAME, VERSION);
      request.onupgradeneeded = () => {
        const made = request.result;
        const entries = made.createObjectStore(ENTRIES);
        made.createObjectStore(OWNERS);
        moved = fromLocalStorage(); // in the same transaction that makes the database
        for (const [key, text] of Object.entries(moved)) entries.put(text, key);
      };
      request.onsuccess = () => {
        if (moved) {
          try {
            for (const key of Object.keys(moved)) localStorage.removeItem(key);
          } catch {
            // the copies are on disk; the old ones are only left behind
          }
        }
        resolve(request.result);
      };
      request.onerror = () => reject(request.error);
      request.onblocked = () => reject(new DOMException("blocked", "InvalidStateError"));
    });
  }

  async function start() {
    try {
      if (!self.indexedDB) throw new Error("no IndexedDB");
      db = await openDatabase();
      const store = db.transaction(ENTRIES, "readonly").objectStore(ENTRIES);
      const [keys, texts] = await Promise.all([asked(store.getAllKeys()),
                                               asked(store.getAll())]);
      keys.forEach((key, i) => cache.set(String(key), String(texts[i])));
    } catch {
      if (db) db.close();
      db = null; // localStorage it is (never a page that cannot start)
      cache.clear();
      for (const [key, text] of Object.entries(fromLocalStorage())) cache.set(key, text);
      return;
    }
    db.onversionchange = () => db.close();
    if (self.BroadcastChannel) {
      channel = new BroadcastChannel("moonshot.store");
      channel.onmessage = (event) => { fresh(String(event.data)); };
    }
  }

  // The entry as on disk now, into memory, unless this tab wrote it meanwhile (its own write
  // is newer than what the read found).
  async function fresh(key) {
    if (!db) return cache.get(key) ?? null;
    const before = writes.get(key) || 0;
    let text;
    try {
      text = await asked(db.transaction(ENTRIES, "readonly").objectStore(ENTRIES).get(key));
    } catch {
      return cache.get(key) ?? null;
    }
    if ((writes.get(key) || 0) === before) {
      if (text === undefined) cache.delete(key);
      else cache.set(key, String(text));
    }
    return cache.get(key) ?? null;
  }

  function track(promise) {
    const tracked = promise.catch((error) => { failure = failure || word(error); });
    inFlight.add(tracked);
    tracked.finally(() => inFlight.delete(tracked));
  }

  function put(key, text) {
    key = String(key);
    text = String(text);
    cache.set(key, text);
    writes.set(key, (writes.get(key) || 0) + 1);
    if (!db) {
      try {
        localStorage.setItem(key, text);
      } catch (error) {
        failure = failure || word(error);
      }
      return;
    }
    const tx = db.transaction([ENTRIES, OWNERS], "readwrite", { durability: "strict" });
    const done = finished(tx);
    let stale = false;
    if (GAME.test(key)) {
      const owners = tx.objectStore(OWNERS);
      const owner = owners.get(key);
      owner.onsuccess = () => {
        if (owner.result !== undefined && owner.result !== tab) {
          stale = true; // another tab took this game: its saves are not to be overwritten
          tx.abort();
          return;
        }
        if (owner.result === undefined) owners.put(tab, key);
        tx.objectStore(ENTRIES).put(text, key);
      };
    } else {
      tx.objectStore(ENTRIES).put(text, key);
    }
    track(done.then(() => tell(key), (error) => {
      if (!stale) throw error;
      fresh(key);
      lose(key);
      throw new DOMException("taken", "taken");
    }));
  }

  function remove(key) {
    key = String(key);
    cache.delete(key);
    writes.set(key, (writes.get(key) || 0) + 1);
    if (!db) {
      try {
        localStorage.removeItem(key);
      } catch {
        // nothing to remove where nothing could be stored
      }
      return;
    }
    const tx = db.transaction([ENTRIES, OWNERS], "readwrite", { durability: "strict" });
    tx.objectStore(ENTRIES).delete(key);
    tx.objectStore(OWNERS).delete(key);
    track(finished(tx).then(() => tell(key)));
  }

  async function kept() {
    while (inFlight.size) await Promise.all([...inFlight]);
    const said = failure;
    failure = null;
    return said;
  }

  function lock(key, take) {
    if (!navigator.locks) return Promise.resolve(true); // the owner on disk still decides
    return new Promise((resolve) => {
      const options = take ? { steal: true } : { ifAvailable: true };
      navigator.locks.request(`moonshot:${key}`, options, (granted) => {
        if (!granted) {
          resolve(false);
          return undefined;
        }
        resolve(true);
        return new Promise((release) => held.set(key, release));
      }).catch(() => {
        // another tab took the lock (steal): this tab no longer holds the game
        if (held.has(key)) lose(key);
      });
    });
  }

  async function hold(key, take) {
    key = String(key);
    if (held.has(key) && !take) return true;
    if (!(await lock(key, take))) return false;
    if (db) {
      const tx = db.transaction(OWNERS, "readwrite", { durability: "strict" });
      tx.objectStore(OWNERS).put(tab, key);
      await finished(tx);
      await fresh(key);
    }
    return true;
  }

  function letGo(key) {
    const release = held.get(String(key));
    held.delete(String(key));
    if (release) release();
  }

  const entries = (prefix) => [...cache.keys()].filter((key) => key.startsWith(prefix));

  window.MoonshotStore = {
    ready: start(),
    durable: () => db !== null,
    get: (key) => cache.get(String(key)) ?? null,
    keys: (prefix) => entries(String(prefix)),
    items: (prefix) => Object.fromEntries(entries(String(prefix)).map((k) => [k, cache.get(k)])),
    put,
    remove,
    kept,
    hold,
    letGo,
    fresh: (key) => fresh(String(key)),
    onTaken: (handler) => { taken.push(handler); },
    ours,
  };
})();
