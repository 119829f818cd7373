import { useLingui } from "@lingui/react";
import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { httpStatus } from "../../api/errors.ts";
import { useBusy } from "../../ui/useBusy.ts";
import type { CustomerAccount, CustomField, Provider } from "../../contract/schemas/index.ts";
import { errorCatalogue } from "../../kernel/error-catalogue.ts";
import { shellMessages } from "../../kernel/shell-messages.ts";
import { createCustomerCalls } from "../../api/customer-calls.ts";
import { useApiCalls } from "../../kernel/useApiCalls.ts";
import { useWidget } from "../../kernel/widget-context.ts";
import { useBookingStore } from "../store/booking-store-context.ts";
import { phoneNumberLengthFor } from "../../i18n/countries/country-list.ts";
import { Field } from "../../ui/Field.tsx";
import { focusStart } from "../../ui/focus.ts";
import { LaterScreen } from "../../kernel/LaterScreen.tsx";
import { passwordLoginSchema, passwordResetSchema, phoneLoginSchema } from "../../validation/account-forms.ts";
import type { BookingFormValues } from "../../validation/booking-form.ts";
import { useCheckedForm } from "../../validation/useCheckedForm.ts";
import { useErrorText } from "../../validation/useErrorText.ts";
import { CountrySelect } from "../../customer/CountrySelect.tsx";
import { InformationForm } from "../../customer/InformationForm.tsx";
import { informationMessages } from "../../customer/information-messages.ts";
import { useAutoFilledDetails } from "../information/useAutoFilledDetails.ts";
import { usePrefillSuggestion } from "../prefill/usePrefillSuggestion.ts";
import { waitMessage } from "../../kernel/wait-message.ts";
import { useCustomFields } from "../information/useCustomFields.ts";
import { accountFields, valuesFromAccount } from "../../customer/account-values.ts";
import { type AccountEvent, firstAccountPhase, nextAccountPhase } from "./account-phases.ts";
import { HoldNote } from "../hold/HoldNote.tsx";
import { accountMessages as m } from "../../customer/account-messages.ts";
import { DialogType } from "../../contract/enumerations.ts";
import { loadOf } from "../../kernel/loads.ts";
import { Loaded } from "../../kernel/Loaded.tsx";

/**
 * "Your information" with customer accounts (spec §2, §4 "Customer login phase"): the
 * phone step, then password login (existing customer), a new profile, or the forgotten
 * password flow; a logged-in customer checks the details and continues.
 */
export default function AccountStep({ provider }: { provider: Provider }) {
  return (
    <LaterScreen>
      <HoldNote provider={provider} />
      <AccountLoader provider={provider} />
    </LaterScreen>
  );
}

function AccountLoader({ provider }: { provider: Provider }) {
  return (
    <Loaded load={loadOf(useCustomFields(provider.userId))} notFound={informationMessages.loadFailed}>
      {(customFields) => <AccountFlow provider={provider} customFields={customFields} />}
    </Loaded>
  );
}

function AccountFlow({ provider, customFields }: { provider: Provider; customFields: CustomField[] }) {
  const { _ } = useLingui();
  const { feedback, report } = useWidget();
  const customer = useApiCalls(createCustomerCalls);
  const account = useBookingStore((state) => state.account);
  const setAccount = useBookingStore((state) => state.setAccount);
  const saveCustomer = useBookingStore((state) => state.saveCustomer);
  const initial = useAutoFilledDetails(provider, customFields);
  const [values, setValues] = useState<BookingFormValues>(() => (account ? valuesFromAccount(account, initial) : initial));
  // A new profile's form follows the page's prefill, but never past the phone given in the phone step.
  const prefilled = usePrefillSuggestion(values);
  const suggested = useMemo(
    () => ({ ...prefilled, phoneNumberCountryCode: values.phoneNumberCountryCode, phoneNumber: values.phoneNumber }),
    [prefilled, values.phoneNumberCountryCode, values.phoneNumber],
  );
  const [phase, showPhase] = useState(() => firstAccountPhase(account));
  // Each phase replaces the last in place: focus goes to where the new one starts (its
  // field, or the sentence that says what happened), not to the page's top.
  const phaseBox = useRef<HTMLDivElement>(null);
  const changed = useRef(false);
  const move = (event: AccountEvent) => {
    changed.current = true;
    showPhase((shown) => nextAccountPhase(shown, event));
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus moves when the phase changes
  useEffect(() => {
    if (changed.current) focusStart(phaseBox.current);
  }, [phase]);
  const { busy, guarded } = useBusy();
  const phoneLength = phoneNumberLengthFor(values.phoneNumberCountryCode) ?? 8;
  const login = { login: values.phoneNumber.trim(), adminId: provider.userId };
  const shownPhone = `+${values.phoneNumberCountryCode} ${values.phoneNumber}`;
  const dialog = (text: string, code: string | null) =>
    feedback.getState().showDialog({ type: DialogType.Message, icon: code ? "error" : "success", text, ...(code ? { code } : {}) });

  const run = (work: () => Promise<void>) =>
    guarded(async () => {
      try {
        await work();
      } catch (error) {
        report(error, "account call failed");
        const status = httpStatus(error);
        dialog(status === 429 ? _(waitMessage(error)) : _(shellMessages.failed), status === 429 ? "too-many-attempts" : "failed");
      }
    });

  const loggedIn = (found: CustomerAccount) => {
    setAccount(found);
    setValues((current) => valuesFromAccount(found, current));
    move({ type: "logged-in" });
  };

  const onPhone = () =>
    run(async () => {
      const answer = await customer.lookupPhone(login);
      move({ type: "phone-looked-up", known: answer === "Existing" });
    });

  const onPassword = (password: string) =>
    run(async () => {
      try {
        loggedIn(await customer.loginWithPassword({ ...login, password }));
      } catch (error) {
        if (httpStatus(error) === 401) return dialog(_(errorCatalogue.wrongPassword), "wrong-password");
        throw error;
      }
    });

  const onForgot = () =>
    feedback.getState().showDialog({
      type: DialogType.YesNo,
      icon: "question",
      text: _({ ...m.sendResetCode, values: { phone: shownPhone } }),
      action: () =>
        run(async () => {
          await customer.requestPasswordReset(login);
          move({ type: "reset-code-sent" });
        }),
    });

  const onReset = (code: string, newPassword: string) =>
    run(async () => {
      try {
        await customer.resetPasswordWithCode({ adminId: provider.userId, code, login: login.login, newPassword });
      } catch (error) {
        if (httpStatus(error) === 400) return dialog(_(errorCatalogue.wrongResetCode), "wrong-reset-code");
        throw error;
      }
      dialog(_(errorCatalogue.passwordChanged), null);
      move({ type: "password-changed" });
    });

  const onNewProfile = (details: BookingFormValues, password: string) =>
    run(async () => {
      let created: CustomerAccount;
      try {
        created = await customer.createAccount({
          ...accountFields(details),
          phoneNumber: details.phoneNumber.trim(),
          adminId: provider.userId,
          password,
        });
      } catch (error) {
        report(error, "account not created");
        return dialog(_(errorCatalogue.accountNotCreated), "account-not-created");
      }
      saveCustomer(details, created, password);
    });

  return <div ref={phaseBox}>{phaseView()}</div>;

  function phaseView() {
    switch (phase) {
      case "phone":
        return <PhoneForm values={values} phoneLength={phoneLength} busy={busy} onChange={setValues} onSubmit={() => void onPhone()} />;
      case "password":
        return (
          <PasswordForm
            shownPhone={shownPhone}
            phoneLength={phoneLength}
            phone={values.phoneNumber}
            busy={busy}
            onSubmit={(p) => void onPassword(p)}
            onForgot={onForgot}
            onOtherPhone={() => move({ type: "other-phone" })}
          />
        );
      case "reset":
        return (
          <ResetForm
            shownPhone={shownPhone}
            busy={busy}
            onSubmit={(code, p) => void onReset(code, p)}
            onBack={() => move({ type: "back-to-password" })}
          />
        );
      case "new":
        return (
          <Intro text={_(m.newProfile)} onBack={() => move({ type: "other-phone" })} backLabel={_(m.otherPhone)}>
            <InformationForm
              provider={provider}
              customFields={customFields}
              initial={values}
              suggested={suggested}
              withPassword
              phoneLocked
              submitLabel={_(m.createProfile)}
              busy={busy}
              onValid={(v, p) => void onNewProfile(v, p)}
            />
          </Intro>
        );
      case "details":
        return (
          <Intro text={_({ ...m.loggedInAs, values: { name: values.firstName || shownPhone } })}>
            <InformationForm
              provider={provider}
              customFields={customFields}
              initial={values}
              onValid={(details) => saveCustomer(details, account)}
            />
          </Intro>
        );
    }
  }
}

function Intro({ text, children, onBack, backLabel }: { text: string; children: ReactNode; onBack?: () => void; backLabel?: string }) {
  return (
    <div className="bw-step bw-account">
      <p className="bw-account__intro" tabIndex={-1} data-autofocus>
        {text}
      </p>
      {children}
      {onBack && backLabel && (
        <button type="button" className="bw-button bw-button--ghost" onClick={onBack}>
          {backLabel}
        </button>
      )}
    </div>
  );
}

function PhoneForm({
  values,
  phoneLength,
  busy,
  onChange,
  onSubmit,
}: {
  values: BookingFormValues;
  phoneLength: number;
  busy: boolean;
  onChange(values: BookingFormValues): void;
  onSubmit(): void;
}) {
  const { _ } = useLingui();
  const { errors, submit } = useCheckedForm(phoneLoginSchema(phoneLength), { login: values.phoneNumber });
  const errorText = useErrorText(errors);
  return (
    <form className="bw-step bw-form" aria-labelledby="bw-step-title" noValidate onSubmit={submit(onSubmit)}>
      <p>{_(m.phoneIntro)}</p>
      <div className="bw-form__row">
        <Field label={_(m.countryCode)}>
          {({ id }) => (
            <CountrySelect
              id={id}
              value={values.phoneNumberCountryCode}
              onChange={(code) => onChange({ ...values, phoneNumberCountryCode: code })}
            />
          )}
        </Field>
        <Field label={_(m.phone)} error={errorText("login")}>
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              data-autofocus
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              value={values.phoneNumber}
              aria-invalid={invalid}
              aria-describedby={describedBy}
              onChange={(e) => onChange({ ...values, phoneNumber: e.target.value.trim() })}
            />
          )}
        </Field>
      </div>
      <button type="submit" className="bw-button" disabled={busy} aria-busy={busy || undefined}>
        {_(m.continue)}
      </button>
    </form>
  );
}

function PasswordForm({
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
        {({ id, describedBy, invalid }) => (
          <input
            id={id}
            data-autofocus
            type="password"
            autoComplete="current-password"
            value={password}
            aria-invalid={invalid}
            aria-describedby={describedBy}
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

function ResetForm({
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
        {({ id, describedBy, invalid }) => (
          <input
            id={id}
            data-autofocus
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={5}
            value={code}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            onChange={(e) => setCode(e.target.value)}
          />
        )}
      </Field>
      <Field label={_(m.newPassword)} error={errorText("newPassword")}>
        {({ id, describedBy, invalid }) => (
          <input
            id={id}
            type="password"
            autoComplete="new-password"
            value={newPassword}
            aria-invalid={invalid}
            aria-describedby={describedBy}
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
