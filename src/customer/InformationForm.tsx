import { useLingui } from "@lingui/react";
import { dateFormat } from "../i18n/intl-formats.ts";
import { useEffect, useMemo, useRef, useState } from "react";
import * as v from "valibot";
import type { CustomField, Provider } from "../contract/schemas/index.ts";
import { intlTag, type Locale } from "../i18n/locale.ts";
import { providerToday } from "../time/provider-today.ts";
import { Field } from "../ui/Field.tsx";
import { bookingFormSchema, type BookingFormValues } from "../validation/booking-form.ts";
import { newPasswordSchema } from "../validation/account-forms.ts";
import { useCheckedForm } from "../validation/useCheckedForm.ts";
import { useErrorText } from "../validation/useErrorText.ts";
import { birthdateOf, birthYears, visibleInformationFields } from "./information-form.ts";
import { CountrySelect } from "./CountrySelect.tsx";
import { followSuggestion } from "./follow-suggestion.ts";
import { informationMessages as m } from "./information-messages.ts";

interface InformationFormProps {
  provider: Provider;
  customFields: readonly CustomField[];
  initial: BookingFormValues;
  /**
   * What the page suggests (its prefill attributes over `initial`), followed while the
   * form is open: a field still holding the last suggestion takes the new one.
   */
  suggested?: BookingFormValues;
  /** A new customer profile (accounts on): a password field too. */
  withPassword?: boolean;
  /** The phone number was given in the phone step: shown, not edited. */
  phoneLocked?: boolean;
  /** The e-mail address is how the customer logs in (an account proven by e-mail alone): shown, not edited. */
  emailLocked?: boolean;
  submitLabel?: string;
  busy?: boolean;
  /** The id of the heading that names the form (default: the step title). */
  labelledBy?: string;
  onValid(values: BookingFormValues, password: string): void;
  /** Each change, with the values as typed so far (never the password). */
  onChange?(values: BookingFormValues): void;
}

/**
 * The customer's details (spec §2 "Your information step"): every field the provider
 * requires, its custom fields, the country code, birthdate and gender; with accounts on
 * also the new profile's password.
 */
export function InformationForm({
  provider,
  customFields,
  initial,
  suggested,
  withPassword = false,
  phoneLocked = false,
  emailLocked = false,
  submitLabel,
  busy = false,
  labelledBy = "bw-step-title",
  onValid,
  onChange,
}: InformationFormProps) {
  const { _, i18n } = useLingui();
  const locale = i18n.locale as Locale;
  const [values, setValues] = useState<BookingFormValues>(initial);
  const changed = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: onChange is the caller's store action; only a change of the values is told
  useEffect(() => {
    if (changed.current) onChange?.(values);
  }, [values]);
  // The page changed its prefill while the form is open (followSuggestion says which fields follow).
  const lastSuggested = useRef(suggested);
  useEffect(() => {
    const before = lastSuggested.current;
    lastSuggested.current = suggested;
    if (!before || !suggested || before === suggested) return;
    changed.current = true;
    setValues((current) => followSuggestion(current, before, suggested));
  }, [suggested]);
  const [password, setPassword] = useState("");
  const today = providerToday(provider.timeZone);
  // The provider's rules, and a new profile's password beside them.
  const schema = useMemo(() => {
    const details = bookingFormSchema({ provider, customFields, today });
    return withPassword ? v.intersect([details, newPasswordSchema]) : details;
  }, [provider, customFields, today, withPassword]);
  const { errors, submit } = useCheckedForm(schema, withPassword ? { ...values, password } : values);
  const errorText = useErrorText(errors);
  const show = visibleInformationFields(provider);
  const set = <K extends keyof BookingFormValues>(key: K, value: BookingFormValues[K]) => {
    changed.current = true;
    setValues((current) => ({ ...current, [key]: value }));
  };
  // The selects keep their own parts; the value is a full date or "" until all three are set.
  const [birth, setBirth] = useState(() => birthdateParts(values.dateOfBirth));
  const [year, month, day] = birth;
  const setBirthPart = (index: 0 | 1 | 2, part: string) => {
    const next = [...birth] as [string, string, string];
    next[index] = part;
    setBirth(next);
    set("dateOfBirth", birthdateOf(...next));
  };

  const text = (
    key: "firstName" | "emailAddress" | "address" | "postalCode" | "city" | "ssn",
    label: string,
    type = "text",
    autoComplete?: string,
  ) => (
    <Field label={label} error={errorText(key)}>
      {({ control }) => (
        <input
          {...control}
          type={type}
          value={values[key]}
          autoComplete={autoComplete}
          readOnly={emailLocked && key === "emailAddress"}
          onChange={(e) => set(key, e.target.value)}
        />
      )}
    </Field>
  );

  return (
    <form className="bw-step bw-form" aria-labelledby={labelledBy} noValidate onSubmit={submit(() => onValid(values, password))}>
      {show.name && text("firstName", _(m.name), "text", "name")}
      {show.phone && (
        <div className="bw-form__row">
          <Field label={_(m.countryCode)} error={errorText("phoneNumberCountryCode")}>
            {({ id, describedBy, invalid }) => (
              <CountrySelect
                id={id}
                value={values.phoneNumberCountryCode}
                disabled={phoneLocked}
                invalid={invalid}
                describedBy={describedBy}
                onChange={(code) => set("phoneNumberCountryCode", code)}
              />
            )}
          </Field>
          <Field
            label={_(m.phone)}
            error={errorText("phoneNumber")}
            optionalText={provider.customerRequiredPhoneNumberOptional ? _(m.optional) : undefined}
          >
            {({ control }) => (
              <input
                {...control}
                type="tel"
                inputMode="numeric"
                autoComplete="tel-national"
                readOnly={phoneLocked}
                value={values.phoneNumber}
                onChange={(e) => set("phoneNumber", e.target.value)}
              />
            )}
          </Field>
        </div>
      )}
      {show.email && text("emailAddress", _(m.email), "email", "email")}
      {show.address && text("address", _(m.address), "text", "street-address")}
      {show.postalCode && text("postalCode", _(m.postalCode), "text", "postal-code")}
      {show.city && text("city", _(m.city), "text", "address-level2")}
      {show.ssn && text("ssn", _(m.ssn))}
      {show.birthdate && (
        <fieldset className="bw-fieldset" aria-describedby={errors.dateOfBirth ? "bw-birthdate-error" : undefined}>
          <legend>{_(m.birthdate)}</legend>
          <div className="bw-form__row">
            <BirthSelect
              label={_(m.year)}
              value={year}
              invalid={Boolean(errors.dateOfBirth)}
              options={birthYears(today).map((y) => ({ value: String(y), label: String(y) }))}
              onChange={(y) => setBirthPart(0, y)}
            />
            <BirthSelect
              label={_(m.month)}
              value={month}
              invalid={Boolean(errors.dateOfBirth)}
              options={monthOptions(locale)}
              onChange={(mo) => setBirthPart(1, mo)}
            />
            <BirthSelect
              label={_(m.day)}
              value={day}
              invalid={Boolean(errors.dateOfBirth)}
              options={Array.from({ length: 31 }, (_x, i) => ({ value: String(i + 1), label: String(i + 1) }))}
              onChange={(d) => setBirthPart(2, d)}
            />
          </div>
          {errors.dateOfBirth && (
            <p id="bw-birthdate-error" className="bw-field__error">
              {errorText("dateOfBirth")}
            </p>
          )}
        </fieldset>
      )}
      {show.gender && (
        <fieldset className="bw-fieldset" aria-describedby={errors.gender ? "bw-gender-error" : undefined}>
          <legend>{_(m.gender)}</legend>
          {(["Mann", "Kvinne"] as const).map((gender) => (
            <label key={gender} className="bw-choice">
              <input
                type="radio"
                name="gender"
                value={gender}
                checked={values.gender === gender}
                aria-invalid={Boolean(errors.gender)}
                onChange={() => set("gender", gender)}
              />
              {_(gender === "Mann" ? m.man : m.woman)}
            </label>
          ))}
          {errors.gender && (
            <p id="bw-gender-error" className="bw-field__error">
              {errorText("gender")}
            </p>
          )}
        </fieldset>
      )}
      {customFields.map((field) => (
        <Field
          key={field.label}
          label={field.label}
          error={errorText(`customFields.${field.label}`)}
          optionalText={field.optional ? _(m.optional) : undefined}
        >
          {({ control }) => (
            <input
              {...control}
              type="text"
              value={values.customFields[field.label] ?? ""}
              onChange={(e) => set("customFields", { ...values.customFields, [field.label]: e.target.value })}
            />
          )}
        </Field>
      ))}
      {withPassword && (
        <Field label={_(m.password)} error={errorText("password")}>
          {({ control }) => (
            <input
              {...control}
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          )}
        </Field>
      )}
      {Object.keys(errors).length > 0 && (
        <p className="bw-form__summary" role="alert">
          {_(m.fixErrors)}
        </p>
      )}
      <button type="submit" className="bw-button" disabled={busy} aria-busy={busy || undefined}>
        {submitLabel ?? _(m.continue)}
      </button>
    </form>
  );
}

/** Year, month and day of a saved birthdate, as the selects hold them. */
function birthdateParts(value: string): [string, string, string] {
  const [year = "", month = "", day = ""] = value.split("-");
  return [year, month ? String(Number(month)) : "", day ? String(Number(day)) : ""];
}

/** January … December in the widget's language. */
function monthOptions(locale: Locale) {
  const format = dateFormat(intlTag(locale), { month: "long", timeZone: "UTC" });
  return Array.from({ length: 12 }, (_x, i) => ({ value: String(i + 1), label: format.format(Date.UTC(2000, i, 15)) }));
}

interface Option {
  value: string;
  label: string;
}

function BirthSelect({
  label,
  value,
  options,
  invalid,
  onChange,
}: {
  label: string;
  value: string;
  options: Option[];
  invalid: boolean;
  onChange(value: string): void;
}) {
  return (
    <label className="bw-field">
      <span className="bw-field__label">{label}</span>
      <select value={value} aria-invalid={invalid} onChange={(e) => onChange(e.target.value)}>
        <option value="">–</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}
