import { useLingui } from "@lingui/react";
import { type ReactNode, useEffect, useMemo, useState } from "react";
import type { AvailableHour, LoadedDay, MovingAppointment, Provider, ServiceBookingSelection } from "../contract/schemas/index.ts";
import { ApiErrorMessage } from "../kernel/errors/ApiErrorMessage.tsx";
import { Loaded } from "../kernel/Loaded.tsx";
import { loadOf } from "../kernel/loads.ts";
import { useWidget } from "../kernel/widget-context.ts";
import type { Locale } from "../i18n/locale.ts";
import { providerToday } from "../time/provider-today.ts";
import { bookingWindow, defaultDate, mergeDays, monthOf, type YearMonth } from "./calendar-model.ts";
import { DatePicker } from "./DatePicker.tsx";
import { longDate } from "./date-labels.ts";
import { HourList } from "./HourList.tsx";
import { timeMessages } from "./messages.ts";
import { TimeZoneNote } from "./TimeZoneNote.tsx";
import { visitorTimeZone } from "../time/time-zone-note.ts";
import type { ZoneLead } from "../time/visitor-time.ts";
import { useDayHours, useFirstAvailableDay, useMonthHours, type HoursQuery } from "./useHours.ts";

export interface TimePickerProps {
  provider: Provider;
  serviceBookings: ServiceBookingSelection[];
  staffMemberId: number | null;
  /** The day shown (YYYY-MM-DD, provider's zone); null: the first service's first available day. */
  selectedDate: string | null;
  /** firstAvailable of the first chosen service, for the default day. */
  firstAvailable: string | null | undefined;
  onSelectDate(isoDate: string): void;
  onChooseHour(hour: AvailableHour): void;
  /** My Page's move: the appointment being moved (its own time is offered too). */
  moving?: MovingAppointment;
  /** The visitor's hold token (held times extension), sent with every availability call. */
  holdToken?: string | undefined;
  /** Which clock the hours show first when the visitor's zone differs (the booking keeps the provider's). */
  zoneLead?: ZoneLead;
  onZoneLeadChange?: (lead: ZoneLead) => void;
  /** Shown under a loaded day's hours (the time step's waitlist); `empty`: the day has none. */
  dayExtra?: (date: string, empty: boolean) => ReactNode;
}

/**
 * The calendar with the chosen day's hours: used by the time step and by My Page's move.
 * It loads a month's day markers, the day's hours, and finds the first available day on demand.
 */
export function TimePicker({
  provider,
  serviceBookings,
  staffMemberId,
  selectedDate,
  firstAvailable,
  onSelectDate,
  onChooseHour,
  moving,
  holdToken,
  zoneLead,
  onZoneLeadChange,
  dayExtra,
}: TimePickerProps) {
  const { _, i18n } = useLingui();
  const { report } = useWidget();
  const locale = i18n.locale as Locale;
  const today = providerToday(provider.timeZone);
  const window = bookingWindow(today, provider.maxDaysInAdvanceForBooking);
  const date = selectedDate ?? defaultDate(firstAvailable, today);
  const [month, setMonth] = useState<YearMonth>(() => monthOf(date));
  const query: HoursQuery = useMemo(
    () => ({ provider, serviceBookings, staffMemberId, moving, holdToken }),
    [provider, serviceBookings, staffMemberId, moving, holdToken],
  );

  const monthHours = useMonthHours(query, month);
  const dayHours = useDayHours(query, date);
  const findFirst = useFirstAvailableDay(query);
  const [loaded, setLoaded] = useState<ReadonlyMap<string, LoadedDay>>(new Map());
  const [noneInWindow, setNoneInWindow] = useState(false);
  // The clock shown first: the caller's (the time step keeps it for the receipt), or this picker's own (My Page).
  const [ownLead, setOwnLead] = useState<ZoneLead>("provider");
  const lead = zoneLead ?? ownLead;
  const changeLead = (next: ZoneLead) => (onZoneLeadChange ? onZoneLeadChange(next) : setOwnLead(next));
  const zones = { providerZone: provider.timeZone, visitorZone: visitorTimeZone(), timeFormat: provider.timeFormat, lead };
  useEffect(() => {
    const days = monthHours.data;
    if (days) setLoaded((known) => mergeDays(known, days));
  }, [monthHours.data]);
  useEffect(() => {
    const day = dayHours.data;
    if (day) setLoaded((known) => mergeDays(known, [day]));
  }, [dayHours.data]);

  const askMonthAgain = () => void monthHours.mutate();
  const askAgain = () => {
    void dayHours.mutate();
    if (monthHours.error) askMonthAgain();
  };

  const select = (isoDate: string) => {
    setNoneInWindow(false);
    onSelectDate(isoDate);
  };
  const onFindFirst = () =>
    findFirst().then(
      (first) => {
        if (!first) return setNoneInWindow(true);
        select(first.iso);
        setMonth(monthOf(first.iso));
      },
      (failure: unknown) => report(failure, "firstAvailableHourDay failed"),
    );

  // Skeleton rows while the day's hours load (the same list, so it keeps its place).
  const hourList = (hours: AvailableHour[] | undefined) => (
    <HourList
      hours={hours}
      heading={_({
        ...(provider.showOccupiedHoursForAnonymousBooking ? timeMessages.hoursFor : timeMessages.hoursOn),
        values: { date: longDate(date, locale) },
      })}
      onChoose={onChooseHour}
      zones={zones}
      emptyAction={
        noneInWindow ? (
          <p>{_(timeMessages.noneInWindow)}</p>
        ) : (
          <button type="button" className="bw-button bw-button--secondary" onClick={() => void onFindFirst()}>
            {_(timeMessages.findFirst)}
          </button>
        )
      }
    />
  );

  return (
    <>
      <TimeZoneNote timeZone={provider.timeZone} day={date} lead={lead} onLeadChange={changeLead} />
      <DatePicker month={month} window={window} today={today} selected={date} loaded={loaded} onMonthChange={setMonth} onSelect={select} />
      {/* The month's day markers failed while the day's hours did not: said under the calendar, with its own Try again. */}
      {monthHours.error && !dayHours.error ? (
        <ApiErrorMessage error={monthHours.error} notFound={timeMessages.loadFailed} name="" onRetry={askMonthAgain} />
      ) : null}
      {/* When both failed (a busy API), one message: the hours' Try again asks for the month too. */}
      <Loaded load={{ ...loadOf(dayHours), retry: askAgain }} notFound={timeMessages.loadFailed} loading={hourList(undefined)}>
        {(day) => hourList(day.hoursToBook)}
      </Loaded>
      {/* Beside the list, not inside it: the hour list keeps its place in the tree (and its focus) as the day loads. */}
      {dayHours.data && !dayHours.error && dayExtra?.(date, dayHours.data.hoursToBook.length === 0)}
    </>
  );
}
