import { useLingui } from "@lingui/react";
import { useState } from "react";
import { phoneNumberLengthFor } from "../i18n/countries/country-list.ts";
import { Field } from "../ui/Field.tsx";
import { tokenLoginSchema } from "../validation/account-forms.ts";
import { useCheckedForm } from "../validation/useCheckedForm.ts";
import { useErrorText } from "../validation/useErrorText.ts";
import { accountMessages as m } from "./account-messages.ts";
import { PhoneFields } from "./PhoneFields.tsx";
import type { MyPageSession } from "./session.ts";

interface MyPageLoginFormProps {
  defaultDialCode: number;
  busy: boolean;
  onLogin(session: MyPageSession): void;
}

/**
 * My Page's login form: phone number and the three-digit code from the receipt (spec §5's
 * token-login reading: the phone has the country's length, 8 for Norway).
 */
export function MyPageLoginForm({ defaultDialCode, busy, onLogin }: MyPageLoginFormProps) {
  const { _ } = useLingui();
  const [dialCode, setDialCode] = useState(defaultDialCode);
  const [phone, setPhone] = useState("");
  const [code, setCode] = useState("");
  const phoneLength = phoneNumberLengthFor(dialCode) ?? 8;
  const { errors, submit } = useCheckedForm(tokenLoginSchema(phoneLength), { phone, code });
  const errorText = useErrorText(errors);
  return (
    <form
      className="bw-form bw-my-page__login"
      aria-labelledby="bw-step-title"
      noValidate
      onSubmit={submit(() => onLogin({ token: code, phone }))}
    >
      <p>{_(m.loginIntro)}</p>
      <PhoneFields dialCode={dialCode} phone={phone} error={errorText("phone")} onDialCode={setDialCode} onPhone={setPhone} />
      <Field label={_(m.receiptCode)} error={errorText("code")}>
        {({ control }) => (
          <input
            {...control}
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(e) => setCode(e.target.value.trim())}
          />
        )}
      </Field>
      <button type="submit" className="bw-button" disabled={busy} aria-busy={busy || undefined}>
        {_(m.logIn)}
      </button>
    </form>
  );
}
