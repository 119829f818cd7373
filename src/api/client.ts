import { createBookingCalls } from "./booking-calls.ts";
import { createCustomerCalls } from "./customer-calls.ts";
import { createHttp, type HttpOptions } from "./http.ts";
import { createProviderCalls } from "./provider-calls.ts";

/** The typed client of spec §7: one ofetch instance, three groups of calls. */
export function createApiClient(options: HttpOptions) {
  const http = createHttp(options);
  return {
    base: options.base,
    provider: createProviderCalls(http),
    booking: createBookingCalls(http),
    customer: createCustomerCalls(http),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
