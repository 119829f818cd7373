import { createHttp, type HttpOptions } from "./http.ts";
import { createProviderCalls } from "./provider-calls.ts";
import { createStartedCalls, type StartedCalls } from "./started-calls.ts";

/**
 * The typed client of spec §7: one ofetch instance and the first screen's calls. The
 * booking, payment and customer account calls are built on `http` where they are used
 * (useApiCalls), so the first screen does not carry them. `started`: the element's calls
 * started ahead (made once per element, define.tsx), so that a first render React throws
 * away and starts again takes the calls already under way instead of asking twice.
 */
export function createApiClient(options: HttpOptions, started: StartedCalls = createStartedCalls()) {
  const http = createHttp(options);
  return {
    base: options.base,
    http,
    /** The same API without the failure report: for calls made ahead (prefetches), whose failure is their taker's to tell. */
    quietHttp: createHttp({ ...options, onError: undefined }),
    provider: createProviderCalls(http),
    /** The first screen's calls started ahead of its hooks (startFirstScreen). */
    started,
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
