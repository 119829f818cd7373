import useSWR from "swr";
import { servicesKey } from "./provider-keys.ts";
import { rememberServices } from "./remembered-page.ts";
import { useWidget } from "../widget-context.ts";

/** The provider's bookable catalogue (Service/asAnonymous). */
export function useServices(userId: number) {
  const { api } = useWidget();
  return useSWR(servicesKey(userId), (key) => api.started.take(key, () => api.provider.services(userId)), {
    // The next visit shows them at once (remembered-page.ts).
    onSuccess: (services) => rememberServices(api.base, userId, services),
  });
}
