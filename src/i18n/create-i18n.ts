import { setupI18n, type I18n, type Messages } from "@lingui/core";
import { messages as norwegian } from "./locales/no/messages.ts";
import type { Locale } from "./locale.ts";
import { keepZoneCities } from "./zones/zone-city-names.ts";

type CatalogLoader = () => Promise<{ messages: Messages }>;

// Norwegian first-screen messages ship in the first bundle; everything else loads on
// demand: other languages, and the "later" catalog of forms, validation and errors.
const firstScreen: Record<Exclude<Locale, "no">, CatalogLoader> = {
  en: () => import("./locales/en/messages.ts"),
  es: () => import("./locales/es/messages.ts"),
};
// First-screen catalogs already loaded on this page (modules are page-wide anyway): an
// element created after its language arrived starts in it, with no render in another.
const loadedFirstScreen = new Map<Locale, Messages>([["no", norwegian]]);

/** Loads a language's first-screen catalog for the page (before any element needs it). */
export async function loadFirstScreenCatalog(locale: Locale): Promise<void> {
  if (loadedFirstScreen.has(locale) || locale === "no") return;
  loadedFirstScreen.set(locale, (await firstScreen[locale]()).messages);
}

/** A catalog the caller already holds (the server's first paint imports them all). */
export function provideFirstScreenCatalog(locale: Locale, messages: Messages): void {
  loadedFirstScreen.set(locale, messages);
}

// A language's later catalog comes with its zone city names (the later screens name zones).
const withZoneCities = async (
  locale: Locale,
  catalog: ReturnType<CatalogLoader>,
  cities: Promise<{ zoneCities: Record<string, string> }>,
) => {
  keepZoneCities(locale, (await cities).zoneCities);
  return catalog;
};
const later: Record<Locale, CatalogLoader> = {
  no: () => withZoneCities("no", import("./locales/no/later.ts"), import("./zones/no.ts")),
  en: () => import("./locales/en/later.ts"),
  es: () => withZoneCities("es", import("./locales/es/later.ts"), import("./zones/es.ts")),
};

export interface WidgetI18n {
  readonly i18n: I18n;
  /** Loads the locale's catalog once (and the later one, once wanted), then activates it. */
  setLocale(locale: Locale): Promise<void>;
  /** The visitor's own choice (the language switcher): set as setLocale does, and kept as chosen. */
  choose(locale: Locale): Promise<void>;
  /** The language the visitor chose in this element, if any: it outranks the provider's (useProvider). */
  chosen(): Locale | undefined;
  /** The page spoke later (a new lang attribute): the visitor's earlier choice no longer outranks it. */
  forgetChoice(): void;
  /** Starts loading the locale's first-screen catalog without switching to it. */
  preload(locale: Locale): Promise<void>;
  /**
   * Loads the "later" catalog (forms, validation, errors, My Page) for the active
   * language, and for every language switched to afterwards. Screens that show those
   * messages wait for it.
   */
  loadLaterMessages(): Promise<void>;
  /** The "later" catalog of the active language is loaded: a screen that needs it renders at once. */
  laterMessagesActive(): boolean;
  /** Switches at once when the locale's catalog is already on the page; false when it must load first. */
  activateIfLoaded(locale: Locale): boolean;
}

/** A lingui instance of its own for one widget element (never the global `i18n`). */
export function createWidgetI18n(): WidgetI18n {
  const i18n = setupI18n();
  // A copy: lingui merges later catalogs into the object it is given, and the
  // imported one is shared by every element on the page.
  i18n.load("no", { ...norwegian });
  i18n.activate("no");
  const loaded = new Set<string>(["no"]);
  let laterWanted = false;

  const ensure = async (key: string, locale: Locale, loader: CatalogLoader | undefined) => {
    if (loaded.has(key) || !loader) return;
    const { messages } = await loader();
    i18n.load(locale, { ...messages });
    loaded.add(key);
  };
  const ensureLater = (locale: Locale) => ensure(`${locale}:later`, locale, later[locale]);
  // Gives this element its copy of a first-screen catalog the page holds.
  const takeFirstScreen = (locale: Locale) => {
    if (loaded.has(locale)) return;
    i18n.load(locale, { ...loadedFirstScreen.get(locale) });
    loaded.add(locale);
  };
  const ensureFirstScreen = async (locale: Locale) => {
    await loadFirstScreenCatalog(locale);
    takeFirstScreen(locale);
  };

  // The last switch asked for wins, whichever catalog arrives last: a stored language
  // whose catalog loads slowly must not override the provider's, applied after it.
  let latest = 0;
  let chosen: Locale | undefined;
  const setLocale = async (locale: Locale) => {
    const request = ++latest;
    await Promise.all([ensureFirstScreen(locale), laterWanted ? ensureLater(locale) : undefined]);
    // A later screen that opened during the switch wants this language's later messages too.
    if (laterWanted) await ensureLater(locale);
    if (request === latest) i18n.activate(locale);
  };
  return {
    i18n,
    setLocale,
    choose(locale) {
      chosen = locale;
      return setLocale(locale);
    },
    chosen: () => chosen,
    forgetChoice() {
      chosen = undefined;
    },
    async preload(locale) {
      await ensureFirstScreen(locale);
    },
    activateIfLoaded(locale) {
      if (!loadedFirstScreen.has(locale) || laterWanted) return false;
      latest += 1;
      takeFirstScreen(locale);
      i18n.activate(locale);
      return true;
    },
    async loadLaterMessages() {
      laterWanted = true;
      await ensureLater(i18n.locale as Locale);
    },
    laterMessagesActive: () => laterWanted && loaded.has(`${i18n.locale}:later`),
  };
}
