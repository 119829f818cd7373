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
  /**
   * The provider's HTML texts as the server cleaned them (PROVIDER_HTML_POLICY), by
   * their source: the first screen shows its information box at once, and the widget
   * cleans it again in the browser.
   */
  sanitizedHtml: v.optional(v.record(v.string(), v.string())),
  /**
   * The provider's today as the server knew it, with the instants it spans (zoned-time.ts
   * ZonedDay): the first screen's "first available" labels need no time-zone database,
   * whose first use costs ~0.15 s on a slow phone, in the widget's first render.
   */
  today: v.optional(
    v.object({
      timeZone: v.string(),
      date: v.pipe(v.string(), v.isoDate()),
      from: v.pipe(v.number(), v.safeInteger()),
      until: v.pipe(v.number(), v.safeInteger()),
    }),
  ),
});
export type PreloadedPage = v.InferOutput<typeof PreloadedPage>;

/** The island's text: JSON that cannot end the script element or break the page. */
export function preloadIslandJson(page: unknown): string {
  return JSON.stringify(page)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
