import { useLingui } from "@lingui/react";
import { startTransition, useEffect, useMemo, useState } from "react";
import { countryList, dialCodeOf, mainCountryOf } from "../i18n/countries/country-list.ts";
import type { Locale } from "../i18n/locale.ts";

interface CountrySelectProps {
  id: string;
  value: number;
  onChange(dialCode: number): void;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string | undefined;
}

/**
 * The country code selector of spec §2: every country of the table, named in the widget's
 * language. The value is a dial code; where several countries share it (+1, +7, +44), the
 * one the visitor picked stays shown, else the dial code's main country (+1: United States).
 * No flags: some 250 flag emoji in the options cost the browser ~0.5 s of text layout on
 * a slow phone (4× CPU) each time the form appeared, the longest task of a booking (issue
 * 43); and where the system has no emoji font (Windows draws letters, a bare Linux boxes)
 * a flag beside the list would say nothing the option's name does not.
 */
export function CountrySelect({ id, value, onChange, disabled = false, invalid = false, describedBy }: CountrySelectProps) {
  const { i18n } = useLingui();
  const countries = useMemo(() => countryList(i18n.locale as Locale), [i18n.locale]);
  const [picked, setPicked] = useState<string | null>(null);
  const shown = picked && dialCodeOf(picked) === value ? picked : (mainCountryOf(value) ?? "");
  // The form shows with the chosen country alone; the other ~250 options follow in a
  // transition React renders in slices after that frame (their render and layout were a
  // slow phone's tenth of a second in the tap that opens the form, issue 43).
  const [allListed, setAllListed] = useState(false);
  useEffect(() => startTransition(() => setAllListed(true)), []);
  const listed = allListed ? countries : countries.filter((country) => country.code === shown);
  return (
    <select
      id={id}
      value={shown}
      disabled={disabled}
      aria-invalid={invalid}
      aria-describedby={describedBy}
      onChange={(e) => {
        setPicked(e.target.value);
        onChange(dialCodeOf(e.target.value) ?? value);
      }}
    >
      {listed.map((country) => (
        <option key={country.code} value={country.code}>
          {`${country.name} (+${country.dialCode})`}
        </option>
      ))}
    </select>
  );
}
