import { HoldToken } from "../../contract/schemas/hold.ts";
import { readStored, removeStored, safeStorage, writeStored } from "../../storage/browser-storage.ts";
import type { KeptHoldToken } from "./slot-hold.ts";

/**
 * The booking link's hold token in the tab's session storage, beside its booking in
 * progress: after a reload the widget holds the kept time again as the same visitor, so
 * the hold it had a moment ago (its release may still be on the way) never counts as
 * someone else's. A stored value that is not a token is ignored.
 */
export function keptHoldToken(bookingLink: string, storage = safeStorage("sessionStorage")): KeptHoldToken {
  const key = `booking-widget:hold:${bookingLink}`;
  return {
    read: () => readStored(key, HoldToken, storage),
    write: (token) => (token ? writeStored(key, token, storage) : removeStored(key, storage)),
  };
}
