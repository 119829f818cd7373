import type { SessionStore } from "../../account/session-store.ts";
import type { BookingStore } from "./booking-store.ts";

/**
 * The booking follows the element's session: a login or a logout drops a new profile's
 * pending password (the API has set it, or it is no one's now), and logging out — from
 * the booking's menu or from My Page — starts the booking over at its first step (spec
 * §4), the customer's typed details kept. Answers the function that stops following.
 */
export function followSession(session: SessionStore, booking: BookingStore): () => void {
  return session.subscribe((next, previous) => {
    if (next.account === previous.account) return;
    booking.setState(previous.account && !next.account ? { newPassword: null, step: 1 } : { newPassword: null });
  });
}
