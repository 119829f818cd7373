import { useLingui } from "@lingui/react";
import { useState } from "react";
import { myPageUrl } from "../../kernel/site-links.ts";
import type { BookingConfirmation, BookingRequest, CustomField, Provider, ServiceCategory } from "../../contract/schemas/index.ts";
import { errorCatalogue } from "../../kernel/errors/error-catalogue.ts";
import { createBookingCalls } from "../../api/booking-calls.ts";
import { useApiCalls } from "../../kernel/useApiCalls.ts";
import { useWidget } from "../../kernel/widget-context.ts";
import type { BookingServices } from "../store/booking-store-context.ts";
import { useSession, useSessionStore } from "../../account/session-context.ts";
import { readSavedDetails, saveDetails, tokenFor } from "../../customer/saved-details.ts";
import { sessionOf } from "../../account/session.ts";
import { paymentNeed } from "../payment/payment-need.ts";
import { offerMarker } from "../../waitlist/offer-marker.ts";
import { waitlistMessages as offerMessages } from "../../waitlist/messages.ts";
import { stepNumber } from "../steps.ts";
import type { OnlinePaymentMethod } from "../../contract/rules/payment-method.ts";
import { useBusy } from "../../ui/useBusy.ts";
import { slotHoldOf, type HoldServices } from "../hold/slot-hold.ts";
import { bookingRequest } from "./booking-request.ts";
import { bookingSummary, chosenServices } from "./booking-summary.ts";
import { offeredChannels, tickedChannels } from "../store/confirm-draft.ts";
import { confirmMessages } from "./messages.ts";
import { lockedUntil, waitMessage, waitMinutes } from "../../kernel/errors/wait-message.ts";
import { submitBooking, verifyAndBook, type BookingOutcome } from "./submit-booking.ts";
import type { BookingFailureReason } from "../../kernel/widget-events.ts";
import { DialogType } from "../../contract/enumerations.ts";
import type { FeedbackServices } from "../../feedback/feedback-context.ts";

export type SubmissionStage =
  | { kind: "form" }
  /** lockedUntil: a lock-out (429) with a known end: no code is asked for or sent until then. */
  | { kind: "verify"; request: BookingRequest; codeRejected: boolean; lockedUntil?: number | undefined }
  | { kind: "pay"; confirmation: BookingConfirmation; amount: number; method: OnlinePaymentMethod };

/**
 * "Book appointment" and what follows it (spec §4 "Booking submission"): the payment
 * check, the booking call, verification, the payment hold, and every refusal of §8.
 * One press at a time: a second press while one is running does nothing.
 */
export function useBookingSubmission(provider: Provider, categories: readonly ServiceCategory[], customFields: readonly CustomField[]) {
  const { _ } = useLingui();
  const services = useWidget<FeedbackServices & BookingServices & HoldServices>();
  const { feedback, siteBase, report, emit, store } = services;
  const failedBecause = (reason: BookingFailureReason) => emit("bw-booking-failed", { reason });
  const booking = useApiCalls(createBookingCalls);
  const [stage, setStage] = useState<SubmissionStage>({ kind: "form" });
  const { busy, guarded: oneAtATime } = useBusy();
  const session = useSessionStore();
  const account = useSession((state) => state.account);

  const guarded = (work: () => Promise<void>) =>
    oneAtATime(async () => {
      try {
        await work();
      } catch (error) {
        report(error, "booking failed");
        failed();
      }
    });

  /** Spec §8: the provider takes no online payment (0 or the card provider, or an API with no gateway for it). */
  const noPaymentProvider = () => {
    failedBecause("no-payment-provider");
    feedback.getState().showDialog({
      type: DialogType.Message,
      icon: "error",
      code: "no-payment-provider",
      text: _(errorCatalogue.noPaymentProvider),
    });
  };

  const failed = () => {
    failedBecause("failed");
    feedback.getState().showDialog({
      type: DialogType.Message,
      icon: "error",
      code: "booking-failed",
      text: _({ ...errorCatalogue.bookingFailed, values: { phone: provider.phoneNumber || provider.companyName } }),
    });
    setStage({ kind: "form" });
    store.getState().bookingFailed();
  };

  /** How the chosen services are paid (spec §4): asked before booking and after it is held. */
  const currentPaymentNeed = () => {
    const state = store.getState();
    const summary = bookingSummary(categories, state.selectedServices, state.selectedHour, state.seriesPlan?.occurrences.length);
    return paymentNeed(provider, chosenServices(categories, state.selectedServices), summary.payOnline);
  };

  const settle = (outcome: BookingOutcome, request: BookingRequest) => {
    const state = store.getState();
    switch (outcome.kind) {
      case "booked": {
        slotHoldOf(services).booked();
        offerMarker(provider.bookingLink).clear();
        const account = outcome.account ?? session.getState().account;
        if (outcome.account) session.getState().setAccount(outcome.account);
        // A proven customer's login is kept as My Page opens it: by phone, or by the e-mail an account has alone.
        if (state.customer) saveDetails(provider.userId, state.customer, sessionOf(account));
        const need = currentPaymentNeed();
        if (outcome.confirmation.status === "awaiting_payment" && need.kind === "pay") {
          setStage({ kind: "pay", confirmation: outcome.confirmation, amount: need.amount, method: need.method });
          return;
        }
        setStage({ kind: "form" });
        state.finishBooking({ confirmation: outcome.confirmation, draft: state.draft });
        return;
      }
      case "verify":
        setStage({ kind: "verify", request, codeRejected: false });
        return;
      case "wrong-code":
        feedback.getState().showSnackbar(_(errorCatalogue.wrongVerificationCode), "error", { code: "wrong-verification-code" });
        setStage({ kind: "verify", request, codeRejected: true });
        return;
      case "code-not-sent":
        failedBecause("code-not-sent");
        feedback.getState().showSnackbar(_(errorCatalogue.codeNotSent), "error", { code: "code-not-sent" });
        return;
      case "too-many":
        failedBecause("too-many-attempts");
        feedback.getState().showSnackbar(_(waitMessage(outcome.error)), "error", { code: "too-many-attempts" });
        setStage((current) =>
          current.kind === "verify" ? { ...current, codeRejected: false, lockedUntil: lockedUntil(outcome.error) } : current,
        );
        return;
      case "occupied": {
        failedBecause("occupied");
        // Booked from a waitlist offer (notify-all: someone was first): the visitor still waits.
        const fromOffer = offerMarker(provider.bookingLink).isOffer(slotHoldOf(services).view.getState().token);
        feedback.getState().showSnackbar(_(fromOffer ? offerMessages.offerTaken : errorCatalogue.occupied), "error", { code: "occupied" });
        setStage({ kind: "form" });
        state.goToStep(stepNumber("time", provider.customerCanSelectStaff));
        return;
      }
      case "too-soon":
        failedBecause("too-soon");
        feedback.getState().showSnackbar(_(errorCatalogue.tooSoon), "error", { code: "too-soon" });
        setStage({ kind: "form" });
        state.goToStep(stepNumber("time", provider.customerCanSelectStaff));
        return;
      case "no-payment-provider":
        setStage({ kind: "form" });
        noPaymentProvider();
        return;
      case "unpaid-waiting":
        failedBecause("unpaid-waiting");
        setStage({ kind: "form" });
        feedback.getState().showDialog({
          type: DialogType.Message,
          icon: "error",
          code: "unpaid-waiting",
          text: _({ ...errorCatalogue.unpaidBookingsWaiting, values: { minutes: waitMinutes(outcome.error) } }),
        });
        return;
      case "too-many-bookings":
        failedBecause("too-many-bookings");
        setStage({ kind: "form" });
        feedback.getState().showDialog({
          type: DialogType.Message,
          icon: "error",
          code: "too-many-bookings",
          text: _({ ...errorCatalogue.tooManyBookings, values: { phone: provider.phoneNumber || provider.companyName } }),
        });
        return;
      case "failed":
        report(outcome.error, "booking failed");
        failed();
    }
  };

  const currentRequest = (): BookingRequest | null => {
    const state = store.getState();
    if (!state.customer || !state.selectedHour) return null;
    const offered = offeredChannels(provider.customerReceiptAndReminderMode, state.customer);
    const token =
      session.getState().account?.customerAccountIdentificationCode ??
      tokenFor(readSavedDetails(provider.userId), state.customer.phoneNumber);
    return bookingRequest({
      provider,
      selections: state.selectedServices,
      staffMemberId: state.selectedStaffId,
      hour: state.selectedHour,
      customer: state.customer,
      customFields,
      comment: state.draft.comment,
      receipt: tickedChannels(state.draft.receipt, offered),
      reminder: tickedChannels(state.draft.reminder, offered),
      signupNewsletter: state.draft.signupNewsletter,
      customerToken: token,
      cancelUrl: myPageUrl(siteBase, provider.bookingLink),
      holdToken: slotHoldOf(services).view.getState().token,
      series: state.seriesPlan,
    });
  };

  return {
    stage,
    busy,
    /** "Book appointment". */
    book: () =>
      guarded(async () => {
        if (currentPaymentNeed().kind === "no-provider") return noPaymentProvider();
        const request = currentRequest();
        if (!request) return store.getState().goToStep(1);
        // With accounts, an account that is not verified yet gets its code before booking.
        const verifyFirst = provider.useCustomerAccounts && !(account?.verified && account.customerAccountIdentificationCode);
        settle(await submitBooking(booking, request, { verifyFirst }), request);
      }),
    /** The verification screen's "verify". */
    verify: (code: string) =>
      guarded(async () => {
        if (stage.kind !== "verify") return;
        settle(await verifyAndBook(booking, stage.request, code, store.getState().newPassword), stage.request);
      }),
    /** "Send a new code". */
    resend: () =>
      guarded(async () => {
        if (stage.kind !== "verify") return;
        const outcome = await submitBooking(booking, stage.request, { verifyFirst: true });
        if (outcome.kind === "verify") feedback.getState().showSnackbar(_(confirmMessages.codeSent), "success");
        else settle(outcome, stage.request);
      }),
    /** The payment dialog was closed without paying. */
    cancelPayment: () => setStage({ kind: "form" }),
  };
}
