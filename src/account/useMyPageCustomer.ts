import useSWR from "swr";
import type { Provider } from "../contract/schemas/index.ts";
import { createCustomerCalls } from "../api/customer-calls.ts";
import { useApiCalls } from "../kernel/useApiCalls.ts";
import type { MyPageSession } from "./session.ts";

/** The SWR key of the logged-in customer and their appointments. */
export const customerKey = (providerId: number, session: MyPageSession) => ["my-page", providerId, session.token, session.login] as const;

/**
 * Customer/FetchByToken for the session: the customer and the appointments; mutate() refreshes them.
 * A login has just put its answer in the cache: it is not fetched a second time on mount.
 */
export function useMyPageCustomer(provider: Provider, session: MyPageSession) {
  const calls = useApiCalls(createCustomerCalls);
  return useSWR(customerKey(provider.userId, session), () => calls.fetchByToken(session.token, provider.userId, session.login), {
    revalidateIfStale: false,
  });
}
