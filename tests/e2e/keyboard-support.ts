import type { Locator, Page } from "playwright-core";

// Key presses as a keyboard user has them (no click, no fill): where focus is is part of what a test checks.

/** Whether `target` is the focused element (inside the widget's shadow root too). */
export const isFocused = (target: Locator) =>
  target.evaluate((element) => {
    let active = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    return active === element;
  });

/** What has focus, for a failure message. */
export const focusedDescription = (page: Page) =>
  page.evaluate(() => {
    let active = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    return active
      ? `${active.tagName.toLowerCase()} "${(active.getAttribute("aria-label") ?? active.textContent ?? "").trim().slice(0, 60)}"`
      : "nothing";
  });

/** Waits until `target` has focus (the widget moves it on its own, e.g. to a new step's heading). */
export async function expectFocusOn(page: Page, target: Locator) {
  await target.waitFor();
  for (let wait = 0; wait < 50 && !(await isFocused(target)); wait++) await page.waitForTimeout(100);
  if (!(await isFocused(target))) throw new Error(`focus is on ${await focusedDescription(page)}, not on ${target}`);
}

/** Presses Tab until `target` has focus; answers how many presses it took. */
export async function tabTo(page: Page, target: Locator, most = 30): Promise<number> {
  await target.waitFor();
  for (let presses = 0; presses <= most; presses++) {
    if (await isFocused(target)) return presses;
    await page.keyboard.press("Tab");
  }
  throw new Error(`${most} Tabs did not reach ${target}; focus is on ${await focusedDescription(page)}`);
}

/** Tabs to `target` and presses `key` on it. */
export async function press(page: Page, target: Locator, key = "Enter") {
  await tabTo(page, target);
  await page.keyboard.press(key);
}

/** Tabs to a text field and types into it. */
export async function type(page: Page, target: Locator, text: string) {
  await tabTo(page, target);
  await page.keyboard.type(text);
}
