"""The built site's standard library in two parts: the first download holds what the page
imports (its computer players too), and the modules left for later come, with the page's own finder
(ui.platform.stdlib), from python_stdlib_rest.zip: checked in the Pyodide the site ships (run
by Node on dist/pyodide/), on real modules of the standard library."""

from __future__ import annotations

import hashlib
import io
import json
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest
from conftest import NetworkLog, wait_ready
from playwright.sync_api import Page

from ui.platform.stdlib import user_defined_bytes

# A first visit's browser: the service worker installs in each test (conftest.py ``profile``).
pytestmark = pytest.mark.fresh_context

ROOT = Path(__file__).resolve().parent.parent
# Modules no start imports, of kinds a game may still meet: a package of its own, a module
# inside a package that came first (encodings), a module that imports other later ones.
LATER = ("email.message", "encodings.koi8_r", "xml.dom.minidom", "unittest", "difflib")
SCRIPT = """
import { loadPyodide } from "pyodide";
import fs from "node:fs";
const [index, app, rest, later] = process.argv.slice(1);
const pyodide = await loadPyodide({ indexURL: index + "/" });
pyodide.FS.mkdirTree("/app");
pyodide.FS.writeFile("/app.zip", new Uint8Array(fs.readFileSync(app)));
pyodide.FS.writeFile("/rest.zip", new Uint8Array(fs.readFileSync(rest)));
pyodide.globals.set("LATER", pyodide.toPy(JSON.parse(later)));
console.log(pyodide.runPython(`
import json, sys, zipfile
zipfile.ZipFile("/app.zip").extractall("/app")
sys.path.insert(0, "/app")
from ui.platform import stdlib
first = set(sys.modules)
missing = []
for name in LATER:
    try:
        __import__(name)
    except ImportError:
        missing.append(name)
fetched = []
def fetch():
    fetched.append(1)
    return open("/rest.zip", "rb").read()
stdlib.install(fetch)
for name in LATER:
    __import__(name)
import email.message
message = email.message.EmailMessage()
message["Subject"] = "Moonshot"
json.dumps({"missing": missing, "fetched": len(fetched),
            "subject": message["Subject"], "koi8": "Луна".encode("koi8_r").hex(),
            "loaded_first": sorted(first & set(LATER))})
`));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="needs node (npm ci)")
def test_modules_left_for_later_import_from_the_rest_of_the_standard_library(
    dist: Path,
) -> None:
    pyodide = dist / "pyodide"
    first, rest = pyodide / "python_stdlib.zip", pyodide / "python_stdlib_rest.zip"
    with zipfile.ZipFile(first) as a, zipfile.ZipFile(rest) as b:
        firsts, rests = set(a.namelist()), set(b.namelist())
    assert not firsts & rests and "email/message.py" in rests
    with zipfile.ZipFile(io.BytesIO((dist / "app.zip").read_bytes())) as app:
        head, *names = app.read("ui/platform/stdlib_rest.txt").decode().split()[1:]
    assert head == hashlib.sha256(rest.read_bytes()).hexdigest()
    assert len(names) == sum(1 for n in rests if n.endswith(".py"))
    assert set(LATER) <= set(names)
    print(f"\nfirst download {first.stat().st_size / 2**20:.2f} MB ({len(firsts)} files), "
          f"left for later {rest.stat().st_size / 2**20:.2f} MB ({len(rests)} modules)")
    done = subprocess.run(
        ["node", "--input-type=module", "-e", SCRIPT, str(pyodide), str(dist / "app.zip"),
         str(rest), json.dumps(list(LATER))],
        cwd=ROOT, capture_output=True, text=True, timeout=300, check=True)
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result["missing"] == list(LATER)  # not in the first download...
    assert result["fetched"] == 1  # ...and all of them from one fetch
    assert result["subject"] == "Moonshot" and result["koi8"] == "ecd5cec1"
    assert result["loaded_first"] == []


FETCH_AS_TEXT = """(url) => {
  const request = new XMLHttpRequest();
  request.open("GET", url, false);
  request.overrideMimeType("text/plain; charset=x-user-defined");
  request.send(null);
  return request.responseText;
}"""


def test_the_page_reads_the_rest_of_the_standard_library_byte_for_byte(
    page: Page, site_url: str, net: NetworkLog, dist: Path,
) -> None:
    """The page's synchronous fetch (ui.platform.dom.fetch_now: an import cannot wait) reads
    the archive as x-user-defined text; decoded, it is the file, every byte."""
    page.goto(site_url)
    wait_ready(page, net)
    text = page.evaluate(FETCH_AS_TEXT, "./pyodide/python_stdlib_rest.zip")
    assert user_defined_bytes(text) == (dist / "pyodide" / "python_stdlib_rest.zip").read_bytes()


def test_once_the_site_is_precached_the_page_keeps_a_copy_of_the_rest_for_offline_play(
    page: Page, site_url: str, net: NetworkLog,
) -> None:
    """A synchronous request (an import's) never reaches a service worker in Chromium: the
    page copies the archive through it ahead of time, once the worker holds the whole site."""
    page.goto(site_url)
    wait_ready(page, net)
    page.wait_for_function("document.documentElement.dataset.offline === 'ready'",
                           timeout=120_000)
    page.wait_for_selector('body[data-rest-of-stdlib="kept"]', state="attached",
                           timeout=60_000)
    net.assert_clean()
