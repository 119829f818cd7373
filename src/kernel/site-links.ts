/** The booking page of `bookingLink` on the site that serves the widget. */
export function bookingPageUrl(siteBase: string, bookingLink: string): string {
  return new URL(`/${encodeURIComponent(bookingLink)}`, siteBase).href;
}

/** My Page (/{bookingLink}/min-side) of `bookingLink` on the site that serves the widget. */
export function myPageUrl(siteBase: string, bookingLink: string): string {
  return new URL(`/${encodeURIComponent(bookingLink)}/min-side`, siteBase).href;
}

/**
 * Navigates the top window, also from inside an iframe. A cross-origin parent may
 * refuse (sandbox without allow-top-navigation): then the frame itself navigates.
 */
export function navigateTop(url: string, win: Window = window): void {
  try {
    (win.top ?? win).location.assign(url);
  } catch {
    win.location.assign(url);
  }
}
