import { useLingui } from "@lingui/react";
import { useState } from "react";
import { Field } from "../ui/Field.tsx";
import { passwordResetSchema } from "../validation/account-forms.ts";
import { useCheckedForm } from "../validation/useCheckedForm.ts";
import { useErrorText } from "../validation/useErrorText.ts";
import { accountMessages as m } from "./account-messages.ts";

/** A forgotten password: the code sent by SMS and the new password. */
export function ResetForm({
  shownPhone,
  busy,
  onSubmit,
  onBack,
}: {
  shownPhone: string;
  busy: boolean;
  onSubmit(code: string, password: string): void;
  onBack(): void;
}) {
  const { _ } = useLingui();
  const [code, setCode] = useState("");
  const [newPassword, setNewPassword] = useState("");
  const { errors, submit } = useCheckedForm(passwordResetSchema, { code, newPassword });
  const errorText = useErrorText(errors);
  return (
    <form
      className="bw-step bw-form"
      aria-labelledby="bw-step-title"
      noValidate
      onSubmit={submit(() => onSubmit(code.trim(), newPassword))}
    >
      <p>{_({ ...m.resetIntro, values: { phone: shownPhone } })}</p>
      <Field label={_(m.code)} error={errorText("code")}>
        {({ control }) => (
          <input
            {...control}
            data-autofocus
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={5}
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
        )}
      </Field>
      <Field label={_(m.newPassword)} error={errorText("newPassword")}>
        {({ control }) => (
          <input
            {...control}
            type="password"
            autoComplete="new-password"
            value={newPassword}
            onChange={(e) => setNewPassword(e.target.value)}
          />
        )}
      </Field>
      <div className="bw-form__actions">
        <button type="submit" className="bw-button" disabled={busy} aria-busy={busy || undefined}>
          {_(m.savePassword)}
        </button>
        <button type="button" className="bw-button bw-button--ghost" disabled={busy} onClick={onBack}>
          {_(m.logIn)}
        </button>
      </div>
    </form>
  );
}
