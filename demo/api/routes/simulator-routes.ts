import { Hono, type Context } from "hono";
import type { ApiDeps } from "../api-deps.ts";
import { notFound, parseInput } from "../http-errors.ts";
import { paymentById } from "../payments/payment-row.ts";
import { returnAddressOf } from "../payments/payments.ts";
import { settlePayment } from "../payments/settle-payment.ts";
import { SIMULATOR } from "../payments/simulator-gateway.ts";
import { simulatorPage } from "../payments/simulator-page.ts";
import { siteUrlOf } from "../site-url.ts";
import { PaymentId } from "./payment-id.ts";

/**
 * The demo's payment simulator (mounted by createApi only when asked: npm start and the
 * tests; a production start has none, so these answer 404): its page, and its Pay and
 * Decline buttons, which are its verdicts.
 */
export function simulatorRoutes(deps: ApiDeps) {
  const { db, publicUrl, ownOrigins } = deps;
  const showSimulator = async (c: Context, paymentId: unknown) => {
    const id = parseInput(PaymentId, paymentId, "paymentId");
    const payment = await paymentById(db, id);
    if (payment?.gateway !== SIMULATOR) notFound("No such payment");
    // The page of a payment is never framed (a hidden Pay button is clickjacking), runs no script.
    c.header(
      "Content-Security-Policy",
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    );
    c.header("X-Frame-Options", "DENY");
    c.header("Referrer-Policy", "no-referrer");
    return c.html(simulatorPage(payment, `${siteUrlOf(c, publicUrl, ownOrigins)}/api`));
  };
  const complete = (outcome: "paid" | "declined") => async (c: Context) => {
    const id = parseInput(PaymentId, c.req.param("paymentId"), "paymentId");
    const payment = await paymentById(db, id);
    if (payment?.gateway !== SIMULATOR) notFound("No such payment");
    const verdict =
      outcome === "paid"
        ? { outcome, reference: id, paymentId: id, amount: payment.amount, currency: payment.currency }
        : { outcome, reference: id, paymentId: id };
    const settled = await settlePayment(deps, verdict, { gateway: SIMULATOR }, siteUrlOf(c, publicUrl, ownOrigins));
    return c.redirect(returnAddressOf(payment, settled.status ?? payment.status), 303);
  };

  return (
    new Hono()
      // The form post (payu) arrives as a POST with fields; the wallet redirect as a GET.
      .get("/payments/simulator", (c) => showSimulator(c, c.req.query("paymentId")))
      .post("/payments/simulator", async (c) => {
        const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
        return showSimulator(c, form.paymentId ?? c.req.query("paymentId"));
      })
      .post("/payments/:paymentId/pay", complete("paid"))
      .post("/payments/:paymentId/decline", complete("declined"))
  );
}
