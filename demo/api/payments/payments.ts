import { randomBytes } from "node:crypto";
import type { Provider } from "../../../src/api/schemas/provider.ts";
import { sendReceipt } from "../bookings/send-receipt.ts";
import type { Queryable } from "../db/database.ts";
import { badRequest, notFound, refuse } from "../http-errors.ts";
import type { ApiDeps } from "../api-deps.ts";
import { findProviderById } from "../providers/provider-queries.ts";
import { sameSecret } from "../secrets/server-keys.ts";
import { dueOnline, ONLINE_PRICE_SQL, type OnlinePrice } from "./amount-due.ts";
import { paymentMethodOf } from "../../../src/api/rules/payment-method.ts";
import type { PaymentInitiate } from "./payment-input.ts";

export interface Payment {
  id: string;
  providerId: number | null;
  method: "payu" | "vipps";
  amount: number;
  currency: string;
  description: string;
  successUrl: string;
  failureUrl: string;
  status: "pending" | "paid" | "declined" | "expired";
}

const PAYMENT_SELECT = `id, provider_id AS "providerId", method, amount::float8 AS amount, currency, description,
  success_url AS "successUrl", failure_url AS "failureUrl", status`;

export async function paymentById(db: Queryable, id: string): Promise<Payment | undefined> {
  const [row] = await db.query<Payment>(`SELECT ${PAYMENT_SELECT} FROM payments WHERE id = $1`, [id]);
  return row;
}

/** The context of the payment token's digest (see bookAppointment). */
export const PAYMENT_TOKEN_CONTEXT = "payment-token";

/**
 * payu/initiate: records a pending payment and answers how to reach the simulator —
 * a form action with hidden fields (payu) or a redirect URL (vipps). For a booking held
 * for payment (appointmentId), the caller proves it made the booking (its paymentToken),
 * the hold must still run, and the amount is what the booking owes, whatever was sent.
 * The return addresses must be on this site: the simulator never sends anyone elsewhere.
 */
export async function initiatePayment(deps: ApiDeps, input: PaymentInitiate, siteUrl: string, now: Date) {
  const { db, keys } = deps;
  for (const [field, url] of [
    ["successUrl", input.successUrl],
    ["failureUrl", input.failureUrl],
  ] as const) {
    if (new URL(url).origin !== new URL(siteUrl).origin)
      badRequest(`Invalid payment field "${field}": must be an address on ${new URL(siteUrl).origin}`);
  }
  if (input.appointmentId !== undefined && input.userId === undefined)
    badRequest('Invalid payment field "userId": is required with appointmentId');
  let amount = input.amount;
  if (input.userId !== undefined) {
    const provider = (await findProviderById(db, input.userId)) ?? notFound(`No booking page with id ${input.userId}`);
    const method = paymentMethodOf(provider.onlineTransactionProvider);
    if (!method) refuse("no-payment-provider");
    if (method !== input.provider) badRequest(`This booking page takes payments by ${method}, not ${input.provider}`);
    if (input.currency !== provider.currency.toUpperCase()) badRequest(`currency must be ${provider.currency}`);
    if (input.appointmentId !== undefined)
      amount = await amountOwed(
        db,
        provider.userId,
        input.appointmentId,
        keys.digest(PAYMENT_TOKEN_CONTEXT, input.paymentToken ?? ""),
        now,
      );
  }
  const id = randomBytes(16).toString("hex");
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO payments (id, provider_id, method, amount, currency, description, customer_email, customer_first_name,
         customer_last_name, customer_phone, success_url, failure_url)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [
        id,
        input.userId ?? null,
        input.provider,
        amount,
        input.currency,
        input.description,
        input.customerEmail,
        input.customerFirstName,
        input.customerLastName,
        input.customerPhone,
        input.successUrl,
        input.failureUrl,
      ],
    );
    if (input.appointmentId !== undefined) {
      // The hold's own conditions again, in the statement that links the payment.
      const held = await tx.query(
        `UPDATE appointments SET payment_id = $2 WHERE id = $1 AND status = 'awaiting_payment' AND provider_id = $3 AND hold_expires_at > $4
         RETURNING id`,
        [input.appointmentId, id, input.userId, now],
      );
      if (held.length === 0) refuse("hold-lapsed");
    }
  });
  const simulator = `${siteUrl}/api/payments/simulator`;
  return input.provider === "vipps"
    ? { paymentId: id, redirectUrl: `${simulator}?paymentId=${id}`, formAction: null, formFields: {} }
    : {
        paymentId: id,
        redirectUrl: null,
        formAction: simulator,
        formFields: { paymentId: id, amount: amount.toFixed(2), currency: input.currency, description: input.description },
      };
}

/** What a held booking owes online; 403 without its payment token, 409 when the hold is over. */
async function amountOwed(db: Queryable, providerId: number, appointmentId: number, tokenDigest: string, now: Date): Promise<number> {
  const [appointment] = await db.query<{ status: string; holdExpiresAt: Date | string | null; tokenDigest: string | null }>(
    `SELECT status, hold_expires_at AS "holdExpiresAt", payment_token_digest AS "tokenDigest" FROM appointments WHERE id = $1 AND provider_id = $2`,
    [appointmentId, providerId],
  );
  if (!appointment?.tokenDigest || !sameSecret(appointment.tokenDigest, tokenDigest)) refuse("not-your-booking");
  if (appointment.status !== "awaiting_payment" || !appointment.holdExpiresAt || new Date(appointment.holdExpiresAt) <= now) {
    refuse("hold-lapsed");
  }
  const services = await db.query<OnlinePrice>(
    `SELECT ${ONLINE_PRICE_SQL} FROM appointment_services aps JOIN services s ON s.id = aps.service_id WHERE aps.appointment_id = $1`,
    [appointmentId],
  );
  const due = dueOnline(services);
  if (due <= 0) refuse("nothing-to-pay");
  return due;
}

/** Adds paymentId (and status) to a return address. */
export function returnAddress(url: string, paymentId: string, status: "paid" | "declined" | "expired"): string {
  const target = new URL(url);
  target.searchParams.set("paymentId", paymentId);
  target.searchParams.set("status", status);
  return target.toString();
}

/**
 * The simulator's answer. Pay confirms the appointment the payment holds (and sends
 * its receipt) while its hold still runs; after the hold ran out the payment is not
 * taken (expired) and the time is given back. Decline releases the appointment. A
 * payment is answered once (its row is locked while it is); later answers change
 * nothing. Answers where the customer goes next.
 */
export async function completePayment(
  deps: ApiDeps,
  id: string,
  outcome: "paid" | "declined",
  siteUrl: string,
  now: Date,
): Promise<string> {
  return deps.db.transaction(async (tx) => {
    const [payment] = await tx.query<Payment>(`SELECT ${PAYMENT_SELECT} FROM payments WHERE id = $1 FOR UPDATE`, [id]);
    if (!payment) notFound("No such payment");
    if (payment.status !== "pending") {
      return returnAddress(payment.status === "paid" ? payment.successUrl : payment.failureUrl, id, payment.status);
    }
    const [held] = await tx.query<{ id: number; providerId: number; lapsed: boolean }>(
      `SELECT id, provider_id AS "providerId", (status <> 'awaiting_payment' OR hold_expires_at <= $2) AS lapsed
         FROM appointments WHERE payment_id = $1 FOR UPDATE`,
      [id, now],
    );
    const status = outcome === "paid" && held?.lapsed ? "expired" : outcome;
    await tx.query("UPDATE payments SET status = $2, completed_at = $3 WHERE id = $1", [id, status, now]);
    if (held && status === "paid") {
      await tx.query("UPDATE appointments SET status = 'confirmed', hold_expires_at = NULL WHERE id = $1", [held.id]);
      await sendReceipt(tx, deps, (await findProviderById(tx, held.providerId)) as Provider, held.id, siteUrl, now);
    } else if (held) {
      await tx.query(
        "UPDATE appointments SET status = 'cancelled', hold_expires_at = NULL, cancelled_at = $2 WHERE id = $1 AND status = 'awaiting_payment'",
        [held.id, now],
      );
    }
    return returnAddress(status === "paid" ? payment.successUrl : payment.failureUrl, id, status);
  });
}

/** GET payments/{paymentId}: what became of a payment (the return page asks before it shows a receipt). */
export async function paymentOutcome(db: Queryable, id: string) {
  const [row] = await db.query<{ status: Payment["status"]; appointmentId: number | null; appointmentStatus: string | null }>(
    `SELECT p.status, a.id AS "appointmentId", a.status AS "appointmentStatus"
       FROM payments p LEFT JOIN appointments a ON a.payment_id = p.id WHERE p.id = $1`,
    [id],
  );
  return row ?? notFound("No such payment");
}
