import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import { afterAll, expect, it } from "vitest";

// axe-core (WCAG 2.0/2.1/2.2 A and AA rules) on every screen and dialog a visitor reaches
// in the four demo pages, My Page and the chooser, error screens included, at 1280 and
// 360 px; and no horizontal scrolling at 320 px (WCAG 1.4.10: also 1280 px at 400 % zoom).
// Every finding of a tour is collected, so one run lists them all. The tours are in two
// files (accessibility-booking, accessibility-more), run side by side.

const AXE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];
const WIDTHS = [1280, 360];

export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate("typeof axe !== 'undefined'"))) await page.evaluate(AXE);
  return (await page.evaluate(`axe.run(document, { runOnly: { type: "tag", values: ${JSON.stringify(WCAG)} } })
    .then((result) => result.violations.flatMap((v) => v.nodes.map((n) => v.id + " " + n.target.join(" > ") + ": " + (n.failureSummary || "").split("\\n").slice(1).join(" "))))`)) as string[];
}

/**
 * What sticks out sideways: the page's own scrolling, and anything in a widget reaching past
 * the widget's edges (which a host page's `overflow: hidden` would cut off unseen).
 */
const sticksOut = (page: Page) =>
  page.evaluate(() => {
    const found: string[] = [];
    const scroll = document.documentElement.scrollWidth - document.documentElement.clientWidth;
    if (scroll > 0) found.push(`the page scrolls ${scroll} px sideways`);
    for (const host of document.querySelectorAll("booking-widget")) {
      const edge = host.getBoundingClientRect();
      for (const element of host.shadowRoot?.querySelectorAll<HTMLElement>("*") ?? []) {
        const box = element.getBoundingClientRect();
        if (box.width <= 1 || getComputedStyle(element).clip !== "auto" || element.closest("dialog, [popover]")) continue;
        const past = Math.max(box.right - edge.right, edge.left - box.left);
        if (past > 1)
          found.push(
            `${element.tagName.toLowerCase()}.${[...element.classList].join(".")} "${(element.textContent ?? "").trim().slice(0, 40)}" sticks out ${Math.round(past)} px`,
          );
      }
    }
    return found;
  });

/**
 * WCAG 1.4.12 text spacing (line height 1.5, paragraphs 2em apart, letters 0.12em, words
 * 0.16em), applied to the page and every shadow root, or taken away again.
 */
const textSpacing = (page: Page, on: boolean) =>
  page.evaluate((on) => {
    const marked = "textSpacingTest";
    const roots: (Document | ShadowRoot)[] = [document];
    for (let i = 0; i < roots.length; i++)
      for (const element of roots[i]!.querySelectorAll("*")) if (element.shadowRoot) roots.push(element.shadowRoot);
    const spacing = new CSSStyleSheet({ media: marked });
    spacing.replaceSync(
      "* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }",
    );
    spacing.media.deleteMedium(marked);
    for (const root of roots) {
      const others = root.adoptedStyleSheets.filter((sheet) => !(sheet as CSSStyleSheet & { [marked]?: true })[marked]);
      root.adoptedStyleSheets = on ? [...others, Object.assign(spacing, { [marked]: true })] : others;
    }
  }, on);

/** What clips its content: overflow hidden with more inside than shows (scrolling boxes and visually hidden text aside). */
const clipped = (page: Page) =>
  page.evaluate(() => {
    const roots: (Document | ShadowRoot)[] = [document];
    for (let i = 0; i < roots.length; i++)
      for (const element of roots[i]!.querySelectorAll("*")) if (element.shadowRoot) roots.push(element.shadowRoot);
    const found: string[] = [];
    for (const root of roots) {
      for (const element of root.querySelectorAll<HTMLElement>("*")) {
        const style = getComputedStyle(element);
        const hides = (overflow: string) => overflow === "hidden" || overflow === "clip";
        if (element.clientWidth <= 1 || style.display === "none" || style.visibility === "hidden" || style.clip !== "auto") continue;
        if (
          (hides(style.overflowX) && element.scrollWidth > element.clientWidth + 1) ||
          (hides(style.overflowY) && element.scrollHeight > element.clientHeight + 1)
        ) {
          found.push(
            `${element.tagName.toLowerCase()}.${[...element.classList].join(".")} "${(element.textContent ?? "").trim().slice(0, 40)}" clips its content`,
          );
        }
      }
    }
    return found;
  });

/** Lets layout and transitions settle after a resize. */
const settle = (page: Page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

/** Scans the screen as it is at each width and at 320 px; answers the findings, each named by the screen. */
async function scan(page: Page, screen: string, scanned: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await settle(page);
    found.push(...(await axeViolations(page)).map((violation) => `${screen} @${width}: ${violation}`));
  }
  await page.setViewportSize({ width: 320, height: 900 });
  await settle(page);
  found.push(...(await sticksOut(page)).map((problem) => `${screen} @320: ${problem}`));
  await textSpacing(page, true);
  await settle(page);
  found.push(...[...(await sticksOut(page)), ...(await clipped(page))].map((problem) => `${screen} @320 with text spacing: ${problem}`));
  await textSpacing(page, false);
  await page.setViewportSize({ width: WIDTHS[0]!, height: 900 });
  await settle(page);
  scanned.push(screen);
  return found;
}

type Open = (path: string) => Promise<{ page: Page }>;

/**
 * The tours of a test file: `tour(name, path, walk)` opens `path`, and `walk` visits
 * screens and calls `check(screen)` on each; all findings are expected to be none. The
 * file's count of screens scanned is printed after its tours.
 */
export function accessibilityTours(open: Open) {
  const scanned: string[] = [];
  afterAll(() => console.info(`accessibility tour: ${scanned.length} screens scanned`));
  return function tour(name: string, path: string, walk: (page: Page, check: (screen: string) => Promise<void>) => Promise<void>) {
    it(name, async () => {
      const { page } = await open(path);
      await page.setViewportSize({ width: WIDTHS[0]!, height: 900 });
      const findings: string[] = [];
      await walk(page, async (screen) => void findings.push(...(await scan(page, screen, scanned))));
      expect(findings).toEqual([]);
      await page.context().close();
    });
  };
}

export const dialog = (page: Page, name: string | RegExp) => page.getByRole("dialog", { name });
