import { Hono } from "hono";
import * as v from "valibot";
import type { ApiDeps } from "../api-deps.ts";
import { refuse } from "../http-errors.ts";
import { PAYMENT_SELECT, type Payment } from "../payments/payment-row.ts";
import { settlePayment } from "../payments/settle-payment.ts";
import type { VippsGateway } from "../payments/vipps-gateway.ts";
import { VIPPS, WALLET_WEBHOOK_PATH } from "../payments/vipps-names.ts";
import { walletSignatureValid } from "../payments/wallet-signature.ts";
import { siteUrlOf } from "../site-url.ts";

/** The part of an ePayment webhook event this API reads (WebhookEvent of the ePayment API). */
const WalletEvent = v.object({
  msn: v.pipe(v.string(), v.regex(/^[0-9]{4,7}$/)),
  reference: v.pipe(v.string(), v.regex(/^[a-zA-Z0-9-]{8,50}$/)),
  name: v.string(),
});

/** Only so much of a body is read before its signature is checked (an event is a few hundred bytes; app.ts refuses more with 413). */
export const WALLET_EVENT_MAX_BYTES = 16_384;

/**
 * POST /api/payments/vipps/webhook: Vipps MobilePay's payment events. Each account's
 * webhook is registered by the API on its first payment (vipps-gateway.ts ensureWebhook),
 * and each delivery must carry that webhook's HMAC-SHA256 over its body, date and the
 * registered address (payments/wallet-signature.ts): else 400 webhook-signature-invalid.
 * An event never settles by its own word: it makes the API fetch the payment from Vipps
 * MobilePay, under the account the payment was made in, and settle by that (so a replayed
 * or late event only asks again). An event about no payment of ours, or from another
 * account than the payment's, is answered 200 and ignored, logged and counted
 * (booking_payments_total{outcome="foreign"}). When Vipps MobilePay or the database cannot
 * answer, the delivery fails (503 or 500) and Vipps MobilePay delivers it again.
 */
export function vippsWebhookRoutes(deps: ApiDeps, vipps: VippsGateway) {
  return new Hono().post(WALLET_WEBHOOK_PATH, async (c) => {
    const rawBody = await c.req.text();
    const claimed = rawBody.length <= WALLET_EVENT_MAX_BYTES ? v.safeParse(WalletEvent, parseJson(rawBody)) : null;
    const webhook = claimed?.success ? await vipps.webhookOf(claimed.output.msn) : undefined;
    const registered = webhook ? new URL(webhook.url) : undefined;
    const proved =
      webhook &&
      registered &&
      walletSignatureValid(
        {
          pathAndQuery: registered.pathname + registered.search,
          host: registered.host,
          date: c.req.header("x-ms-date") ?? "",
          body: rawBody,
        },
        { contentHash: c.req.header("x-ms-content-sha256"), authorization: c.req.header("authorization") },
        webhook.secret,
      );
    if (!proved || !claimed?.success) {
      deps.logger.warn("vipps webhook refused", { reason: "signature" });
      refuse("webhook-signature-invalid");
    }
    const event = claimed.output;
    const [payment] = await deps.db.query<Payment>(`SELECT ${PAYMENT_SELECT} FROM payments WHERE gateway = $1 AND gateway_reference = $2`, [
      VIPPS,
      event.reference,
    ]);
    if (!payment || payment.gatewayAccount !== event.msn) {
      deps.logger.warn("payment verdict ignored", { gateway: VIPPS, reason: "about no payment started here", event: event.name });
      deps.metrics.payments.inc({ gateway: VIPPS, outcome: "foreign" });
      return c.json({ received: true, handled: false });
    }
    const verdict = await vipps.lookup!({ reference: event.reference, account: payment.gatewayAccount });
    const settled = await settlePayment(deps, verdict, { gateway: VIPPS }, siteUrlOf(c, deps.publicUrl));
    return c.json({ received: true, handled: settled.changed });
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
