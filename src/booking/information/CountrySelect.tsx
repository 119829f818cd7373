import { useLingui } from "@lingui/react";
import { useMemo } from "react";
import { countryList } from "../../i18n/countries/country-list.ts";
import type { Locale } from "../../i18n/locale.ts";

interface CountrySelectProps {
  id: string;
  value: number;
  onChange(dialCode: number): void;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string | undefined;
}

/** The country code selector of spec §2: every country of the table, named in the widget's language. */
export function CountrySelect({ id, value, onChange, disabled = false, invalid = false, describedBy }: CountrySelectProps) {
  const { i18n } = useLingui();
  const countries = useMemo(() => countryList(i18n.locale as Locale), [i18n.locale]);
  return (
    <select id={id} value={value} disabled={disabled} aria-invalid={invalid} aria-describedby={describedBy} onChange={(e) => onChange(Number(e.target.value))}>
      {countries.map((country) => (
        <option key={country.code} value={country.dialCode}>
          {`${country.flag} ${country.name} (+${country.dialCode})`}
        </option>
      ))}
    </select>
  );
}
