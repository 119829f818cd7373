import useSWR from "swr";
import { servicesCallKey } from "../../api/started-calls.ts";
import { rememberServices } from "./remembered-page.ts";
import { useWidget } from "../widget-context.ts";

/** The provider's bookable catalogue (Service/asAnonymous). */
export function useServices(userId: number) {
  const { api } = useWidget();
  return useSWR(["services", userId], () => api.started.take(servicesCallKey(userId), () => api.provider.services(userId)), {
    // The next visit shows them at once (remembered-page.ts).
    onSuccess: (services) => rememberServices(api.base, userId, services),
  });
}
