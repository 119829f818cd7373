import { randomBytes } from "node:crypto";
import { type Provider, type ServiceBookingSelection, toZoned } from "booking-widget/contract";
import type { ApiDeps } from "../api-deps.ts";
import { type Availability, availabilityFor } from "../availability/availability.ts";
import { type Slot, type SlotRequest, slotsForDay } from "../availability/engine.ts";
import { slotRequestFor } from "../availability/service-selection.ts";
import { providerDateTime } from "../notices/send-receipt.ts";
import { lockStaffCalendar } from "../calendar/staff-calendar-lock.ts";
import type { Database, Queryable } from "../db/database.ts";
import { heldByOthers } from "../calendar/hold-queries.ts";
import { holderOf, type Holder } from "../secrets/holder.ts";
import { appointmentMeets } from "../calendar/appointment-meets.ts";
import { dropLapsedHolds, insertHold } from "../calendar/hold-rows.ts";
import { waitlistOfferMessage } from "../outbox/message-texts.ts";
import { findProviderById } from "../providers/provider-queries.ts";
import { type FreedTime, freedDays, freedFor, liveFreedTimes, lostFreedTimes } from "./freed-times.ts";
import { bookedByOthers, mayOffer, offeredSlot, type OfferState, type PastOffer, type WaitlistMode } from "./waitlist-rules.ts";

/** The advisory-lock key space of a page's waitlist (joins and offers take it per page). */
export const WAITLIST_LOCK = 46;
/** How an offer stands (waitlist-rules.ts OfferState), from its row `o` at $2 (now). */
const OFFER_STATE_SQL = `CASE WHEN o.taken_at IS NOT NULL THEN 'taken' WHEN o.lost THEN 'lost'
  WHEN o.expired_at IS NOT NULL OR o.expires_at <= $2 THEN 'lapsed' ELSE 'live' END`;
/** First in line, offers one pass makes for one page before the next pass goes on. */
const OFFERS_PER_PAGE_PASS = 20;
/** The first sweep looks this far back for times the clock freed (a server that was down, a list switched on); no sweep looks further. */
const FIRST_SWEEP_MS = 24 * 3_600_000;

/** The standalone host page's offer address (/{bookingLink}/venteliste?tilbud=): the widget books the offered time there. */
export const offerUrl = (siteUrl: string, bookingLink: string, token: string) =>
  `${siteUrl.replace(/\/$/, "")}/${bookingLink}/venteliste?tilbud=${encodeURIComponent(token)}`;

interface WaitingEntry {
  id: number;
  customerId: number;
  serviceIds: number[];
  serviceBookings: ServiceBookingSelection[];
  staffMemberId: number | null;
  days: string[];
  after: string | null;
  before: string | null;
  /** The offers its customer had that bear on what it may be offered (mayOffer): this entry's, and the customer's live ones. */
  offers: { entryId: number; start: Date | string; state: OfferState }[];
  language: string;
  phoneNumber: string;
  phoneVerified: boolean;
  emailAddress: string;
  emailVerified: boolean;
}

/**
 * One pass of the waitlist's offer worker (issue 46; the server runs it every 2 seconds,
 * in every process): notes the times the clock alone freed since the last pass (holds,
 * offers and unpaid bookings that lapsed), ends lapsed offers, ends the notify-all offers
 * whose time someone else booked (lost), then offers each page's freed times to its
 * waiting entries. Answers how many offers it made, ended by the clock and lost.
 */
export async function offerFreedTimes(deps: ApiDeps, siteUrl: string): Promise<{ offered: number; expired: number; lost: number }> {
  const now = deps.clock.now();
  // An API whose pages keep no list, with no offer left to end, has nothing to do: no transaction, no write, every 2 s.
  const [work] = await deps.db.query<{ any: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM providers WHERE waitlist_enabled)
         OR EXISTS (SELECT 1 FROM waitlist_offers WHERE taken_at IS NULL AND expired_at IS NULL) AS any`,
  );
  if (!work?.any) return { offered: 0, expired: 0, lost: 0 };
  const expired = await sweepLapsed(deps.db, now);
  if (expired > 0) {
    deps.metrics.waitlist.inc({ event: "expired" }, expired);
    deps.logger.info("waitlist offers expired", { offers: expired });
  }
  let lost = 0;
  const racing = await deps.db.query<{ providerId: number }>(
    `SELECT DISTINCT provider_id AS "providerId" FROM waitlist_offers WHERE NOT held AND taken_at IS NULL AND expired_at IS NULL`,
  );
  for (const { providerId } of racing) lost += await endLostOffers(deps, providerId, now);
  if (lost > 0) {
    deps.metrics.waitlist.inc({ event: "lost" }, lost);
    deps.logger.info("waitlist offers lost", { offers: lost });
  }
  let offered = 0;
  const pages = await deps.db.query<{ providerId: number }>(`SELECT DISTINCT provider_id AS "providerId" FROM waitlist_freed`);
  for (const { providerId } of pages) {
    // First in line, a pass offers one time and writes what is left of the freed time again.
    for (let pass = 0; pass < OFFERS_PER_PAGE_PASS; pass++) {
      const made = await offerPage(deps, providerId, siteUrl, now);
      offered += made;
      if (made === 0) break;
    }
  }
  return { offered, expired, lost };
}

/**
 * What frees by the clock alone, with no write to hang a trigger on: holds (an offer's
 * too) and unpaid bookings whose time ran out since the last sweep are written to
 * waitlist_freed, and offers past their time are ended. One sweep at a time (the row's
 * lock), so each lapse is written once.
 */
async function sweepLapsed(db: Database, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const [sweep] = await tx.query<{ sweptUntil: Date | string | null }>(
      `SELECT swept_until AS "sweptUntil" FROM waitlist_sweep WHERE id = 1 FOR UPDATE`,
    );
    // Never further back than the first sweep looks: a list switched on after a long while starts from there.
    const from = new Date(Math.max(sweep?.sweptUntil ? new Date(sweep.sweptUntil).getTime() : 0, now.getTime() - FIRST_SWEEP_MS));
    if (from < now) {
      await tx.query(
        `INSERT INTO waitlist_freed (provider_id, staff_member_id, freed_from, freed_until)
         SELECT h.provider_id, h.staff_member_id, h.blocked_from, h.blocked_until
           FROM slot_holds h JOIN providers p ON p.id = h.provider_id
          WHERE p.waitlist_enabled AND h.expires_at > $1 AND h.expires_at <= $2
         UNION ALL
         SELECT a.provider_id, a.staff_member_id, a.blocked_from, a.blocked_until
           FROM appointments a JOIN providers p ON p.id = a.provider_id
          WHERE p.waitlist_enabled AND a.status = 'awaiting_payment' AND a.hold_expires_at > $1 AND a.hold_expires_at <= $2`,
        [from, now],
      );
      await tx.query("UPDATE waitlist_sweep SET swept_until = $1 WHERE id = 1", [now]);
    }
    const ended = await tx.query(
      "UPDATE waitlist_offers SET expired_at = $1 WHERE taken_at IS NULL AND expired_at IS NULL AND expires_at <= $1 RETURNING id",
      [now],
    );
    return ended.length;
  });
}

/**
 * Offers one page's freed times, under its list lock (so two processes never offer the
 * same time twice, and joins wait): first in line, the earliest matching entry gets the
 * time held for it (one offer; what is left of the freed time is written again for the
 * next pass); notify-all, every matching entry is told. An entry matches when its days,
 * part of the day and staff member take a slot of its services that lies in a freed
 * time and is free now, and whose start it may be offered (mayOffer: first in line one
 * live offer per customer; an entry is offered a start once, unless it lost it to
 * another's booking). Answers the offers made.
 */
async function offerPage(deps: ApiDeps, providerId: number, siteUrl: string, now: Date): Promise<number> {
  const { db } = deps;
  const made = await db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock($1, $2)", [WAITLIST_LOCK, providerId]);
    const freed = await tx.query<{ from: Date | string; until: Date | string; staffMemberId: number | null; entryIds: number[] | null }>(
      `DELETE FROM waitlist_freed WHERE provider_id = $1
       RETURNING freed_from AS "from", freed_until AS "until", staff_member_id AS "staffMemberId", entry_ids AS "entryIds"`,
      [providerId],
    );
    const times = liveFreedTimes(freed, now);
    if (times.length === 0) return [];
    const provider = await findProviderById(tx, providerId);
    const [settings] = await tx.query<{ enabled: boolean; mode: WaitlistMode; offerMinutes: number }>(
      `SELECT waitlist_enabled AS enabled, waitlist_mode AS mode, waitlist_offer_minutes AS "offerMinutes" FROM providers WHERE id = $1`,
      [providerId],
    );
    if (!provider || !settings?.enabled) return [];
    const days = freedDays(times, provider.timeZone);
    const availability = await availabilityFor(tx, provider, now, { dates: { from: days[0]!, to: days.at(-1)! } });
    const entries = await tx.query<WaitingEntry>(
      `SELECT e.id, e.customer_id AS "customerId", e.service_ids AS "serviceIds", e.service_bookings AS "serviceBookings",
              e.staff_member_id AS "staffMemberId", ARRAY(SELECT to_char(d, 'YYYY-MM-DD') FROM unnest(e.days) AS d ORDER BY d) AS days,
              e.after_time AS after, e.before_time AS before, e.language,
              (SELECT coalesce(json_agg(json_build_object('entryId', o.entry_id, 'start', o.starts_at, 'state', ${OFFER_STATE_SQL})), '[]')
                 FROM waitlist_offers o
                WHERE o.entry_id = e.id OR (o.customer_id = e.customer_id AND o.taken_at IS NULL AND o.expired_at IS NULL AND o.expires_at > $2)) AS offers,
              coalesce(c.phone_number, '') AS "phoneNumber", c.phone_verified AS "phoneVerified",
              c.email_address AS "emailAddress", c.email_verified AS "emailVerified"
         FROM waitlist_entries e JOIN customer_accounts c ON c.id = e.customer_id
        WHERE e.provider_id = $1 AND e.removed_at IS NULL AND e.ends_at > $2 AND e.days && $3::date[]
        ORDER BY e.created_at, e.id`,
      [providerId, now, days],
    );
    const held = settings.mode === "first-in-line";
    const expiresAt = new Date(now.getTime() + settings.offerMinutes * 60_000);
    const offered: number[] = [];
    const customers = new Set<number>();
    for (const entry of entries) {
      if (customers.has(entry.customerId)) continue;
      const had: PastOffer[] = entry.offers.map((offer) => ({ ...offer, start: new Date(offer.start) }));
      const found = slotFor(availability, entry, times, provider.timeZone, (start) => mayOffer(entry.id, start, had, settings.mode));
      if (!found) continue;
      const { slot, freed: from } = found;
      const token = randomBytes(24).toString("hex");
      const holder = holderOf(deps.keys, token)!;
      const staffId = held ? await holdForOffer(tx, provider, slot, holder, entry.id, expiresAt, now) : slot.staffIds[0]!;
      // Taken since the schedule was read: nothing to offer anyone (a booking or a hold got it first).
      if (staffId === null) break;
      const [offer] = await tx.query<{ id: number }>(
        `INSERT INTO waitlist_offers (entry_id, provider_id, customer_id, staff_member_id, starts_at, ends_at, held, token_digest, created_at, expires_at,
                                      freed_from, freed_until, freed_staff_member_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
        [
          entry.id,
          providerId,
          entry.customerId,
          staffId,
          slot.start,
          slot.end,
          held,
          holder,
          now,
          expiresAt,
          from.start,
          from.end,
          from.staffMemberId,
        ],
      );
      await tellCustomer(tx, deps, provider, entry, { slot, expiresAt, held, link: offerUrl(siteUrl, provider.bookingLink, token) }, now);
      offered.push(offer!.id);
      customers.add(entry.customerId);
      if (held) {
        // The rest of the freed time (a long cancel, several short wishes) waits for the next pass.
        for (const time of times) {
          await noteFreed(tx, providerId, time);
        }
        break;
      }
    }
    return offered;
  });
  if (made.length > 0) {
    deps.metrics.waitlist.inc({ event: "offered" }, made.length);
    deps.logger.info("waitlist offers made", { providerId, offers: made.length });
  }
  return made.length;
}

/** What the engine is asked for an entry's services with its staff member (or any); null when the page no longer offers one of them. */
function requestFor(
  availability: Availability,
  entry: Pick<WaitingEntry, "serviceIds" | "serviceBookings" | "staffMemberId">,
): SlotRequest | null {
  const bookings =
    entry.serviceBookings.length > 0 ? entry.serviceBookings : entry.serviceIds.map((serviceId) => ({ serviceId, extraServiceIds: [] }));
  try {
    return slotRequestFor(availability.resolve(bookings), entry.staffMemberId);
  } catch {
    return null;
  }
}

/**
 * The first slot of the entry's services on one of its days that lies in a freed time
 * for it (freedFor), that its wish takes and whose start it may be offered (mayOffer),
 * with the freed time it lies in; null if none.
 */
function slotFor(
  availability: Availability,
  entry: WaitingEntry,
  times: readonly FreedTime[],
  timeZone: string,
  offerable: (start: Date) => boolean,
): { slot: Slot; freed: FreedTime } | null {
  const request = requestFor(availability, entry);
  if (!request) return null; // A service the page no longer offers: nothing to offer this entry.
  const wish = { days: entry.days, window: { after: entry.after, before: entry.before }, staffMemberId: entry.staffMemberId };
  const forEntry = times.filter((time) => freedFor(time, entry.id));
  for (const day of entry.days) {
    const slots = slotsForDay(availability.schedule, request, day).filter((slot) => offerable(slot.start));
    for (const time of forEntry) {
      const slot = offeredSlot(wish, slots, time, timeZone);
      if (slot) return { slot, freed: time };
    }
  }
  return null;
}

/** Writes a freed time for the next pass (for every entry, or again for the entries that lost an offer from it). */
async function noteFreed(tx: Queryable, providerId: number, time: FreedTime) {
  await tx.query(
    "INSERT INTO waitlist_freed (provider_id, staff_member_id, freed_from, freed_until, entry_ids) VALUES ($1, $2, $3, $4, $5)",
    [providerId, time.staffMemberId, time.start, time.end, time.entryIds],
  );
}

/**
 * Notify-all (issue 57): a page's live offers whose time someone else has booked end as
 * lost, and their links say so (taken; still on the list). Their entries then hear of the
 * next freed time that fits, and of this one again if it frees again (the winner
 * cancels). Under the page's list lock, as offers are made: a cancel that frees the time
 * again is either read here (not lost) or offered after (to the entries that lost it).
 * Holds do not count (bookedByOthers). Answers how many ended.
 */
async function endLostOffers(deps: ApiDeps, providerId: number, now: Date): Promise<number> {
  return deps.db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock($1, $2)", [WAITLIST_LOCK, providerId]);
    const live = await tx.query<
      { id: number; start: Date | string } & Pick<WaitingEntry, "serviceIds" | "serviceBookings" | "staffMemberId">
    >(
      `SELECT o.id, o.starts_at AS start, e.service_ids AS "serviceIds", e.service_bookings AS "serviceBookings",
              e.staff_member_id AS "staffMemberId"
         FROM waitlist_offers o JOIN waitlist_entries e ON e.id = o.entry_id
        WHERE o.provider_id = $1 AND NOT o.held AND o.taken_at IS NULL AND o.expired_at IS NULL AND o.expires_at > $2`,
      [providerId, now],
    );
    const provider = live.length > 0 ? await findProviderById(tx, providerId) : undefined;
    if (!provider) return 0;
    const days = live.map((offer) => toZoned(new Date(offer.start), provider.timeZone).isoDate).sort();
    const availability = await availabilityFor(tx, provider, now, { dates: { from: days[0]!, to: days.at(-1)! } });
    const lost = live.filter((offer) => {
      const request = requestFor(availability, offer);
      return request !== null && bookedByOthers(availability.schedule, request, new Date(offer.start));
    });
    if (lost.length === 0) return 0;
    const ended = await tx.query<{ entryId: number; from: Date | null; until: Date | null; staffMemberId: number | null }>(
      `UPDATE waitlist_offers SET expired_at = $2, lost = true WHERE id = ANY($1::int[]) AND taken_at IS NULL AND expired_at IS NULL
       RETURNING entry_id AS "entryId", freed_from AS "from", freed_until AS "until", freed_staff_member_id AS "staffMemberId"`,
      [lost.map((offer) => offer.id), now],
    );
    // The freed time each came from, again, for the entries that lost it: what the winner left of it may still suit them.
    for (const time of lostFreedTimes(ended, now)) await noteFreed(tx, providerId, time);
    return ended.length;
  });
}

/**
 * Holds the offered slot for the offer's link (its holder is the link's secret), with the
 * first of the slot's staff still free under their calendar lock, as a hold of a visitor
 * is made (hold-time.ts): null when the time was taken meanwhile.
 */
async function holdForOffer(tx: Queryable, provider: Provider, slot: Slot, holder: Holder, entryId: number, expiresAt: Date, now: Date) {
  for (const staffId of slot.staffIds) {
    await lockStaffCalendar(tx, staffId);
    await dropLapsedHolds(tx, now, staffId);
    // Checked, not left to the constraint: its error would end the offer pass's whole transaction.
    if (await appointmentMeets(tx, staffId, slot.blocked, now, null)) continue;
    if (await heldByOthers(tx, staffId, slot.blocked.start, slot.blocked.end, now, undefined)) continue;
    const address = `waitlist-entry:${entryId}`;
    await insertHold(tx, {
      providerId: provider.userId,
      staffId,
      slot,
      holder,
      address,
      place: 1,
      expiresAt,
      now,
      session: null,
      position: 1,
    });
    return staffId;
  }
  return null;
}

/** The offer's message, by SMS to a proven phone, else by e-mail to a proven address, in the entry's language. */
async function tellCustomer(
  tx: Queryable,
  deps: ApiDeps,
  provider: Provider,
  entry: WaitingEntry,
  offer: { slot: Slot; expiresAt: Date; held: boolean; link: string },
  now: Date,
) {
  const { date, time } = providerDateTime(offer.slot.start, provider);
  const until = providerDateTime(offer.expiresAt, provider).time;
  const message = waitlistOfferMessage(entry.language, provider.companyName, { date, time, until, link: offer.link, held: offer.held });
  if (entry.phoneVerified && entry.phoneNumber) await deps.messenger.send(tx, { channel: "sms", to: entry.phoneNumber, ...message }, now);
  else if (entry.emailVerified && entry.emailAddress)
    await deps.messenger.send(tx, { channel: "email", to: entry.emailAddress, ...message }, now);
}
