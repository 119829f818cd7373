/** The languages the widget speaks (spec §1), Norwegian by default; a host server picks the same. */
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
