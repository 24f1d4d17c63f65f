// Firefox for the e2e tests: Debian's firefox-esr driven over WebDriver BiDi by puppeteer-core
// (Playwright's Firefox speaks a newer BiDi than ESR knows). e2e/engines.py starts this script
// and sends it one JSON command per line on stdin; each answer is one JSON line on stdout:
// {"id", "value"} or {"id", "error"}. One browser, a fresh profile, one page at a time: "fresh"
// puts a new page in a new browser context.
//
//   node e2e/firefox.mjs /usr/bin/firefox-esr '{"a.pref": value}'
import puppeteer from "puppeteer-core";
import { createInterface } from "node:readline";

const executablePath = process.argv[2] || "/usr/bin/firefox-esr";
const browser = await puppeteer.launch({
  browser: "firefox",
  executablePath,
  headless: true,
  extraPrefsFirefox: JSON.parse(process.argv[3] || "{}"),
});
const errors = [];
let context = null; // the browser's own first, then one of ours for each "fresh"
let page = await browser.newPage();
watch(page);

/** The page's errors and console errors go to `errors`. */
function watch(watched) {
  watched.on("pageerror", (error) => errors.push(`page error: ${error.message}`));
  watched.on("console", (message) => {
    if (message.type() === "error") errors.push(`console error: ${message.text()}`);
  });
}

/** The elements matching `css` that are rendered (checkVisibility), in document order. */
async function visible(css) {
  const shown = [];
  for (const handle of await page.$$(css)) {
    if (await handle.evaluate((e) => e.checkVisibility())) shown.push(handle);
  }
  return shown;
}

const commands = {
  async fresh() {
    // A new page in a new browser context (its own storage, service workers and caches, as
    // a fresh profile's), the last one closed: a browser started once serves many tests.
    const old = context;
    context = await browser.createBrowserContext();
    const next = await context.newPage();
    await (old ? old.close() : page.close());
    page = next;
    errors.splice(0);
    watch(page);
  },
  async open({ url }) {
    await page.goto(url, { waitUntil: "load" });
  },
  async init({ script }) {
    await page.evaluateOnNewDocument(script); // before the page's own scripts, on every load
  },
  async run({ script, arg }) {
    // The script is a function's source; its promise, if it returns one, is awaited.
    return page.evaluate(`(${script})(${JSON.stringify(arg ?? null)})`);
  },
  async click({ css, index }) {
    const shown = await visible(css);
    if (index >= shown.length) throw new Error(`no visible ${css} at ${index} (${shown.length})`);
    await shown[index].click(); // scrolled into view, a real pointer click at its centre
  },
  async press({ key }) {
    const [last, ...held] = key.split("+").reverse(); // "Shift+Tab": Shift held
    for (const modifier of held) await page.keyboard.down(modifier);
    await page.keyboard.press(last);
    for (const modifier of held) await page.keyboard.up(modifier);
  },
  async resize({ width, height }) {
    await page.setViewport({ width, height });
  },
  async screenshot({ path }) {
    await page.screenshot({ path });
  },
  async errors() {
    return errors.splice(0);
  },
  async version() {
    return browser.version();
  },
};

const say = (answer) => process.stdout.write(JSON.stringify(answer) + "\n");
say({ id: 0, value: "ready" });
for await (const line of createInterface({ input: process.stdin })) {
  const { id, op, ...args } = JSON.parse(line);
  if (op === "close") break;
  try {
    const value = await commands[op](args);
    say({ id, value: value ?? null });
  } catch (error) {
    say({ id, error: String(error?.message ?? error) });
  }
}
await browser.close();
