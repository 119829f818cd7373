import type { AdminAppointment } from "booking-widget/contract";
import type { ApiDeps } from "../../api-deps.ts";
import { requireProvider } from "../../providers/provider-queries.ts";
import type { AdminAccess } from "../admin-access.ts";
import { adminChanges } from "../audit/admin-audit.ts";
import { shownContacts } from "../day/admin-reach.ts";
import { appointmentState } from "../day/day-frame.ts";
import { reachableAppointment } from "./reachable-appointment.ts";

const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

interface DetailRow {
  staffMemberId: number;
  staffName: string;
  start: string;
  end: string;
  blockedFrom: string;
  blockedUntil: string;
  status: string;
  attendance: string | null;
  createdAt: string;
  cancelledAt: string | null;
  holdExpiresAt: string | null;
  accountId: number | null;
  name: string;
  phone: string;
  email: string;
  comment: string;
  paymentId: string | null;
  seriesId: string | null;
  seriesPosition: number | null;
  session: string;
}

/**
 * GET /api/admin/appointments/:id: everything about one appointment of the provider's
 * that the role reaches (404 otherwise, as for no such id): the customer (contacts as
 * the role may see them), services priced as booked, the payment with its gateway
 * reference and refunds, the messages sent about it, its series, and its history.
 */
export async function appointmentDetail(deps: Pick<ApiDeps, "db" | "clock">, admin: AdminAccess, id: number): Promise<AdminAppointment> {
  const { db } = deps;
  const now = deps.clock.now();
  await reachableAppointment(db, admin, id);
  const provider = await requireProvider(db, admin.providerId);
  const [row] = await db.query<DetailRow>(
    `SELECT a.staff_member_id AS "staffMemberId", trim(m.first_name || ' ' || m.last_name) AS "staffName",
            ${iso("a.starts_at")} AS start, ${iso("a.ends_at")} AS "end", ${iso("a.blocked_from")} AS "blockedFrom",
            ${iso("a.blocked_until")} AS "blockedUntil", a.status, a.attendance, ${iso("a.created_at")} AS "createdAt",
            ${iso("a.cancelled_at")} AS "cancelledAt", ${iso("a.hold_expires_at")} AS "holdExpiresAt",
            a.customer_account_id AS "accountId", a.first_name AS name, a.phone_number AS phone, a.email_address AS email, a.comment,
            a.payment_id AS "paymentId", a.series_id::text AS "seriesId", a.series_position AS "seriesPosition", a.session_key AS session
       FROM appointments a JOIN staff_members m ON m.id = a.staff_member_id WHERE a.id = $1`,
    [id],
  );
  const r = row!;
  const [services, payments, messages, occurrences, history, group] = await Promise.all([
    db.query<{ id: number; title: string; parentId: number | null; price: number; durationInMinutes: number }>(
      `SELECT s.id, s.title, s.parent_id AS "parentId", aps.price::float8 AS price, aps.duration_in_minutes AS "durationInMinutes"
         FROM appointment_services aps JOIN services s ON s.id = aps.service_id WHERE aps.appointment_id = $1
        ORDER BY s.parent_id NULLS FIRST, s.position, s.id`,
      [id],
    ),
    // Its payment, or else its latest attempt at paying (a held booking's).
    db.query<{
      id: string;
      method: string;
      state: AdminPayment["state"];
      amount: number;
      currency: string;
      gatewayReference: string | null;
    }>(
      `SELECT id, method, status AS state, amount::float8 AS amount, currency, gateway_reference AS "gatewayReference"
         FROM payments WHERE id = $2 OR (appointment_id = $1 AND $2::text IS NULL) ORDER BY created_at DESC, id LIMIT 1`,
      [id, r.paymentId],
    ),
    db.query<{ channel: string; subject: string; queuedAt: string; state: "pending" | "sent" | "failed"; to: string }>(
      `SELECT channel, subject, ${iso("created_at")} AS "queuedAt", status AS state, recipient AS "to"
         FROM outbox_messages WHERE appointment_id = $1 ORDER BY id DESC LIMIT 50`,
      [id],
    ),
    r.seriesId
      ? db.query<{ id: number; position: number; start: string; status: string; attendance: string | null }>(
          `SELECT id, series_position AS position, ${iso("starts_at")} AS start, status, attendance
             FROM appointments WHERE series_id = $1::uuid AND provider_id = $2 ORDER BY series_position`,
          [r.seriesId, admin.providerId],
        )
      : Promise.resolve([]),
    adminChanges(db, admin.providerId, { appointmentId: id }),
    r.session.includes("@")
      ? db.query<{ taken: number; places: number }>(
          `SELECT (SELECT count(*) FROM appointments WHERE staff_member_id = $1 AND session_key = $2 AND status <> 'cancelled'
                     AND NOT (status = 'awaiting_payment' AND hold_expires_at <= $4))::int AS taken,
                  (SELECT max(s.capacity) FROM appointment_services aps JOIN services s ON s.id = aps.service_id WHERE aps.appointment_id = $3)::int AS places`,
          [r.staffMemberId, r.session, id, now],
        )
      : Promise.resolve([]),
  ]);
  const payment = payments[0];
  const refunds = payment
    ? await db.query<AdminPayment["refunds"][number]>(
        `SELECT amount::float8 AS amount, status AS state, reason, ${iso("refunded_at")} AS "refundedAt" FROM refunds
          WHERE payment_id = $1 AND (appointment_ids = '{}' OR $2 = ANY(appointment_ids)) ORDER BY created_at, id`,
        [payment.id, id],
      )
    : [];
  return {
    id,
    timeZone: provider.timeZone,
    staffMember: { id: r.staffMemberId, name: r.staffName },
    start: r.start,
    end: r.end,
    blocked: { start: r.blockedFrom, end: r.blockedUntil },
    state: appointmentState(r.status, r.attendance),
    createdAt: r.createdAt,
    cancelledAt: r.cancelledAt,
    holdExpiresAt: r.status === "awaiting_payment" ? r.holdExpiresAt : null,
    customer: shownContacts(admin, { accountId: r.accountId, name: r.name, phone: r.phone, email: r.email, comment: r.comment }),
    services,
    price: { total: Math.round(services.reduce((sum, s) => sum + s.price, 0) * 100) / 100, currency: provider.currency },
    group: group[0] ?? null,
    payment: payment ? { ...payment, refunds } : null,
    messages: messages.map(({ to, ...message }) =>
      shownContacts(admin, { ...message, ...(message.channel === "email" ? { email: to } : { phone: to }) }),
    ),
    series: r.seriesId
      ? {
          id: r.seriesId,
          position: r.seriesPosition ?? 1,
          occurrences: occurrences.map((o) => ({
            id: o.id,
            position: o.position,
            start: o.start,
            state: appointmentState(o.status, o.attendance),
          })),
        }
      : null,
    history: history.map((entry) => ({
      id: entry.id,
      at: new Date(entry.at).toISOString(),
      actor: entry.actor,
      change: entry.change,
      details: entry.details,
    })),
  };
}

type AdminPayment = NonNullable<AdminAppointment["payment"]>;
