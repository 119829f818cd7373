/** The back office's one reading of the clock (as src/time/now.ts is the widget's): tests give the app their own. */
export interface AdminClock {
  now(): Date;
}

export const browserClock: AdminClock = { now: () => new Date() };
