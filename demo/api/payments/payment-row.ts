import type { OnlinePaymentMethod } from "booking-widget/contract";
import type { Queryable } from "../db/database.ts";

/** A payments row: what was asked of a gateway, and what became of it. */
export interface Payment {
  id: string;
  providerId: number | null;
  appointmentId: number | null;
  method: OnlinePaymentMethod;
  /** The gateway that took it (stripe, simulator) and its own reference there (a Checkout Session id). */
  gateway: string;
  gatewayReference: string | null;
  /** The account at the gateway that holds it (a merchant serial number, a connected account); null: the deployment's own. */
  gatewayAccount: string | null;
  amount: number;
  currency: string;
  description: string;
  successUrl: string;
  failureUrl: string;
  /**
   * pending: no verdict yet; paid: the money pays for its booking; declined, expired: no
   * money was taken; refunded: money was taken that pays for nothing, and goes back.
   */
  status: "pending" | "paid" | "declined" | "expired" | "refunded";
}

export const PAYMENT_SELECT = `id, provider_id AS "providerId", appointment_id AS "appointmentId", method, gateway,
  gateway_reference AS "gatewayReference", gateway_account AS "gatewayAccount", amount::float8 AS amount, currency, description,
  success_url AS "successUrl", failure_url AS "failureUrl", status`;

export async function paymentById(db: Queryable, id: string): Promise<Payment | undefined> {
  const [row] = await db.query<Payment>(`SELECT ${PAYMENT_SELECT} FROM payments WHERE id = $1`, [id]);
  return row;
}
