import * as v from "valibot";
import { PRELOAD_SELECTOR, PreloadedPage } from "../contract/page-island.ts";

export { PRELOAD_SELECTOR, PreloadedPage, preloadIslandJson } from "../contract/page-island.ts";

// Read once per island element: the entry and each element ask for it.
const parsed = new WeakMap<Element, PreloadedPage | null>();

/** The page's island, whatever its booking link, or undefined (none or broken). */
export function readPageIsland(doc: Pick<Document, "querySelector"> | undefined = globalThis.document): PreloadedPage | undefined {
  const island = doc?.querySelector(PRELOAD_SELECTOR);
  if (!island) return undefined;
  if (!parsed.has(island)) {
    let page: PreloadedPage | null = null;
    try {
      const result = v.safeParse(PreloadedPage, JSON.parse(island.textContent ?? ""));
      if (result.success) page = result.output;
    } catch {
      // Broken JSON: as if there were no island; the widget asks the API.
    }
    parsed.set(island, page);
  }
  return parsed.get(island) ?? undefined;
}

/** The island for this booking link on the page, or undefined (none, another page's, or broken). */
export function readPreloadedPage(
  bookingLink: string | undefined,
  doc: Pick<Document, "querySelector"> | undefined = globalThis.document,
): PreloadedPage | undefined {
  const page = bookingLink ? readPageIsland(doc) : undefined;
  return page?.bookingLink === bookingLink ? page : undefined;
}
