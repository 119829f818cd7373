import { addDays, toZoned, weekdayOf } from "booking-widget/contract";
import { instantOf } from "./zoned-instants.ts";

/**
 * The availability engine: which start times can be booked, and by whom. Pure: the
 * routes load the schedule from the database and ask; nothing here does I/O.
 */

/** Inclusive calendar dates, YYYY-MM-DD, in the provider's zone. */
export interface DateRange {
  from: string;
  to: string;
}

export interface Interval {
  start: Date;
  end: Date;
}

/** A taken interval; the appointment's id lets a move ignore its own old time. */
export interface BookedInterval extends Interval {
  appointmentId?: number;
  /** A place in a group session (sessionKey): the session's other places stay open to it. */
  session?: string;
}

/** A group session's key: one service with one staff member at one start (the database's session_key). */
export const sessionKey = (serviceId: number, start: Date) => `${serviceId}@${start.toISOString()}`;

/** A weekly break (dayOfWeek 0 = Sunday) or a one-off pause on a date: HH:mm wall-clock, provider's zone. */
export interface WeeklyBreak {
  dayOfWeek: number;
  start: string;
  end: string;
}
export interface Pause {
  date: string;
  start: string;
  end: string;
}

export interface StaffSchedule {
  id: number;
  /** Services this person offers (top-level service ids). */
  serviceIds: readonly number[];
  vacations: readonly DateRange[];
  /** Time already taken by this person (appointments and others' holds), buffers included. */
  booked: readonly BookedInterval[];
  /** Weekly breaks (a lunch) and one-off pauses: never offered. */
  breaks?: readonly WeeklyBreak[];
  pauses?: readonly Pause[];
}

/** The schedule as if one appointment were not booked: the one a customer is moving. */
export const withoutAppointment = (schedule: ProviderSchedule, appointmentId: number): ProviderSchedule => ({
  ...schedule,
  staff: schedule.staff.map((s) => ({ ...s, booked: s.booked.filter((b) => b.appointmentId !== appointmentId) })),
});

export interface ProviderSchedule {
  timeZone: string;
  /** The moment of asking; nothing at or before it is offered. */
  now: Date;
  /** Bookable dates run from today to today + this many days, inclusive. */
  maxDaysInAdvance: number;
  /** The page's minimum notice: nothing starts sooner after `now` (a service may set its own). */
  minimumNoticeMinutes?: number;
  /** Distance between offered start times (appointmentDistributionInMinutes). */
  stepMinutes: number;
  /** Weekly opening hours; dayOfWeek 0 = Sunday; times HH:mm wall-clock. */
  openingHours: readonly { dayOfWeek: number; open: string; close: string }[];
  /** Days the whole provider is closed. */
  closedDays: readonly DateRange[];
  staff: readonly StaffSchedule[];
}

export interface SlotRequest {
  /** The chosen top-level services; a staff member must offer every one. */
  serviceIds: readonly number[];
  /** What the calendar blocks: durationInMinutes of the services and extras, summed. */
  blockedMinutes: number;
  /** Only this staff member; otherwise any qualified one. */
  staffMemberId?: number | null;
  /** Time the staff member is kept before and after the services (preparing, cleaning): never offered, never shown. */
  bufferBeforeMinutes?: number;
  bufferAfterMinutes?: number;
  /** Each chosen service's own minimum notice, or null for the page's (see noticeMinutes). */
  serviceNoticeMinutes?: readonly (number | null)[];
  /** Customers one staff member takes at one time (a group service, booked alone); 1 otherwise. */
  capacity?: number;
}

export interface Slot extends Interval {
  /** Staff who can take this slot, in schedule order. */
  staffIds: number[];
  /** What the slot keeps its staff member for: the services with their buffers. */
  blocked: Interval;
  /**
   * A group service, counted per class (issue 57: two teachers at once are two classes of
   * six, not one of twelve): the places left in the class a booking joins (staffIds[0]'s),
   * of its places, and how many classes at this time have a place left.
   */
  placesLeft?: number;
  places?: number;
  classes?: number;
}

/**
 * The minimum notice a request asks for: each service's own, or the page's where it has
 * none, and the longest of them for several services (every one of them must be met).
 */
export function noticeMinutes(schedule: ProviderSchedule, request: SlotRequest): number {
  const page = schedule.minimumNoticeMinutes ?? 0;
  const own = request.serviceNoticeMinutes ?? [];
  return own.length === 0 ? page : Math.max(...own.map((minutes) => minutes ?? page));
}

/** The earliest instant a request's slot may start: after now, and after its notice (real minutes, whatever the clocks do). */
export function earliestStart(schedule: ProviderSchedule, request: SlotRequest): number {
  return schedule.now.getTime() + noticeMinutes(schedule, request) * 60_000;
}

/** A member's breaks and pauses as [start, end) milliseconds, on the days around `isoDate` a buffered slot can reach. */
function offTime(member: StaffSchedule, isoDate: string, timeZone: string): number[] {
  const off: number[] = [];
  // Most staff have neither: no calendar arithmetic for them (it is a month's dearest part).
  if (!member.breaks?.length && !member.pauses?.length) return off;
  for (const date of [addDays(isoDate, -1), isoDate, addDays(isoDate, 1)]) {
    const weekday = weekdayOf(date);
    const spans = [
      ...(member.breaks ?? []).filter((b) => b.dayOfWeek === weekday),
      ...(member.pauses ?? []).filter((p) => p.date === date),
    ];
    for (const { start, end } of spans) off.push(instantOf(date, start, timeZone), instantOf(date, end, timeZone));
  }
  return off;
}

const inRange = (isoDate: string, range: DateRange) => range.from <= isoDate && isoDate <= range.to;

/** Today and the last bookable date, in the provider's zone (made once per schedule: a month asks for it every day). */
export function bookingWindow(schedule: ProviderSchedule): DateRange {
  let window = windows.get(schedule);
  if (!window) {
    const today = toZoned(schedule.now, schedule.timeZone).isoDate;
    window = { from: today, to: addDays(today, schedule.maxDaysInAdvance) };
    windows.set(schedule, window);
  }
  return window;
}
const windows = new WeakMap<ProviderSchedule, DateRange>();

/** Whether a staff member is on vacation on `isoDate` (provider's calendar). */
export function isAway(member: StaffSchedule, isoDate: string): boolean {
  return member.vacations.some((range) => inRange(isoDate, range));
}

/** Staff who offer every requested service (and are the requested one, if any). */
export function qualifiedStaff(schedule: ProviderSchedule, request: SlotRequest): StaffSchedule[] {
  return schedule.staff.filter(
    (member) =>
      (request.staffMemberId == null || member.id === request.staffMemberId) &&
      request.serviceIds.length > 0 &&
      request.serviceIds.every((id) => member.serviceIds.includes(id)),
  );
}

// A member's taken time as sorted, merged [start, end) milliseconds, made once per
// schedule: merged, the intervals are sorted by their ends too, so a day's share is
// found by binary search instead of checking every appointment for every slot.
const takenCache = new WeakMap<StaffSchedule, Float64Array>();
function takenOf(member: StaffSchedule): Float64Array {
  let taken = takenCache.get(member);
  if (!taken) {
    const merged: [number, number][] = [];
    for (const { start, end } of [...member.booked].sort((a, b) => a.start.getTime() - b.start.getTime())) {
      const last = merged.at(-1);
      if (last && start.getTime() <= last[1]) last[1] = Math.max(last[1], end.getTime());
      else merged.push([start.getTime(), end.getTime()]);
    }
    taken = new Float64Array(merged.flat());
    takenCache.set(member, taken);
  }
  return taken;
}

/** The member's taken intervals that meet [from, to): a binary search, then a short walk. */
function takenBetween(member: StaffSchedule, from: number, to: number): number[] {
  const taken = takenOf(member);
  let low = 0;
  let high = taken.length / 2;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (taken[mid * 2 + 1]! <= from) low = mid + 1;
    else high = mid;
  }
  const found: number[] = [];
  for (let i = low; i < taken.length / 2 && taken[i * 2]! < to; i++) found.push(taken[i * 2]!, taken[i * 2 + 1]!);
  return found;
}

const isFree = (taken: readonly number[], start: number, end: number) => {
  for (let i = 0; i < taken.length; i += 2) if (start < taken[i + 1]! && taken[i]! < end) return false;
  return true;
};

/** Every bookable start time on `isoDate`, with the staff free for the whole duration. */
export function slotsForDay(schedule: ProviderSchedule, request: SlotRequest, isoDate: string): Slot[] {
  const window = bookingWindow(schedule);
  if (!inRange(isoDate, window) || schedule.closedDays.some((range) => inRange(isoDate, range))) return [];
  if (request.blockedMinutes <= 0 || schedule.stepMinutes <= 0) return [];
  const staff = qualifiedStaff(schedule, request).filter((member) => !member.vacations.some((range) => inRange(isoDate, range)));
  if (staff.length === 0) return [];

  const durationMs = request.blockedMinutes * 60_000;
  const beforeMs = (request.bufferBeforeMinutes ?? 0) * 60_000;
  const afterMs = (request.bufferAfterMinutes ?? 0) * 60_000;
  const earliest = earliestStart(schedule, request);
  const capacity = request.capacity ?? 1;
  const stepMs = schedule.stepMinutes * 60_000;
  const weekday = weekdayOf(isoDate);
  const slots: Slot[] = [];
  const hours = schedule.openingHours.filter((h) => h.dayOfWeek === weekday).sort((a, b) => a.open.localeCompare(b.open));
  for (const { open, close } of hours) {
    // Walk instants, not wall-clock labels: on a DST day the hours stay real hours.
    const opens = instantOf(isoDate, open, schedule.timeZone);
    const closes = instantOf(isoDate, close, schedule.timeZone);
    // The services lie within the opening hours; their buffers may reach past them, but
    // never into another booking's buffered time, a break or a pause.
    if (capacity > 1) {
      slots.push(...groupSlots(schedule, request, staff, isoDate, { opens, closes, beforeMs, afterMs, durationMs, stepMs, earliest }));
      continue;
    }
    const diaries = staff.map((member) => ({
      id: member.id,
      taken: [...takenBetween(member, opens - beforeMs, closes + afterMs), ...offTime(member, isoDate, schedule.timeZone)],
    }));
    for (let start = opens; start + durationMs <= closes; start += stepMs) {
      if (start <= schedule.now.getTime() || start < earliest) continue;
      const end = start + durationMs;
      const staffIds: number[] = [];
      for (const diary of diaries) if (isFree(diary.taken, start - beforeMs, end + afterMs)) staffIds.push(diary.id);
      if (staffIds.length > 0) {
        const blocked = { start: new Date(start - beforeMs), end: new Date(end + afterMs) };
        slots.push({ start: new Date(start), end: new Date(end), staffIds, blocked });
      }
    }
  }
  return slots;
}

interface DayGrid {
  opens: number;
  closes: number;
  beforeMs: number;
  afterMs: number;
  durationMs: number;
  stepMs: number;
  earliest: number;
}

/**
 * A group service's slots within one opening span: a staff member can take a start while
 * their session there has a place left and nothing else of theirs (another session, a
 * one-to-one booking, a break) meets its buffered range. The session's own places do not
 * block it: they are what it counts.
 */
function groupSlots(
  schedule: ProviderSchedule,
  request: SlotRequest,
  staff: readonly StaffSchedule[],
  isoDate: string,
  grid: DayGrid,
): Slot[] {
  const capacity = request.capacity ?? 1;
  const serviceId = request.serviceIds[0]!;
  const diaries = staff.map((member) => ({
    id: member.id,
    booked: member.booked.filter(
      ({ start, end }) => start.getTime() < grid.closes + grid.afterMs && end.getTime() > grid.opens - grid.beforeMs,
    ),
    off: offTime(member, isoDate, schedule.timeZone),
  }));
  const slots: Slot[] = [];
  for (let start = grid.opens; start + grid.durationMs <= grid.closes; start += grid.stepMs) {
    if (start <= schedule.now.getTime() || start < grid.earliest) continue;
    const end = start + grid.durationMs;
    const from = start - grid.beforeMs;
    const until = end + grid.afterMs;
    const key = sessionKey(serviceId, new Date(start));
    const open: { id: number; left: number }[] = [];
    for (const diary of diaries) {
      if (!isFree(diary.off, from, until)) continue;
      const others = diary.booked.filter((b) => b.session !== key);
      if (others.some((b) => from < b.end.getTime() && b.start.getTime() < until)) continue;
      const left = capacity - (diary.booked.length - others.length);
      if (left > 0) open.push({ id: diary.id, left });
    }
    if (open.length === 0) continue;
    // A session that has people already fills before another staff member opens one.
    open.sort((a, b) => a.left - b.left);
    slots.push({
      start: new Date(start),
      end: new Date(end),
      staffIds: open.map((o) => o.id),
      blocked: { start: new Date(from), end: new Date(until) },
      placesLeft: open[0]!.left,
      places: capacity,
      classes: open.length,
    });
  }
  return slots;
}

/**
 * The slot a request asks for at `start` on `isoDate`: offered (with the staff free to
 * take it), "taken" (an empty calendar would offer it: booked or held since), or "never"
 * (outside the hours, the window, a break or the notice: no booking changes that).
 */
export function slotStartingAt(schedule: ProviderSchedule, request: SlotRequest, isoDate: string, start: number): Slot | "taken" | "never" {
  const offered = slotsForDay(schedule, request, isoDate).find((slot) => slot.start.getTime() === start);
  if (offered) return offered;
  const empty = { ...schedule, staff: schedule.staff.map((member) => ({ ...member, booked: [] })) };
  return slotsForDay(empty, request, isoDate).some((slot) => slot.start.getTime() === start) ? "taken" : "never";
}

/** The first bookable slot from today to the end of the window, or null. */
export function firstAvailableSlot(schedule: ProviderSchedule, request: SlotRequest, fromDate?: string): Slot | null {
  const window = bookingWindow(schedule);
  if (qualifiedStaff(schedule, request).length === 0) return null;
  for (let date = fromDate && fromDate > window.from ? fromDate : window.from; date <= window.to; date = addDays(date, 1)) {
    const [first] = slotsForDay(schedule, request, date);
    if (first) return first;
  }
  return null;
}

/** Every date of a month (1-based) with its slots; dates outside the window have none. */
export function slotsForMonth(schedule: ProviderSchedule, request: SlotRequest, year: number, month: number): Map<string, Slot[]> {
  const days = new Map<string, Slot[]>();
  const first = `${year}-${String(month).padStart(2, "0")}-01`;
  for (let date = first; date.startsWith(first.slice(0, 8)); date = addDays(date, 1)) {
    days.set(date, slotsForDay(schedule, request, date));
  }
  return days;
}
