import type { AdminRefusalCode, Attendance } from "booking-widget/contract";

/**
 * What staff may do with an appointment, by its state and the time (issue 59). Pure; the
 * actions (appointment-actions.ts) ask before they write, and their writes' own WHERE
 * clauses hold the same line under a race.
 */
export interface AppointmentFacts {
  status: string;
  startsAt: Date;
  endsAt: Date;
}

/** An arrival may be marked from this long before the start (a customer early for their time). */
export const ARRIVAL_EARLY_MINUTES = 60;

/** Why a cancel or a move is refused, or null. An unpaid booking is its payment's to decide first (settle-payment.ts). */
export function changeProblem(appointment: AppointmentFacts, now: Date): AdminRefusalCode | null {
  if (appointment.status === "cancelled") return "appointment-cancelled";
  if (appointment.status === "awaiting_payment") return "awaiting-payment";
  if (appointment.endsAt.getTime() <= now.getTime()) return "appointment-over";
  return null;
}

/** Why marking `attendance` (null: unmarking) is refused, or null: a no-show once it has started, an arrival from an hour before. */
export function attendanceProblem(appointment: AppointmentFacts, attendance: Attendance | null, now: Date): AdminRefusalCode | null {
  if (appointment.status === "cancelled") return "appointment-cancelled";
  if (appointment.status === "awaiting_payment") return "awaiting-payment";
  const start = appointment.startsAt.getTime();
  if (attendance === "noShow" && now.getTime() < start) return "too-early-to-mark";
  if (attendance === "arrived" && now.getTime() < start - ARRIVAL_EARLY_MINUTES * 60_000) return "too-early-to-mark";
  return null;
}

/** The database's word for an attendance. */
export const attendanceColumn = (attendance: Attendance | null) => (attendance === "noShow" ? "no-show" : attendance);
