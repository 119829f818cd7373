import type { ApiDeps } from "../api-deps.ts";
import { PAYMENT_SELECT, type Payment } from "./payment-row.ts";
import { settlePayment } from "./settle-payment.ts";

/** A payment's checkout is looked at once this long after its gateway's shortest checkout ran out (clocks differ a little). */
export const LAPSE_MARGIN_MINUTES = 2;
/** Payments looked at in one pass. */
const BATCH = 50;

/**
 * Every payment has an end even when its gateway's word never comes (a webhook lost, a
 * visitor who never came back): a payment still pending after its gateway's checkout
 * window (and its margin), whose booking no longer holds its time for it, is closed at
 * its gateway (gateway.cancel: an open checkout is expired or cancelled there, so it can
 * no longer be paid) and settled by what the gateway answers: expired or declined gives
 * nothing back because nothing was taken; paid (its word lost) is a late payment, booked
 * when its time is still free and otherwise given back (settle-payment.ts). A gateway
 * that does not answer leaves the payment for the next pass. Answers how many it ended.
 */
export async function endLapsedPayments(deps: ApiDeps, siteUrl: string): Promise<{ ended: number; failed: number }> {
  const now = deps.clock.now();
  let ended = 0;
  let failed = 0;
  // By name: one gateway may serve two methods (Stripe's card-only variant), and its payments are looked at once.
  const byName = new Map(Object.values(deps.gateways).flatMap((gateway) => (gateway ? [[gateway.name, gateway] as const] : [])));
  for (const gateway of byName.values()) {
    if (!gateway.cancel) continue;
    const cutoff = new Date(now.getTime() - (gateway.minimumCheckoutMinutes + LAPSE_MARGIN_MINUTES) * 60_000);
    const lapsed = await deps.db.query<Payment>(
      `SELECT ${PAYMENT_SELECT} FROM payments p
        WHERE p.status = 'pending' AND p.gateway = $1 AND p.gateway_reference IS NOT NULL AND p.created_at < $2
          AND NOT EXISTS (SELECT 1 FROM appointments a WHERE a.payment_id = p.id AND a.status = 'awaiting_payment' AND a.hold_expires_at > $3)
        ORDER BY p.created_at LIMIT $4`,
      [gateway.name, cutoff, now, BATCH],
    );
    for (const payment of lapsed) {
      try {
        const verdict = await gateway.cancel({ reference: payment.gatewayReference!, account: payment.gatewayAccount });
        const settled = await settlePayment(deps, verdict, { gateway: gateway.name }, siteUrl);
        if (settled.changed) ended += 1;
      } catch (error) {
        failed += 1;
        deps.logger.warn("lapsed payment not ended yet", { gateway: gateway.name, error: String(error) });
      }
    }
  }
  return { ended, failed };
}
