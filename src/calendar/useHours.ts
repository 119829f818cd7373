import useSWR from "swr";
import { createBookingCalls } from "../api/booking-calls.ts";
import { useApiCalls } from "../kernel/useApiCalls.ts";
import { useWidget } from "../kernel/widget-context.ts";
import { providerToday } from "../time/provider-today.ts";
import type { YearMonth } from "./calendar-model.ts";
import { dayHoursKey, type HoursQuery, hoursRequest, monthHoursKey } from "./hours-keys.ts";

export type { HoursQuery } from "./hours-keys.ts";

/** Every day of a month with its hours (Appointment/availableHours/month): the day markers. */
export function useMonthHours(query: HoursQuery, month: YearMonth) {
  const { api } = useWidget();
  const booking = useApiCalls(createBookingCalls);
  const key = monthHoursKey(query, month);
  // Started when the service or staff member was tapped (prefetch/next-step-calls.ts), when it was.
  return useSWR(key, () => api.started.take(key, () => booking.availableHoursMonth(hoursRequest(query, month.year, month.month, 1))));
}

/** One day's hours (Appointment/availableHours): the hour list. */
export function useDayHours(query: HoursQuery, isoDate: string) {
  const { api } = useWidget();
  const booking = useApiCalls(createBookingCalls);
  const [year, month, day] = isoDate.split("-").map(Number) as [number, number, number];
  const key = dayHoursKey(query, isoDate);
  return useSWR(key, () => api.started.take(key, () => booking.availableHours(hoursRequest(query, year, month, day))));
}

/** Appointment/firstAvailableHourDay, on demand ("find first available hour"); it searches from today. */
export function useFirstAvailableDay(query: HoursQuery) {
  const booking = useApiCalls(createBookingCalls);
  return () => {
    const [year, month, day] = providerToday(query.provider.timeZone).split("-").map(Number) as [number, number, number];
    return booking.firstAvailableHourDay(hoursRequest(query, year, month, day));
  };
}
