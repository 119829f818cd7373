import type { PreloadedPage } from "../../api/preloaded-page.ts";
import { Provider } from "../../contract/schemas/provider.ts";
import { ServiceCategories, type ServiceCategory } from "../../contract/schemas/service.ts";
import { readStored, writeStored } from "../../storage/browser-storage.ts";

/**
 * What an earlier visit learnt about a booking link: the provider's answer and its
 * services. A returning visitor's widget on a provider's own site (where no data island
 * comes with the page) shows them at once, as the standalone page shows its island,
 * and starts the provider and services calls together to revalidate both. A stale
 * memory (the provider changed something) is replaced by the answers a moment later;
 * the screens follow the answers. Public data of the provider only, never the visitor's.
 */
// Per API as well as per link: two sites' "demo-salon" are two providers.
const providerKey = (apiBase: string, bookingLink: string) => `booking-widget:provider:${apiBase}|${bookingLink}`;
const servicesKey = (apiBase: string, userId: number) => `booking-widget:services:${apiBase}|${userId}`;

export const rememberProvider = (apiBase: string, bookingLink: string, provider: Provider, storage?: Storage): void =>
  writeStored(providerKey(apiBase, bookingLink), provider, storage);

export const rememberServices = (apiBase: string, userId: number, services: ServiceCategory[], storage?: Storage): void =>
  writeStored(servicesKey(apiBase, userId), services, storage);

/** The provider last answered for this link, checked as an API answer; undefined when none or broken. */
export const readRememberedProvider = (apiBase: string, bookingLink: string, storage?: Storage): Provider | undefined =>
  readStored(providerKey(apiBase, bookingLink), Provider, storage);

/** The booking page as last seen (provider and services), or undefined when either is missing. */
export function readRememberedPage(apiBase: string, bookingLink: string, storage?: Storage): PreloadedPage | undefined {
  const provider = readRememberedProvider(apiBase, bookingLink, storage);
  const services = provider && readStored(servicesKey(apiBase, provider.userId), ServiceCategories, storage);
  return provider && services ? { bookingLink, provider, services } : undefined;
}
