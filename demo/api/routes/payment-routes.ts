import { Hono } from "hono";
import * as v from "valibot";
import type { ApiDeps } from "../api-deps.ts";
import { idempotent } from "../idempotency/idempotent.ts";
import { notFound, validated, validatedBody } from "../http-errors.ts";
import { PaymentInitiate } from "../payments/payment-input.ts";
import { paymentById } from "../payments/payment-row.ts";
import { gatewayOf, initiatePayment, paymentOutcome, returnAddressOf } from "../payments/payments.ts";
import { settlePayment } from "../payments/settle-payment.ts";
import { siteUrlOf } from "../site-url.ts";
import { PaymentId } from "./payment-id.ts";

/**
 * payu/initiate (both methods, whatever gateway the deployment has), what became of a
 * payment, and the address a gateway sends a visitor back to when they give up.
 */
export function paymentRoutes(deps: ApiDeps) {
  const { db, publicUrl, ownOrigins } = deps;
  return (
    new Hono()
      .post("/payu/initiate", validatedBody(PaymentInitiate, "payment"), (c) =>
        idempotent(deps, c, "payment", async () => {
          const input = c.req.valid("json");
          return c.json(await initiatePayment(deps, input, siteUrlOf(c, publicUrl, ownOrigins)));
        }),
      )
      // The demo's simulator page is no payment id: without the simulator (production) it is no route at all.
      .get("/payments/simulator", (c) => c.json({ message: `No such API route: GET ${new URL(c.req.url).pathname}` }, 404))
      .get("/payments/:paymentId", validated("param", v.object({ paymentId: PaymentId })), async (c) =>
        c.json(await paymentOutcome(deps, c.req.valid("param").paymentId, siteUrlOf(c, publicUrl, ownOrigins))),
      )
      // The gateway's cancel address: the visitor gave up on its page. The checkout is
      // closed there (so it cannot be paid later), the held booking released, and the
      // visitor sent to the failure address; a payment that went through meanwhile goes
      // to the success address instead. The payment id is the proof: only its payer has it.
      .get("/payments/:paymentId/cancel", validated("param", v.object({ paymentId: PaymentId })), async (c) => {
        const payment = (await paymentById(db, c.req.valid("param").paymentId)) ?? notFound("No such payment");
        const gateway = gatewayOf(deps, payment);
        let status = payment.status;
        if (status === "pending" && gateway?.cancel && payment.gatewayReference) {
          const settled = await settlePayment(
            deps,
            await gateway.cancel({ reference: payment.gatewayReference, account: payment.gatewayAccount }),
            { gateway: gateway.name },
            siteUrlOf(c, publicUrl, ownOrigins),
          );
          status = settled.status ?? status;
        }
        c.header("Referrer-Policy", "no-referrer");
        return c.redirect(returnAddressOf(payment, status === "pending" ? "declined" : status), 303);
      })
  );
}
