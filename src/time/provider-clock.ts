import { formatClock } from "../contract/format-date-time.ts";
import { toZoned } from "../contract/zoned-time.ts";
import { timeZoneNoteNeeded } from "./time-zone-note.ts";
import { zoneCity } from "./visitor-time.ts";

/**
 * An instant (a hold's or an offer's end) as the provider's wall clock, in the page's
 * format ("08:18", "8:18 AM"): the clock the SMS and the booked times use, whatever the
 * browser's zone. `zone` names the provider's place when the visitor's clock differs at
 * that moment ("Oslo", in `locale`), so the time says whose it is; null when their clocks agree.
 */
export function providerClock(
  instant: Date | number,
  provider: { timeZone: string; timeFormat?: string | null | undefined },
  visitorZone: string,
  locale = "en",
): { time: string; zone: string | null } {
  const at = new Date(instant);
  const wall = toZoned(at, provider.timeZone);
  return {
    time: formatClock(wall.hour, wall.minute, provider.timeFormat),
    zone: timeZoneNoteNeeded(provider.timeZone, visitorZone, at) ? zoneCity(provider.timeZone, locale) : null,
  };
}
