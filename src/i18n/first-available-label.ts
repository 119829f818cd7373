import type { I18n } from "@lingui/core";
import type { FirstAvailableDay } from "../time/first-available.ts";
import { formatDate } from "../contract/format-date-time.ts";

export const firstAvailableMessages = {
  today: /*i18n*/ { id: "services.firstAvailable.today", message: "First available: today" },
  tomorrow: /*i18n*/ { id: "services.firstAvailable.tomorrow", message: "First available: tomorrow" },
  dayAfterTomorrow: /*i18n*/ { id: "services.firstAvailable.dayAfterTomorrow", message: "First available: the day after tomorrow" },
  date: /*i18n*/ { id: "services.firstAvailable.date", message: "First available: {date}" },
};

/** The service row's first-available text (spec §9), or null when there is no time at all. */
export function firstAvailableLabel(i18n: I18n, day: FirstAvailableDay): string | null {
  if (day.kind === "none") return null;
  // A descriptor variable, not a spread inside i18n._(…): lingui's extractor cannot read that.
  const descriptor = firstAvailableMessages[day.kind];
  const values = day.kind === "date" ? { date: formatDate(day.isoDate) } : undefined;
  return i18n._(descriptor.id, values, { message: descriptor.message });
}
