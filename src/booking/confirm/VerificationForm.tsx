import { useLingui } from "@lingui/react";
import { useEffect, useId, useRef, useState } from "react";
import { waitMessages } from "../../kernel/errors/wait-message.ts";
import { now } from "../../time/now.ts";
import type { Provider } from "../../contract/schemas/index.ts";
import { errorCatalogue } from "../../kernel/errors/error-catalogue.ts";
import { Field } from "../../ui/Field.tsx";
import { verificationCodeSchema } from "../../validation/account-forms.ts";
import { useCheckedForm } from "../../validation/useCheckedForm.ts";
import { validationText } from "../../validation/validation-messages.ts";
import { confirmMessages as m } from "./messages.ts";
import type { SubmissionStage } from "./useBookingSubmission.ts";
import { VerificationType } from "../../contract/enumerations.ts";

interface VerificationFormProps {
  provider: Provider;
  stage: Extract<SubmissionStage, { kind: "verify" }>;
  busy: boolean;
  onVerify(code: string): void;
  onResend(): void;
}

/** The verification screen: the code sent by e-mail (type 1) or SMS (type 2), and "verify". */
export function VerificationForm({ provider, stage, busy, onVerify, onResend }: VerificationFormProps) {
  const { _, i18n } = useLingui();
  const [code, setCode] = useState("");
  const { errors, submit } = useCheckedForm(verificationCodeSchema, { code });
  const byEmail = provider.verificationType === VerificationType.Email;
  const to = byEmail ? stage.request.emailAddress : `+${stage.request.phoneNumberCountryCode} ${stage.request.phoneNumber}`;
  const locked = useLockedMinutes(stage.lockedUntil);
  const sentTo = useId();
  // The form replaces the confirm screen's button: focus goes to the code, which names where it was sent.
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  const error = errors.code
    ? validationText(i18n, errors.code)
    : locked
      ? _({ ...waitMessages.waitMinutes, values: { minutes: locked } })
      : stage.codeRejected
        ? _(errorCatalogue.notVerifiedWithCode)
        : undefined;

  return (
    <form className="bw-step bw-form bw-verify" aria-labelledby="bw-verify-title" noValidate onSubmit={submit(() => onVerify(code))}>
      <h3 id="bw-verify-title">{_(m.verifyTitle)}</h3>
      <p id={sentTo}>{_({ ...(byEmail ? m.verifyByEmail : m.verifyByPhone), values: { to } })}</p>
      <Field label={_(m.code)} error={error}>
        {({ id, describedBy, invalid }) => (
          <input
            ref={input}
            id={id}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={5}
            value={code}
            aria-invalid={invalid}
            aria-describedby={describedBy ? `${sentTo} ${describedBy}` : sentTo}
            onChange={(e) => setCode(e.target.value.trim())}
          />
        )}
      </Field>
      <div className="bw-form__actions">
        <button type="submit" className="bw-button" disabled={busy || locked > 0} aria-busy={busy || undefined}>
          {_(m.verify)}
        </button>
        <button type="button" className="bw-button bw-button--ghost" disabled={busy || locked > 0} onClick={onResend}>
          {_(m.sendAgain)}
        </button>
      </div>
    </form>
  );
}

/** Whole minutes left of a lock-out (0 when there is none or it is over); renders again each minute until it ends. */
function useLockedMinutes(until: number | undefined): number {
  const [, tick] = useState(0);
  const left = until === undefined ? 0 : until - now().getTime();
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => tick((n) => n + 1), Math.min(left, 60_000));
    return () => clearTimeout(timer);
  });
  return left > 0 ? Math.ceil(left / 60_000) : 0;
}
