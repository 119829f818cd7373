import * as v from "valibot";
import { readStored, removeStored, safeStorage, writeStored } from "../storage/browser-storage.ts";

/**
 * Which hold token of this tab's booking is a waitlist offer's link secret (kept in the
 * tab's session storage beside the booking, as the hold token is): a time lost after
 * all is then told as "you are still on the waitlist", not as a plain refusal.
 */
export function offerMarker(bookingLink: string, storage = safeStorage("sessionStorage")) {
  const key = `booking-widget:waitlist-offer:${bookingLink}`;
  return {
    mark: (token: string) => writeStored(key, token, storage),
    /** Whether `holdToken` is the offer's secret. */
    isOffer: (holdToken: string | undefined) => Boolean(holdToken) && readStored(key, v.string(), storage) === holdToken,
    clear: () => removeStored(key, storage),
  };
}
