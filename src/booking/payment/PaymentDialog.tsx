import { useLingui } from "@lingui/react";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import type { BookingConfirmation, PaymentInitiation, Provider } from "../../contract/schemas/index.ts";
import { errorCatalogue } from "../../kernel/errors/error-catalogue.ts";
import { createPaymentCalls } from "../../api/payment-calls.ts";
import { refusalOf } from "../../api/refusal-of.ts";
import { useApiCalls } from "../../kernel/useApiCalls.ts";
import { useWidget } from "../../kernel/widget-context.ts";
import { formatPrice } from "../../contract/format-price.ts";
import type { Locale } from "../../i18n/locale.ts";
import { Loading } from "../../ui/Loading.tsx";
import { openModal } from "../../ui/open-modal.ts";
import { paymentMessages as m } from "./messages.ts";
import { savePendingPayment } from "./pending-payment.ts";
import { paymentReturnUrls } from "./return-urls.ts";
import { useBookingStoreApi } from "../store/booking-store-context.ts";
import { useSessionStore } from "../../account/session-context.ts";
import type { OnlinePaymentMethod } from "../../contract/rules/payment-method.ts";

interface PaymentDialogProps {
  provider: Provider;
  confirmation: BookingConfirmation;
  amount: number;
  method: OnlinePaymentMethod;
  onClose(): void;
}

type PaymentState =
  | { kind: "initializing" }
  | { kind: "ready"; initiation: PaymentInitiation }
  | { kind: "error"; message: string; code: string };

/**
 * The payment dialog of spec §4 "Payment form" (lazy chunk): initializing, then ready
 * as a form to post (first provider) or a redirect button (mobile wallet), or an error
 * with Retry. The booking is held while the visitor pays; what they entered is kept in
 * the tab's session storage for their return.
 */
export default function PaymentDialog({ provider, confirmation, amount, method, onClose }: PaymentDialogProps) {
  const { _, i18n } = useLingui();
  const { siteBase, report, emit } = useWidget();
  const store = useBookingStoreApi();
  const session = useSessionStore();
  const payments = useApiCalls(createPaymentCalls);
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [state, setState] = useState<PaymentState>({ kind: "initializing" });
  const price = formatPrice(amount, i18n.locale as Locale);
  const errorCode = state.kind === "error" ? state.code : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: each failure is told, even of the same code
  useEffect(() => {
    if (errorCode) emit("bw-error", { code: errorCode });
  }, [state, errorCode, emit]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: confirmation.id names the booking; its payment token comes with it
  const initiate = useCallback(async () => {
    setState({ kind: "initializing" });
    const customer = store.getState().customer;
    try {
      const initiation = await payments.initiatePayment({
        amount,
        currency: provider.currency,
        description: `${provider.companyName} #${confirmation.id}`,
        customerEmail: customer?.emailAddress ?? "",
        customerFirstName: customer?.firstName ?? "",
        customerLastName: "",
        customerPhone: customer?.phoneNumber ?? "",
        ...paymentReturnUrls(siteBase, provider.bookingLink),
        provider: method,
        userId: provider.userId,
        appointmentId: confirmation.id,
        ...(confirmation.paymentToken ? { paymentToken: confirmation.paymentToken } : {}),
      });
      setState({ kind: "ready", initiation });
    } catch (error) {
      // An API with no gateway for this page's method says so (spec §8's message); Retry would not help.
      if (refusalOf(error) === "no-payment-provider")
        return setState({ kind: "error", message: _(errorCatalogue.noPaymentProvider), code: "no-payment-provider" });
      // The held booking is over (its hold ran out, or its payment was tried too often): book again.
      const refusal = refusalOf(error);
      if (refusal === "hold-lapsed" || refusal === "payment-attempts-used-up")
        return setState({ kind: "error", message: _(errorCatalogue.paymentBookAgain), code: "payment-book-again" });
      report(error, "payment initiation failed");
      setState({ kind: "error", message: _(errorCatalogue.paymentInitFailed), code: "payment-init-failed" });
    }
  }, [_, amount, payments, confirmation.id, method, provider, report, siteBase, store]);

  useEffect(() => {
    openModal(ref.current);
    void initiate();
  }, [initiate]);

  // Kept before leaving for the payment page: the return page shows the receipt, or
  // the booking again with everything filled in.
  const keepBooking = () => {
    const { selectedServices, selectedStaffId, selectedDate, selectedHour, customer, draft, seriesPlan = null } = store.getState();
    const { account } = session.getState();
    if (!selectedHour || !customer) return;
    savePendingPayment({
      bookingLink: provider.bookingLink,
      // The payment token has done its work; it is not kept in storage.
      confirmation: { ...confirmation, paymentToken: null },
      data: { selectedServices, selectedStaffId, selectedDate, selectedHour, customer, account, draft, seriesPlan },
    });
  };

  const redirect = (url: string | null) => {
    if (!url) return setState({ kind: "error", message: _(errorCatalogue.noRedirectUrl), code: "payment-init-failed" });
    try {
      // Only a web address: a javascript: one from a broken or hostile answer would run on the provider's page.
      if (!/^https?:\/\//i.test(url)) throw new Error(`not a web address: ${url.slice(0, 40)}`);
      keepBooking();
      globalThis.location.assign(url);
    } catch (error) {
      report(error, "wallet redirect failed");
      setState({ kind: "error", message: _(errorCatalogue.walletRedirectFailed), code: "payment-redirect-failed" });
    }
  };

  const close = () => {
    ref.current?.close?.();
    onClose();
  };

  return (
    <dialog
      ref={ref}
      className="bw-dialog bw-payment"
      part="dialog payment-dialog"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        close();
      }}
    >
      <h2 id={titleId} className="bw-dialog__title">
        {_(m.title)}
      </h2>
      <p>{_({ ...m.amount, values: { amount: price } })}</p>
      {state.kind === "initializing" && <Loading label={_(m.initializing)} />}
      {state.kind === "error" && (
        <p className="bw-field__error" role="alert">
          {state.message}
        </p>
      )}
      <div className="bw-dialog__actions">
        <button type="button" className="bw-button bw-button--secondary" onClick={close}>
          {_(m.cancel)}
        </button>
        {state.kind === "error" && state.code !== "no-payment-provider" && state.code !== "payment-book-again" && (
          <button type="button" className="bw-button" onClick={() => void initiate()}>
            {_(m.retry)}
          </button>
        )}
        {state.kind === "ready" && method === "vipps" && (
          <button type="button" className="bw-button" onClick={() => redirect(state.initiation.redirectUrl)}>
            {_({ ...m.payWithVipps, values: { amount: price } })}
          </button>
        )}
        {state.kind === "ready" && method !== "vipps" && state.initiation.formAction && (
          // The provider's page takes a classic form post with its hidden fields.
          <form method="post" action={state.initiation.formAction} onSubmit={keepBooking}>
            {Object.entries(state.initiation.formFields).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <button type="submit" className="bw-button">
              {_({ ...m.pay, values: { amount: price } })}
            </button>
          </form>
        )}
        {state.kind === "ready" && method !== "vipps" && !state.initiation.formAction && (
          <button type="button" className="bw-button" onClick={() => redirect(state.initiation.redirectUrl)}>
            {_({ ...m.pay, values: { amount: price } })}
          </button>
        )}
      </div>
    </dialog>
  );
}
