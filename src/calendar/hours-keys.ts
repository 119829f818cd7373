import type { HoursRequest, MovingAppointment, Provider, ServiceBookingSelection } from "../contract/schemas/index.ts";
import type { YearMonth } from "./calendar-model.ts";

/** What every availability call of the time step asks about. */
export interface HoursQuery {
  provider: Provider;
  serviceBookings: ServiceBookingSelection[];
  staffMemberId: number | null;
  /** My Page's move: the appointment being moved, whose own time is then offered too. */
  moving?: MovingAppointment | undefined;
  /** The visitor's held time (held times extension): shown to them as free. */
  holdToken?: string | undefined;
}

/** The availability call's body for `query` on a day (a month's call: its first day). */
export const hoursRequest = (
  { provider, serviceBookings, staffMemberId, moving, holdToken }: HoursQuery,
  year: number,
  month: number,
  day: number,
): HoursRequest => ({
  year,
  month,
  day,
  userId: provider.userId,
  staffMemberId,
  serviceBookings,
  ...(moving ? { movingAppointment: moving } : {}),
  ...(holdToken ? { holdToken } : {}),
});

const selectionKey = (query: HoursQuery) =>
  JSON.stringify([
    query.provider.userId,
    query.serviceBookings,
    query.staffMemberId,
    query.moving?.appointmentId ?? null,
    query.holdToken ?? null,
  ]);

/**
 * The element's SWR keys of a day's and a month's hours, and the keys their calls are
 * started under ahead of the time step (prefetch/next-step-calls.ts): one place, so a
 * prefetch is found by exactly the query the step makes, and by no other.
 */
export const dayHoursKey = (query: HoursQuery, isoDate: string) => ["hours-day", selectionKey(query), isoDate] as const;
export const monthHoursKey = (query: HoursQuery, month: YearMonth) =>
  ["hours-month", selectionKey(query), month.year, month.month] as const;
