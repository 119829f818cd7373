import { randomBytes } from "node:crypto";
import type { BookingSeries, HeldTime, Provider } from "booking-widget/contract";
import type { ApiDeps } from "../api-deps.ts";
import type { Queryable } from "../db/database.ts";
import { Refusal, refuse } from "../http-errors.ts";
import { dropHold } from "../calendar/hold-queries.ts";
import { holderOf, type Holder } from "../secrets/holder.ts";
import { isExclusionViolation } from "../calendar/taken-meanwhile.ts";
import { appointmentMeets } from "../calendar/appointment-meets.ts";
import { dropLapsedHolds, insertHold } from "../calendar/hold-rows.ts";
import { requestedSlot, type SlotWish } from "../calendar/requested-slot.ts";
import { lockStaffCalendar } from "../calendar/staff-calendar-lock.ts";
import { limits, reserve } from "../limits/counted-limits.ts";
import { placeLeft, sessionOf } from "../calendar/group-places.ts";
import { planSeries } from "../calendar/series-plan.ts";
import { offerHoldEnds } from "../calendar/offer-holds.ts";

/** How long a chosen time stays held for its visitor. */
export const HOLD_MINUTES = 10;
/** Holds one network address may have at once (the table's address places, 1 to 3). */
export const HOLDS_PER_ADDRESS = 3;
/**
 * Staff minutes one network address may hold at once, over all its holds: a visitor's
 * one hold may be as long as any booking the page offers, but an address cannot add
 * holds beyond this (so a few long combinations cannot block a day).
 */
export const HELD_MINUTES_PER_ADDRESS = 180;
/** The advisory-lock key space for one address's holds (staff calendars are 1). */
const ADDRESS_HOLDS = 2;

/** The time to hold, as a booking names it, and the visitor's token when they have one. */
export type HoldWish = SlotWish & { holdToken?: string | undefined; series?: BookingSeries | undefined };

class Taken extends Error {}
const violated = (error: unknown, constraint: string) =>
  (error as { code?: string; constraint?: string } | null)?.code === "23505" &&
  (error as { constraint?: string }).constraint === constraint;

/**
 * Holds a time for one visitor for HOLD_MINUTES, replacing the visitor's earlier hold
 * (a new choice gives the old time back, whether or not the new one is free). 400 when
 * the time can never be booked, 409 when it is taken (booked or held by another), 429
 * over the address's limits. The first free staff member offering the time holds it.
 */
export async function holdTime(deps: ApiDeps, provider: Provider, wish: HoldWish, address: string, now: Date): Promise<HeldTime> {
  const { db, keys } = deps;
  const holdToken = wish.holdToken ?? randomBytes(24).toString("hex");
  const holder = holderOf(keys, holdToken)!;
  // A request that can never hold (400) changes nothing; any other counts, and gives the visitor's earlier hold back.
  const { offered, selection } = await requestedSlot(db, provider, wish, now, undefined, holder);
  // A series (issue 42) is held whole: its later occurrences with the chosen time, as one hold.
  const series = wish.series && offered ? await planSeries(db, provider, wish, wish.series, offered, now, holder) : null;
  await reserve(db, limits.holdRequestsPerAddress, address, now);
  // The earlier hold goes now, unless it is of this very time (held again, as a waitlist offer's
  // link does): that one is replaced in the transaction below, never let go in between.
  await dropHold(db, holder, offered?.start);
  if (!offered) refuse("time-taken");
  // A waitlist offer's link holds its time for as long as the offer promised, if that is longer.
  const offerEnds = await offerHoldEnds(db, holder, offered.start, now);
  const expiresAt = new Date(Math.max(now.getTime() + HOLD_MINUTES * 60_000, offerEnds?.getTime() ?? 0));
  const times = [offered, ...(series?.slots ?? [])];
  for (const staffId of series?.staffIds ?? offered.staffIds) {
    // A parallel hold from the same address may take the place this one picked: pick again.
    for (let attempt = 0; attempt <= HOLDS_PER_ADDRESS; attempt++) {
      try {
        const holdId = await db.transaction(async (tx) => {
          await lockStaffCalendar(tx, staffId);
          await dropLapsedHolds(tx, now, staffId, address);
          await dropHold(tx, holder);
          for (const slot of times) {
            const session = sessionOf(selection, slot);
            if (await appointmentMeets(tx, staffId, slot.blocked, now, session)) throw new Taken();
            // A hold takes a place of a group session: the last one goes to one visitor.
            if (session && !(await placeLeft(tx, staffId, session, selection.capacity, now, { holder }))) throw new Taken();
          }
          // The address's holds are counted and written one request at a time (after the staff lock, always in this order).
          await tx.query("SELECT 1 FROM (SELECT pg_advisory_xact_lock($1::int, hashtext($2))) AS locked", [ADDRESS_HOLDS, address]);
          // Buffers keep the staff member too: they count. A series' later occurrences are one a week
          // on other days: the chosen time's minutes count, as the address's share of a day.
          const minutes = (offered.blocked.end.getTime() - offered.blocked.start.getTime()) / 60_000;
          const [held] = await tx.query<{ holds: number; minutes: number }>(
            `SELECT count(*)::int AS holds, coalesce(sum(extract(epoch FROM blocked_until - blocked_from)) / 60, 0)::int AS minutes
               FROM slot_holds WHERE client_address = $1 AND expires_at > $2 AND series_position = 1`,
            [address, now],
          );
          if (held!.holds > 0 && held!.minutes + minutes > HELD_MINUTES_PER_ADDRESS) throw await tooManyHolds(tx, address, now);
          const [free] = await tx.query<{ place: number }>(
            `SELECT place FROM generate_series(1, ${HOLDS_PER_ADDRESS}) AS place
              WHERE NOT EXISTS (SELECT 1 FROM slot_holds WHERE client_address = $1 AND address_place = place) ORDER BY place LIMIT 1`,
            [address],
          );
          if (!free) throw await tooManyHolds(tx, address, now);
          const ids: string[] = [];
          for (const [index, slot] of times.entries()) {
            const session = sessionOf(selection, slot);
            ids.push(
              await insertHold(tx, {
                providerId: provider.userId,
                staffId,
                slot,
                holder,
                address,
                place: free.place,
                expiresAt,
                now,
                session,
                position: index + 1,
              }),
            );
          }
          return ids[0]!;
        });
        return {
          holdToken,
          holdId,
          start: offered.start.toISOString(),
          end: offered.end.toISOString(),
          expiresAt: expiresAt.toISOString(),
          secondsLeft: Math.round((expiresAt.getTime() - now.getTime()) / 1000),
        };
      } catch (error) {
        if (violated(error, "slot_holds_places_per_address") || violated(error, "slot_holds_one_per_holder")) continue;
        if (error instanceof Taken || isExclusionViolation(error)) break;
        throw error;
      }
    }
  }
  refuse("time-taken");
}

/**
 * Gives a visitor's hold back (only the hold `holdId` names, when given); false when there
 * was none (already booked, lapsed, unknown, or since replaced by a newer hold of the token).
 */
export async function releaseHold(db: Queryable, providerId: number, holder: Holder, holdId?: string): Promise<boolean> {
  // A series' hold is several rows: its id (the first row's) gives them all back.
  const rows = await db.query(
    `DELETE FROM slot_holds WHERE holder_digest = $1 AND provider_id = $2
        AND ($3::uuid IS NULL OR EXISTS (SELECT 1 FROM slot_holds named WHERE named.holder_digest = $1 AND named.hold_id = $3::uuid))
      RETURNING id`,
    [holder, providerId, holdId ?? null],
  );
  return rows.length > 0;
}

/** 429 with Retry-After: when the address's first hold runs out. */
async function tooManyHolds(tx: Queryable, address: string, now: Date) {
  const [first] = await tx.query<{ expiresAt: Date | string }>(
    `SELECT min(expires_at) AS "expiresAt" FROM slot_holds WHERE client_address = $1`,
    [address],
  );
  const seconds = Math.max(1, Math.ceil((new Date(first!.expiresAt).getTime() - now.getTime()) / 1000));
  return new Refusal("too-many-holds", undefined, seconds, "hold-minutes:address");
}
