import type { Provider, ServiceBookingSelection, WaitlistOffer } from "booking-widget/contract";
import type { ApiDeps } from "../api-deps.ts";
import { accountById } from "../customers/customer-accounts.ts";
import { holderOf } from "../secrets/holder.ts";
import { notFound, refuse } from "../http-errors.ts";
import { limits, reserve } from "../limits/counted-limits.ts";

/**
 * GET Waitlist/offer (issue 46): what an offer's link opens on, for whoever holds its
 * secret (it was sent to the customer's proven phone or address, as a code is): the time,
 * what to book it with, and the customer's account, so the widget books it for them with
 * their details and no code. A link books once (410 waitlist-offer-used) and lasts as long
 * as its offer (410 waitlist-offer-expired), or, notify-all, until someone else books its
 * time (410 waitlist-offer-taken: the entry is still on the list); an unknown secret is 404
 * and counts against the address's token limit, as a wrong account token does.
 */
export async function openOffer(deps: ApiDeps, provider: Provider, token: string, address: string): Promise<WaitlistOffer> {
  const now = deps.clock.now();
  const [offer] = await deps.db.query<{
    start: Date | string;
    end: Date | string;
    expiresAt: Date | string;
    held: boolean;
    staffMemberId: number;
    serviceBookings: ServiceBookingSelection[];
    serviceIds: number[];
    customerId: number;
    taken: boolean;
    lost: boolean;
    expired: boolean;
  }>(
    `SELECT o.starts_at AS start, o.ends_at AS "end", o.expires_at AS "expiresAt", o.held, o.staff_member_id AS "staffMemberId",
            e.service_bookings AS "serviceBookings", e.service_ids AS "serviceIds", o.customer_id AS "customerId",
            o.taken_at IS NOT NULL AS taken, o.lost, (o.expired_at IS NOT NULL OR o.expires_at <= $3) AS expired
       FROM waitlist_offers o JOIN waitlist_entries e ON e.id = o.entry_id
      WHERE o.token_digest = $1 AND o.provider_id = $2`,
    [holderOf(deps.keys, token), provider.userId, now],
  );
  if (!offer) {
    await reserve(deps.db, limits.tokenPerAddress, address, now);
    notFound("No such waitlist offer");
  }
  if (offer.taken) refuse("waitlist-offer-used");
  if (offer.lost) refuse("waitlist-offer-taken");
  if (offer.expired) refuse("waitlist-offer-expired");
  const serviceBookings =
    offer.serviceBookings.length > 0 ? offer.serviceBookings : offer.serviceIds.map((serviceId) => ({ serviceId, extraServiceIds: [] }));
  return {
    start: new Date(offer.start).toISOString(),
    end: new Date(offer.end).toISOString(),
    expiresAt: new Date(offer.expiresAt).toISOString(),
    held: offer.held,
    staffMemberId: offer.staffMemberId,
    serviceBookings,
    customer: await accountById(deps.db, deps.keys, offer.customerId),
  };
}
