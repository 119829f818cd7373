import type { I18n } from "@lingui/core";
import { providerClock } from "../time/provider-clock.ts";
import { visitorTimeZone } from "../time/time-zone-note.ts";
import { timeMessages } from "./messages.ts";

/**
 * An instant (a hold's end) as the page says it: the provider's clock in the page's
 * format, named by the provider's place when the visitor's clock differs ("08:18 Oslo
 * time"), as the SMS and the booked time say it.
 */
export function providerClockLabel(
  i18n: I18n,
  instant: Date | number,
  provider: { timeZone: string; timeFormat?: string | null | undefined },
  visitorZone: string = visitorTimeZone(),
): string {
  const { time, zone } = providerClock(instant, provider, visitorZone, i18n.locale);
  return zone ? i18n._(timeMessages.placeTime.id, { time, zone }, { message: timeMessages.placeTime.message }) : time;
}
