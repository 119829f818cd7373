import { useMemo } from "react";
import { createCustomerCalls } from "../api/customer-calls.ts";
import { useWidget } from "./widget-context.ts";

/** The customer account calls of spec §7, on this element's API client. */
export function useCustomerCalls() {
  const { api } = useWidget();
  return useMemo(() => createCustomerCalls(api.http), [api]);
}
