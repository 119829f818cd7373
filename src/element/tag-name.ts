/** The element's name: the loader (loader.ts) and the widget (define.tsx) both look for it. */
export const TAG_NAME = "booking-widget";
