// Pyodide's WebAssembly is most of what a first visit downloads: 9.6 MB, 3.56 MB as GitHub
// Pages gzips it, 2.90 MB zstd-compressed (the build's pyodide/pyodide.asm.wasm.zst). No
// browser decodes zstd on its own, so this page fetches the packed file as soon as this runs
// and, when Pyodide asks for pyodide/pyodide.asm.wasm, answers with its bytes unpacked by
// fzstd (vendor/fzstd) as they arrive: the browser compiles while it downloads, as it would
// the plain file. Only that one request is answered here, once; any other fetch, and a
// second ask for the wasm, go to the network as they came.
//
// A page the service worker controls is left alone: the worker keeps the wasm unpacked
// (sw.js) and answers the plain request from its cache: Chrome keeps a wasm's compiled code
// between visits by the URL of its response, and a response made here has none.
(() => {
  "use strict";
  const decoder = self.fzstd;
  if (!decoder || navigator.serviceWorker?.controller) return;
  const wasm = new URL("./pyodide/pyodide.asm.wasm", document.baseURI).href;
  const original = self.fetch;
  const network = original.bind(self);
  let packed = network(`${wasm}.zst`);

  /** The packed file's body, unpacked chunk by chunk as the network gives it. */
  function unpacked(response) {
    if (!response.ok) return network(wasm);
    const reader = response.body.getReader();
    let inflater;
    let given = 0; // chunks handed on
    let ended = false;
    const body = new ReadableStream({
      start(controller) {
        inflater = new decoder.Decompress((chunk, last) => {
          if (chunk.length) {
            controller.enqueue(chunk);
            given += 1;
          }
          if (last && !ended) {
            ended = true;
            controller.close();
          }
        });
      },
      // Reads until a chunk is handed on (or the end): a pull that hands on nothing is not
      // called again, and a network chunk may end mid-block.
      async pull(controller) {
        const before = given;
        try {
          while (given === before && !ended) {
            const { done, value } = await reader.read();
            if (done) {
              inflater.push(new Uint8Array(0), true);
              if (!ended) throw new Error(`${wasm}.zst ended inside its frame`);
            } else {
              inflater.push(value);
            }
          }
        } catch (error) {
          ended = true;
          controller.error(error);
        }
      },
      cancel(reason) {
        return reader.cancel(reason);
      },
    });
    return new Response(body, { headers: { "Content-Type": "application/wasm" } });
  }

  self.fetch = function fetch(resource, init) {
    if (packed === null) return network(resource, init);
    const url = resource instanceof Request ? resource.url : new URL(resource, document.baseURI).href;
    if (url !== wasm) return network(resource, init);
    const answer = packed.then(unpacked);
    packed = null;
    self.fetch = original;
    return answer;
  };
})();
