import { toZoned } from "../zoned-time.ts";

/** A weekday's opening span, as WorkingDays answers it (0 = Sunday; HH:mm in the page's zone). */
export interface OpeningSpan {
  dayOfWeek: number;
  closeTime: string;
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * Whether `day` (YYYY-MM-DD, the page's zone) is past its last possible start at `now`:
 * the latest closing time that weekday less the booking's `minutes` has gone by, so no
 * freed time that day could ever be offered (issue 57). A day before today is past; a
 * later day, or a day the page does not open (another rule's "closed"), is not. The
 * widget offers no waitlist for such a day and the API refuses a join for it.
 */
export function pastLastStart(day: string, now: Date, timeZone: string, spans: readonly OpeningSpan[], minutes: number): boolean {
  const local = toZoned(now, timeZone);
  if (day !== local.isoDate) return day < local.isoDate;
  const closes = spans.filter((span) => span.dayOfWeek === local.weekday).map((span) => minutesOf(span.closeTime));
  return closes.length > 0 && local.hour * 60 + local.minute > Math.max(...closes) - minutes;
}
