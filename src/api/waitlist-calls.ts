import * as v from "valibot";
import type { Http } from "./http.ts";
import { routes } from "../contract/routes.ts";
import { WaitlistEntry, type WaitlistJoinRequest, WaitlistOffer, WaitlistSettings } from "../contract/schemas/waitlist.ts";

const Removed = v.object({ removed: v.boolean() });

/** The waitlist, our extension of the API (issue 46; docs/reference-api.md "Waitlist"). */
export function createWaitlistCalls(http: Http) {
  return {
    /** GET Waitlist/settings?userId=: whether the page keeps a waitlist at all. */
    settings: (userId: number) => http.request(WaitlistSettings, routes.waitlistSettings(), { query: { userId } }),
    /** POST Waitlist?userId=: a proven customer joins the page's waitlist. */
    join: (userId: number, request: WaitlistJoinRequest) =>
      http.request(WaitlistEntry, routes.waitlist(), { method: "POST", query: { userId }, body: request }),
    /** GET Waitlist?userId=&customerToken=: the customer's own live entries. */
    entries: (userId: number, customerToken: string) =>
      http.request(v.array(WaitlistEntry), routes.waitlist(), { query: { userId, customerToken } }),
    /** DELETE Waitlist/{id}?userId=&customerToken=: the customer removes one of them. */
    leave: (userId: number, customerToken: string, id: number) =>
      http.request(Removed, routes.waitlistEntry(id), { method: "DELETE", query: { userId, customerToken } }),
    /** GET Waitlist/offer?userId=&offerToken=: what an offer's link opens on. */
    offer: (userId: number, offerToken: string) => http.request(WaitlistOffer, routes.waitlistOffer(), { query: { userId, offerToken } }),
  };
}

export type WaitlistCalls = ReturnType<typeof createWaitlistCalls>;
