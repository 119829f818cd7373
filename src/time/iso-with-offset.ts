import { pad2, toZoned } from "../contract/zoned-time.ts";

/**
 * `instant` as ISO 8601 in `timeZone`'s wall clock with its offset at that instant:
 * 2026-03-10T09:00:00+01:00 (what a provider's page shows its visitors, unlike a UTC "Z").
 */
export function isoWithOffset(instant: Date, timeZone: string): string {
  const zoned = toZoned(instant, timeZone);
  const [year, month, day] = zoned.isoDate.split("-").map(Number) as [number, number, number];
  const offset = Math.round(
    (Date.UTC(year, month - 1, day, zoned.hour, zoned.minute) - Math.floor(instant.getTime() / 60_000) * 60_000) / 60_000,
  );
  const sign = offset < 0 ? "-" : "+";
  const size = Math.abs(offset);
  return `${zoned.isoDate}T${pad2(zoned.hour)}:${pad2(zoned.minute)}:${pad2(instant.getUTCSeconds())}${sign}${pad2(Math.floor(size / 60))}:${pad2(size % 60)}`;
}
