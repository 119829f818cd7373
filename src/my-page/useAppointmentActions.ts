import { useLingui } from "@lingui/react";
import { refusalOf, refusedAs } from "../api/refusal-of.ts";
import type { AvailableHour, CustomerAppointment, Provider, ServiceBookingSelection } from "../contract/schemas/index.ts";
import { errorCatalogue } from "../kernel/errors/error-catalogue.ts";
import { shellMessages } from "../kernel/shell-messages.ts";
import { createCustomerCalls } from "../api/customer-calls.ts";
import { useApiCalls } from "../kernel/useApiCalls.ts";
import { useWidget } from "../kernel/widget-context.ts";
import { formatDate } from "../contract/format-date-time.ts";
import { appointmentTime, zonedStart } from "./appointment-time.ts";
import { myPageMessages as m } from "./messages.ts";
import type { MyPageSession } from "../account/session.ts";
import { DialogType } from "../contract/enumerations.ts";
import { formatPrice } from "../contract/format-price.ts";
import type { Locale } from "../contract/locales.ts";
import type { CancelledAppointment, CancelledSeries } from "../contract/schemas/index.ts";
import type { SeriesRestPreview } from "../contract/schemas/series-rest.ts";
import { intlTag } from "../i18n/locale.ts";
import { paymentTermsMessages } from "../kernel/payment/payment-terms-lines.ts";
import type { FeedbackServices } from "../feedback/feedback-context.ts";

interface Options {
  provider: Provider;
  session: MyPageSession;
  /** Reloads the appointments (after a change, and after a refusal: the list may be out of date). */
  refresh(): Promise<unknown>;
  /** The session was refused (401): back to the login form. */
  onSessionLost(): void;
}

/**
 * Cancel and move (spec §4 "My Page"): each asks first, then calls the API, refreshes
 * the list and says so. Both are refused before asking when canCancel is false
 * ("You can only cancel {hours} hours in advance").
 */
export function useAppointmentActions({ provider, session, refresh, onSessionLost }: Options) {
  const { _, i18n } = useLingui();
  const price = (amount: number) => formatPrice(amount, i18n.locale as Locale);
  const { feedback, report, emit } = useWidget<FeedbackServices>();
  const calls = useApiCalls(createCustomerCalls);
  const dialog = (text: string, code: string) => feedback.getState().showDialog({ type: DialogType.Message, icon: "error", text, code });
  const tooLate = () => dialog(_({ ...errorCatalogue.cancelTooLate, values: { hours: provider.hoursToCancel } }), "cancel-too-late");
  const when = (parts: { date: string; time: string }) => _({ ...m.when, values: parts });
  const named = (appointment: CustomerAppointment) => ({
    service: appointment.appointmentName,
    when: when(appointmentTime(appointment, provider.timeFormat)),
  });

  /** A cancel's query (one appointment, or it and the rest of its series): the appointment and the login. */
  const cancelQuery = (appointment: CustomerAppointment) => ({
    appointmentId: appointment.id,
    customerToken: session.token,
    phoneNumber: session.login,
    userId: provider.userId,
  });

  /** What a refused call tells the customer; true when the caller should let the customer try again. */
  const refused = (error: unknown, occupied: string) => {
    const refusal = refusalOf(error);
    if (refusal === "wrong-code-or-phone") {
      dialog(_(errorCatalogue.wrongTokenOrPhone), "session-lost");
      return onSessionLost();
    }
    void refresh();
    if (refusal === "occupied") return feedback.getState().showSnackbar(occupied, "error", { code: "occupied" });
    if (refusedAs(error, "too-late-to-change")) return tooLate();
    report(error, "My Page change failed");
    dialog(_(shellMessages.failed), "failed");
  };

  const cancel = (appointment: CustomerAppointment) => {
    if (!appointment.canCancel) return tooLate();
    feedback.getState().showDialog({
      type: DialogType.YesNo,
      icon: "question",
      text: [
        _({ ...m.confirmCancel, values: named(appointment) }),
        appointment.paidOnline ? _({ ...paymentTermsMessages.refundOnCancel, values: { amount: price(appointment.paidOnline) } }) : "",
      ]
        .filter(Boolean)
        .join(" "),
      action: async () => {
        let answer: CancelledAppointment;
        try {
          answer = await calls.cancelAppointment(cancelQuery(appointment));
        } catch (error) {
          return refused(error, _(shellMessages.failed));
        }
        emit("bw-appointment-cancelled", {
          appointmentId: appointment.id,
          start: zonedStart(appointment, provider.timeZone),
          timeZone: provider.timeZone,
        });
        await refresh();
        // What a paid booking gives back, as the API answered it (spec's words otherwise).
        const refunded = answer.refund?.amount;
        feedback
          .getState()
          .showSnackbar(
            refunded
              ? _({ ...paymentTermsMessages.cancelledRefunded, values: { amount: price(refunded) } })
              : _(errorCatalogue.appointmentCancelled),
            "success",
          );
      },
    });
  };

  /**
   * A series (issue 42): cancels this occurrence and every later one, after asking. The
   * question names every date and the amount the API will refund (its preview, issue 57:
   * the share is the API's to work out), and so does the answer.
   */
  const cancelRest = async (appointment: CustomerAppointment) => {
    if (!appointment.canCancel) return tooLate();
    let preview: SeriesRestPreview;
    try {
      preview = await calls.cancelSeriesPreview(cancelQuery(appointment));
    } catch (error) {
      return refused(error, _(shellMessages.failed));
    }
    const dates = new Intl.ListFormat(intlTag(i18n.locale as Locale), { type: "conjunction" }).format(
      preview.occurrences.map((occurrence) => when(appointmentTime(occurrence, provider.timeFormat))),
    );
    const refund = preview.refund?.amount;
    feedback.getState().showDialog({
      type: DialogType.YesNo,
      icon: "question",
      text: [
        _({ ...m.confirmCancelRest, values: { service: appointment.appointmentName, count: preview.occurrences.length, dates } }),
        refund ? _({ ...m.refundRestOnCancel, values: { amount: price(refund) } }) : "",
      ]
        .filter(Boolean)
        .join(" "),
      action: async () => {
        let answer: CancelledSeries;
        try {
          answer = await calls.cancelSeries(cancelQuery(appointment));
        } catch (error) {
          return refused(error, _(shellMessages.failed));
        }
        await refresh();
        // Their share of a series paid online, as the API answered it.
        const refunded = answer.refund?.amount;
        feedback
          .getState()
          .showSnackbar(
            refunded ? _({ ...m.restCancelledRefunded, values: { amount: price(refunded), dates } }) : _(m.restCancelled),
            "success",
          );
      },
    });
  };

  /** Asks to move to `hour`; `done` runs once the move went through. */
  const move = (
    appointment: CustomerAppointment,
    selections: ServiceBookingSelection[],
    hour: AvailableHour,
    done: () => void,
    restOfSeries = false,
  ) => {
    const [year, month, day] = hour.date.split("-").map(Number) as [number, number, number];
    const [hours, minutes] = hour.backendLabel.split(":").map(Number) as [number, number];
    feedback.getState().showDialog({
      type: DialogType.YesNo,
      icon: "question",
      text: _({
        ...m.confirmMove,
        values: { service: appointment.appointmentName, when: when({ date: formatDate(hour.date), time: hour.label }) },
      }),
      action: async () => {
        try {
          await calls.changeAppointment({
            year,
            month,
            day,
            hour: hours,
            minute: minutes,
            serviceIds: selections.flatMap((s) => [s.serviceId, ...(s.extraServiceIds ?? [])]),
            phoneNumber: session.login,
            appointmentId: appointment.id,
            adminId: provider.userId,
            customerToken: session.token,
            ...(restOfSeries ? { restOfSeries } : {}),
          });
        } catch (error) {
          return refused(error, _(m.timeTaken));
        }
        emit("bw-appointment-moved", {
          appointmentId: appointment.id,
          previousStart: zonedStart(appointment, provider.timeZone),
          start: zonedStart({ year, month, day, hour: hours, minute: minutes }, provider.timeZone),
          timeZone: provider.timeZone,
        });
        await refresh();
        done();
        feedback.getState().showSnackbar(restOfSeries ? _(m.restMoved) : _(errorCatalogue.appointmentChanged), "success");
      },
    });
  };

  return { cancel, cancelRest, move, tooLate, named };
}
