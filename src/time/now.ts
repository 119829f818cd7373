/**
 * The widget's one reading of the clock: "today" in the provider's zone, the footer's
 * year and the calendar file's time stamp all come from here. Tests pin it by pinning
 * Date (vitest's fake Date, Playwright's clock) at the same instant as the API's clock.
 */
export const now = (): Date => new Date();
