import { REFUSALS } from "booking-widget/contract";
import { Refusal } from "../http-errors.ts";
import type { Queryable } from "../db/database.ts";
import { networkOf } from "../client-address.ts";

/** A limit: at most `max` counted events per key in a window of `windowMinutes`. */
export interface Limit {
  /** What is counted and by what (e.g. "password:phone"); the counter's namespace. */
  scope: string;
  max: number;
  windowMinutes: number;
  /** The 429's refusal (src/contract/refusals.ts); "{minutes}" in its message becomes the minutes left. */
  refusal: "too-many-attempts" | "too-many-codes" | "too-many-hold-requests" | "too-many-requests" | "too-many-bookings";
}

export interface Reservation {
  /** Gives back what this request counted, after it proved to be honest (a success). */
  refund(db: Queryable): Promise<void>;
}

export const limits = {
  /**
   * Wrong passwords: for one phone from one address, for one phone from everywhere but
   * its owner's known addresses (guess-limits.ts), and from one address or network
   * over every phone (a guesser who moves between accounts).
   */
  passwordPerAddress: { scope: "password:address", max: 5, windowMinutes: 15, refusal: "too-many-attempts" },
  passwordPerPhone: { scope: "password:phone", max: 20, windowMinutes: 15, refusal: "too-many-attempts" },
  passwordAnyPhonePerAddress: { scope: "password:any-phone:address", max: 20, windowMinutes: 15, refusal: "too-many-attempts" },
  passwordAnyPhonePerNetwork: { scope: "password:any-phone:network", max: 100, windowMinutes: 15, refusal: "too-many-attempts" },
  /** Wrong three-digit My Page codes (1000 values: kept far from all), keyed as passwords are. */
  myPageCodePerAddress: { scope: "my-page:address", max: 5, windowMinutes: 15, refusal: "too-many-attempts" },
  myPageCodePerPhone: { scope: "my-page:phone", max: 10, windowMinutes: 60, refusal: "too-many-attempts" },
  myPageCodeAnyPhonePerAddress: { scope: "my-page:any-phone:address", max: 10, windowMinutes: 60, refusal: "too-many-attempts" },
  myPageCodeAnyPhonePerNetwork: { scope: "my-page:any-phone:network", max: 50, windowMinutes: 60, refusal: "too-many-attempts" },
  /** CustomerAccount/byPhone answers whether a phone has an account: every lookup counts. */
  phoneLookupsPerAddress: { scope: "lookup:address", max: 30, windowMinutes: 15, refusal: "too-many-attempts" },
  phoneLookupsPerNetwork: { scope: "lookup:network", max: 150, windowMinutes: 15, refusal: "too-many-attempts" },
  /** Wrong long tokens: not guessable, counted per address only to keep load off. */
  tokenPerAddress: { scope: "token:address", max: 30, windowMinutes: 15, refusal: "too-many-attempts" },
  /** Verification by the code alone (spec §7), which names no recipient: any live code may match. */
  codeAlonePerAddress: { scope: "verify:address", max: 5, windowMinutes: 15, refusal: "too-many-attempts" },
  codeAlonePerProvider: { scope: "verify:provider", max: 30, windowMinutes: 15, refusal: "too-many-attempts" },
  /** Codes sent: to one phone or e-mail address, and asked for by one address. */
  sendsPerRecipient: {
    scope: "send:recipient",
    max: 3,
    windowMinutes: 15,
    refusal: "too-many-codes",
  },
  sendsPerRecipientDaily: {
    scope: "send:recipient-day",
    max: 10,
    windowMinutes: 24 * 60,
    refusal: "too-many-codes",
  },
  sendsPerAddress: { scope: "send:address", max: 20, windowMinutes: 60, refusal: "too-many-codes" },
  /**
   * A sender who moves between the addresses of one network (an IPv4 /24, an IPv6 /48):
   * generous, as a carrier's or an office's network holds many honest visitors.
   */
  sendsPerNetwork: { scope: "send:network", max: 150, windowMinutes: 60, refusal: "too-many-codes" },
  /** Anonymous audit entries (AuditLog/asAnonymous): per address and network, and per booking page a day. */
  auditEntriesPerAddress: { scope: "audit:address", max: 20, windowMinutes: 60, refusal: "too-many-requests" },
  auditEntriesPerNetwork: { scope: "audit:network", max: 100, windowMinutes: 60, refusal: "too-many-requests" },
  auditEntriesPerProvider: { scope: "audit:provider", max: 1000, windowMinutes: 24 * 60, refusal: "too-many-requests" },
  /** Waitlist joins (issue 46): per address and per network over every page, a day; each join counts, made or not. */
  waitlistJoinsPerAddress: { scope: "waitlist:address", max: 10, windowMinutes: 24 * 60, refusal: "too-many-requests" },
  waitlistJoinsPerNetwork: { scope: "waitlist:network", max: 30, windowMinutes: 24 * 60, refusal: "too-many-requests" },
  /** Held times asked for by one address (each choice of a time is one): keeps churn off the database. */
  holdRequestsPerAddress: {
    scope: "hold:address",
    max: 120,
    windowMinutes: 60,
    refusal: "too-many-hold-requests",
  },
  /**
   * Appointments booked on a page that verifies no one (a series counts each of its
   * times): per address and per network on one page, and per address over every page. A
   * stranger takes at most this share of a provider's days; counted in the booking's own
   * transaction, so only bookings made count, whatever the concurrency.
   */
  bookingsPerAddress: { scope: "book:address", max: 12, windowMinutes: 24 * 60, refusal: "too-many-bookings" },
  bookingsPerNetwork: { scope: "book:network", max: 36, windowMinutes: 24 * 60, refusal: "too-many-bookings" },
  bookingsPerAddressAnyPage: { scope: "book:address:any-page", max: 24, windowMinutes: 24 * 60, refusal: "too-many-bookings" },
} satisfies Record<string, Limit>;

/**
 * The limits one code sent to `recipient`, asked for from `address`, counts against. The
 * network's count comes last: a request the address or the recipient already refuses
 * does not use up its neighbours' share.
 */
export const sendLimits = (recipient: string, address: string): readonly (readonly [Limit, string])[] => [
  [limits.sendsPerAddress, address],
  [limits.sendsPerRecipient, recipient],
  [limits.sendsPerRecipientDaily, recipient],
  [limits.sendsPerNetwork, networkOf(address)],
];

/**
 * Counts one event (or `weight` of them) against `limit` for `key`, atomically: one statement increments and
 * returns the new count (a window that has run out starts again at 1). Answers 429 with
 * Retry-After when the count is above the limit: the caller must then not go on to
 * evaluate a guess or send a message. So at most `max` events per window get through,
 * whatever the concurrency.
 */
export async function reserve(db: Queryable, limit: Limit, key: string, now: Date, weight = 1): Promise<Reservation> {
  const [row] = await db.query<{ count: number; windowStartedAt: Date | string }>(
    `INSERT INTO rate_counters (scope, key, count, window_started_at) VALUES ($1, $2, $5, $3)
     ON CONFLICT (scope, key) DO UPDATE SET
       count = CASE WHEN rate_counters.window_started_at > $3::timestamptz - make_interval(mins => $4)
                    THEN rate_counters.count + $5 ELSE $5 END,
       window_started_at = CASE WHEN rate_counters.window_started_at > $3::timestamptz - make_interval(mins => $4)
                                THEN rate_counters.window_started_at ELSE $3 END
     RETURNING count, window_started_at AS "windowStartedAt"`,
    [limit.scope, key, now, limit.windowMinutes, weight],
  );
  const windowStartedAt = new Date(row!.windowStartedAt);
  if (row!.count > limit.max) {
    const secondsLeft = Math.max(1, Math.ceil((windowStartedAt.getTime() + limit.windowMinutes * 60_000 - now.getTime()) / 1000));
    const message = REFUSALS[limit.refusal].message.replace("{minutes}", String(Math.ceil(secondsLeft / 60)));
    throw new Refusal(limit.refusal, message, secondsLeft, limit.scope);
  }
  return {
    // Only this request's own count, and only within the same window: a success never
    // clears what others (an attacker in parallel) have counted.
    async refund(tx) {
      await tx.query("UPDATE rate_counters SET count = greatest(count - $4, 0) WHERE scope = $1 AND key = $2 AND window_started_at = $3", [
        limit.scope,
        key,
        windowStartedAt,
        weight,
      ]);
    },
  };
}

/** Reserves against several limits in order (each counting `weight` events); the first one over stops the request. */
export async function reserveAll(
  db: Queryable,
  entries: readonly (readonly [Limit, string])[],
  now: Date,
  weight = 1,
): Promise<Reservation> {
  const taken: Reservation[] = [];
  for (const [limit, key] of entries) taken.push(await reserve(db, limit, key, now, weight));
  return {
    refund: async (tx) => {
      for (const reservation of taken) await reservation.refund(tx);
    },
  };
}
