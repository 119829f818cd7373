import { useLingui } from "@lingui/react";
import { useId, useRef, useState } from "react";
import type { Provider } from "../contract/schemas/index.ts";
import { type LoginChannel, myPageCodeChannels } from "../contract/rules/my-page-login.ts";
import { defaultDialCode, phoneNumberLengthFor } from "../i18n/countries/country-list.ts";
import { Field } from "../ui/Field.tsx";
import { myPageContactSchema, myPageLoginSchema } from "../validation/account-forms.ts";
import { useCheckedForm } from "../validation/useCheckedForm.ts";
import { useErrorText } from "../validation/useErrorText.ts";
import { accountMessages as am } from "./account-messages.ts";
import { myPageLoginMessages as m } from "./my-page-login-messages.ts";
import { PhoneFields } from "./PhoneFields.tsx";

export interface MyPageLoginActions {
  busy: boolean;
  /** Resolves true once the code is on its way. */
  sendCode(login: string): Promise<boolean>;
  logInWithCode(login: string, code: string): Promise<void>;
  logInWithPassword(login: string, password: string): Promise<void>;
}

/**
 * My Page's login form (spec §2, issue 57): the phone number (or, on a page that verifies
 * by e-mail, the e-mail address) and a code: one sent now ("Send me a code"), or the three
 * digits of a receipt's link. On a page with customer accounts, the password instead.
 */
export function MyPageLoginForm({ provider, login }: { provider: Provider; login: MyPageLoginActions }) {
  const { _ } = useLingui();
  const channels = myPageCodeChannels(provider);
  const [channel, setChannel] = useState<LoginChannel>(channels[0]!);
  const [dialCode, setDialCode] = useState(() => defaultDialCode(provider.defaultPhoneNumberCountryCode));
  const [phone, setPhone] = useState("");
  const [email, setEmail] = useState("");
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");
  const [withPassword, setWithPassword] = useState(false);
  /** Where the last code went, as the visitor reads it. */
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const hintId = useId();
  const phoneLength = phoneNumberLengthFor(dialCode) ?? 8;
  const byPhone = channel === "sms";
  const who = byPhone ? phone : email.trim().toLowerCase();
  const mode = byPhone && withPassword ? "password" : "code";
  const values = { phone, email, code, password };
  const contact = useCheckedForm(myPageContactSchema(channel, phoneLength), values);
  const whole = useCheckedForm(myPageLoginSchema(channel, phoneLength, mode), values);
  const errorText = useErrorText({ ...contact.errors, ...whole.errors });

  const send = () =>
    void login.sendCode(who).then((sent) => {
      if (sent) setSentTo(byPhone ? `+${dialCode} ${phone}` : who);
    });
  const logIn = () => void (mode === "password" ? login.logInWithPassword(phone, password) : login.logInWithCode(who, code.trim()));
  // "Send me a code" checks the phone or e-mail alone, as a submit would (focus to it when it is wrong).
  const checkThenSend = () => contact.check(form.current, send);

  return (
    <form ref={form} className="bw-form bw-my-page__login" aria-labelledby="bw-step-title" noValidate onSubmit={whole.submit(logIn)}>
      <p>{_(channels.length > 1 ? m.introEmail : m.intro)}</p>
      {channels.length > 1 && (
        <fieldset className="bw-fieldset">
          <legend>{_(m.loginWith)}</legend>
          <div>
            {channels.map((one) => (
              <label key={one} className="bw-choice">
                <input
                  type="radio"
                  name="bw-login-with"
                  checked={channel === one}
                  onChange={() => {
                    setChannel(one);
                    setSentTo(null);
                  }}
                />
                {_(one === "sms" ? m.byPhone : m.byEmail)}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {byPhone ? (
        <PhoneFields dialCode={dialCode} phone={phone} error={errorText("phone")} onDialCode={setDialCode} onPhone={setPhone} />
      ) : (
        <Field label={_(m.email)} error={errorText("email")}>
          {({ control }) => (
            <input {...control} type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
          )}
        </Field>
      )}
      {mode === "code" ? (
        <>
          <div className="bw-form__actions">
            <button type="button" className="bw-button bw-button--secondary" disabled={login.busy} onClick={checkThenSend}>
              {_(sentTo ? m.sendAgain : m.sendCode)}
            </button>
          </div>
          <p role="status" className="bw-form__hint">
            {sentTo && _({ ...m.codeSent, values: { to: sentTo } })}
          </p>
          <Field label={_(m.code)} error={errorText("code")}>
            {({ control, describedBy }) => (
              <>
                <input
                  {...control}
                  // The receipt's three digits open an account by its phone only: the hint is there beside a phone.
                  aria-describedby={byPhone ? (describedBy ? `${hintId} ${describedBy}` : hintId) : describedBy}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={5}
                  value={code}
                  onChange={(e) => setCode(e.target.value.trim())}
                />
                {byPhone && (
                  <p id={hintId} className="bw-form__hint">
                    {_(m.codeHint)}
                  </p>
                )}
              </>
            )}
          </Field>
        </>
      ) : (
        <Field label={_(am.password)} error={errorText("password")}>
          {({ control }) => (
            <input
              {...control}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          )}
        </Field>
      )}
      <div className="bw-form__actions">
        <button type="submit" className="bw-button" disabled={login.busy} aria-busy={login.busy || undefined}>
          {_(am.logIn)}
        </button>
        {byPhone && provider.useCustomerAccounts && (
          <button type="button" className="bw-button bw-button--ghost" onClick={() => setWithPassword(!withPassword)}>
            {_(withPassword ? m.useCode : m.usePassword)}
          </button>
        )}
      </div>
    </form>
  );
}
