import { chromium, type Browser, type BrowserContextOptions, type Page } from "playwright-core";
import { onTestFinished } from "vitest";
import { TEST_NOW } from "../support/test-clock.ts";
import { TEST_SLOWNESS } from "../support/test-slowness.ts";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * Debian's Chromium, headless, with the flags this closed network needs. Launched in a
 * test, its close waits until the test has ended: a failed test's pages still say what they
 * showed (sayWhatShowsOnFailure), though the test closed its browser in its own `finally`.
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  const close = browser.close.bind(browser);
  try {
    onTestFinished(() => close());
    browser.close = async () => undefined;
  } catch {
    // Launched outside a test (a file's beforeAll): its own afterAll closes it.
  }
  return browser;
}

/**
 * A page that records every console error and uncaught exception it sees. Its Date
 * stands at TEST_NOW, as the server's clock does (timers run as usual).
 */
export async function newWatchedPage(browser: Browser, options: BrowserContextOptions = {}): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ locale: "en-US", ...options });
  // Playwright's own waits (30 s) stretch as the tests' time limits do (vite.config.ts).
  context.setDefaultTimeout(30_000 * TEST_SLOWNESS);
  await context.clock.setFixedTime(TEST_NOW);
  const page = await context.newPage();
  sayWhatShowsOnFailure(page);
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  page.on("console", (message) => {
    // A failed resource says which one (Chromium's text names only the status).
    const where = message.location().url;
    if (message.type() === "error") errors.push(`console: ${message.text()}${where ? ` (${where})` : ""}`);
  });
  return { page, errors };
}

/** Holds the page's requests matching `pattern` until the answer is called. */
export async function holdRequests(page: Page, pattern: string | RegExp): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * When the test that opened `page` fails, prints what the page showed then (its address and
 * its accessibility tree, shadow roots included): a failure in CI can be read from its log.
 */
function sayWhatShowsOnFailure(page: Page) {
  // The page's last API answers: a failure far from its cause (a refused hold, a slow call) says which.
  const answers: string[] = [];
  page.on("response", (response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith("/api/")) return;
    answers.push(`${response.request().method()} ${url.pathname} ${response.status()}`);
    if (answers.length > 12) answers.shift();
  });
  page.on("requestfailed", (request) =>
    answers.push(`${request.method()} ${new URL(request.url()).pathname} failed: ${request.failure()?.errorText}`),
  );
  try {
    // Registered after the browser's close, so run before it (a test's end runs them last first).
    onTestFinished(async ({ task }) => {
      if (task.result?.state !== "fail" || page.isClosed()) return;
      const shown = await page
        .locator("body")
        .ariaSnapshot({ timeout: 5000 })
        .catch((error: Error) => `(no snapshot: ${error.message.split("\n")[0]})`);
      const lines = shown.split("\n");
      const snapshot = lines.length > 40 ? [...lines.slice(0, 40), `(${lines.length - 40} more lines)`].join("\n") : shown;
      const told = `its last API answers:\n${answers.join("\n")}\nits page at ${page.url()} showed:\n${snapshot}`;
      console.error(`\n"${task.name}" failed; ${told}\n`);
      // In the failure's own message too: a run's summary is often all that is kept of it.
      const [first] = task.result?.errors ?? [];
      if (first) first.message = `${first.message}\n\n${told}`;
    });
  } catch {
    // Opened outside a test (a file's beforeAll): nothing to report to.
  }
}

/**
 * Resolves once the later chunk (every screen after the first) has arrived with all it
 * imports: start it before the page's goto. The chunk is fetched when the page is idle,
 * which a busy machine may put off past a moment of network quiet.
 */
export function laterChunkArrived(page: Page): Promise<void> {
  return (
    page
      .waitForResponse((response) => /\/later-screens-[\w-]+\.js$/.test(new URL(response.url()).pathname))
      // The page's own module map: this import resolves when the chunk's whole graph has run.
      // (A string: vitest would rewrite an import() written in a function for its own loader.)
      .then((response) => page.evaluate(`import(${JSON.stringify(response.url())}).then(() => undefined)`))
  );
}
