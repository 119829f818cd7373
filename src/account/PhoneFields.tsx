import { useLingui } from "@lingui/react";
import { CountrySelect } from "../customer/CountrySelect.tsx";
import { Field } from "../ui/Field.tsx";
import { accountMessages as m } from "./account-messages.ts";

interface PhoneFieldsProps {
  dialCode: number;
  phone: string;
  /** The phone's error text, shown under it and read with it. */
  error: string | undefined;
  onDialCode(code: number): void;
  onPhone(phone: string): void;
}

/** The country code and the phone number a login starts with (the booking's account step, My Page). */
export function PhoneFields({ dialCode, phone, error, onDialCode, onPhone }: PhoneFieldsProps) {
  const { _ } = useLingui();
  return (
    <div className="bw-form__row">
      <Field label={_(m.countryCode)}>{({ id }) => <CountrySelect id={id} value={dialCode} onChange={onDialCode} />}</Field>
      <Field label={_(m.phone)} error={error}>
        {({ control }) => (
          <input
            {...control}
            data-autofocus
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            value={phone}
            onChange={(e) => onPhone(e.target.value.trim())}
          />
        )}
      </Field>
    </div>
  );
}
