import { useLingui } from "@lingui/react";
import { useEffect, useMemo, useState } from "react";
import type { AvailableHour, LoadedDay, Provider } from "../../api/schemas/index.ts";
import { ApiErrorMessage } from "../../app/ApiErrorMessage.tsx";
import { LaterScreen } from "../../ui/LaterScreen.tsx";
import { useBookingStore, useWidget } from "../../app/widget-context.ts";
import type { Locale } from "../../i18n/locale.ts";
import { todayIn } from "../../time/zoned-time.ts";
import { useServices } from "../service/useServices.ts";
import { bookingWindow, defaultDate, mergeDays, monthOf, type YearMonth } from "./calendar-model.ts";
import { DatePicker } from "./DatePicker.tsx";
import { longDate } from "./date-labels.ts";
import { HourList } from "./HourList.tsx";
import { timeMessages } from "./messages.ts";
import { TimeZoneNote } from "./TimeZoneNote.tsx";
import { chosenServices } from "../confirm/booking-summary.ts";
import { formatDate } from "../../time/format-date-time.ts";
import { chatLink } from "./chat-link.ts";
import { useDayHours, useFirstAvailableDay, useMonthHours, type HoursQuery } from "./useHours.ts";

/** The time step (lazy chunk): a date picker and the chosen day's hours. */
export default function TimeStep({ provider }: { provider: Provider }) {
  return (
    <LaterScreen>
      <TimePicker provider={provider} />
    </LaterScreen>
  );
}

function TimePicker({ provider }: { provider: Provider }) {
  const { _, i18n } = useLingui();
  const { report, feedback } = useWidget();
  const locale = i18n.locale as Locale;
  const serviceBookings = useBookingStore((state) => state.selectedServices);
  const staffMemberId = useBookingStore((state) => state.selectedStaffId);
  const selectedDate = useBookingStore((state) => state.selectedDate);
  const chooseDate = useBookingStore((state) => state.chooseDate);
  const chooseHour = useBookingStore((state) => state.chooseHour);
  const { data: categories } = useServices(provider.userId);

  const today = todayIn(provider.timeZone);
  const window = bookingWindow(today, provider.maxDaysInAdvanceForBooking);
  const firstService = categories?.flatMap((c) => c.services).find((s) => s.id === serviceBookings[0]?.serviceId);
  const date = selectedDate ?? defaultDate(firstService?.firstAvailable, today);
  const [month, setMonth] = useState<YearMonth>(() => monthOf(date));
  const query: HoursQuery = useMemo(() => ({ provider, serviceBookings, staffMemberId }), [provider, serviceBookings, staffMemberId]);

  const monthHours = useMonthHours(query, month);
  const dayHours = useDayHours(query, date);
  const findFirst = useFirstAvailableDay(query);
  const [loaded, setLoaded] = useState<ReadonlyMap<string, LoadedDay>>(new Map());
  const [noneInWindow, setNoneInWindow] = useState(false);
  useEffect(() => {
    const days = monthHours.data;
    if (days) setLoaded((known) => mergeDays(known, days));
  }, [monthHours.data]);
  useEffect(() => {
    const day = dayHours.data;
    if (day) setLoaded((known) => mergeDays(known, [day]));
  }, [dayHours.data]);

  // Spec §2: a service not bookable online does not advance; a chat message is offered instead.
  const offline = chosenServices(categories ?? [], serviceBookings).filter((service) => service.unavailableForOnlineBooking);
  const onChooseHour = (hour: AvailableHour) => {
    if (offline.length === 0) return chooseHour(hour);
    const service = offline.map((s) => s.title).join(", ");
    const when = { date: formatDate(hour.date), time: hour.label };
    const link = chatLink(provider, _({ ...timeMessages.chatText, values: { service, ...when } }));
    feedback.getState().showDialog(
      link
        ? { type: 1, icon: "info", text: _({ ...timeMessages.notOnline, values: { service, ...when } }), actionLabel: _(timeMessages.sendMessage), action: () => void globalThis.open?.(link, "_blank", "noopener") }
        : { type: 0, icon: "info", text: _({ ...timeMessages.notOnlineCall, values: { service, phone: provider.phoneNumber || provider.companyName } }) },
    );
  };

  const select = (isoDate: string) => {
    setNoneInWindow(false);
    chooseDate(isoDate);
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

  return (
    <section className="bw-step bw-time" aria-labelledby="bw-step-title">
      <TimeZoneNote timeZone={provider.timeZone} day={date} />
      <DatePicker month={month} window={window} today={today} selected={date} loaded={loaded} onMonthChange={setMonth} onSelect={select} />
      {dayHours.error ? (
        <ApiErrorMessage error={dayHours.error} notFound={timeMessages.loadFailed} name="" onRetry={() => void dayHours.mutate()} />
      ) : (
        <HourList
          hours={dayHours.data?.hoursToBook}
          heading={_({ ...(provider.showOccupiedHoursForAnonymousBooking ? timeMessages.hoursFor : timeMessages.hoursOn), values: { date: longDate(date, locale) } })}
          onChoose={onChooseHour}
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
      )}
    </section>
  );
}
