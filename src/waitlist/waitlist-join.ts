import { refusalOf, refusedAsLimit } from "../api/refusal-of.ts";
import type { ServiceBookingSelection, ServiceCategory, WaitlistJoinRequest } from "../contract/schemas/index.ts";
import { addDays, weekdayOf } from "../contract/zoned-time.ts";

/** The most days one entry waits for (the API's rule: the day, or up to three). */
export const MAX_WAITLIST_DAYS = 3;

/**
 * The days a visitor may wait for from the day shown: it and the next two days the page is
 * open (`open`: the weekdays it opens, 0 = Sunday; every day when not known), within a
 * week and the booking window. None when the page is closed on the day shown, or when it
 * is `over` (today after its last possible start, rules/waitlist-day.ts: nothing freed
 * that day could be offered).
 */
export function joinableDays(day: string, lastDate: string, open?: ReadonlySet<number>, over?: (date: string) => boolean): string[] {
  const isOpen = (date: string) => !open || open.has(weekdayOf(date));
  if (!isOpen(day) || day > lastDate || over?.(day)) return [];
  const days = [day];
  for (let n = 1; n < 7 && days.length < MAX_WAITLIST_DAYS; n++) {
    const next = addDays(day, n);
    if (next > lastDate) break;
    if (isOpen(next)) days.push(next);
  }
  return days;
}

/**
 * How long the chosen services keep the calendar (the API's blocked minutes): each
 * service's duration and its chosen extras'. The day's last possible start is its latest
 * close less this (rules/waitlist-day.ts).
 */
export function bookingMinutes(categories: readonly ServiceCategory[], selections: readonly ServiceBookingSelection[]): number {
  const services = categories.flatMap((category) => category.services);
  return selections.reduce((sum, selection) => {
    const service = services.find((one) => one.id === selection.serviceId);
    const extras = (service?.children ?? []).filter((extra) => selection.extraServiceIds?.includes(extra.id));
    return sum + (service?.durationInMinutes ?? 0) + extras.reduce((more, extra) => more + extra.durationInMinutes, 0);
  }, 0);
}

/** A part of the day as the form has it ("" for none): what is wrong with it, or null. */
export function windowProblem(after: string, before: string): "order" | null {
  return after && before && after >= before ? "order" : null;
}

/** The join as the API takes it: the chosen days sorted, an empty part of the day left out. */
export function joinRequest(wish: {
  customerToken: string;
  serviceBookings: readonly ServiceBookingSelection[];
  staffMemberId: number | null;
  days: readonly string[];
  after: string;
  before: string;
  language: string;
}): WaitlistJoinRequest {
  return {
    customerAccountIdentificationCode: wish.customerToken,
    serviceBookings: wish.serviceBookings.map((booking) => ({
      serviceId: booking.serviceId,
      extraServiceIds: booking.extraServiceIds ?? [],
    })),
    staffMemberId: wish.staffMemberId,
    days: [...new Set(wish.days)].sort(),
    after: wish.after || null,
    before: wish.before || null,
    language: wish.language === "en" || wish.language === "es" ? wish.language : "no",
  };
}

/** Why a join did not go through, as the form tells it. */
export type JoinProblem = "used-up" | "full" | "off" | "proof" | "wrong-code" | "limited" | "failed";

export function joinProblem(error: unknown): JoinProblem {
  if (refusedAsLimit(error)) return "limited";
  const code = refusalOf(error);
  if (code === "waitlist-entries-used-up") return "used-up";
  if (code === "waitlist-full") return "full";
  if (code === "waitlist-off") return "off";
  if (code === "verification-required") return "proof";
  if (code === "wrong-verification-code") return "wrong-code";
  return "failed";
}
