import { useLingui } from "@lingui/react";
import { twoClockLabel } from "../../calendar/two-clock-label.ts";
import { fromZoned } from "../../contract/zoned-time.ts";
import { seriesMessages } from "../series/messages.ts";
import { listFormat } from "../../i18n/intl-formats.ts";
import { useEffect } from "react";
import { useViewLink } from "../../kernel/useViewLink.ts";
import { useSession } from "../../account/session-context.ts";
import { sessionOf } from "../../account/session.ts";
import type { Provider } from "../../contract/schemas/index.ts";
import { useWidget } from "../../kernel/widget-context.ts";
import { useBookingStore } from "../store/booking-store-context.ts";
import type { BookedAppointment } from "../store/booking-store.ts";
import { bookingConfirmedDetail } from "./booking-confirmed-detail.ts";
import { intlTag, type Locale } from "../../i18n/locale.ts";
import { formatDate } from "../../contract/format-date-time.ts";
import { LaterScreen } from "../../kernel/later/LaterScreen.tsx";
import { useServices } from "../../kernel/provider/useServices.ts";
import { bookingSummary } from "../confirm/booking-summary.ts";
import { offeredChannels, tickedChannels } from "../store/confirm-draft.ts";
import { confirmMessages } from "../confirm/messages.ts";
import { calendarLinks, shownEnd } from "./calendar-links.ts";
import { receiptMessages as m } from "./messages.ts";
import { receiptSentence } from "./receipt-sentence.ts";
import { formatPrice } from "../../contract/format-price.ts";
import { paymentTermsLines } from "../../kernel/payment/payment-terms-lines.ts";

const announced = new WeakSet<BookedAppointment>();

/** The receipt step (lazy chunk): thanks, what will be sent, add to calendar, book again, My Page. */
export default function ReceiptStep({ provider }: { provider: Provider }) {
  return (
    <LaterScreen>
      <Receipt provider={provider} />
    </LaterScreen>
  );
}

function Receipt({ provider }: { provider: Provider }) {
  const { _, i18n } = useLingui();
  const locale = i18n.locale as Locale;
  const myPage = useViewLink("my-page", provider.bookingLink);
  const proven = useSession((state) => sessionOf(state.account) !== null);
  const booked = useBookingStore((state) => state.booked);
  const hour = useBookingStore((state) => state.selectedHour);
  const zoneLead = useBookingStore((state) => state.zoneLead ?? "provider");
  const seriesPlan = useBookingStore((state) => state.seriesPlan);
  const selections = useBookingStore((state) => state.selectedServices);
  const customer = useBookingStore((state) => state.customer);
  const startOver = useBookingStore((state) => state.startOver);
  const { data: categories } = useServices(provider.userId);
  const { emit } = useWidget();
  // Said once per booking, even when the receipt renders again (a language switch).
  useEffect(() => {
    if (!booked || !categories || announced.has(booked)) return;
    announced.add(booked);
    emit("bw-booking-confirmed", bookingConfirmedDetail(provider, categories, selections, booked.confirmation, booked.paid ?? false));
  }, [booked, categories, selections, provider, emit]);
  if (!booked) return null;

  const offered = customer ? offeredChannels(provider.customerReceiptAndReminderMode, customer) : [];
  const sentence = receiptSentence(tickedChannels(booked.draft.receipt, offered), tickedChannels(booked.draft.reminder, offered));
  const channelList = sentence
    ? listFormat(intlTag(locale), { type: "conjunction" }).format(sentence.channels.map((c) => _(confirmMessages[c])))
    : "";
  const summary = categories ? bookingSummary(categories, selections, hour, seriesPlan?.occurrences.length) : null;
  const lines = summary?.lines ?? [];
  // What was paid online (a paid booking only) and what is left to pay at the place.
  const terms =
    summary && booked.paid
      ? paymentTermsLines(summary.terms, {
          paid: true,
          hoursToCancel: provider.hoursToCancel,
          company: provider.companyName,
          price: (amount) => formatPrice(amount, locale),
        })
      : [];
  const titles = lines.map((line) => line.service.title);
  const start = new Date(booked.confirmation.start);
  const end = shownEnd(
    start,
    lines.reduce((sum, line) => sum + line.minutes, 0),
    new Date(booked.confirmation.end),
  );
  // A series' later occurrences (issue 42), as booked: the plan's times with the API's ids.
  const seriesIds = booked.confirmation.seriesAppointmentIds ?? [];
  const more = (seriesPlan?.occurrences ?? []).slice(1).map((occurrence, index) => {
    const at = fromZoned(occurrence.date, occurrence.backendLabel, provider.timeZone);
    return {
      id: String(seriesIds[index + 1] ?? `${booked.confirmation.id}-${index + 2}`),
      start: at,
      end: new Date(at.getTime() + (end.getTime() - start.getTime())),
    };
  });
  const links = calendarLinks({
    id: String(booked.confirmation.id),
    title: [titles.join(", "), provider.companyName].filter(Boolean).join(" – "),
    description: titles.join(", "),
    location: provider.treatmentAdress || provider.companyName,
    start,
    end,
    more,
  });

  return (
    <section className="bw-step bw-receipt" aria-labelledby="bw-step-title" part="receipt">
      <p className="bw-receipt__thanks" role="status">
        {_(m.thanks)}
      </p>
      {hour && (
        <p>
          {_({
            ...m.booked,
            values: { company: provider.companyName, date: formatDate(hour.date), time: twoClockLabel(i18n, hour, provider, zoneLead) },
          })}
        </p>
      )}
      {seriesPlan && seriesIds.length > 1 && (
        <p className="bw-receipt__series">
          {_({
            ...seriesMessages.alsoBooked,
            values: {
              // Each time as the first is said: the visitor's clock beside the provider's (or first, as chosen).
              times: seriesPlan.occurrences
                .slice(1)
                .map((o) => `${formatDate(o.date)} ${twoClockLabel(i18n, o, provider, zoneLead)}`)
                .join(", "),
            },
          })}
        </p>
      )}
      {terms.length > 0 && (
        <div className="bw-receipt__terms" part="payment-terms">
          {terms.map((line) => (
            <p key={line.id}>{_(line)}</p>
          ))}
        </div>
      )}
      {sentence && <p>{_({ ...m[sentence.kind], values: { channels: channelList } })}</p>}
      <details className="bw-calendar-links" part="add-to-calendar">
        <summary>{_(m.addToCalendar)}</summary>
        <ul>
          {links.map((link) => (
            <li key={link.kind}>
              <a href={link.href} target={link.download ? undefined : "_blank"} rel="noopener noreferrer" download={link.download}>
                {_(m[link.kind])}
              </a>
            </li>
          ))}
        </ul>
      </details>
      <div className="bw-form__actions">
        <button type="button" className="bw-button" onClick={startOver}>
          {_(m.bookNewTime)}
        </button>
        {/* Spec §2 with accounts; a customer proven for this booking (a code) has My Page too (issue 57). */}
        {(provider.useCustomerAccounts || proven) && (
          <a className="bw-button bw-button--secondary" href={myPage.href} onClick={myPage.onClick}>
            {_(m.goToMyPage)}
          </a>
        )}
      </div>
    </section>
  );
}
