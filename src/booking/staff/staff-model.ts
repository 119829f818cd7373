import type { StaffMember } from "../../contract/schemas/index.ts";
import { firstAvailableDay, type FirstAvailableDay } from "../../time/first-available.ts";
import { formatClock } from "../../contract/format-date-time.ts";
import { toZoned } from "../../contract/zoned-time.ts";

/** Bookable staff first; within each group the provider's order stays (spec §2 staff step). */
export function sortStaff(staff: readonly StaffMember[]): StaffMember[] {
  return [...staff].sort((a, b) => Number(a.nextAvailable === null) - Number(b.nextAvailable === null));
}

/** A staff member's next available moment as the card says it: which day, and the time. */
export interface NextAvailable {
  day: FirstAvailableDay;
  time: string;
}

/** `nextAvailable` is an instant; the card shows it on the provider's calendar and clock. */
export function nextAvailableOf(
  member: StaffMember,
  provider: { timeZone: string; timeFormat: string | null },
  today: string,
): NextAvailable | null {
  if (!member.nextAvailable) return null;
  const instant = new Date(member.nextAvailable);
  if (Number.isNaN(instant.getTime())) return null;
  const zoned = toZoned(instant, provider.timeZone);
  return { day: firstAvailableDay(zoned.isoDate, today), time: formatClock(zoned.hour, zoned.minute, provider.timeFormat) };
}

/** Two letters for a member without a picture: "Alex Morgan" → "AM". */
export const initialsOf = (fullName: string) =>
  fullName
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join("");
