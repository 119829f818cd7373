import { randomBytes } from "node:crypto";
import type { Provider } from "../../../src/api/schemas/provider.ts";
import { sendReceipt } from "../bookings/send-receipt.ts";
import type { Database, Queryable } from "../db/database.ts";
import { badRequest, notFound } from "../http-errors.ts";
import type { ApiDeps } from "../api-deps.ts";
import { findProviderById } from "../providers/provider-queries.ts";
import type { PaymentInitiate } from "./payment-input.ts";

export const NO_PAYMENT_PROVIDER = "No payment provider has been configured. Please contact the service provider.";

/** onlineTransactionProvider → the initiate method it uses (0 none and 2 card have none here). */
const METHOD_OF_PROVIDER: Record<number, "payu" | "vipps" | undefined> = { 1: "payu", 3: "vipps" };

export interface Payment {
  id: string;
  providerId: number | null;
  method: "payu" | "vipps";
  amount: number;
  currency: string;
  description: string;
  successUrl: string;
  failureUrl: string;
  status: "pending" | "paid" | "declined";
}

const PAYMENT_SELECT = `id, provider_id AS "providerId", method, amount::float8 AS amount, currency, description,
  success_url AS "successUrl", failure_url AS "failureUrl", status`;

export async function paymentById(db: Queryable, id: string): Promise<Payment | undefined> {
  const [row] = await db.query<Payment>(`SELECT ${PAYMENT_SELECT} FROM payments WHERE id = $1`, [id]);
  return row;
}

/**
 * payu/initiate: records a pending payment and answers how to reach the simulator —
 * a form action with hidden fields (payu) or a redirect URL (vipps).
 */
export async function initiatePayment(db: Database, input: PaymentInitiate, siteUrl: string) {
  if (input.userId !== undefined) {
    const provider = (await findProviderById(db, input.userId)) ?? notFound(`No booking page with id ${input.userId}`);
    const method = METHOD_OF_PROVIDER[provider.onlineTransactionProvider];
    if (!method) badRequest(NO_PAYMENT_PROVIDER);
    if (method !== input.provider) badRequest(`This booking page takes payments by ${method}, not ${input.provider}`);
    if (input.currency !== provider.currency.toUpperCase()) badRequest(`currency must be ${provider.currency}`);
  }
  const id = randomBytes(16).toString("hex");
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO payments (id, provider_id, method, amount, currency, description, customer_email, customer_first_name,
         customer_last_name, customer_phone, success_url, failure_url)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [id, input.userId ?? null, input.provider, input.amount, input.currency, input.description, input.customerEmail,
       input.customerFirstName, input.customerLastName, input.customerPhone, input.successUrl, input.failureUrl],
    );
    if (input.appointmentId !== undefined) {
      const held = await tx.query(
        `UPDATE appointments SET payment_id = $2 WHERE id = $1 AND status = 'awaiting_payment' AND ($3::int IS NULL OR provider_id = $3)
         RETURNING id`,
        [input.appointmentId, id, input.userId ?? null],
      );
      if (held.length === 0) badRequest(`Appointment ${input.appointmentId} is not awaiting payment`);
    }
  });
  const simulator = `${siteUrl}/api/payments/simulator`;
  return input.provider === "vipps"
    ? { paymentId: id, redirectUrl: `${simulator}?paymentId=${id}`, formAction: null, formFields: {} }
    : {
        paymentId: id,
        redirectUrl: null,
        formAction: simulator,
        formFields: { paymentId: id, amount: input.amount.toFixed(2), currency: input.currency, description: input.description },
      };
}

/** Adds paymentId (and status) to a return address. */
export function returnAddress(url: string, paymentId: string, status: "paid" | "declined"): string {
  const target = new URL(url);
  target.searchParams.set("paymentId", paymentId);
  target.searchParams.set("status", status);
  return target.toString();
}

/**
 * The simulator's answer. Pay confirms the appointment the payment holds (and sends
 * its receipt); Decline releases it. A payment is answered once; later answers
 * change nothing. Answers where the customer goes next.
 */
export async function completePayment(deps: ApiDeps, id: string, outcome: "paid" | "declined", siteUrl: string, now: Date): Promise<string> {
  const { db } = deps;
  return db.transaction(async (tx) => {
    const [payment] = await tx.query<Payment>(
      `UPDATE payments SET status = $2, completed_at = $3 WHERE id = $1 AND status = 'pending' RETURNING ${PAYMENT_SELECT}`,
      [id, outcome, now],
    );
    const settled = payment ?? (await paymentById(tx, id)) ?? notFound("No such payment");
    if (!payment) return returnAddress(settled.status === "paid" ? settled.successUrl : settled.failureUrl, id, settled.status === "paid" ? "paid" : "declined");
    const held = await tx.query<{ id: number; providerId: number }>(
      `UPDATE appointments SET status = $2, hold_expires_at = NULL, cancelled_at = CASE WHEN $2 = 'cancelled' THEN $3::timestamptz END
        WHERE payment_id = $1 AND status = 'awaiting_payment' RETURNING id, provider_id AS "providerId"`,
      [id, outcome === "paid" ? "confirmed" : "cancelled", now],
    );
    for (const appointment of outcome === "paid" ? held : []) {
      const provider = (await findProviderById(tx, appointment.providerId)) as Provider;
      await sendReceipt(tx, deps, provider, appointment.id, siteUrl, now);
    }
    return returnAddress(outcome === "paid" ? payment.successUrl : payment.failureUrl, id, outcome);
  });
}
