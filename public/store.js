// The saved games on disk: IndexedDB, where a write is on disk once its transaction completes
// (localStorage, which the browser writes to disk when it likes, lost the last moves of a
// browser killed seconds after them). ui/platform/dom.py is its only user:
//
//   MoonshotStore.ready            a promise, never rejected: the entries are read into memory
//                                  (the page starts this at once, while Python loads; the app
//                                  awaits it)
//   get(key), keys(prefix)         the entries as this tab knows them, at once
//   put(key, text), remove(key)    write (memory at once, the disk in the order of the calls)
//   kept()                         a promise: every write so far is on disk; its value is null,
//                                  or why one failed: "full", "taken" (another tab holds that
//                                  game now) or the browser's word
//   hold(key, take)                a promise: whether this tab now holds the saved game ``key``
//                                  (a Web Lock, and the game's owner on disk); with take, it is
//                                  taken from a tab that holds it. The entry is read afresh
//   letGo(key)                     this tab no longer plays that game
//   onTaken(handler)               handler(key) when another tab took a game this one held
//   ours(key), durable()           whether the store keeps ``key``; whether on disk (IndexedDB)
//
// One tab holds a game at a time: a second tab opening it is told (hold is false), and a tab
// whose game was taken cannot overwrite it even with a write already on its way, because each
// write of a game checks, in its own transaction, that this tab is still its owner.
//
// Only the games' entries live here (keys starting as MOVED says); the rest of the app's
// settings stay in localStorage. Entries found in localStorage (an earlier version's, or
// written while the database was refused) move over at each start. Without IndexedDB (a
// browser that refuses it, or one that does not open it within READY_MS) the same calls use
// localStorage.
(() => {
  "use strict";
  const NAME = "moonshot";
  const VERSION = 1;
  const ENTRIES = "entries";
  const OWNERS = "owners"; // entry key -> the tab that holds that game
  const MOVED = ["moonshot.save.", "moonshot.current", "moonshot.embed."];
  const GAME = /\.save\.[^.]+$/; // the key of a game (not of a pointer to one)
  const READY_MS = 5000; // an open that never answers (seen in WebKit): localStorage then
  const KEPT_MS = 10000; // a write the browser never confirms is told as failed
  const tab = (crypto.randomUUID ? crypto.randomUUID() : String(Math.random()).slice(2));
  const cache = new Map(); // the entries, with a database only
  const writes = new Map(); // key -> how many times this tab wrote or removed it
  const inFlight = new Set();
  const held = new Map(); // key -> function that releases its lock
  const holding = new Map(); // key -> the hold on its way (a second asks the same)
  const taken = []; // the handlers of onTaken
  let db = null;
  let gaveUp = false; // the database did not open in time: localStorage for this page
  let failure = null; // the first write that failed since kept() last answered
  let channel = null;

  const ours = (key) => MOVED.some((prefix) => key.startsWith(prefix));
  const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

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
    held.delete(key);
    for (const handler of taken) handler(key);
  }

  // ------------------------------------------------------------------ localStorage

  function local() {
    const found = {};
    try {
      for (let i = 0; i < localStorage.length; i++) {
        const key = localStorage.key(i);
        if (key !== null && ours(key)) found[key] = localStorage.getItem(key);
      }
    } catch {
      // storage refused (a sandboxed frame): nothing there
    }
    return found;
  }

  function forgetLocal(keys) {
    try {
      for (const key of keys) localStorage.removeItem(key);
    } catch {
      // the copies are on disk; the old ones are only left behind
    }
  }

  // ------------------------------------------------------------------ start

  function openDatabase() {
    return new Promise((resolve, reject) => {
      const request = indexedDB.open(NAME, VERSION);
      request.onupgradeneeded = () => {
        request.result.createObjectStore(ENTRIES);
        request.result.createObjectStore(OWNERS);
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
      request.onblocked = () => reject(new DOMException("blocked", "InvalidStateError"));
    });
  }

  // Entries in localStorage join the database: those it lacks, and a game longer there than
  // here (a tab of an earlier version went on with it); then they leave localStorage.
  async function moveOver(opened) {
    const found = local();
    const keys = Object.keys(found);
    if (!keys.length) return;
    const tx = opened.transaction(ENTRIES, "readwrite", { durability: "strict" });
    const entries = tx.objectStore(ENTRIES);
    for (const key of keys) {
      const here = entries.get(key);
      here.onsuccess = () => {
        const mine = here.result;
        if (mine === undefined || (GAME.test(key) && found[key].length > String(mine).length)) {
          entries.put(found[key], key);
        }
      };
    }
    await finished(tx);
    forgetLocal(keys);
  }

  async function start() {
    let opened = null;
    try {
      if (!self.indexedDB) throw new Error("no IndexedDB");
      opened = await openDatabase();
      if (gaveUp) throw new Error("too late");
      await moveOver(opened);
      const store = opened.transaction(ENTRIES, "readonly").objectStore(ENTRIES);
      const [keys, texts] = await Promise.all([asked(store.getAllKeys()),
                                               asked(store.getAll())]);
      if (gaveUp) throw new Error("too late");
      keys.forEach((key, i) => cache.set(String(key), String(texts[i])));
    } catch {
      if (opened) opened.close();
      cache.clear();
      gaveUp = true; // localStorage it is: never a page that cannot start
      return;
    }
    db = opened;
    db.onversionchange = () => db.close(); // later writes fail, and are told
    if (self.BroadcastChannel) {
      channel = new BroadcastChannel("moonshot.store");
      channel.onmessage = (event) => { fresh(String(event.data)); };
    }
  }

  const ready = Promise.race([start(), wait(READY_MS).then(() => { if (!db) gaveUp = true; })]);

  // ------------------------------------------------------------------ reading

  // The entry as on disk now, into memory, unless this tab wrote it meanwhile (its own write
  // is newer than what the read found).
  async function fresh(key) {
    if (!db) return get(key);
    const before = writes.get(key) || 0;
    let text;
    try {
      text = await asked(db.transaction(ENTRIES, "readonly").objectStore(ENTRIES).get(key));
    } catch {
      return get(key);
    }
    if ((writes.get(key) || 0) === before) {
      if (text === undefined) cache.delete(key);
      else cache.set(key, String(text));
    }
    return get(key);
  }

  function get(key) {
    key = String(key);
    if (db) return cache.get(key) ?? null;
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  }

  function keys(prefix) {
    prefix = String(prefix);
    const all = db ? [...cache.keys()] : Object.keys(local());
    return all.filter((key) => key.startsWith(prefix));
  }

  // ------------------------------------------------------------------ writing

  function track(promise) {
    const tracked = promise.catch((error) => { failure = failure || word(error); });
    inFlight.add(tracked);
    tracked.finally(() => inFlight.delete(tracked));
  }

  function transaction() {
    try {
      return db.transaction([ENTRIES, OWNERS], "readwrite", { durability: "strict" });
    } catch (error) { // the connection closed (site data cleared, a newer version opened)
      failure = failure || word(error);
      return null;
    }
  }

  function put(key, text) {
    key = String(key);
    text = String(text);
    if (!db) {
      try {
        localStorage.setItem(key, text);
      } catch (error) {
        failure = failure || word(error);
      }
      return;
    }
    cache.set(key, text);
    writes.set(key, (writes.get(key) || 0) + 1);
    const tx = transaction();
    if (!tx) return;
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
      if (held.has(key)) {
        const release = held.get(key);
        lose(key);
        release();
      }
      throw new DOMException("taken", "taken");
    }));
  }

  function remove(key) {
    key = String(key);
    if (!db) {
      try {
        localStorage.removeItem(key);
      } catch {
        // nothing to remove where nothing could be stored
      }
      return;
    }
    cache.delete(key);
    writes.set(key, (writes.get(key) || 0) + 1);
    const tx = transaction();
    if (!tx) return;
    tx.objectStore(ENTRIES).delete(key);
    tx.objectStore(OWNERS).delete(key);
    track(finished(tx).then(() => tell(key)));
  }

  async function kept() {
    let done = false;
    const all = (async () => {
      while (inFlight.size) await Promise.all([...inFlight]);
      done = true;
    })();
    let timer = null;
    const late = new Promise((resolve) => {
      timer = setTimeout(() => {
        if (!done) failure = failure || "TimeoutError"; // (only a wait that did not end)
        resolve();
      }, KEPT_MS);
    });
    await Promise.race([all, late]);
    clearTimeout(timer);
    const said = failure;
    failure = null;
    return said;
  }

  // ------------------------------------------------------------------ holding a game

  // Whether the lock of ``key`` is this tab's now. A request the browser refuses outright
  // (no Web Locks in a sandboxed frame) counts as held: the owner on disk still decides.
  function lock(key, take) {
    if (!navigator.locks) return Promise.resolve(true);
    return new Promise((resolve) => {
      let granted = false;
      let mine = null;
      const options = take ? { steal: true } : { ifAvailable: true };
      navigator.locks.request(`moonshot:${key}`, options, (lockGranted) => {
        granted = true;
        if (!lockGranted) {
          resolve(false);
          return undefined;
        }
        return new Promise((release) => {
          mine = release;
          held.set(key, release);
          resolve(true);
        });
      }).catch(() => {
        if (!granted) resolve(true);
        else if (mine !== null && held.get(key) === mine) lose(key); // another tab took it
      });
    });
  }

  function hold(key, take) {
    key = String(key);
    if (held.has(key)) return Promise.resolve(true); // (never taken from itself)
    const asking = holding.get(key);
    if (asking) return asking;
    const answer = (async () => {
      if (!(await lock(key, take))) return false;
      if (db) {
        try {
          const tx = db.transaction(OWNERS, "readwrite", { durability: "strict" });
          tx.objectStore(OWNERS).put(tab, key);
          await finished(tx);
        } catch {
          // a full or closed database: the saves will say so; the game is this tab's
        }
        await fresh(key);
      }
      return true;
    })();
    holding.set(key, answer);
    answer.finally(() => holding.delete(key));
    return answer;
  }

  function letGo(key) {
    const release = held.get(String(key));
    held.delete(String(key));
    if (release) release();
  }

  window.MoonshotStore = {
    ready,
    durable: () => db !== null,
    get,
    keys,
    put,
    remove,
    kept,
    hold,
    letGo,
    onTaken: (handler) => { taken.push(handler); },
    ours,
  };
})();
