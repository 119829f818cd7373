import { useLingui } from "@lingui/react";
import { useState } from "react";
import { refusedAs } from "../../api/refusal-of.ts";
import { bookingWindow, defaultDate } from "../../calendar/calendar-model.ts";
import { errorCatalogue } from "../../kernel/errors/error-catalogue.ts";
import { providerToday } from "../../time/provider-today.ts";
import { seriesMessages } from "../series/messages.ts";
import { RepeatControl } from "../series/RepeatControl.tsx";
import { SeriesDialog } from "../series/SeriesDialog.tsx";
import { fittingWish } from "../series/series-plan.ts";
import type { AvailableHour, Provider } from "../../contract/schemas/index.ts";
import { LaterScreen } from "../../kernel/later/LaterScreen.tsx";
import { useWidget } from "../../kernel/widget-context.ts";
import { useBookingStore } from "../store/booking-store-context.ts";
import { useServices } from "../../kernel/provider/useServices.ts";
import { timeMessages } from "../../calendar/messages.ts";
import { chosenServices } from "../confirm/booking-summary.ts";
import { formatDate } from "../../contract/format-date-time.ts";
import { chatLink } from "./chat-link.ts";
import { TimePicker } from "../../calendar/TimePicker.tsx";
import { useSlotHold } from "../hold/useSlotHold.ts";
import { DialogType } from "../../contract/enumerations.ts";
import { WaitlistJoin } from "../../waitlist/WaitlistJoin.tsx";
import type { FeedbackServices } from "../../feedback/feedback-context.ts";

/** The time step (lazy chunk): a date picker and the chosen day's hours. */
export default function TimeStep({ provider }: { provider: Provider }) {
  return (
    <LaterScreen>
      <TimeStepPicker provider={provider} />
    </LaterScreen>
  );
}

function TimeStepPicker({ provider }: { provider: Provider }) {
  const { _ } = useLingui();
  const { feedback } = useWidget<FeedbackServices>();
  const serviceBookings = useBookingStore((state) => state.selectedServices);
  const staffMemberId = useBookingStore((state) => state.selectedStaffId);
  const selectedDate = useBookingStore((state) => state.selectedDate);
  const chooseDate = useBookingStore((state) => state.chooseDate);
  const chooseHour = useBookingStore((state) => state.chooseHour);
  const zoneLead = useBookingStore((state) => state.zoneLead ?? "provider");
  const setZoneLead = useBookingStore((state) => state.setZoneLead);
  const seriesWish = useBookingStore((state) => state.seriesWish ?? null);
  const setSeriesWish = useBookingStore((state) => state.setSeriesWish);
  const chooseSeries = useBookingStore((state) => state.chooseSeries);
  const [seriesFor, setSeriesFor] = useState<AvailableHour | null>(null);
  const { data: categories } = useServices(provider.userId);
  // Choosing a time holds it (when the API can); the token shows the visitor their own held time as free.
  const holdToken = useSlotHold(provider).view.token;
  const firstService = categories?.flatMap((c) => c.services).find((s) => s.id === serviceBookings[0]?.serviceId);

  // Spec §2: a service not bookable online does not advance; a chat message is offered instead.
  const offline = chosenServices(categories ?? [], serviceBookings).filter((service) => service.unavailableForOnlineBooking);
  // A series (issue 42): one service that allows it, the repeat control ticked.
  const seriesRule = serviceBookings.length === 1 ? firstService?.series : undefined;
  const today = providerToday(provider.timeZone);
  const shownDay = selectedDate ?? defaultDate(firstService?.firstAvailable, today);
  const lastDate = bookingWindow(today, provider.maxDaysInAdvanceForBooking).last;
  // The series asked of the API: the ticked wish, as this service and the window allow it from the chosen day.
  const wishFrom = (day: string) => (seriesRule ? fittingWish(seriesRule, seriesWish, day, lastDate) : null);
  const onChooseHour = (hour: AvailableHour) => {
    if (offline.length === 0) return wishFrom(hour.date) ? setSeriesFor(hour) : chooseHour(hour);
    const service = offline.map((s) => s.title).join(", ");
    const when = { date: formatDate(hour.date), time: hour.label };
    const link = chatLink(provider, _({ ...timeMessages.chatText, values: { service, ...when } }));
    feedback.getState().showDialog(
      link
        ? {
            type: DialogType.Choice,
            icon: "info",
            text: _({ ...timeMessages.notOnline, values: { service, ...when } }),
            actionLabel: _(timeMessages.sendMessage),
            action: () => void globalThis.open?.(link, "_blank", "noopener"),
          }
        : {
            type: DialogType.Message,
            icon: "info",
            text: _({ ...timeMessages.notOnlineCall, values: { service, phone: provider.phoneNumber || provider.companyName } }),
          },
    );
  };

  return (
    <section className="bw-step bw-time" aria-labelledby="bw-step-title">
      {seriesRule && (
        <RepeatControl
          rule={seriesRule}
          first={shownDay}
          lastDate={lastDate}
          wish={wishFrom(shownDay)}
          asked={seriesWish}
          windowDays={provider.maxDaysInAdvanceForBooking}
          onChange={setSeriesWish}
        />
      )}
      <TimePicker
        provider={provider}
        serviceBookings={serviceBookings}
        staffMemberId={staffMemberId}
        selectedDate={selectedDate}
        firstAvailable={firstService?.firstAvailable}
        onSelectDate={chooseDate}
        onChooseHour={onChooseHour}
        holdToken={holdToken}
        zoneLead={zoneLead}
        onZoneLeadChange={setZoneLead}
        dayExtra={(date, empty) => (
          <WaitlistJoin
            key={date}
            provider={provider}
            date={date}
            empty={empty}
            serviceBookings={serviceBookings}
            staffMemberId={staffMemberId}
            lastDate={lastDate}
          />
        )}
      />
      {seriesFor && wishFrom(seriesFor.date) && (
        <SeriesDialog
          userId={provider.userId}
          hour={seriesFor}
          wish={wishFrom(seriesFor.date)!}
          serviceBookings={serviceBookings}
          staffMemberId={staffMemberId}
          holdToken={holdToken}
          onCancel={() => setSeriesFor(null)}
          onDone={(plan) => {
            setSeriesFor(null);
            chooseSeries(seriesFor, plan);
          }}
          onFailed={(error) => {
            setSeriesFor(null);
            feedback
              .getState()
              .showSnackbar(_(refusedAs(error, "occupied") ? errorCatalogue.occupied : seriesMessages.loadFailed), "error", {
                code: refusedAs(error, "occupied") ? "occupied" : "series-failed",
              });
          }}
        />
      )}
    </section>
  );
}
