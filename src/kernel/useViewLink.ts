import type { MouseEvent } from "react";
import type { InnerView } from "./inner-view.ts";
import { bookingPageUrl, myPageUrl } from "./site-links.ts";
import { useWidget } from "./widget-context.ts";

/**
 * A link to the booking page or My Page of `bookingLink`. On the standalone host page
 * (navigation="routes") it is an ordinary link to that route; embedded in a provider's
 * site the element switches screens itself and the host page's URL stays as it is.
 * The href is real either way, so "open in new tab" still works.
 */
export function useViewLink(view: InnerView, bookingLink: string) {
  const { siteBase, routes, showView } = useWidget();
  const href = view === "my-page" ? myPageUrl(siteBase, bookingLink) : bookingPageUrl(siteBase, bookingLink);
  const go = () => (routes ? globalThis.location.assign(href) : showView(view));
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (routes || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    go();
  };
  return { href, onClick, go };
}
