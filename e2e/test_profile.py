"""The suite's shared Chromium profile (conftest.py ``profile``) leaves nothing of one test to
the next: after ``empty()`` only its blank page is open, and the site's localStorage,
IndexedDB and cookies are gone; offline mode is off."""

from __future__ import annotations

from conftest import Profile

WRITE = """async () => {
  localStorage.setItem('moonshot.left', 'behind');
  document.cookie = 'left=behind';
  await new Promise((done, fail) => {
    const open = indexedDB.open('left-behind');
    open.onupgradeneeded = () => open.result.createObjectStore('things');
    open.onsuccess = () => {
      const put = open.result.transaction('things', 'readwrite').objectStore('things')
        .put('behind', 'left');
      put.onsuccess = () => { open.result.close(); done(); };
      put.onerror = fail;
    };
    open.onerror = fail;
  });
}"""
READ = """async () => ({
  local: localStorage.length,
  cookie: document.cookie,
  databases: (await indexedDB.databases()).map((d) => d.name),
})"""


def test_an_emptied_profile_keeps_nothing_a_test_left(profile: Profile, site_url: str) -> None:
    page = profile.context.new_page()
    page.goto(site_url + "precache.json")  # the site's origin, no game started
    page.evaluate(WRITE)
    assert page.evaluate(READ) == {"local": 1, "cookie": "left=behind",
                                   "databases": ["left-behind"]}
    profile.context.new_page()  # a second tab, left open
    profile.context.set_offline(True)
    profile.empty()
    assert profile.context.pages == [profile.keeper]
    fresh = profile.context.new_page()
    fresh.goto(site_url + "precache.json")  # (offline mode off: it loads)
    assert fresh.evaluate(READ) == {"local": 0, "cookie": "", "databases": []}
    fresh.close()
