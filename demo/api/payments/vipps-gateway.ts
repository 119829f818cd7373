import { Client } from "@vippsmobilepay/sdk";
import { wallClock } from "../clock.ts";
import type { Queryable } from "../db/database.ts";
import type { ServerKeys } from "../secrets/server-keys.ts";
import { fromMinorUnits, toMinorUnits } from "./minor-units.ts";
import { CaptureVoid, type GatewayPayment, type GatewayVerdict, type PaymentGateway, RefundRefused } from "../ports/payment-gateway.ts";
import { routeWalletCalls } from "./wallet-transport.ts";
import { VIPPS, WALLET_WEBHOOK_PATH } from "./vipps-names.ts";

/** The deployment's Vipps MobilePay keys (VIPPS_CLIENT_ID, VIPPS_CLIENT_SECRET, VIPPS_SUBSCRIPTION_KEY, VIPPS_MSN). */
export interface VippsSettings {
  clientId: string;
  clientSecret: string;
  subscriptionKey: string;
  /** The merchant serial number a page without one of its own is paid into. */
  msn: string;
  /** Vipps MobilePay's test environment (apitest.vipps.no): VIPPS_TEST_MODE=1. */
  testMode: boolean;
  /** VIPPS_API_BASE: another address for the API (the tests' stand-in); never in production. */
  apiBase: URL | undefined;
}

/** The ePayment API's currencies ("Available types of currency are NOK, DKK, and EUR"). */
export const WALLET_CURRENCIES = ["NOK", "DKK", "EUR"] as const;

/** The events each account's webhook is registered for; every one makes the API ask the payment's state. */
export const WALLET_EVENTS = ["authorized", "aborted", "expired", "cancelled", "captured", "refunded", "terminated"].map(
  (name) => `epayments.payment.${name}.v1`,
);

/** A payment as the ePayment API's GET tells it (only what this API reads). */
interface WalletPayment {
  reference: string;
  state: "CREATED" | "ABORTED" | "EXPIRED" | "AUTHORIZED" | "TERMINATED";
  amount: { currency: string; value: number };
  aggregate: Record<"authorizedAmount" | "cancelledAmount" | "capturedAmount" | "refundedAmount", { currency: string; value: number }>;
  redirectUrl?: string;
  metadata?: Record<string, string> | null;
}

/** An answer of the API other than a 2xx: its problem (RFC 7807), or the SDK's own error (5xx, 403, no connection). */
class WalletProblem extends Error {
  override name = "WalletProblem";
  constructor(
    readonly status: number | null,
    detail: string,
  ) {
    super(detail);
  }
}

/** What a webhook registration keeps: the account's webhook, whose secret proves each delivery. */
export interface WalletWebhook {
  account: string;
  url: string;
  secret: string;
}

/** The Vipps MobilePay gateway, with what its webhook route needs beside. */
export interface VippsGateway extends PaymentGateway {
  /** The registered webhook of an account, or none (its deliveries cannot be proved). */
  webhookOf(account: string): Promise<WalletWebhook | undefined>;
}

/**
 * The spec's mobile wallet (onlineTransactionProvider 3) through Vipps MobilePay's
 * official SDK and its ePayment API (https://developer.vippsmobilepay.com/docs/APIs/epayment-api):
 * a WEB_REDIRECT payment (the app on a phone, the landing page on a desktop) of the
 * server's amount in minor units (øre), reserved when the visitor approves it and
 * captured once its booking is confirmed (capture worker); a payment that pays for
 * nothing is cancelled while only reserved, and refunded once captured.
 *
 * - Each attempt is its own payment whose `reference` is the API's payment id, sent once:
 *   the SDK sends a fresh Idempotency-Key with every call (vippsas/deno-sdk#77), so the
 *   reference is what keeps an attempt one payment (Vipps MobilePay refuses a second
 *   with 409). A create whose answer was lost fails the attempt; the payment it made was
 *   never shown to anyone and expires unpaid. Captures and refunds read the payment's
 *   totals first, so a call whose answer was lost is never made twice.
 * - The visitor's word is never taken: a webhook delivery whose HMAC proves it, or the
 *   visitor's return, only makes the API fetch the payment (lookup) and settle by that.
 * - Vipps MobilePay waits ten minutes for a visitor at most (5 to open, 5 to approve),
 *   so the booking's hold is stretched past that on every attempt: a payment is never
 *   still open at Vipps when its hold lapses.
 */
export function vippsGateway(settings: VippsSettings, db: Queryable, keys: Pick<ServerKeys, "seal" | "open">): VippsGateway {
  // The SDK has no timeout and no base address of its own: the process's fetch gives it both.
  routeWalletCalls({ to: settings.apiBase, timeoutMs: 8_000 });
  const clients = new Map<string, ReturnType<typeof Client>>();
  const clientOf = (account: string) => {
    let client = clients.get(account);
    if (!client) {
      client = Client({
        merchantSerialNumber: account,
        subscriptionKey: settings.subscriptionKey,
        useTestMode: settings.testMode,
        // One send per call: an attempt that fails is tried again by its worker or the visitor.
        retryRequests: false,
        systemName: "booking-widget",
        systemVersion: "1",
      });
      clients.set(account, client);
    }
    return client;
  };
  const accountOf = (payment: GatewayPayment) => payment.account ?? settings.msn;

  // One access token for every account (partner keys act for several merchant serial numbers), renewed before it ends.
  let token: { value: string; until: number } | undefined;
  const tokenFor = async (account: string): Promise<string> => {
    if (token && token.until > wallClock.now().getTime()) return token.value;
    const answer = await clientOf(account).auth.getToken(settings.clientId, settings.clientSecret);
    const data = answered(answer, "access token") as { access_token: string; expires_in: string | number };
    const seconds = Number(data.expires_in) || 3600;
    token = { value: data.access_token, until: wallClock.now().getTime() + Math.max(seconds - 120, 30) * 1000 };
    return token.value;
  };

  const getPayment = async (payment: GatewayPayment): Promise<WalletPayment> => {
    const account = accountOf(payment);
    return answered(await clientOf(account).payment.info(await tokenFor(account), payment.reference), "payment") as WalletPayment;
  };

  const verdictOf = (payment: WalletPayment, account: string): GatewayVerdict => {
    const paymentId = payment.metadata?.paymentId ?? payment.reference;
    const base = { reference: payment.reference, paymentId, account };
    switch (payment.state) {
      case "AUTHORIZED": {
        const currency = payment.aggregate.authorizedAmount.currency || payment.amount.currency;
        return { ...base, outcome: "paid", amount: fromMinorUnits(payment.aggregate.authorizedAmount.value, currency), currency };
      }
      case "EXPIRED":
        return { ...base, outcome: "expired" };
      case "ABORTED":
      case "TERMINATED":
        return { ...base, outcome: "declined" };
      default:
        return { ...base, outcome: "open" };
    }
  };

  /** The account's webhook at this address, registered on its first payment (once, whatever the processes). */
  const ensureWebhook = async (account: string, url: string) => {
    const [known] = await db.query("SELECT 1 FROM wallet_webhooks WHERE account = $1", [account]);
    if (known) return;
    const client = clientOf(account);
    const registered = answered(await client.webhook.register(await tokenFor(account), { url, events: WALLET_EVENTS }), "webhook") as {
      id: string;
      secret: string;
    };
    const kept = await db.query(
      `INSERT INTO wallet_webhooks (account, webhook_id, url, secret, registered_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (account) DO NOTHING RETURNING account`,
      // Sealed: a copy of the database alone cannot sign a delivery.
      [account, registered.id, url, keys.seal(registered.secret), wallClock.now()],
    );
    // Another process registered it first: one webhook per account, so this one goes.
    if (kept.length === 0) await client.webhook.delete(await tokenFor(account), registered.id);
  };

  return {
    name: VIPPS,
    // "By default, a user has a total of 10 minutes to accept a payment" (knowledge base, Timeouts).
    minimumCheckoutMinutes: 10,
    takesClientAmounts: false,
    async start(request) {
      const account = request.account ?? settings.msn;
      if (!(WALLET_CURRENCIES as readonly string[]).includes(request.currency))
        throw new Error(`Vipps MobilePay takes ${WALLET_CURRENCIES.join(", ")} only, not ${request.currency}`);
      // Its events have somewhere to go before its first payment: the account's webhook, registered once.
      await ensureWebhook(account, `${request.apiUrl}${WALLET_WEBHOOK_PATH}`);
      const client = clientOf(account);
      const created = await client.payment.create(await tokenFor(account), {
        reference: request.paymentId,
        amount: { currency: request.currency as (typeof WALLET_CURRENCIES)[number], value: toMinorUnits(request.amount, request.currency) },
        paymentMethod: { type: "WALLET" },
        userFlow: "WEB_REDIRECT",
        // One address back for every ending: the return page asks the API what became of the payment.
        returnUrl: request.successUrl,
        paymentDescription: paymentDescription(request.description),
        metadata: {
          paymentId: request.paymentId,
          ...(request.appointmentId !== null ? { appointmentId: String(request.appointmentId) } : {}),
          ...(request.providerId !== null ? { providerId: String(request.providerId) } : {}),
        },
      });
      if (created.ok && created.data.redirectUrl) return { reference: request.paymentId, account, redirectUrl: created.data.redirectUrl };
      answered(created, "payment");
      throw new Error(`Vipps MobilePay answered payment ${request.paymentId} without a redirect address`);
    },
    async lookup(payment) {
      return verdictOf(await getPayment(payment), accountOf(payment));
    },
    async cancel(payment) {
      const account = accountOf(payment);
      const current = await getPayment(payment);
      // Only a payment nobody approved yet is closed here; an approved one tells that it was paid.
      if (current.state !== "CREATED") return verdictOf(current, account);
      const cancelled = await clientOf(account).payment.cancel(await tokenFor(account), payment.reference);
      if (!cancelled.ok) return verdictOf(await getPayment(payment), account);
      return verdictOf({ ...current, ...(cancelled.data as Partial<WalletPayment>) }, account);
    },
    async capture(payment, { amount, currency }) {
      const account = accountOf(payment);
      const current = await getPayment(payment);
      const wanted = toMinorUnits(amount, currency);
      const captured = current.aggregate.capturedAmount.value;
      if (captured >= wanted) return;
      const left = current.aggregate.authorizedAmount.value - current.aggregate.cancelledAmount.value - captured;
      if (current.state !== "AUTHORIZED" || left <= 0)
        throw new CaptureVoid(`Vipps MobilePay payment is ${current.state}, nothing to capture`);
      const done = await clientOf(account).payment.capture(await tokenFor(account), payment.reference, {
        modificationAmount: { currency: currency as (typeof WALLET_CURRENCIES)[number], value: Math.min(wanted - captured, left) },
      });
      answered(done, "capture");
    },
    async refund(payment, refund) {
      const account = accountOf(payment);
      const current = await getPayment(payment);
      const { capturedAmount, refundedAmount, authorizedAmount, cancelledAmount } = current.aggregate;
      const reserved = authorizedAmount.value - cancelledAmount.value - capturedAmount.value;
      // Nothing taken: a reservation goes back by cancelling it (all of it, before the capture).
      if (capturedAmount.value === 0) {
        if (current.state !== "AUTHORIZED" || reserved <= 0) return "already-refunded";
        if (!refund.whole && toMinorUnits(refund.amount, refund.currency) < reserved)
          throw new Error("the payment's capture is not made yet; its share is refunded after it");
        answered(await clientOf(account).payment.cancel(await tokenFor(account), payment.reference), "cancel");
        return "refunded";
      }
      // Refunds of a payment are made one at a time: more refunded than before this one means it was made (its answer lost).
      const before = toMinorUnits(refund.refundedBefore, refund.currency);
      const left = capturedAmount.value - refundedAmount.value;
      if (refundedAmount.value > before || left <= 0) return "already-refunded";
      const value = refund.whole ? left : Math.min(toMinorUnits(refund.amount, refund.currency), left);
      const made = await clientOf(account).payment.refund(await tokenFor(account), payment.reference, {
        modificationAmount: { currency: refund.currency as (typeof WALLET_CURRENCIES)[number], value },
      });
      if (!made.ok) {
        const status = problemStatus(made.error);
        if (status !== null && status >= 400 && status < 500 && status !== 429 && status !== 409)
          throw new RefundRefused(`Vipps MobilePay refused the refund: ${problemText(made.error)}`);
        answered(made, "refund");
      }
      return "refunded";
    },
    async webhookOf(account) {
      const [row] = await db.query<WalletWebhook>("SELECT account, url, secret FROM wallet_webhooks WHERE account = $1", [account]);
      const secret = keys.open(row?.secret);
      // Sealed under another API_SECRET: no delivery can be proved until the webhook is registered again.
      return row && secret !== null ? { ...row, secret } : undefined;
    },
  };
}

/** The ePayment API's paymentDescription: 3 to 100 characters. */
function paymentDescription(description: string): string {
  const text = description.trim() || "Booking";
  return (text.length < 3 ? `${text} – booking` : text).slice(0, 100);
}

type Answer = { ok: true; data: unknown } | { ok: false; error: unknown };

/** The data of a 2xx answer; else a WalletProblem that names the call and the API's words. */
function answered(answer: Answer, what: string): unknown {
  if (answer.ok) return answer.data;
  throw new WalletProblem(problemStatus(answer.error), `Vipps MobilePay refused the ${what}: ${problemText(answer.error)}`);
}

function problemStatus(error: unknown): number | null {
  if (error && typeof error === "object" && "status" in error && typeof error.status === "number") return error.status;
  return null;
}

function problemText(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (error && typeof error === "object") {
    const problem = error as { title?: unknown; detail?: unknown; status?: unknown };
    return [problem.status, problem.title, problem.detail].filter((part) => part !== undefined && part !== "").join(" ");
  }
  return String(error);
}
