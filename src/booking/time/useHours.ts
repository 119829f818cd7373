import useSWR from "swr";
import type { HoursRequest, MovingAppointment, Provider, ServiceBookingSelection } from "../../api/schemas/index.ts";
import { createBookingCalls } from "../../api/booking-calls.ts";
import { useApiCalls } from "../../kernel/useApiCalls.ts";
import { todayIn } from "../../time/zoned-time.ts";
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

const request = (
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

/** Every day of a month with its hours (Appointment/availableHours/month): the day markers. */
export function useMonthHours(query: HoursQuery, month: YearMonth) {
  const booking = useApiCalls(createBookingCalls);
  return useSWR(["hours-month", selectionKey(query), month.year, month.month], () =>
    booking.availableHoursMonth(request(query, month.year, month.month, 1)),
  );
}

/** One day's hours (Appointment/availableHours): the hour list. */
export function useDayHours(query: HoursQuery, isoDate: string) {
  const booking = useApiCalls(createBookingCalls);
  const [year, month, day] = isoDate.split("-").map(Number) as [number, number, number];
  return useSWR(["hours-day", selectionKey(query), isoDate], () => booking.availableHours(request(query, year, month, day)));
}

/** Appointment/firstAvailableHourDay, on demand ("find first available hour"); it searches from today. */
export function useFirstAvailableDay(query: HoursQuery) {
  const booking = useApiCalls(createBookingCalls);
  return () => {
    const [year, month, day] = todayIn(query.provider.timeZone).split("-").map(Number) as [number, number, number];
    return booking.firstAvailableHourDay(request(query, year, month, day));
  };
}
