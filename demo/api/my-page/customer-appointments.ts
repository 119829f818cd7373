import { type CustomerAppointment, type Provider, toZoned } from "booking-widget/contract";
import { SERVICE_IDS_SQL, SERVICE_TITLES_SQL } from "../appointments-sql.ts";
import type { Queryable } from "../db/database.ts";
import { notFound, refuse } from "../http-errors.ts";
import { refundShare } from "../payments/refund-share.ts";

/** Spec §8: the answer when a cancel or a move comes too late. */
export const tooLateMessage = (hours: number) => `You can only cancel ${hours} hours in advance`;

/** Cancelling and moving are allowed until hoursToCancel hours before the start. */
export const canCancelAt = (startsAt: Date, hoursToCancel: number, now: Date) =>
  startsAt.getTime() - hoursToCancel * 3_600_000 > now.getTime();

interface AppointmentRow {
  id: number;
  startsAt: Date | string;
  staffMemberId: number;
  services: string[];
  serviceIds: number[];
  /** What its payment took and pays for (one appointment, or every occurrence of a series), when paid online. */
  paid: { taken: number; currency: string; appointments: number; live: number; refunded: number } | null;
  seriesPosition: number | null;
  seriesCount: number | null;
}

const APPOINTMENT_SELECT = `a.id, a.starts_at AS "startsAt", a.staff_member_id AS "staffMemberId",
  ${SERVICE_TITLES_SQL} AS services, ${SERVICE_IDS_SQL} AS "serviceIds",
  (SELECT json_build_object('taken', coalesce(p.amount_taken, p.amount)::float8, 'currency', p.currency,
            'appointments', (SELECT count(*) FROM appointments b WHERE b.payment_id = p.id),
            'live', (SELECT count(*) FROM appointments b WHERE b.payment_id = p.id AND b.status <> 'cancelled'),
            'refunded', (SELECT coalesce(sum(r.amount), 0)::float8 FROM refunds r WHERE r.payment_id = p.id))
     FROM payments p WHERE p.id = a.payment_id AND p.status = 'paid') AS paid,
  a.series_position AS "seriesPosition",
  (SELECT count(*)::int FROM appointments s WHERE s.series_id = a.series_id) AS "seriesCount"`;

function toCustomerAppointment(row: AppointmentRow, provider: Provider, now: Date): CustomerAppointment {
  const start = new Date(row.startsAt);
  const zoned = toZoned(start, provider.timeZone);
  const [year, month, day] = zoned.isoDate.split("-").map(Number) as [number, number, number];
  return {
    id: row.id,
    appointmentName: row.services.join(", "),
    year,
    month,
    day,
    hour: zoned.hour,
    minute: zoned.minute,
    canCancel: canCancelAt(start, provider.hoursToCancel, now),
    serviceIds: row.serviceIds.map(Number),
    // Its share of what was paid online: what cancelling it gives back (refundCancelled).
    paidOnline: row.paid ? refundShare(row.paid, 1, row.paid.live <= 1) : null,
    // Series extension: which occurrence of how many it is (as booked; cancelled ones keep their numbers).
    series: row.seriesPosition !== null && row.seriesCount ? { position: row.seriesPosition, count: row.seriesCount } : null,
  };
}

/** The customer's confirmed appointments that have not ended, soonest first (times in the provider's zone). */
export async function upcomingAppointments(
  db: Queryable,
  provider: Provider,
  customerId: number,
  now: Date,
): Promise<CustomerAppointment[]> {
  const rows = await db.query<AppointmentRow>(
    `SELECT ${APPOINTMENT_SELECT} FROM appointments a
      WHERE a.provider_id = $1 AND a.customer_account_id = $2 AND a.status = 'confirmed' AND a.ends_at > $3
      ORDER BY a.starts_at`,
    [provider.userId, customerId, now],
  );
  return rows.map((row) => toCustomerAppointment(row, provider, now));
}

/**
 * One of the customer's upcoming appointments, which may still be cancelled or moved:
 * 404 when it is not theirs (or gone), 400 with the spec's message when too late.
 */
export async function changeableAppointment(db: Queryable, provider: Provider, customerId: number, appointmentId: number, now: Date) {
  const [row] = await db.query<AppointmentRow>(
    `SELECT ${APPOINTMENT_SELECT} FROM appointments a
      WHERE a.id = $1 AND a.provider_id = $2 AND a.customer_account_id = $3 AND a.status = 'confirmed' AND a.starts_at > $4`,
    [appointmentId, provider.userId, customerId, now],
  );
  if (!row) notFound("No such appointment");
  if (!canCancelAt(new Date(row.startsAt), provider.hoursToCancel, now))
    refuse("too-late-to-change", tooLateMessage(provider.hoursToCancel));
  return { ...row, startsAt: new Date(row.startsAt) };
}
