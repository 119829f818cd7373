import { Hono, type Context } from "hono";
import * as v from "valibot";
import type { ApiDeps } from "../api-deps.ts";
import { idempotent } from "../idempotency/idempotent.ts";
import { notFound, parseInput, validated, validatedBody } from "../http-errors.ts";
import { PaymentInitiate } from "../payments/payment-input.ts";
import { completePayment, initiatePayment, paymentById, paymentOutcome } from "../payments/payments.ts";
import { simulatorPage } from "../payments/simulator-page.ts";
import { siteUrlOf } from "../site-url.ts";

const PaymentId = v.pipe(v.string("is required"), v.regex(/^[0-9a-f]{32}$/, "must be a payment id"));

/** payu/initiate (both methods) and the payment simulator it leads to. */
export function paymentRoutes(deps: ApiDeps) {
  const { db, publicUrl, clock } = deps;
  const showSimulator = async (c: Context, paymentId: unknown) => {
    const id = parseInput(PaymentId, paymentId, "paymentId");
    const payment = (await paymentById(db, id)) ?? notFound("No such payment");
    // The page of a payment is never framed (a hidden Pay button is clickjacking), runs no script.
    c.header(
      "Content-Security-Policy",
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    );
    c.header("X-Frame-Options", "DENY");
    c.header("Referrer-Policy", "no-referrer");
    return c.html(simulatorPage(payment, `${siteUrlOf(c, publicUrl)}/api`));
  };
  const complete = (outcome: "paid" | "declined") => async (c: Context) => {
    const id = parseInput(PaymentId, c.req.param("paymentId"), "paymentId");
    return c.redirect(await completePayment(deps, id, outcome, siteUrlOf(c, publicUrl), clock.now()), 303);
  };

  return (
    new Hono()
      .post("/payu/initiate", validatedBody(PaymentInitiate, "payment"), (c) =>
        idempotent(deps, c, "payment", async () => {
          const input = c.req.valid("json");
          return c.json(await initiatePayment(deps, input, siteUrlOf(c, publicUrl), clock.now()));
        }),
      )
      // The form post (payu) arrives as a POST with fields; the wallet redirect as a GET.
      .get("/payments/simulator", (c) => showSimulator(c, c.req.query("paymentId")))
      .post("/payments/simulator", async (c) => {
        const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
        return showSimulator(c, form.paymentId ?? c.req.query("paymentId"));
      })
      .get("/payments/:paymentId", validated("param", v.object({ paymentId: PaymentId })), async (c) =>
        c.json(await paymentOutcome(db, c.req.valid("param").paymentId)),
      )
      .post("/payments/:paymentId/pay", complete("paid"))
      .post("/payments/:paymentId/decline", complete("declined"))
  );
}
