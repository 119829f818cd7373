import { useLingui } from "@lingui/react";
import { useEffect, useId, useRef, useState } from "react";
import type { Provider } from "../contract/schemas/index.ts";
import { type LoginChannel, myPageCodeChannels } from "../contract/rules/my-page-login.ts";
import { defaultDialCode, phoneNumberLengthFor } from "../i18n/countries/country-list.ts";
import { Field } from "../ui/Field.tsx";
import { focusStart } from "../ui/focus.ts";
import { myPageCodeSchema, myPageContactSchema, passwordLoginSchema } from "../validation/account-forms.ts";
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

/** Where the form is: asking who logs in, for the code, or for the password. */
type Phase = { kind: "contact" } | { kind: "code"; sent: boolean } | { kind: "password" };

/**
 * My Page's login form (spec §2, issue 57): the phone number (or, on a page that verifies
 * by e-mail, the e-mail address), then a code sent now, the three digits of a receipt's
 * link, or (on a page with customer accounts) the password.
 */
export function MyPageLoginForm({ provider, login }: { provider: Provider; login: MyPageLoginActions }) {
  const { _ } = useLingui();
  const channels = myPageCodeChannels(provider);
  const [channel, setChannel] = useState<LoginChannel>(channels[0]!);
  const [dialCode, setDialCode] = useState(() => defaultDialCode(provider.defaultPhoneNumberCountryCode));
  const [phone, setPhone] = useState("");
  const [email, setEmail] = useState("");
  const [phase, setPhase] = useState<Phase>({ kind: "contact" });
  const [sentAgain, setSentAgain] = useState(false);
  const phoneLength = phoneNumberLengthFor(dialCode) ?? 8;
  const who = channel === "sms" ? phone : email.trim().toLowerCase();
  const shownWho = channel === "sms" ? `+${dialCode} ${phone}` : who;

  // Each phase starts focus at its first field (the first one is the page's to decide).
  const top = useRef<HTMLDivElement>(null);
  const moved = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: on a change of phase only
  useEffect(() => {
    if (moved.current) focusStart(top.current?.querySelector("form"));
    moved.current = true;
  }, [phase.kind]);

  const contact = useCheckedForm(myPageContactSchema(channel, phoneLength), { phone, email });
  const contactError = useErrorText(contact.errors);
  const send = async () => {
    if (await login.sendCode(who)) setPhase({ kind: "code", sent: true });
  };
  const back = () => {
    setSentAgain(false);
    setPhase({ kind: "contact" });
  };

  return (
    <div ref={top} className="bw-my-page__login">
      {phase.kind === "contact" && (
        <form className="bw-form" aria-labelledby="bw-step-title" noValidate onSubmit={contact.submit(() => void send())}>
          <p>{_(m.intro)}</p>
          {channels.length > 1 && (
            <fieldset className="bw-fieldset bw-choices">
              <legend>{_(m.loginWith)}</legend>
              {channels.map((one) => (
                <label key={one} className="bw-choice">
                  <input type="radio" name="bw-login-with" checked={channel === one} onChange={() => setChannel(one)} />
                  {_(one === "sms" ? m.byPhone : m.byEmail)}
                </label>
              ))}
            </fieldset>
          )}
          {channel === "sms" ? (
            <PhoneFields dialCode={dialCode} phone={phone} error={contactError("phone")} onDialCode={setDialCode} onPhone={setPhone} />
          ) : (
            <Field label={_(m.email)} error={contactError("email")}>
              {({ control }) => (
                <input {...control} type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
              )}
            </Field>
          )}
          <div className="bw-form__actions">
            <button type="submit" className="bw-button" disabled={login.busy} aria-busy={login.busy || undefined}>
              {_(m.sendCode)}
            </button>
            {channel === "sms" && (
              <button
                type="button"
                className="bw-button bw-button--ghost"
                disabled={login.busy}
                onClick={contact.submit(() => setPhase({ kind: "code", sent: false }))}
              >
                {_(m.haveCode)}
              </button>
            )}
            {channel === "sms" && provider.useCustomerAccounts && (
              <button
                type="button"
                className="bw-button bw-button--ghost"
                disabled={login.busy}
                onClick={contact.submit(() => setPhase({ kind: "password" }))}
              >
                {_(m.usePassword)}
              </button>
            )}
          </div>
        </form>
      )}
      {phase.kind === "code" && (
        <CodeForm
          intro={phase.sent ? _({ ...m.codeSent, values: { to: shownWho } }) : shownWho}
          busy={login.busy}
          sentAgain={sentAgain}
          onLogIn={(code) => void login.logInWithCode(who, code)}
          onSendAgain={() =>
            void login.sendCode(who).then((sent) => {
              setSentAgain(sent);
              if (sent) setPhase({ kind: "code", sent: true });
            })
          }
          onBack={back}
        />
      )}
      {phase.kind === "password" && (
        <PasswordLogin
          shownPhone={shownWho}
          phone={phone}
          phoneLength={phoneLength}
          busy={login.busy}
          onLogIn={(password) => void login.logInWithPassword(phone, password)}
          onBack={back}
        />
      )}
    </div>
  );
}

function CodeForm(props: {
  intro: string;
  busy: boolean;
  sentAgain: boolean;
  onLogIn(code: string): void;
  onSendAgain(): void;
  onBack(): void;
}) {
  const { _ } = useLingui();
  const [code, setCode] = useState("");
  const hintId = useId();
  const { errors, submit } = useCheckedForm(myPageCodeSchema, { code });
  const errorText = useErrorText(errors);
  return (
    <form className="bw-form" aria-labelledby="bw-step-title" noValidate onSubmit={submit(() => props.onLogIn(code.trim()))}>
      <p>{props.intro}</p>
      <Field label={_(m.code)} error={errorText("code")}>
        {({ control, describedBy }) => (
          <>
            <input
              {...control}
              aria-describedby={describedBy ? `${hintId} ${describedBy}` : hintId}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={5}
              value={code}
              onChange={(e) => setCode(e.target.value.trim())}
            />
            <p id={hintId} className="bw-form__hint">
              {_(m.codeHint)}
            </p>
          </>
        )}
      </Field>
      {props.sentAgain && <p role="status">{_(m.sentAgain)}</p>}
      <div className="bw-form__actions">
        <button type="submit" className="bw-button" disabled={props.busy} aria-busy={props.busy || undefined}>
          {_(am.logIn)}
        </button>
        <button type="button" className="bw-button bw-button--ghost" disabled={props.busy} onClick={props.onSendAgain}>
          {_(m.sendAgain)}
        </button>
        <button type="button" className="bw-button bw-button--ghost" disabled={props.busy} onClick={props.onBack}>
          {_(m.otherLogin)}
        </button>
      </div>
    </form>
  );
}

function PasswordLogin(props: {
  shownPhone: string;
  phone: string;
  phoneLength: number;
  busy: boolean;
  onLogIn(password: string): void;
  onBack(): void;
}) {
  const { _ } = useLingui();
  const [password, setPassword] = useState("");
  const { errors, submit } = useCheckedForm(passwordLoginSchema(props.phoneLength), { login: props.phone, password });
  const errorText = useErrorText(errors);
  return (
    <form className="bw-form" aria-labelledby="bw-step-title" noValidate onSubmit={submit(() => props.onLogIn(password))}>
      <p className="bw-account__phone">{props.shownPhone}</p>
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
      <div className="bw-form__actions">
        <button type="submit" className="bw-button" disabled={props.busy} aria-busy={props.busy || undefined}>
          {_(am.logIn)}
        </button>
        <button type="button" className="bw-button bw-button--ghost" disabled={props.busy} onClick={props.onBack}>
          {_(m.otherLogin)}
        </button>
      </div>
    </form>
  );
}
