import { DEFAULT_LOCALE, type Locale, toLocale } from "../contract/locales.ts";

export { DEFAULT_LOCALE, type Locale, LOCALES, toLocale } from "../contract/locales.ts";

/**
 * The locale before the provider is known (spec §1): an explicit `lang` attribute,
 * else the language stored from an earlier visit, else Norwegian.
 */
export function initialLocale(attribute: string | undefined, stored: string | null): Locale {
  return toLocale(attribute) ?? toLocale(stored) ?? DEFAULT_LOCALE;
}

/**
 * The locale once the provider is loaded: the page switches to the provider's language,
 * unless the embedding site fixed one with the `lang` attribute, or the visitor already
 * chose one in this element (theirs is the later word).
 */
export function localeForProvider(
  attribute: string | undefined,
  providerLanguage: string | null,
  current: Locale,
  chosen?: Locale | undefined,
): Locale {
  return chosen ?? toLocale(attribute) ?? toLocale(providerLanguage) ?? current;
}

/** The Intl tag of a widget locale (Norwegian bokmål for "no"). */
export const intlTag = (locale: Locale) => (locale === "no" ? "nb" : locale);
