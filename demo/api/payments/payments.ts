import { randomBytes } from "node:crypto";
import { paymentMethodOf } from "booking-widget/contract";
import type { ApiDeps } from "../api-deps.ts";
import type { Queryable } from "../db/database.ts";
import { badRequest, notFound, refuse } from "../http-errors.ts";
import { findProviderById } from "../providers/provider-queries.ts";
import { sameSecret } from "../secrets/server-keys.ts";
import { dueForOccurrences, ONLINE_PRICE_SQL, type OnlinePrice } from "./amount-due.ts";
import { type CheckoutStart, gatewayNamed, type PaymentGateway } from "../ports/payment-gateway.ts";
import type { PaymentInitiate } from "./payment-input.ts";
import { fromMinorUnits, toMinorUnits } from "./minor-units.ts";
import { accountAt, type PageAccounts, pageAccounts, platformFee } from "./page-accounts.ts";
import { paymentById, type Payment } from "./payment-row.ts";
import { settlePayment } from "./settle-payment.ts";

/** Attempts at paying one held booking (each stretches its hold to the gateway's shortest checkout): 5 × 31 minutes at most. */
export const PAYMENT_ATTEMPTS_PER_BOOKING = 5;

/** The context of the payment token's digest (see bookAppointment). */
export const PAYMENT_TOKEN_CONTEXT = "payment-token";

/** What payu/initiate answers (spec §7): a form to post, or a redirect URL. */
export interface PaymentInitiation {
  paymentId: string;
  redirectUrl: string | null;
  formAction: string | null;
  formFields: Record<string, string>;
}

/**
 * payu/initiate: records a pending payment, asks the provider's gateway to start it and
 * answers how to reach the gateway's page. For a booking held for payment
 * (appointmentId), the caller proves it made the booking (its paymentToken), the hold
 * must still run, and the amount and description are the server's: what the booking
 * owes, whatever was sent. A real gateway takes only such payments; the demo's
 * simulator also takes the spec's plain call with the client's amount. The return
 * addresses must be on this site: no gateway sends anyone elsewhere.
 */
export async function initiatePayment(deps: ApiDeps, input: PaymentInitiate, siteUrl: string): Promise<PaymentInitiation> {
  const { db, keys } = deps;
  const now = deps.clock.now();
  for (const [field, url] of [
    ["successUrl", input.successUrl],
    ["failureUrl", input.failureUrl],
  ] as const) {
    if (new URL(url).origin !== new URL(siteUrl).origin)
      badRequest(`Invalid payment field "${field}": must be an address on ${new URL(siteUrl).origin}`);
  }
  if (input.appointmentId !== undefined && input.userId === undefined)
    badRequest('Invalid payment field "userId": is required with appointmentId');
  let gateway = deps.gateways[input.provider];
  let amount = input.amount;
  let description = input.description;
  let hold: HeldForPayment | undefined;
  let accounts: PageAccounts | undefined;
  if (input.userId !== undefined) {
    const provider = (await findProviderById(db, input.userId)) ?? notFound(`No booking page with id ${input.userId}`);
    const method = paymentMethodOf(provider.onlineTransactionProvider);
    gateway = method ? deps.gateways[method] : undefined;
    if (!method || !gateway) refuse("no-payment-provider");
    if (method !== input.provider) badRequest(`This booking page takes payments by ${method}, not ${input.provider}`);
    if (input.currency !== provider.currency.toUpperCase()) badRequest(`currency must be ${provider.currency}`);
    accounts = await pageAccounts(db, provider.userId);
    if (input.appointmentId !== undefined) {
      hold = await heldForPayment(
        db,
        provider.userId,
        input.appointmentId,
        keys.digest(PAYMENT_TOKEN_CONTEXT, input.paymentToken ?? ""),
        now,
      );
      amount = hold.due;
      const times = hold.occurrences > 1 ? ` (${hold.occurrences} times)` : "";
      description = `${provider.companyName}: ${hold.titles.join(", ")}${times}`;
    }
  }
  if (!gateway) refuse("no-payment-provider");
  if (!hold && !gateway.takesClientAmounts)
    badRequest(
      'Invalid payment field "appointmentId": this booking page is paid for a booking held for payment (userId, appointmentId, paymentToken)',
    );

  // Stored as the gateway takes it (a JPY price of 500.5 is charged 501): the verdict's amount must match.
  amount = fromMinorUnits(toMinorUnits(amount, input.currency), input.currency);
  const id = randomBytes(16).toString("hex");
  // Each attempt's checkout stays open for the gateway's shortest time (Stripe's 30
  // minutes) and the booking's hold is stretched to cover it, so that paying in time never
  // finds the time given away and a retry after a failed start gets a valid expires_at. A
  // booking takes PAYMENT_ATTEMPTS_PER_BOOKING attempts, which bounds how long it can hold its time.
  const minimumEnd = new Date(now.getTime() + (gateway.minimumCheckoutMinutes + 1) * 60_000);
  const expiresAt = await db.transaction(async (tx) => {
    if (input.appointmentId !== undefined) {
      // The booking's row first: parallel attempts are counted one after the other.
      await tx.query("SELECT 1 FROM appointments WHERE id = $1 FOR UPDATE", [input.appointmentId]);
      const [attempts] = await tx.query<{ count: number }>("SELECT count(*)::int AS count FROM payments WHERE appointment_id = $1", [
        input.appointmentId,
      ]);
      if (attempts!.count >= PAYMENT_ATTEMPTS_PER_BOOKING) refuse("payment-attempts-used-up");
    }
    await tx.query(
      `INSERT INTO payments (id, provider_id, appointment_id, method, gateway, amount, currency, description, customer_email,
         customer_first_name, customer_last_name, customer_phone, success_url, failure_url, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
      [
        id,
        input.userId ?? null,
        input.appointmentId ?? null,
        input.provider,
        gateway.name,
        amount,
        input.currency,
        description,
        input.customerEmail,
        input.customerFirstName,
        input.customerLastName,
        input.customerPhone,
        input.successUrl,
        input.failureUrl,
        now,
      ],
    );
    if (input.appointmentId === undefined) return minimumEnd;
    // The hold's own conditions again, in the statement that links the payment (to every occurrence of a series).
    const held = await tx.query<{ holdExpiresAt: Date | string }>(
      `UPDATE appointments o SET payment_id = $2, hold_expires_at = GREATEST(o.hold_expires_at, $5)
         FROM appointments a
        WHERE a.id = $1 AND (o.id = a.id OR (a.series_id IS NOT NULL AND o.series_id = a.series_id))
          AND o.status = 'awaiting_payment' AND o.provider_id = $3 AND o.hold_expires_at > $4
        RETURNING o.hold_expires_at AS "holdExpiresAt"`,
      [input.appointmentId, id, input.userId, now, minimumEnd],
    );
    if (held.length !== hold!.occurrences) refuse("hold-lapsed");
    return new Date(Math.min(...held.map((row) => new Date(row.holdExpiresAt).getTime())));
  });

  // The page's own account at this gateway, or null: the deployment's.
  const account = accounts ? accountAt(gateway.name, accounts) : null;
  let start: CheckoutStart;
  try {
    start = await gateway.start(
      {
        paymentId: id,
        amount,
        currency: input.currency,
        description,
        customerEmail: input.customerEmail,
        successUrl: withPaymentId(input.successUrl, id),
        cancelUrl: `${siteUrl}/api/payments/${id}/cancel`,
        apiUrl: `${siteUrl}/api`,
        expiresAt,
        providerId: input.userId ?? null,
        appointmentId: input.appointmentId ?? null,
        account,
        platformFee: accounts ? platformFee(amount, input.currency, accounts) : 0,
      },
      `payment-${id}`,
    );
  } catch (error) {
    deps.logger.error("payment gateway did not start the payment", { gateway: gateway.name, error: String(error) });
    await db.query("UPDATE payments SET status = 'declined', completed_at = $2 WHERE id = $1 AND status = 'pending'", [id, now]);
    deps.metrics.payments.inc({ gateway: gateway.name, outcome: "gateway-failed" });
    refuse("payment-gateway-failed");
  }
  await db.query("UPDATE payments SET gateway_reference = $2, gateway_account = $3 WHERE id = $1", [
    id,
    start.reference ?? id,
    start.account ?? account,
  ]);
  deps.metrics.payments.inc({ gateway: gateway.name, outcome: "started" });
  return "redirectUrl" in start
    ? { paymentId: id, redirectUrl: start.redirectUrl, formAction: null, formFields: {} }
    : { paymentId: id, redirectUrl: null, formAction: start.formAction, formFields: start.formFields };
}

interface HeldForPayment {
  due: number;
  titles: string[];
  /** Its occurrences: one, or a series' (paid at once). */
  occurrences: number;
}

/** What a held booking (and, for a series, every occurrence) owes online; 403 without its payment token, 409 when the hold is over. */
async function heldForPayment(db: Queryable, providerId: number, appointmentId: number, tokenDigest: string, now: Date) {
  const [appointment] = await db.query<{ status: string; holdExpiresAt: Date | string | null; tokenDigest: string | null }>(
    `SELECT status, hold_expires_at AS "holdExpiresAt", payment_token_digest AS "tokenDigest" FROM appointments WHERE id = $1 AND provider_id = $2`,
    [appointmentId, providerId],
  );
  if (!appointment?.tokenDigest || !sameSecret(appointment.tokenDigest, tokenDigest)) refuse("not-your-booking");
  if (appointment.status !== "awaiting_payment" || !appointment.holdExpiresAt || new Date(appointment.holdExpiresAt) <= now) {
    refuse("hold-lapsed");
  }
  const services = await db.query<OnlinePrice & { title: string }>(
    `SELECT s.title, ${ONLINE_PRICE_SQL} FROM appointment_services aps JOIN services s ON s.id = aps.service_id
      WHERE aps.appointment_id = $1 ORDER BY s.position`,
    [appointmentId],
  );
  const [{ occurrences } = { occurrences: 1 }] = await db.query<{ occurrences: number }>(
    `SELECT count(*)::int AS occurrences FROM appointments a JOIN appointments o ON o.id = a.id OR (a.series_id IS NOT NULL AND o.series_id = a.series_id)
      WHERE a.id = $1`,
    [appointmentId],
  );
  const due = dueForOccurrences(services, occurrences);
  if (due <= 0) refuse("nothing-to-pay");
  return { due, titles: services.map((s) => s.title), occurrences } satisfies HeldForPayment;
}

/** A return address with the payment's id, for the return page to ask about it. */
export function withPaymentId(url: string, paymentId: string, status?: Payment["status"]): string {
  const target = new URL(url);
  target.searchParams.set("paymentId", paymentId);
  if (status) target.searchParams.set("status", status);
  return target.toString();
}

/** Where a visitor goes once a payment is settled: the success address only when paid. */
export const returnAddressOf = (payment: Payment, status: Payment["status"]) =>
  withPaymentId(status === "paid" ? payment.successUrl : payment.failureUrl, payment.id, status);

/** The gateway that took a payment, while this deployment still has it. */
export const gatewayOf = (deps: ApiDeps, payment: Payment): PaymentGateway | undefined => gatewayNamed(deps, payment.gateway);

/**
 * GET payments/{paymentId}: what became of a payment (the return page asks before it
 * shows a receipt). A payment still pending is asked of its gateway first: the visitor
 * may be back before the gateway's webhook, and the gateway's word settles it. A payment
 * whose money was taken but pays for nothing answers refunded, with how far its refund is;
 * a pending one says whether it is settling (completed at the gateway, its money not arrived).
 */
export async function paymentOutcome(deps: ApiDeps, id: string, siteUrl: string) {
  const payment = (await paymentById(deps.db, id)) ?? notFound("No such payment");
  const gateway = gatewayOf(deps, payment);
  let settling = false;
  if (payment.status === "pending" && payment.gatewayReference && gateway?.lookup) {
    try {
      const verdict = await gateway.lookup({ reference: payment.gatewayReference, account: payment.gatewayAccount });
      settling = verdict.outcome === "open" && verdict.settling === true;
      await settlePayment(deps, verdict, { gateway: gateway.name }, siteUrl);
    } catch (error) {
      // The answer says pending; the webhook settles it, and the page may ask again.
      deps.logger.warn("payment lookup failed", { gateway: gateway.name, error: String(error) });
    }
  }
  const [row] = await deps.db.query<{
    status: Payment["status"];
    refund: "due" | "done" | "failed" | null;
    appointmentId: number | null;
    appointmentStatus: string | null;
  }>(
    `SELECT p.status, (SELECT r.status FROM refunds r WHERE r.payment_id = p.id ORDER BY r.created_at DESC LIMIT 1) AS refund,
            a.id AS "appointmentId", a.status AS "appointmentStatus"
       FROM payments p
       LEFT JOIN appointments a ON a.id = coalesce(p.appointment_id, (SELECT b.id FROM appointments b WHERE b.payment_id = p.id LIMIT 1))
      WHERE p.id = $1`,
    [id],
  );
  if (!row) notFound("No such payment");
  // Pending and settling: paid by a method whose money is on its way (the page waits); pending alone: not paid (yet).
  return { ...row, settling: row.status === "pending" && settling };
}
