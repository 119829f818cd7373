import { useLingui } from "@lingui/react";
import { useState } from "react";
import { Field } from "../ui/Field.tsx";
import { passwordLoginSchema } from "../validation/account-forms.ts";
import { useCheckedForm } from "../validation/useCheckedForm.ts";
import { useErrorText } from "../validation/useErrorText.ts";
import { accountMessages as m } from "./account-messages.ts";

/** A known phone number: its password, or the ways out (a forgotten password, another phone). */
export function PasswordForm({
  shownPhone,
  phone,
  phoneLength,
  busy,
  onSubmit,
  onForgot,
  onOtherPhone,
}: {
  shownPhone: string;
  phone: string;
  phoneLength: number;
  busy: boolean;
  onSubmit(password: string): void;
  onForgot(): void;
  onOtherPhone(): void;
}) {
  const { _ } = useLingui();
  const [password, setPassword] = useState("");
  const { errors, submit } = useCheckedForm(passwordLoginSchema(phoneLength), { login: phone, password });
  const errorText = useErrorText(errors);
  return (
    <form className="bw-step bw-form" aria-labelledby="bw-step-title" noValidate onSubmit={submit(() => onSubmit(password))}>
      <p>{_(m.welcomeBack)}</p>
      <p className="bw-account__phone">{shownPhone}</p>
      <Field label={_(m.password)} error={errorText("password") ?? errorText("login")}>
        {({ control }) => (
          <input
            {...control}
            data-autofocus
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        )}
      </Field>
      <div className="bw-form__actions">
        <button type="submit" className="bw-button" disabled={busy} aria-busy={busy || undefined}>
          {_(m.logIn)}
        </button>
        <button type="button" className="bw-button bw-button--ghost" disabled={busy} onClick={onForgot}>
          {_(m.forgotPassword)}
        </button>
        <button type="button" className="bw-button bw-button--ghost" disabled={busy} onClick={onOtherPhone}>
          {_(m.otherPhone)}
        </button>
      </div>
    </form>
  );
}
