import { type Provider, type ServiceBookingSelection, fromZoned, isoDateOf, pad2 as pad, chosenStaff } from "booking-widget/contract";
import { availabilityFor } from "../availability/availability.ts";
import { earliestStart, slotStartingAt, type Slot } from "../availability/engine.ts";
import { slotRequestFor, type ResolvedSelection } from "../availability/service-selection.ts";
import type { Queryable } from "../db/database.ts";
import { badRequest, refuse } from "../http-errors.ts";
import type { Holder } from "../secrets/holder.ts";

export interface SlotWish {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  serviceBookings: readonly ServiceBookingSelection[];
  staffMemberId?: number | null;
}

export interface RequestedSlot {
  /** The slot as offered now, with the staff free to take it; undefined when taken. */
  offered: Slot | undefined;
  selection: ResolvedSelection;
}

/**
 * The slot a booking, a hold or a move asks for. 409 too-soon when it starts within the
 * minimum notice; 400 when the request can never be booked
 * (a date that does not exist, services not offered or not booked online, several on a
 * one-service page, a time outside the hours or the horizon); `offered` is undefined when it could be, but is taken (booked, or held by
 * another visitor). A move passes the appointment being moved, whose own time does not
 * count as taken; a booking passes its visitor's hold, likewise.
 */
export async function requestedSlot(
  db: Queryable,
  provider: Provider,
  wish: SlotWish,
  now: Date,
  movingAppointmentId?: number,
  holder?: Holder,
): Promise<RequestedSlot> {
  const iso = isoDateOf(wish.year, wish.month, wish.day) ?? badRequest(`Invalid date ${wish.year}-${pad(wish.month)}-${pad(wish.day)}`);
  const availability = await availabilityFor(db, provider, now, { movingAppointmentId, dates: { from: iso, to: iso }, holder });
  const selection = availability.resolveBookable(wish.serviceBookings);
  const { schedule } = availability;
  const staffMemberId = chosenStaff(provider, wish.staffMemberId);
  const slotRequest = slotRequestFor(selection, staffMemberId);
  const start = fromZoned(iso, `${pad(wish.hour)}:${pad(wish.minute)}`, provider.timeZone).getTime();
  const found = slotStartingAt(schedule, slotRequest, iso, start);
  if (typeof found !== "string") return { offered: found, selection };
  // Bookable but for its notice (it was offered a while ago, say): a refusal of its own.
  if (start > now.getTime() && start < earliestStart(schedule, slotRequest)) refuse("too-soon");
  if (found === "never") badRequest(`Invalid booking: ${iso} ${pad(wish.hour)}:${pad(wish.minute)} cannot be booked`);
  return { offered: undefined, selection };
}
