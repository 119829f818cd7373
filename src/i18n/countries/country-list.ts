import type { CountryEntry } from "../../contract/schemas/client-entities.ts";
import { intlTag, type Locale } from "../locale.ts";
import { COUNTRY_DATA } from "./country-data.ts";

/** Spec §5/§9: the dial code used when the provider names none (Norway). */
export const DEFAULT_DIAL_CODE = 47;

/** 🇳🇴 from "NO": two regional-indicator letters. */
export const flagOf = (code: string) => String.fromCodePoint(...[...code.toUpperCase()].map((ch) => 0x1f1e6 + ch.charCodeAt(0) - 65));

const countryLists = new Map<Locale, readonly CountryEntry[]>();

/**
 * The country table of spec §3 in the current language: code, localized name (from
 * Intl.DisplayNames), dial code, flag and national number length, sorted by name.
 */
export function countryList(locale: Locale): readonly CountryEntry[] {
  // Made once per language: 250 names and a sort are a slow phone's tenth of a second.
  const made = countryLists.get(locale);
  if (made) return made;
  const tag = intlTag(locale);
  const names = new Intl.DisplayNames([tag], { type: "region", fallback: "code" });
  const collator = new Intl.Collator(tag);
  const list = COUNTRY_DATA.map(([code, dialCode, phoneNumberLength]) => ({
    code,
    name: names.of(code) ?? code,
    dialCode,
    flag: flagOf(code),
    phoneNumberLength,
  })).sort((a, b) => collator.compare(a.name, b.name));
  countryLists.set(locale, list);
  return list;
}

/**
 * The national number length for a dial code: that of the dial code's main country
 * (1 → United States, 47 → Norway, 44 → United Kingdom), or undefined for an unknown code.
 */
export function phoneNumberLengthFor(dialCode: number): number | undefined {
  return COUNTRY_DATA.find(([, dial, , main]) => dial === dialCode && main)?.[2];
}

/**
 * The country a dial code stands for when no country was chosen: its main country
 * (1 → "US", not "AS", which comes first by name), or undefined for an unknown code.
 */
export function mainCountryOf(dialCode: number): string | undefined {
  return COUNTRY_DATA.find(([, dial, , main]) => dial === dialCode && main)?.[0] ?? COUNTRY_DATA.find(([, dial]) => dial === dialCode)?.[0];
}

/** The dial code of a country ("US" → 1), or undefined for a code not in the table. */
export const dialCodeOf = (code: string) => COUNTRY_DATA.find(([country]) => country === code)?.[1];

/** Whether a dial code is in the table (spec §5: "Invalid country code" otherwise). */
export const isKnownDialCode = (dialCode: number) => COUNTRY_DATA.some(([, dial]) => dial === dialCode);

/** The provider's default dial code, or Norway's when it has none or an unknown one. */
export const defaultDialCode = (providerDefault: number | null | undefined) =>
  providerDefault != null && isKnownDialCode(providerDefault) ? providerDefault : DEFAULT_DIAL_CODE;
