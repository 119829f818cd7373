import { useMemo } from "react";
import type { Http } from "../api/http.ts";
import { useWidget } from "./widget-context.ts";

/**
 * A group of spec §7 calls (createBookingCalls, createCustomerCalls …) on this
 * element's API client. Built where it is used, so the first screen does not carry it.
 */
export function useApiCalls<Calls>(create: (http: Http) => Calls): Calls {
  const { api } = useWidget();
  return useMemo(() => create(api.http), [api, create]);
}
