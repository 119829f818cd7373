/**
 * The element's SWR keys of the provider (by booking link) and of its services (by its
 * id): the one identity of each query. SWR caches the answer under it, the element starts
 * the call ahead under it (app/start-first-screen.ts, api/started-calls.ts), and the
 * page's data fills the cache under it (app/WidgetProviders.tsx).
 */
export const providerKey = (bookingLink: string) => ["provider", bookingLink] as const;
export const servicesKey = (userId: number) => ["services", userId] as const;
