import { pastLastStart, type Provider, todayIn, type WaitlistEntry, type WaitlistJoinRequest } from "booking-widget/contract";
import type { ApiDeps } from "../api-deps.ts";
import { availabilityFor } from "../availability/availability.ts";
import { bookingWindow } from "../availability/engine.ts";
import { networkOf } from "../client-address.ts";
import { customerByToken } from "../customers/customer-accounts.ts";
import { badRequest, notFound, refuse } from "../http-errors.ts";
import { limits, reserve, reserveAll } from "../limits/counted-limits.ts";
import { messageLanguage } from "../outbox/message-texts.ts";
import { WAITLIST_LOCK } from "./waitlist-offers.ts";
import { entryEndsAt, timeWindow, waitlistDays } from "./waitlist-rules.ts";

/** Live entries one customer may have on one page. */
export const ENTRIES_PER_CUSTOMER = 3;
/** Live entries one page takes for one day: a flood of proven strangers never pushes the list past this. */
export const ENTRIES_PER_DAY = 100;

const ENTRY_SELECT = `id, service_ids AS "serviceIds", staff_member_id AS "staffMemberId",
  ARRAY(SELECT to_char(d, 'YYYY-MM-DD') FROM unnest(days) AS d ORDER BY d) AS days,
  after_time AS after, before_time AS before, ends_at AS "endsAt"`;

const asEntry = (row: Omit<WaitlistEntry, "endsAt"> & { endsAt: Date | string }): WaitlistEntry => ({
  ...row,
  endsAt: new Date(row.endsAt).toISOString(),
});

/**
 * The customer a waitlist call is for: a verified account of this page (its token); a
 * verified account has a proven phone or e-mail address (customer_accounts_verified_is_proof),
 * where an offer is sent. A wrong token counts against the address's token limit; no
 * token, or a wrong one, is refused verification-required.
 */
async function provenCustomer(deps: ApiDeps, providerId: number, token: string, address: string) {
  const customer = token ? await customerByToken(deps.db, deps.keys, providerId, token) : undefined;
  if (!customer) {
    if (token) await reserve(deps.db, limits.tokenPerAddress, address, deps.clock.now());
    refuse("verification-required");
  }
  return customer;
}

/**
 * POST Waitlist (issue 46): a proven customer waits for one to three days of a page that
 * keeps a waitlist, for services it books online, with one staff member or any, within an
 * optional part of the day. Bounded: joins per address and per network a day (counted
 * whether made or not), live entries per customer, and live entries per page and day,
 * checked under a lock on the page's list so that parallel joins cannot pass them.
 */
export async function joinWaitlist(deps: ApiDeps, provider: Provider, join: WaitlistJoinRequest, address: string): Promise<WaitlistEntry> {
  const { db, clock } = deps;
  const now = clock.now();
  const [settings] = await db.query<{ enabled: boolean }>("SELECT waitlist_enabled AS enabled FROM providers WHERE id = $1", [
    provider.userId,
  ]);
  if (!settings?.enabled) refuse("waitlist-off");
  await reserveAll(
    db,
    [
      [limits.waitlistJoinsPerAddress, address],
      [limits.waitlistJoinsPerNetwork, networkOf(address)],
    ],
    now,
  );
  const customer = await provenCustomer(deps, provider.userId, join.customerAccountIdentificationCode, address);

  const window = timeWindow(join.after, join.before);
  if ("problem" in window) badRequest(`Invalid waitlist field "after"/"before": ${window.problem}`);
  const availability = await availabilityFor(db, provider, now);
  // The services must be ones the page books online, as for a booking (400 otherwise).
  const selection = availability.resolveBookable(join.serviceBookings);
  // A group session's places are not offered from the list yet: said, not silently never offered.
  if (selection.capacity > 1) badRequest('Invalid waitlist field "serviceBookings": a group service has no waitlist');
  const today = todayIn(provider.timeZone, now);
  const asked = waitlistDays(join.days, today, bookingWindow(availability.schedule).to);
  if ("problem" in asked) badRequest(`Invalid waitlist field "days": ${asked.problem}`);
  // Today after its last possible start frees nothing the entry could take (the widget offers no such day).
  const spans = availability.schedule.openingHours.map((hours) => ({ dayOfWeek: hours.dayOfWeek, closeTime: hours.close }));
  const over = asked.days.find((day) => pastLastStart(day, now, provider.timeZone, spans, selection.blockedMinutes));
  if (over) badRequest(`Invalid waitlist field "days": ${over} is past its last possible start`);
  if (join.staffMemberId !== null && !availability.schedule.staff.some((member) => member.id === join.staffMemberId))
    badRequest('Invalid waitlist field "staffMemberId": no such staff member on this page');

  const row = await db.transaction(async (tx) => {
    // One join at a time per page: the counts below hold whatever the concurrency.
    await tx.query("SELECT pg_advisory_xact_lock($1, $2)", [WAITLIST_LOCK, provider.userId]);
    const [mine] = await tx.query<{ count: number }>(
      "SELECT count(*)::int AS count FROM waitlist_entries WHERE provider_id = $1 AND customer_id = $2 AND removed_at IS NULL AND ends_at > $3",
      [provider.userId, customer.id, now],
    );
    if (mine!.count >= ENTRIES_PER_CUSTOMER) refuse("waitlist-entries-used-up");
    const full = await tx.query(
      `SELECT d FROM unnest($2::date[]) AS d
        WHERE (SELECT count(*) FROM waitlist_entries e WHERE e.provider_id = $1 AND e.removed_at IS NULL AND e.ends_at > $3 AND d = ANY(e.days)) >= $4
        LIMIT 1`,
      [provider.userId, asked.days, now, ENTRIES_PER_DAY],
    );
    if (full.length > 0) refuse("waitlist-full");
    const [entry] = await tx.query<Parameters<typeof asEntry>[0]>(
      `INSERT INTO waitlist_entries (provider_id, customer_id, service_ids, extra_service_ids, staff_member_id, days, after_time, before_time,
         created_at, ends_at, service_bookings, language)
       VALUES ($1, $2, $3, $4, $5, $6::date[], $7, $8, $9, $10, $11, $12) RETURNING ${ENTRY_SELECT}`,
      [
        provider.userId,
        customer.id,
        selection.serviceIds,
        join.serviceBookings.flatMap((booking) => booking.extraServiceIds ?? []),
        join.staffMemberId,
        asked.days,
        window.after,
        window.before,
        now,
        entryEndsAt(asked.days, provider.timeZone),
        JSON.stringify(
          join.serviceBookings.map((booking) => ({ serviceId: booking.serviceId, extraServiceIds: booking.extraServiceIds ?? [] })),
        ),
        messageLanguage(join.language ?? provider.language ?? "no"),
      ],
    );
    return entry!;
  });
  deps.metrics.waitlist.inc({ event: "joined" });
  deps.logger.info("waitlist joined", { providerId: provider.userId, days: asked.days.length });
  return asEntry(row);
}

/** GET Waitlist: the customer's own live entries on this page, soonest first. */
export async function waitlistOf(deps: ApiDeps, provider: Provider, token: string, address: string): Promise<WaitlistEntry[]> {
  const customer = await provenCustomer(deps, provider.userId, token, address);
  const rows = await deps.db.query<Parameters<typeof asEntry>[0]>(
    `SELECT ${ENTRY_SELECT} FROM waitlist_entries
      WHERE provider_id = $1 AND customer_id = $2 AND removed_at IS NULL AND ends_at > $3 ORDER BY days[1], id`,
    [provider.userId, customer.id, deps.clock.now()],
  );
  return rows.map(asEntry);
}

/** DELETE Waitlist/{id}: the customer removes one of their own live entries (another's is no entry: 404). */
export async function leaveWaitlist(deps: ApiDeps, provider: Provider, token: string, id: number, address: string): Promise<void> {
  const customer = await provenCustomer(deps, provider.userId, token, address);
  const removed = await deps.db.query(
    `UPDATE waitlist_entries SET removed_at = $4
      WHERE id = $1 AND provider_id = $2 AND customer_id = $3 AND removed_at IS NULL AND ends_at > $4 RETURNING id`,
    [id, provider.userId, customer.id, deps.clock.now()],
  );
  if (removed.length === 0) notFound("No such waitlist entry");
  deps.metrics.waitlist.inc({ event: "removed" });
}
