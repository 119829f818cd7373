import { addDays, fromZoned, pad2, toZoned } from "booking-widget/contract";
import { type ProviderSchedule, type Slot, type SlotRequest, slotStartingAt } from "../availability/engine.ts";

/** The most days one entry waits for (issue 46: "the day, or up to 3 days"). */
export const MAX_WAITLIST_DAYS = 3;

/** How a page offers a freed time: to the first entry in line (held for it), or to every matching entry (first to book wins). */
export type WaitlistMode = "first-in-line" | "notify-all";

/** A page's waitlist (the providers file): off unless switched on; an offer lasts `offerMinutes`. */
export interface WaitlistSettings {
  enabled: boolean;
  offerMinutes: number;
  mode: WaitlistMode;
}

export const DEFAULT_WAITLIST: WaitlistSettings = { enabled: false, offerMinutes: 15, mode: "first-in-line" };

/** An optional part of the day, in the page's time zone: a time from `after` and before `before` (HH:mm). */
export interface TimeWindow {
  after: string | null;
  before: string | null;
}

/** What one entry waits for. */
export interface WaitlistWish {
  /** Provider-zone dates (YYYY-MM-DD), sorted, distinct. */
  days: readonly string[];
  window: TimeWindow;
  /** One staff member, or null: any who offers the services. */
  staffMemberId: number | null;
}

/**
 * The days a visitor asked to wait for, checked: 1 to 3 distinct dates, none before the
 * page's today and none past its booking window. Answers them sorted, or why not (the
 * refusal's words).
 */
export function waitlistDays(asked: readonly string[], today: string, lastBookableDay: string): { days: string[] } | { problem: string } {
  const days = [...new Set(asked)].sort();
  if (days.length === 0) return { problem: "name at least one day" };
  if (days.length > MAX_WAITLIST_DAYS) return { problem: `name at most ${MAX_WAITLIST_DAYS} days` };
  if (days.some((day) => !/^\d{4}-\d{2}-\d{2}$/.test(day) || addDays(day, 0) !== day))
    return { problem: "days must be dates (YYYY-MM-DD)" };
  if (days[0]! < today) return { problem: "a day has passed already" };
  if (days.at(-1)! > lastBookableDay) return { problem: "a day is past the booking window" };
  return { days };
}

/** A window checked: HH:mm each, `after` before `before` when both are there; or why not. */
export function timeWindow(after: string | null | undefined, before: string | null | undefined): TimeWindow | { problem: string } {
  const time = /^([01]\d|2[0-3]):[0-5]\d$/;
  if ((after && !time.test(after)) || (before && !time.test(before))) return { problem: "after and before must be HH:mm" };
  if (after && before && after >= before) return { problem: "after must come before before" };
  return { after: after || null, before: before || null };
}

/** Whether a slot (its start, in the page's zone) is one the wish waits for: its day, its window, its staff member. */
export function wishTakes(wish: WaitlistWish, slot: Pick<Slot, "start" | "staffIds">, timeZone: string): boolean {
  const local = toZoned(slot.start, timeZone);
  if (!wish.days.includes(local.isoDate)) return false;
  const time = `${pad2(local.hour)}:${pad2(local.minute)}`;
  if (wish.window.after && time < wish.window.after) return false;
  if (wish.window.before && time >= wish.window.before) return false;
  return wish.staffMemberId === null || slot.staffIds.includes(wish.staffMemberId);
}

/**
 * The slot a freed time offers an entry: the earliest of the day's slots for its services
 * (the availability engine's, with the time now free) that the wish takes and that lies
 * within the freed time. Null: the freed time is of no use to this entry.
 */
export function offeredSlot(wish: WaitlistWish, slots: readonly Slot[], freed: { start: Date; end: Date }, timeZone: string): Slot | null {
  return (
    slots.find(
      (slot) => slot.start.getTime() < freed.end.getTime() && slot.end.getTime() > freed.start.getTime() && wishTakes(wish, slot, timeZone),
    ) ?? null
  );
}

/** When an entry ends by itself: the end of its last day, in the page's zone. */
export function entryEndsAt(days: readonly string[], timeZone: string): Date {
  return fromZoned(addDays(days.at(-1)!, 1), "00:00", timeZone);
}

/** How an offer a customer had stands: live, booked with its link, run out unused, or lost (someone else booked its time first). */
export type OfferState = "live" | "taken" | "lapsed" | "lost";

/** An offer a customer had: for which of their entries, of which start, and how it stands. */
export interface PastOffer {
  entryId: number;
  start: Date;
  state: OfferState;
}

/**
 * Whether `start` may be offered to an entry, given the offers its customer had (issue 57).
 * First in line, a customer has one live offer at a time: each holds a time for them.
 * Notify-all holds nothing, so a live offer keeps no one from hearing of the next freed
 * time; but a customer is never sent a second link to a start they have a live link for
 * (from another of their entries). An entry is offered a start once: an offer that ran
 * out passed the time on, one used did its job. One lost does not count: someone else
 * booked the time first, and if it frees again (they cancel) the entry hears of it again.
 */
export function mayOffer(entryId: number, start: Date, offers: readonly PastOffer[], mode: WaitlistMode): boolean {
  if (mode === "first-in-line" && offers.some((offer) => offer.state === "live")) return false;
  return !offers.some(
    (offer) =>
      offer.start.getTime() === start.getTime() && (offer.state === "live" || (offer.entryId === entryId && offer.state !== "lost")),
  );
}

/**
 * Whether someone else has booked an offered time (notify-all: the first to book wins):
 * the entry's services (`request`, with its staff member or any) no longer start at
 * `start` with anyone free, though an empty calendar would start them there. Only
 * appointments count (the schedule's booked times with an appointment id), not holds: a
 * visitor or another waiting customer holding the time while they book may still let it
 * go. What else ends a time (its notice passed, a day closed) is no loss: the offer runs out.
 */
export function bookedByOthers(schedule: ProviderSchedule, request: SlotRequest, start: Date): boolean {
  const appointmentsOnly = {
    ...schedule,
    staff: schedule.staff.map((member) => ({ ...member, booked: member.booked.filter((taken) => taken.appointmentId !== undefined) })),
  };
  return slotStartingAt(appointmentsOnly, request, toZoned(start, schedule.timeZone).isoDate, start.getTime()) === "taken";
}
