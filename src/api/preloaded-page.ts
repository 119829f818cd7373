import * as v from "valibot";
import { Provider } from "./schemas/provider.ts";
import { ServiceCategories } from "./schemas/service.ts";

/**
 * The data island a standalone host page carries (demo/server/site.ts): the booking
 * page's provider and services, sent with the page so the first screen needs no API
 * round trip after the script. Checked like any API answer; the widget still
 * revalidates both.
 */
export const PRELOAD_SELECTOR = 'script[type="application/json"][data-booking-widget-preload]';

export const PreloadedPage = v.object({
  bookingLink: v.string(),
  provider: Provider,
  services: ServiceCategories,
});
export type PreloadedPage = v.InferOutput<typeof PreloadedPage>;

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

/** The island's text: JSON that cannot end the script element or break the page. */
export function preloadIslandJson(page: unknown): string {
  return JSON.stringify(page)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
