import * as v from "valibot";
import { PreloadedPage } from "../api/preloaded-page.ts";
import { PAINTED_PAGE } from "./painted-first-screen.ts";

/**
 * The page data an embed loader painted `host` from (src/element/loader.ts leaves the
 * paint answer's page on the element), checked like any API answer, when it is for the
 * element's own booking link; otherwise undefined.
 */
export function readPaintedPage(host: Element): PreloadedPage | undefined {
  const result = v.safeParse(PreloadedPage, (host as Element & { [PAINTED_PAGE]?: unknown })[PAINTED_PAGE]);
  return result.success && result.output.bookingLink === host.getAttribute("company")?.trim() ? result.output : undefined;
}
