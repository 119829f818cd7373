import { type AdminDay, type AdminSpan, fromZoned, pad2, toZoned } from "booking-widget/contract";
import type { Block, DayView } from "./day-view.ts";

const DAY_END = 24 * 60;
const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const clock = (at: number) => (at >= DAY_END ? "24:00" : `${pad2(Math.floor(at / 60))}:${pad2(at % 60)}`);

/**
 * The API's day (instants, AdminDaySchema) as the grid's blocks on the provider's wall
 * clock: closed where a staff member has no hours (or is away), breaks, pauses, visitors'
 * holds, each appointment with its buffers before and after, its state and group places.
 * The rows run from the earliest hour anyone opens to the latest anyone closes (whole
 * hours), stretched to anything booked outside them.
 */
export function dayViewOf(day: AdminDay, slotMinutes = 15): DayView {
  const zone = day.timeZone;
  const blocks: Block[] = [];
  let first = DAY_END;
  let last = 0;
  for (const column of day.columns) {
    const staffMemberId = column.staffMember.id;
    for (const date of column.days) {
      // A span's minutes on this date: one that began the day before starts at 0, one that ends the next day at 24:00.
      const on = ({ start, end }: AdminSpan): [number, number] => {
        const from = toZoned(new Date(start), zone);
        const to = toZoned(new Date(end), zone);
        return [from.isoDate < date.date ? 0 : from.hour * 60 + from.minute, to.isoDate > date.date ? DAY_END : to.hour * 60 + to.minute];
      };
      const put = (kind: Block["kind"], [start, end]: [number, number], more: Partial<Block> = {}) => {
        if (end > start) blocks.push({ kind, staffMemberId, date: date.date, start: clock(start), end: clock(end), ...more });
      };
      const hours = date.hours.map(on).sort((a, b) => a[0] - b[0]);
      let open = 0;
      for (const [start, end] of hours) {
        put("closed", [open, start]);
        open = Math.max(open, end);
        first = Math.min(first, start);
        last = Math.max(last, end);
      }
      put("closed", [open, DAY_END]);
      for (const span of date.breaks) put("break", on(span));
      for (const span of date.pauses) put("pause", on(span));
      for (const hold of date.holds) put("hold", on(hold.blocked));
      for (const appointment of date.appointments) {
        if (appointment.state === "cancelled") continue;
        const [start, end] = on(appointment);
        const [blockedFrom, blockedUntil] = on(appointment.blocked);
        put("buffer", [blockedFrom, start]);
        put("buffer", [end, blockedUntil]);
        put("appointment", [start, end], {
          appointmentId: appointment.id,
          state: appointment.state,
          title: appointment.customerName,
          ...(appointment.group ? { places: { taken: appointment.group.taken, of: appointment.group.places } } : {}),
        });
        first = Math.min(first, blockedFrom);
        last = Math.max(last, blockedUntil);
      }
    }
  }
  if (first >= last) [first, last] = [8 * 60, 18 * 60];
  return {
    timeZone: zone,
    cursor: day.cursor,
    slotMinutes,
    from: clock(Math.floor(first / 60) * 60),
    to: clock(Math.min(DAY_END, Math.ceil(last / 60) * 60)),
    staff: day.columns.map((column) => column.staffMember),
    blocks: blocks.sort((a, b) => minutes(a.start) - minutes(b.start)),
    waitlist: day.waitlist,
  };
}

/** A wall-clock start on a date in the provider's zone, as the instant the API takes. */
export const instantAt = (date: string, time: string, timeZone: string) => fromZoned(date, time, timeZone).toISOString();
