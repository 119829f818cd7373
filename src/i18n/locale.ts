export const LOCALES = ["no", "en", "es"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "no";

/** Maps a language tag to a supported locale: "nb", "nn", "no-NO" → "no"; "en-US" → "en". */
export function toLocale(value: string | null | undefined): Locale | undefined {
  if (!value) return undefined;
  const base = value.trim().toLowerCase().split(/[-_]/)[0];
  if (base === "nb" || base === "nn" || base === "no") return "no";
  return (LOCALES as readonly string[]).includes(base ?? "") ? (base as Locale) : undefined;
}

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
