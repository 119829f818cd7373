import { useLingui } from "@lingui/react";
import { phoneLoginSchema } from "../validation/account-forms.ts";
import type { BookingFormValues } from "../validation/booking-form.ts";
import { useCheckedForm } from "../validation/useCheckedForm.ts";
import { useErrorText } from "../validation/useErrorText.ts";
import { accountMessages as m } from "./account-messages.ts";
import { PhoneFields } from "./PhoneFields.tsx";

interface PhoneFormProps {
  values: BookingFormValues;
  phoneLength: number;
  busy: boolean;
  onChange(values: BookingFormValues): void;
  onSubmit(): void;
}

/** The account flow's first phase: the phone number that finds the customer's profile, or starts a new one. */
export function PhoneForm({ values, phoneLength, busy, onChange, onSubmit }: PhoneFormProps) {
  const { _ } = useLingui();
  const { errors, submit } = useCheckedForm(phoneLoginSchema(phoneLength), { login: values.phoneNumber });
  const errorText = useErrorText(errors);
  return (
    <form className="bw-step bw-form" aria-labelledby="bw-step-title" noValidate onSubmit={submit(onSubmit)}>
      <p>{_(m.phoneIntro)}</p>
      <PhoneFields
        dialCode={values.phoneNumberCountryCode}
        phone={values.phoneNumber}
        error={errorText("login")}
        onDialCode={(code) => onChange({ ...values, phoneNumberCountryCode: code })}
        onPhone={(phone) => onChange({ ...values, phoneNumber: phone })}
      />
      <button type="submit" className="bw-button" disabled={busy} aria-busy={busy || undefined}>
        {_(m.continue)}
      </button>
    </form>
  );
}
