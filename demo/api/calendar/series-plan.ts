import {
  type BookingSeries,
  type Provider,
  type SeriesPreview,
  addDays,
  chosenStaff,
  formatClock,
  fromZoned,
  isoDateOf,
  pad2 as pad,
  seriesFitting,
} from "booking-widget/contract";
import { availabilityFor } from "../availability/availability.ts";
import { bookingWindow, slotStartingAt, type Slot, type SlotRequest } from "../availability/engine.ts";
import { hourLabeller } from "../availability/hour-labels.ts";
import { seriesOccurrences, seriesStaff } from "../availability/series-occurrences.ts";
import { slotRequestFor } from "../availability/service-selection.ts";
import type { Queryable } from "../db/database.ts";
import { badRequest, refuse } from "../http-errors.ts";
import type { Holder } from "../secrets/holder.ts";
import type { SlotWish } from "./requested-slot.ts";

/**
 * Series (issue 42): the checks a preview and a booking share, and the preview itself.
 * Every occurrence is the first one's wall-clock time on its date with the first one's
 * staff member, unless the visitor took another free time that day for a taken one.
 */

interface SeriesRuleRow {
  title: string;
  everyWeeks: number[] | null;
  maxOccurrences: number | null;
}

/** The service's series rule, or 400 naming what it does not allow. */
async function seriesRuleOf(db: Queryable, providerId: number, serviceId: number, everyWeeks: number, occurrences: number) {
  const [service] = await db.query<SeriesRuleRow>(
    `SELECT title, series_every_weeks AS "everyWeeks", series_max_occurrences AS "maxOccurrences"
       FROM services WHERE provider_id = $1 AND id = $2 AND parent_id IS NULL`,
    [providerId, serviceId],
  );
  if (!service) return badRequest(`Service ${serviceId} is not offered here`);
  if (!service.everyWeeks || !service.maxOccurrences) return badRequest(`Invalid series: ${service.title} is not booked as a series`);
  const weeks = service.everyWeeks.map(Number);
  if (!weeks.includes(everyWeeks)) badRequest(`Invalid series: ${service.title} repeats every ${weeks.join(" or ")} week(s)`);
  if (occurrences > service.maxOccurrences)
    badRequest(`Invalid series: ${service.title} is booked at most ${service.maxOccurrences} times`);
  return { ...service, everyWeeks: weeks, maxOccurrences: service.maxOccurrences };
}

/** The provider's availability over the whole window, and the series' first date and time, checked. */
async function seriesGround(db: Queryable, provider: Provider, wish: SlotWish, now: Date, holder: Holder | undefined) {
  const first = isoDateOf(wish.year, wish.month, wish.day) ?? badRequest(`Invalid date ${wish.year}-${pad(wish.month)}-${pad(wish.day)}`);
  if (wish.serviceBookings.length !== 1) badRequest("Invalid series: a series books one service");
  const availability = await availabilityFor(db, provider, now, { holder });
  const selection = availability.resolveBookable(wish.serviceBookings);
  const request = slotRequestFor(selection, chosenStaff(provider, wish.staffMemberId));
  return { first, time: `${pad(wish.hour)}:${pad(wish.minute)}`, schedule: availability.schedule, request };
}

/** 400 when `count` occurrences every `everyWeeks` weeks from `first` reach past the booking window. */
function assertWithinWindow(window: { to: string }, first: string, everyWeeks: number, count: number) {
  if (seriesFitting(first, everyWeeks, count, window.to) < count) {
    badRequest(`Invalid series: ${count} times every ${everyWeeks} week(s) from ${first} reach past the booking window (${window.to})`);
  }
}

/** POST Appointment/series: each occurrence of the wished series, free or taken (with the nearest free times). */
export async function previewSeries(
  db: Queryable,
  provider: Provider,
  wish: SlotWish & { everyWeeks: number; occurrences: number },
  now: Date,
  holder: Holder | undefined,
): Promise<SeriesPreview> {
  const { first, time, schedule, request } = await seriesGround(db, provider, wish, now, holder);
  await seriesRuleOf(db, provider.userId, wish.serviceBookings[0]!.serviceId, wish.everyWeeks, wish.occurrences);
  assertWithinWindow(bookingWindow(schedule), first, wish.everyWeeks, wish.occurrences);
  const staffId = seriesStaff(schedule, request, first, time, wish.everyWeeks, wish.occurrences) ?? refuse("occupied");
  // A slot's start as the day's hours name it (the customer's end is not asked for here).
  const labelled = hourLabeller(provider.timeZone, provider.timeFormat, 0);
  const label = (slot: Slot) => {
    const { backendLabel, label } = labelled(slot);
    return { backendLabel, label };
  };
  const [h, m] = time.split(":").map(Number) as [number, number];
  return {
    staffMemberId: staffId,
    occurrences: seriesOccurrences(schedule, request, first, time, wish.everyWeeks, wish.occurrences, staffId).map((o) => ({
      date: o.date,
      backendLabel: time,
      label: formatClock(h, m, provider.timeFormat),
      state: o.slot ? "free" : "taken",
      alternatives: o.alternatives.map(label),
    })),
  };
}

/** A booking's series, checked: the later occurrences' slots, and the staff members free at every one of them (and at the first). */
export interface PlannedSeries {
  /** The occurrences after the first, in date order, with their offered slots (any of `staffIds` may take each). */
  slots: Slot[];
  staffIds: number[];
  request: SlotRequest;
}

/**
 * The series a booking asks for, checked against the service's rule, the window and the
 * calendar: 400 for what can never be booked (a date off the series' weeks, one twice,
 * too many, past the window, a time that day that is never offered), and the staff who
 * are free at every occurrence (empty when none is: the caller answers occupied).
 */
export async function planSeries(
  db: Queryable,
  provider: Provider,
  wish: SlotWish,
  series: BookingSeries,
  firstSlot: Slot,
  now: Date,
  holder: Holder | undefined,
): Promise<PlannedSeries> {
  const { first, schedule, request } = await seriesGround(db, provider, wish, now, holder);
  const count = series.occurrences.length + 1;
  const rule = await seriesRuleOf(db, provider.userId, wish.serviceBookings[0]!.serviceId, series.everyWeeks, count);
  const dates = series.occurrences.map(
    (o) => isoDateOf(o.year, o.month, o.day) ?? badRequest(`Invalid series: ${o.year}-${pad(o.month)}-${pad(o.day)} is not a date`),
  );
  const window = bookingWindow(schedule);
  const allowed = new Set(Array.from({ length: rule.maxOccurrences - 1 }, (_, k) => addDays(first, 7 * series.everyWeeks * (k + 1))));
  dates.forEach((date, index) => {
    if (!allowed.has(date))
      badRequest(`Invalid series: ${date} is not a date of a series every ${series.everyWeeks} week(s) from ${first}`);
    if (index > 0 && date <= dates[index - 1]!) badRequest("Invalid series: the occurrences must be in date order, each once");
    if (date > window.to) badRequest(`Invalid series: ${date} is past the booking window (${window.to})`);
  });
  let staffIds = [...firstSlot.staffIds];
  const slots: Slot[] = [];
  for (const [index, occurrence] of series.occurrences.entries()) {
    const date = dates[index]!;
    const start = fromZoned(date, `${pad(occurrence.hour)}:${pad(occurrence.minute)}`, provider.timeZone).getTime();
    const slot = slotStartingAt(schedule, request, date, start);
    if (slot === "never") badRequest(`Invalid series: ${date} ${pad(occurrence.hour)}:${pad(occurrence.minute)} cannot be booked`);
    if (slot === "taken") return { slots: [], staffIds: [], request };
    staffIds = staffIds.filter((id) => slot.staffIds.includes(id));
    slots.push(slot);
  }
  return { slots, staffIds, request };
}
