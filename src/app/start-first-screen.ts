import type { ApiClient } from "../api/client.ts";
import { providerKey, servicesKey } from "../kernel/provider/provider-keys.ts";
import type { WidgetI18n } from "../i18n/create-i18n.ts";
import { DEFAULT_LOCALE, localeForProvider } from "../i18n/locale.ts";
import type { Provider } from "../contract/schemas/provider.ts";

export interface FirstScreenStart {
  bookingLink: string;
  /** Booking shows the services; My Page needs only the provider. */
  view: "booking" | "my-page";
  /** From the page's data island or an earlier visit; undefined on a first visit. */
  known: Pick<Provider, "userId" | "language"> | undefined;
  langAttribute: string | undefined;
  api: Pick<ApiClient, "provider" | "started">;
  i18n: Pick<WidgetI18n, "preload">;
}

/**
 * Starts, at the element's first render and all at once, what its first screen will
 * wait for: the provider call; and when the provider is already known, its services
 * call and its language's catalog. No step of the first screen then waits for another's
 * answer before asking (the serial waterfall: provider → catalog → services).
 */
export function startFirstScreen({ bookingLink, view, known, langAttribute, api, i18n }: FirstScreenStart): void {
  api.started.start(providerKey(bookingLink), () => api.provider.providerByName(bookingLink));
  if (!known) return;
  if (view === "booking") api.started.start(servicesKey(known.userId), () => api.provider.services(known.userId));
  // A catalog that fails here fails again, and is reported, when the provider's answer activates it.
  i18n.preload(localeForProvider(langAttribute, known.language, DEFAULT_LOCALE)).catch(() => undefined);
}
