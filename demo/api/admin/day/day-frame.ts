import { addDays, type AdminSpan, type AppointmentState, weekdayOf } from "booking-widget/contract";
import { isAway, type ProviderSchedule, type StaffSchedule } from "../../availability/engine.ts";
import { instantOf } from "../../availability/zoned-instants.ts";

/**
 * The back office's day, as a model: which dates a view shows, and what frames each
 * staff member's date (hours, breaks, pauses, away). Read from the availability engine's
 * own schedule (load-schedule.ts), so the grid shows the hours and breaks the widget
 * offers by, never a second reading of them. Pure: the routes load, this shapes.
 */

/** The dates of a view: the day, or the week starting on it. */
export const viewDates = (date: string, days: 1 | 7): string[] => Array.from({ length: days }, (_, i) => addDays(date, i));

export interface StaffDateFrame {
  away: boolean;
  hours: AdminSpan[];
  breaks: AdminSpan[];
  pauses: AdminSpan[];
}

const span = (date: string, start: string, end: string, timeZone: string): AdminSpan => ({
  start: new Date(instantOf(date, start, timeZone)).toISOString(),
  end: new Date(instantOf(date, end, timeZone)).toISOString(),
});

/** One staff member's one date: away (a vacation, or the place closed), else its hours, breaks and pauses as instants. */
export function staffDateFrame(schedule: ProviderSchedule, member: StaffSchedule, date: string): StaffDateFrame {
  const closed = schedule.closedDays.some((range) => range.from <= date && date <= range.to);
  if (closed || isAway(member, date)) return { away: true, hours: [], breaks: [], pauses: [] };
  const weekday = weekdayOf(date);
  const zone = schedule.timeZone;
  const byStart = (a: { start: string }, b: { start: string }) => a.start.localeCompare(b.start);
  return {
    away: false,
    hours: schedule.openingHours
      .filter((h) => h.dayOfWeek === weekday)
      .map((h) => ({ start: h.open, end: h.close }))
      .sort(byStart)
      .map((h) => span(date, h.start, h.end, zone)),
    breaks: (member.breaks ?? [])
      .filter((b) => b.dayOfWeek === weekday)
      .sort(byStart)
      .map((b) => span(date, b.start, b.end, zone)),
    pauses: (member.pauses ?? [])
      .filter((p) => p.date === date)
      .sort(byStart)
      .map((p) => span(date, p.start, p.end, zone)),
  };
}

/** An appointment's state as staff see it, from its row's status and attendance. */
export function appointmentState(status: string, attendance: string | null): AppointmentState {
  if (status === "cancelled") return "cancelled";
  if (status === "awaiting_payment") return "awaitingPayment";
  return attendance === "arrived" ? "arrived" : attendance === "no-show" ? "noShow" : "booked";
}
