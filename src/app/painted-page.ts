import * as v from "valibot";
import { PreloadedPage } from "../api/preloaded-page.ts";
import { PAINTED_PAGE } from "./painted-first-screen.ts";

// Checked once per answer: the entry reads it for the catalog, the element again as it upgrades.
const checked = new WeakMap<object, PreloadedPage | null>();

/**
 * The page data an embed loader painted `host` from (src/element/loader.ts leaves the
 * paint answer's page on the element), checked like any API answer; otherwise undefined.
 * Whether it is the page of the element's company is the widget object's to decide
 * (create-widget.ts), with the page's other sources.
 */
export function readPaintedPage(host: Element): PreloadedPage | undefined {
  const raw = (host as Element & { [PAINTED_PAGE]?: unknown })[PAINTED_PAGE];
  if (typeof raw !== "object" || raw === null) return undefined;
  if (!checked.has(raw)) {
    const result = v.safeParse(PreloadedPage, raw);
    checked.set(raw, result.success ? result.output : null);
  }
  return checked.get(raw) ?? undefined;
}
