import { setupI18n, type I18n, type Messages } from "@lingui/core";
import { messages as norwegian } from "./locales/no/messages.ts";
import type { Locale } from "./locale.ts";

// Norwegian is the default and ships in the first bundle; the others load on demand.
const loaders: Record<Exclude<Locale, "no">, () => Promise<{ messages: Messages }>> = {
  en: () => import("./locales/en/messages.ts"),
  es: () => import("./locales/es/messages.ts"),
};

export interface WidgetI18n {
  readonly i18n: I18n;
  /** Loads the locale's catalog once, then activates it. */
  setLocale(locale: Locale): Promise<void>;
}

/** A lingui instance of its own for one widget element (never the global `i18n`). */
export function createWidgetI18n(): WidgetI18n {
  const i18n = setupI18n();
  i18n.load("no", norwegian);
  i18n.activate("no");
  const loaded = new Set<Locale>(["no"]);
  return {
    i18n,
    async setLocale(locale) {
      if (!loaded.has(locale) && locale !== "no") {
        const { messages } = await loaders[locale]();
        i18n.load(locale, messages);
        loaded.add(locale);
      }
      i18n.activate(locale);
    },
  };
}
