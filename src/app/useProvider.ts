import { useEffect } from "react";
import useSWR from "swr";
import type { Provider } from "../api/schemas/index.ts";
import { localeForProvider } from "../i18n/locale.ts";
import type { Locale } from "../i18n/locale.ts";
import { storeLanguage } from "../i18n/locale-storage.ts";
import { useWidget } from "./widget-context.ts";

/**
 * Loads the provider anonymously by booking link. When it arrives the stepper resets
 * to step 1 and the widget switches to the provider's language (spec §1, §4).
 */
export function useProvider(bookingLink: string) {
  const { api, store, i18n, langAttribute } = useWidget();
  const result = useSWR<Provider>(["provider", bookingLink], () => api.provider.providerByName(bookingLink));
  const provider = result.data;

  useEffect(() => {
    if (!provider) return;
    store.getState().providerLoaded();
    const locale = localeForProvider(langAttribute, provider.language, i18n.i18n.locale as Locale);
    void i18n.setLocale(locale);
    storeLanguage(locale);
  }, [provider, store, i18n, langAttribute]);

  return result;
}
