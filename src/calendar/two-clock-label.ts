import type { I18n } from "@lingui/core";
import type { AvailableHour } from "../contract/schemas/index.ts";
import { visitorTimeZone } from "../time/time-zone-note.ts";
import { shortWeekdays, twoZoneTime, type ZoneLead, zoneCity } from "../time/visitor-time.ts";
import { timeMessages } from "./messages.ts";

/**
 * A booked time as the receipt says it: the provider's clock, and the visitor's beside
 * it when theirs differs ("10:00 (16:00 your time)"); the visitor's first when they chose so.
 */
export function twoClockLabel(
  i18n: I18n,
  hour: Pick<AvailableHour, "date" | "backendLabel" | "label">,
  provider: { timeZone: string; timeFormat?: string | null | undefined },
  lead: ZoneLead,
  visitorZone: string = visitorTimeZone(),
): string {
  const two = twoZoneTime(hour, provider.timeZone, visitorZone, provider.timeFormat, shortWeekdays(i18n.locale));
  if (!two) return hour.label;
  // A descriptor variable, not a spread inside i18n._(…): lingui's extractor cannot read that.
  const descriptor = lead === "visitor" ? timeMessages.withTheirTime : timeMessages.withYourTime;
  const values =
    lead === "visitor"
      ? { time: two.visitor, other: two.provider, zone: zoneCity(provider.timeZone, i18n.locale) }
      : { time: hour.label, other: two.visitor };
  return i18n._(descriptor.id, values, { message: descriptor.message });
}
