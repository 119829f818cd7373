import { useEffect, useRef, useState } from "react";
import useSWR from "swr";
import { isApiError } from "../../api/errors.ts";
import { providerKey } from "./provider-keys.ts";
import type { Provider } from "../../contract/schemas/index.ts";
import { localeForProvider, type Locale } from "../../i18n/locale.ts";
import { storeLanguage } from "../../i18n/locale-storage.ts";
import { rememberProvider } from "./remembered-page.ts";
import { useWidget } from "../widget-context.ts";

/**
 * Loads the provider anonymously by booking link. When it arrives `onNewProvider` runs
 * (the booking starts its stepper afresh, or resumes a booking back from a payment) and
 * the widget switches to the provider's language (spec §1, §4), unless the visitor has
 * already chosen one in this element (on the painted first screen, or while the provider
 * was loading): theirs is the later word. `ready` turns true only once that language is
 * active, so nothing flashes in another one.
 */
export function useProvider(bookingLink: string, onNewProvider?: (provider: Provider) => void) {
  const { api, i18n, langAttribute, report } = useWidget();
  const key = providerKey(bookingLink);
  const {
    data: provider,
    error,
    mutate,
  } = useSWR<Provider>(
    key,
    (key: ReturnType<typeof providerKey>) => api.started.take(key, () => api.provider.providerByName(bookingLink)),
    {
      // Asked once per element, as the services are (useServices.ts).
      revalidateIfStale: !api.started.answered(key),
    },
  );
  const [localeAppliedFor, setLocaleAppliedFor] = useState<Provider | null>(null);
  // A newly loaded provider is told before anything under the gate renders (here, during
  // render, not in an effect): the steps then mount on the store as the page set it for
  // that provider (a fresh stepper, or BookingView's resumed booking). It only touches
  // this element's own store.
  const resetFor = useRef<Provider | null>(null);
  if (provider && resetFor.current !== provider) {
    resetFor.current = provider;
    onNewProvider?.(provider);
  }

  // A lang attribute the page sets after the visitor chose a language is the later word.
  const langSeen = useRef(langAttribute);
  useEffect(() => {
    if (!provider) return;
    if (langSeen.current !== langAttribute) {
      langSeen.current = langAttribute;
      i18n.forgetChoice();
    }
    let current = true;
    // The next visit shows it at once and starts the services call beside the provider call.
    rememberProvider(api.base, bookingLink, provider);
    const locale = localeForProvider(langAttribute, provider.language, i18n.i18n.locale as Locale, i18n.chosen());
    i18n
      .setLocale(locale)
      .then(
        () => storeLanguage(locale),
        // The catalog failed to load (offline?): stay in the current language.
        (failure: unknown) => report(failure, `could not load the "${locale}" language`),
      )
      .finally(() => current && setLocaleAppliedFor(provider));
    return () => {
      current = false;
    };
  }, [provider, i18n, langAttribute, report, api, bookingLink]);

  // The client logs unreachable and broken answers itself; a refused booking link (the
  // element's attribute is wrong) is told to the site owner here.
  useEffect(() => {
    if (isApiError(error) && error.kind === "http" && (error.status ?? 500) < 500)
      report(error, `could not load the booking page "${bookingLink}"`);
  }, [error, bookingLink, report]);

  // Ready once the provider's language is active: applied by the effect above, or
  // already active from the first render (the page's data island named the provider).
  const active = i18n.i18n.locale as Locale;
  const readyNow =
    provider !== undefined &&
    (localeAppliedFor === provider || localeForProvider(langAttribute, provider.language, active, i18n.chosen()) === active);
  // Once ready, ready for good for this provider: a language the visitor chooses while the
  // provider's own is still being applied (a choice on the painted copy, done again as the
  // widget takes over) switches the screens when its catalog is in; it does not take them
  // away for a loading line, which would lose what the visitor did meanwhile.
  const readyFor = useRef<Provider | null>(null);
  if (readyNow) readyFor.current = provider;
  const ready = readyNow || (provider !== undefined && readyFor.current === provider);
  return { provider, error, retry: () => void mutate(), ready };
}
