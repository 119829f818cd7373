import { useLingui } from "@lingui/react";
import { useId, type FormEvent } from "react";
import type { CustomField, NotificationChannel, Provider, ServiceCategory } from "../../contract/schemas/index.ts";
import { useBookingStore } from "../store/booking-store-context.ts";
import type { Locale } from "../../i18n/locale.ts";
import { LaterScreen } from "../../kernel/later/LaterScreen.tsx";
import { useCustomFields } from "../information/useCustomFields.ts";
import PaymentDialog from "../payment/PaymentDialog.tsx";
import { useServices } from "../../kernel/provider/useServices.ts";
import { bookingSummary } from "./booking-summary.ts";
import { offeredChannels, tickedChannels, toggleChannel, type ConfirmDraft } from "../store/confirm-draft.ts";
import { confirmMessages as m } from "./messages.ts";
import { SummaryTable } from "./SummaryTable.tsx";
import { useBookingSubmission } from "./useBookingSubmission.ts";
import { VerificationForm } from "./VerificationForm.tsx";
import { HoldNote } from "../hold/HoldNote.tsx";
import { allLoaded, loadOf } from "../../kernel/loads.ts";
import { Loaded } from "../../kernel/Loaded.tsx";

/** The confirm step (lazy chunk): summary, comment, notification ticks, consent, "book appointment". */
export default function ConfirmStep({ provider }: { provider: Provider }) {
  return (
    <LaterScreen>
      <ConfirmLoader provider={provider} />
    </LaterScreen>
  );
}

function ConfirmLoader({ provider }: { provider: Provider }) {
  const load = allLoaded<[ServiceCategory[], CustomField[]]>(
    loadOf(useServices(provider.userId)),
    loadOf(useCustomFields(provider.userId)),
  );
  return (
    <Loaded load={load} notFound={m.loadFailed}>
      {([categories, customFields]) => <ConfirmForm provider={provider} categories={categories} customFields={customFields} />}
    </Loaded>
  );
}

function ConfirmForm({
  provider,
  categories,
  customFields,
}: {
  provider: Provider;
  categories: ServiceCategory[];
  customFields: CustomField[];
}) {
  const { _, i18n } = useLingui();
  const locale = i18n.locale as Locale;
  const selections = useBookingStore((state) => state.selectedServices);
  const hour = useBookingStore((state) => state.selectedHour);
  const seriesPlan = useBookingStore((state) => state.seriesPlan);
  const customer = useBookingStore((state) => state.customer);
  const draft = useBookingStore((state) => state.draft);
  const setDraft = useBookingStore((state) => state.setDraft);
  const submission = useBookingSubmission(provider, categories, customFields);
  const consentId = useId();
  const summary = bookingSummary(categories, selections, hour, seriesPlan?.occurrences.length);
  const offered = customer ? offeredChannels(provider.customerReceiptAndReminderMode, customer) : [];
  const needsConsent = provider.hoursToCancel > 0;
  const update = (change: Partial<ConfirmDraft>) => setDraft({ ...draft, ...change });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (needsConsent && !draft.consent) return;
    void submission.book();
  };

  // Until the booking is made (then it holds the time itself, for payment), the held time's note leads.
  const holdNote = submission.stage.kind === "pay" ? null : <HoldNote provider={provider} />;
  if (submission.stage.kind === "verify") {
    return (
      <>
        {holdNote}
        <VerificationForm
          provider={provider}
          stage={submission.stage}
          busy={submission.busy}
          onVerify={submission.verify}
          onResend={submission.resend}
        />
      </>
    );
  }

  const channelGroup = (legend: string, key: "receipt" | "reminder") => {
    const ticked = tickedChannels(draft[key], offered);
    return (
      <fieldset className="bw-fieldset">
        <legend>{legend}</legend>
        <div>
          {offered.map((channel: NotificationChannel) => (
            <label key={channel} className="bw-choice">
              <input
                type="checkbox"
                checked={ticked.includes(channel)}
                onChange={() => update({ [key]: toggleChannel(ticked, channel) })}
              />
              {_(m[channel])}
            </label>
          ))}
        </div>
      </fieldset>
    );
  };

  return (
    <>
      {holdNote}
      <form className="bw-step bw-form bw-confirm" aria-labelledby="bw-step-title" noValidate onSubmit={onSubmit}>
        <SummaryTable summary={summary} provider={provider} locale={locale} series={seriesPlan} />
        <div className="bw-field">
          <label className="bw-field__label" htmlFor={`${consentId}-comment`}>
            {_(m.comment)}
          </label>
          <textarea
            id={`${consentId}-comment`}
            rows={3}
            maxLength={2000}
            value={draft.comment}
            onChange={(e) => update({ comment: e.target.value })}
          />
        </div>
        {offered.length > 0 && channelGroup(_(m.receipt), "receipt")}
        {offered.length > 0 && channelGroup(_(m.reminder), "reminder")}
        {provider.activateEmailList && (
          <label className="bw-choice">
            <input type="checkbox" checked={draft.signupNewsletter} onChange={(e) => update({ signupNewsletter: e.target.checked })} />
            {_(m.newsletter)}
          </label>
        )}
        {needsConsent && (
          <label className="bw-choice bw-consent">
            <input
              type="checkbox"
              required
              checked={draft.consent}
              aria-describedby={`${consentId}-hint`}
              onChange={(e) => update({ consent: e.target.checked })}
            />
            {_({ ...m.consent, values: { hours: provider.hoursToCancel } })}
          </label>
        )}
        {needsConsent && !draft.consent && (
          <p id={`${consentId}-hint`} className="bw-form__hint">
            {_(m.consentRequired)}
          </p>
        )}
        <button
          type="submit"
          className="bw-button"
          disabled={submission.busy || (needsConsent && !draft.consent)}
          aria-busy={submission.busy || undefined}
        >
          {submission.busy ? _(m.booking) : _(m.book)}
        </button>
      </form>
      {/* A sibling, not a child: the dialog holds a form of its own (the payment post). */}
      {submission.stage.kind === "pay" && (
        <PaymentDialog
          provider={provider}
          confirmation={submission.stage.confirmation}
          amount={submission.stage.amount}
          method={submission.stage.method}
          onClose={submission.cancelPayment}
        />
      )}
    </>
  );
}
