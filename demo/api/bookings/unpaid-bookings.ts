import type { Queryable } from "../db/database.ts";
import { Refusal } from "../http-errors.ts";

/**
 * Bookings held for payment at once, per customer account, per phone number and per
 * network address (each across every booking page of this API): each blocks its time
 * for PAYMENT_HOLD_MINUTES, so without a cap one visitor could keep a day blocked by
 * booking again and again without paying.
 */
export const UNPAID_BOOKINGS_AT_ONCE = 2;
/** The advisory-lock key space of the keys below (staff calendars are 1, address holds 2). */
const UNPAID_KEYS = 3;

/** A phone number as the count compares it: the country code (0 when none), a space, the number. */
export const unpaidPhoneKey = (countryCode: number | null | undefined, phone: string) => (phone ? `${countryCode ?? 0} ${phone}` : "");

/** Who an unpaid booking is counted against. */
export interface UnpaidBooker {
  customerId: number | null;
  /** The booking's phone as unpaidPhoneKey makes it; empty when the booking has no phone. */
  phone: string;
  /** The keyed digest of the client's network address (client-address.ts). */
  addressDigest: string;
}

/**
 * Inside the booking's transaction: waits for other unpaid bookings of the same
 * customer, phone or address to commit, then answers 429 `too-many-unpaid-bookings`
 * (Retry-After: when the first of them lapses) if any of the three already has
 * UNPAID_BOOKINGS_AT_ONCE. So the cap holds whatever the concurrency.
 */
export async function assertUnpaidBookingAllowed(tx: Queryable, booker: UnpaidBooker, now: Date): Promise<void> {
  const keys = [`address:${booker.addressDigest}`];
  if (booker.phone) keys.push(`phone:${booker.phone}`);
  if (booker.customerId !== null) keys.push(`customer:${booker.customerId}`);
  // One order for every transaction, so two bookings never wait for each other's keys.
  await tx.query(
    "SELECT count(pg_advisory_xact_lock($1::int, k)) FROM (SELECT DISTINCT hashtext(key) AS k FROM unnest($2::text[]) AS key ORDER BY 1) AS keys",
    [UNPAID_KEYS, keys],
  );
  const [row] = await tx.query<{ byAddress: number; byPhone: number; byCustomer: number; firstLapse: Date | string | null }>(
    `SELECT count(*) FILTER (WHERE booked_from_digest = $2)::int AS "byAddress",
            count(*) FILTER (WHERE $3 <> '' AND coalesce(phone_number_country_code, 0)::text || ' ' || phone_number = $3)::int AS "byPhone",
            count(*) FILTER (WHERE customer_account_id = $4)::int AS "byCustomer",
            min(hold_expires_at) AS "firstLapse"
       FROM appointments
      WHERE status = 'awaiting_payment' AND hold_expires_at > $1
        AND (booked_from_digest = $2 OR ($3 <> '' AND coalesce(phone_number_country_code, 0)::text || ' ' || phone_number = $3) OR customer_account_id = $4)`,
    [now, booker.addressDigest, booker.phone, booker.customerId],
  );
  const { byAddress, byPhone, byCustomer, firstLapse } = row!;
  if (Math.max(byAddress, byPhone, byCustomer) < UNPAID_BOOKINGS_AT_ONCE) return;
  const seconds = Math.max(1, Math.ceil((new Date(firstLapse!).getTime() - now.getTime()) / 1000));
  throw new Refusal("too-many-unpaid-bookings", undefined, seconds, "unpaid-bookings");
}
