import { addDays } from "../contract/zoned-time.ts";

/** Spec §9: a service's first available day, as the service row names it. */
export type FirstAvailableDay = { kind: "today" | "tomorrow" | "dayAfterTomorrow" } | { kind: "date"; isoDate: string } | { kind: "none" };

/** Both dates are YYYY-MM-DD in the provider's zone; `today` from providerToday (provider-today.ts). */
export function firstAvailableDay(firstAvailable: string | null | undefined, today: string): FirstAvailableDay {
  if (!firstAvailable) return { kind: "none" };
  if (firstAvailable <= today) return { kind: "today" };
  if (firstAvailable === addDays(today, 1)) return { kind: "tomorrow" };
  if (firstAvailable === addDays(today, 2)) return { kind: "dayAfterTomorrow" };
  return { kind: "date", isoDate: firstAvailable };
}
