import { type I18n, type Messages, setupI18n } from "@lingui/core";
import { DEFAULT_LOCALE, type Locale, toLocale } from "booking-widget/contract";

// One chunk per language: only the browser's is fetched.
const catalogs: Record<Locale, () => Promise<{ messages: Messages }>> = {
  no: () => import("../locales/no/admin.ts"),
  en: () => import("../locales/en/admin.ts"),
  es: () => import("../locales/es/admin.ts"),
};

/** The browser's first language the app speaks, else Norwegian (as the widget picks one). */
export function browserLocale(languages: readonly string[]): Locale {
  for (const language of languages) {
    const locale = toLocale(language);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}

/** The app's i18n, its catalog loaded and active. */
export async function adminI18n(locale: Locale): Promise<I18n> {
  const { messages } = await catalogs[locale]();
  const i18n = setupI18n();
  i18n.loadAndActivate({ locale, messages });
  return i18n;
}

/** The Intl tag of a locale (Norwegian bokmål for "no"). */
export const intlTagOf = (locale: string) => (locale === "no" ? "nb" : locale);
