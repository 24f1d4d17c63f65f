"""The browser: the only code that imports PyScript or Pyodide's ``js`` (the page's DOM,
storage, files, the thread given back, the WebRTC peer)."""
