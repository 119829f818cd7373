import * as v from "valibot";
import type { Http } from "./http.ts";
import { routes } from "../contract/routes.ts";
import { HeldTime, type HoldRequest } from "../contract/schemas/hold.ts";

const Released = v.object({ released: v.boolean() });

/** Held times, our extension of the API (demo/api/holds/README.md). */
export function createHoldCalls(http: Http) {
  return {
    /** POST Appointment/hold: holds the chosen time (the token's earlier hold is given back). */
    hold: (request: HoldRequest) => http.request(HeldTime, routes.hold(), { method: "POST", body: request }),
    /**
     * POST Appointment/hold/release. As text/plain, a "simple" request with no CORS
     * preflight, so that it can still go out while the page is going away (keepalive).
     */
    release: (userId: number, holdToken: string, { leaving = false, holdId }: { leaving?: boolean; holdId?: string | undefined } = {}) =>
      http.request(Released, routes.releaseHold(), {
        method: "POST",
        body: JSON.stringify({ userId, holdToken, ...(holdId ? { holdId } : {}) }),
        headers: { "Content-Type": "text/plain;charset=UTF-8" },
        keepalive: leaving,
      }),
  };
}

export type HoldCalls = ReturnType<typeof createHoldCalls>;
