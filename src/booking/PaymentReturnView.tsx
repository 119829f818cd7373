import { useLingui } from "@lingui/react";
import { useEffect, useState } from "react";
import { errorCatalogue } from "../kernel/errors/error-catalogue.ts";
import { createPaymentCalls } from "../api/payment-calls.ts";
import { useApiCalls } from "../kernel/useApiCalls.ts";
import { useWidget } from "../kernel/widget-context.ts";
import { Alert } from "../ui/Alert.tsx";
import { LaterScreen } from "../kernel/later/LaterScreen.tsx";
import { Loading } from "../ui/Loading.tsx";
import { BookingView, type ResumedBooking } from "./BookingView.tsx";
import { paymentMessages } from "./payment/messages.ts";
import { clearPendingPayment, readPendingPayment, type PendingPayment } from "./payment/pending-payment.ts";
import { returningBooking } from "./payment/returning-booking.ts";
import { PENDING_RECHECK_MS, PENDING_RECHECKS, type ReturnOutcome, returnOutcome } from "./payment/return-outcome.ts";
import type { FeedbackServices } from "../feedback/feedback-context.ts";

/**
 * /payment/success and /payment/failure: where an online payment returns to. The
 * booking this tab left for the payment page comes back: its receipt after a payment,
 * or the filled-in confirm step with a "payment failed" message after a failure. The
 * address alone proves nothing (anyone can open /payment/success): the API is asked
 * what became of the payment, and only a paid one shows a receipt.
 */
export default function PaymentReturnView({ outcome: claimed }: { outcome: "success" | "failure" }) {
  const { feedback, i18n, report, emit } = useWidget<FeedbackServices>();
  const payments = useApiCalls(createPaymentCalls);
  const [pending] = useState(() => readPendingPayment());
  const company = pending?.bookingLink ?? companyFromAddress();
  const [outcome, setOutcome] = useState<"checking" | ReturnOutcome | "still-pending">(claimed === "success" ? "checking" : "failure");

  useEffect(() => {
    if (claimed !== "success") return;
    const paymentId = paymentIdFromAddress();
    if (!paymentId) return setOutcome("failure");
    let current = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A payment still settling (paid at its gateway, the money on its way) is asked about again for a while: never shown declined.
    const ask = (asked: number) =>
      payments
        .paymentOutcome(paymentId)
        .then((answer) => {
          if (!current) return;
          const read = returnOutcome(answer);
          if (read !== "pending") return setOutcome(read);
          if (asked >= PENDING_RECHECKS) return setOutcome("still-pending");
          setOutcome("pending");
          timer = setTimeout(() => void ask(asked + 1), PENDING_RECHECK_MS);
        })
        .catch((error: unknown) => {
          report(error, "payment outcome not known");
          if (current) setOutcome("failure");
        });
    void ask(0);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [payments, claimed, report]);

  // Asking, or waiting for a settling payment: the booking in progress stays kept (a reload asks again).
  if (outcome === "checking" || outcome === "pending" || outcome === "still-pending") {
    return (
      <LaterScreen>
        <PaymentText kind={outcome} />
      </LaterScreen>
    );
  }

  const resume = (held: PendingPayment): ResumedBooking => ({
    data: (provider) => returningBooking(held, outcome === "success", provider.customerCanSelectStaff),
    account: held.data.account,
    shown: () => {
      clearPendingPayment();
      if (outcome === "success") return;
      emit("bw-booking-failed", { reason: "payment-failed" });
      // A refund is told by the notice above the booking; a decline by the spec's snackbar.
      if (outcome === "refunded") return;
      // The message lives in the later catalog: load it first, so it is in the page's language.
      void i18n
        .loadLaterMessages()
        .catch((failure: unknown) => report(failure, "could not load the later messages"))
        .finally(() => feedback.getState().showSnackbar(i18n.i18n._(errorCatalogue.paymentFailed), "error", { code: "payment-failed" }));
    },
  });

  const notice = (
    <LaterScreen>
      <PaymentText kind={outcome} />
    </LaterScreen>
  );
  if (!company) return notice;
  return (
    <>
      {(!pending || outcome === "refunded") && notice}
      <BookingView company={company} {...(pending ? { resume: resume(pending) } : {})} />
    </>
  );
}

function paymentIdFromAddress(): string | null {
  try {
    return new URLSearchParams(globalThis.location?.search ?? "").get("paymentId")?.trim() || null;
  } catch {
    return null;
  }
}

function companyFromAddress(): string | null {
  try {
    return new URLSearchParams(globalThis.location?.search ?? "").get("company")?.trim() || null;
  } catch {
    return null;
  }
}

/** The payment messages live in the later catalog: rendered only inside LaterScreen, once it is active. */
function PaymentText({ kind }: { kind: "checking" | ReturnOutcome | "still-pending" }) {
  const { _ } = useLingui();
  if (kind === "checking") return <Loading label={_(paymentMessages.checking)} />;
  if (kind === "pending") return <Loading label={_(paymentMessages.pending)} />;
  if (kind === "still-pending") return <Alert tone="info">{_(paymentMessages.stillPending)}</Alert>;
  if (kind === "refunded") return <Alert tone="error">{_(paymentMessages.refunded)}</Alert>;
  return kind === "success" ? (
    <Alert tone="info">{_(paymentMessages.succeeded)}</Alert>
  ) : (
    <Alert tone="error">{_(paymentMessages.failed)}</Alert>
  );
}
