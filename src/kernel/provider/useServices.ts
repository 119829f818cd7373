import useSWR from "swr";
import { servicesKey } from "./provider-keys.ts";
import { rememberServices } from "./remembered-page.ts";
import { useWidget } from "../widget-context.ts";

/** The provider's bookable catalogue (Service/asAnonymous). */
export function useServices(userId: number) {
  const { api } = useWidget();
  const key = servicesKey(userId);
  return useSWR(key, (key) => api.started.take(key, () => api.provider.services(userId)), {
    // Asked once per element (issue 58): a screen that mounts later, however much later (a
    // busy main thread, past SWR's dedupe window), shows what the first one was answered.
    revalidateIfStale: !api.started.answered(key),
    // The next visit shows them at once (remembered-page.ts).
    onSuccess: (services) => rememberServices(api.base, userId, services),
  });
}
