import { pad2 } from "./zoned-time.ts";

/** Spec §9: "09:15" on a 24-hour clock, "9:15 AM" when the provider's timeFormat is 12h. */
export function formatClock(hour: number, minute: number, timeFormat: string | null | undefined): string {
  if (timeFormat !== "12h") return `${pad2(hour)}:${pad2(minute)}`;
  const suffix = hour < 12 ? "AM" : "PM";
  return `${hour % 12 === 0 ? 12 : hour % 12}:${pad2(minute)} ${suffix}`;
}

/** Spec §9: YYYY-MM-DD as dd.mm.yyyy. */
export function formatDate(isoDate: string): string {
  const [year, month, day] = isoDate.split("-");
  return `${day}.${month}.${year}`;
}
