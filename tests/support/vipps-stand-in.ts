import { createHash, createHmac, randomBytes, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * An in-process stand-in for the part of Vipps MobilePay's APIs the reference API uses,
 * shaped as their OpenAPI documents answer (vippsas/vipps-epayment-api docs/epayment.v1.yml,
 * the Access Token and Webhooks APIs), for the official SDK pointed at it by the API's
 * fetch dispatcher (VIPPS_API_BASE):
 * - POST /accesstoken/get: client_id, client_secret and Ocp-Apim-Subscription-Key headers;
 * - every other call: a Bearer token it issued, the subscription key, a known
 *   Merchant-Serial-Number (payments and webhooks are the MSN's own), an Idempotency-Key
 *   of at most 50 characters on each POST (the same key again answers as before);
 * - ePayment: create (the documented rules: reference 8–50 of [a-zA-Z0-9-] and unique per
 *   MSN, else 409; NOK, DKK or EUR; value a whole number of minor units, 0–65,000,000;
 *   WEB_REDIRECT with an https returnUrl; paymentDescription 3–100; at most 5 metadata
 *   pairs), get, events, cancel, capture and refund (no more than reserved, captured),
 *   force approve; the states CREATED → AUTHORIZED | ABORTED | EXPIRED (ten minutes) |
 *   TERMINATED;
 * - Webhooks: register (an https url, events) answering its id and secret, list, delete;
 *   each payment event is sent to every webhook of its MSN registered for it, signed as
 *   Vipps MobilePay signs (x-ms-date, x-ms-content-sha256, HMAC-SHA256 Authorization).
 * - The redirect address opens a landing page with Approve and Cancel, which go back to
 *   the returnUrl.
 * One deviation, for tests that cannot serve TLS: with `loopbackHttp`, http addresses on
 * 127.0.0.1 and localhost are taken as https ones.
 */
export interface VippsStandInOptions {
  /** The stand-in's clock (payments expire ten minutes after they are created): the API's. */
  now?: () => Date;
  /** Merchant serial numbers the keys may act for (the first is the deployment's). */
  accounts?: string[];
  loopbackHttp?: boolean;
  /** Where a signed webhook delivery goes (an in-process API); by default, a POST to its url. */
  deliver?: (delivery: WalletDelivery) => Promise<void>;
}

export interface WalletDelivery {
  url: string;
  headers: Record<string, string>;
  body: string;
}

interface Amount {
  currency: string;
  value: number;
}

interface StoredPayment {
  msn: string;
  reference: string;
  pspReference: string;
  state: "CREATED" | "ABORTED" | "EXPIRED" | "AUTHORIZED" | "TERMINATED";
  amount: Amount;
  authorized: number;
  captured: number;
  refunded: number;
  cancelled: number;
  returnUrl: string;
  token: string;
  createdAt: Date;
  metadata: Record<string, string> | null;
  events: Array<{ name: string; amount: Amount; timestamp: string; idempotencyKey: string | null; success: boolean }>;
}

interface Webhook {
  id: string;
  msn: string;
  url: string;
  events: string[];
  secret: string;
}

const CURRENCIES = ["NOK", "DKK", "EUR"];
const TIMEOUT_MS = 10 * 60_000;
const EVENT_NAMES: Record<string, string> = {
  AUTHORIZED: "authorized",
  ABORTED: "aborted",
  EXPIRED: "expired",
  CANCELLED: "cancelled",
  CAPTURED: "captured",
  REFUNDED: "refunded",
  TERMINATED: "terminated",
  CREATED: "created",
};

export async function startVippsStandIn(options: VippsStandInOptions = {}) {
  const now = options.now ?? (() => new Date());
  const keys = {
    clientId: randomUUID(),
    clientSecret: randomBytes(16).toString("base64"),
    subscriptionKey: randomBytes(16).toString("hex"),
  };
  const accounts = new Set(options.accounts ?? ["123456"]);
  const tokens = new Set<string>();
  const payments = new Map<string, StoredPayment>();
  const webhooks: Webhook[] = [];
  const kept = new Map<string, { status: number; body: string }>();
  const calls: Array<{ method: string; path: string; msn: string | undefined; body: unknown }> = [];
  const deliveries: WalletDelivery[] = [];
  let failures: { count: number; status: number; path?: RegExp } = { count: 0, status: 500 };
  let lost: { count: number; path: RegExp } = { count: 0, path: /$^/ };

  const server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => problem(res, 500, "Internal error", String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const secure = (url: string) => {
    try {
      const parsed = new URL(url);
      if (parsed.protocol === "https:") return true;
      if (parsed.protocol === "http:") return options.loopbackHttp === true && ["127.0.0.1", "localhost"].includes(parsed.hostname);
      return /^[a-z][a-z0-9+.-]*:$/.test(parsed.protocol);
    } catch {
      return false;
    }
  };

  /** Deliveries under way that no call waits for (an expiry found while reading). */
  const sending = new Set<Promise<void>>();
  /** A payment past its ten minutes expires (looked at lazily, as each call reads it). */
  const aged = (payment: StoredPayment) => {
    if (payment.state === "CREATED" && now().getTime() - payment.createdAt.getTime() >= TIMEOUT_MS) {
      payment.state = "EXPIRED";
      const sent = emit(payment, "EXPIRED", payment.amount, null);
      sending.add(sent);
      void sent.finally(() => sending.delete(sent));
    }
    return payment;
  };

  async function emit(payment: StoredPayment, name: string, amount: Amount, idempotencyKey: string | null) {
    const timestamp = now().toISOString();
    payment.events.push({ name, amount, timestamp, idempotencyKey, success: true });
    const body = JSON.stringify({
      msn: payment.msn,
      reference: payment.reference,
      pspReference: payment.pspReference,
      name,
      amount,
      timestamp,
      idempotencyKey,
      success: true,
    });
    const event = `epayments.payment.${EVENT_NAMES[name]}.v1`;
    for (const webhook of webhooks.filter((hook) => hook.msn === payment.msn && hook.events.includes(event))) {
      const delivery = signed(webhook, body);
      deliveries.push(delivery);
      if (options.deliver) await options.deliver(delivery).catch(() => {});
      else await fetch(delivery.url, { method: "POST", headers: delivery.headers, body }).catch(() => {});
    }
  }

  /** A delivery signed with a webhook's secret (Webhooks API, "Request authentication"). */
  function signed(webhook: Pick<Webhook, "url" | "secret">, body: string, date = now().toUTCString()): WalletDelivery {
    const url = new URL(webhook.url);
    const contentHash = createHash("sha256").update(body).digest("base64");
    const toSign = `POST\n${url.pathname}${url.search}\n${date};${url.host};${contentHash}`;
    const signature = createHmac("sha256", webhook.secret).update(toSign).digest("base64");
    return {
      url: webhook.url,
      body,
      headers: {
        "content-type": "application/json",
        "x-ms-date": date,
        "x-ms-content-sha256": contentHash,
        authorization: `HMAC-SHA256 SignedHeaders=x-ms-date;host;x-ms-content-sha256&Signature=${signature}`,
      },
    };
  }

  const view = (payment: StoredPayment) => {
    const of = (value: number) => ({ currency: payment.amount.currency, value });
    return {
      reference: payment.reference,
      pspReference: payment.pspReference,
      state: payment.state,
      amount: payment.amount,
      aggregate: {
        authorizedAmount: of(payment.authorized),
        cancelledAmount: of(payment.cancelled),
        capturedAmount: of(payment.captured),
        refundedAmount: of(payment.refunded),
      },
      paymentMethod: { type: "WALLET" },
      profile: {},
      redirectUrl: `${base}/landing?token=${payment.token}`,
      metadata: payment.metadata,
    };
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", base);
    const text = await readBody(req);
    if (url.pathname === "/landing") return landing(req, res, url, text);
    // A browser on the landing page asks for its icon: none, and no error.
    if (url.pathname === "/favicon.ico") {
      res.writeHead(204, { "content-type": "image/x-icon" }).end();
      return;
    }

    const header = (name: string) => {
      const value = req.headers[name.toLowerCase()];
      return Array.isArray(value) ? value[0] : value;
    };
    const msn = header("merchant-serial-number");
    calls.push({ method: req.method ?? "GET", path: url.pathname, msn, body: text ? safeJson(text) : undefined });
    if (header("ocp-apim-subscription-key") !== keys.subscriptionKey)
      return problem(res, 401, "Access denied", "Access denied due to invalid subscription key.");

    if (url.pathname === "/accesstoken/get" && req.method === "POST") {
      if (header("client_id") !== keys.clientId || header("client_secret") !== keys.clientSecret)
        return send(res, 401, { error: "invalid_client", error_description: "AADSTS7000215: Invalid client secret provided." });
      const token = randomBytes(24).toString("base64url");
      tokens.add(token);
      const seconds = Math.floor(now().getTime() / 1000);
      return send(res, 200, {
        token_type: "Bearer",
        expires_in: "3600",
        ext_expires_in: "3600",
        expires_on: String(seconds + 3600),
        not_before: String(seconds),
        resource: "00000002-0000-0000-c000-000000000000",
        access_token: token,
      });
    }
    if (!tokens.has((header("authorization") ?? "").replace(/^Bearer /, "")))
      return problem(res, 401, "Unauthorized", "The access token is missing or invalid.");
    if (!msn || !accounts.has(msn))
      return problem(res, 403, "Forbidden", `Merchant-Serial-Number ${msn ?? "(none)"} is not one of these keys'.`);
    if (failures.count > 0 && (!failures.path || failures.path.test(url.pathname))) {
      failures.count--;
      return problem(res, failures.status, "Service unavailable", "The stand-in's outage.");
    }
    const idempotencyKey = header("idempotency-key") ?? null;
    if (req.method === "POST") {
      if (!idempotencyKey || idempotencyKey.length > 50)
        return problem(res, 400, "Bad Request", "Idempotency-Key is required (at most 50 characters).");
      const before = kept.get(`${msn}:${idempotencyKey}`);
      if (before) return send(res, before.status, JSON.parse(before.body));
    }
    const keep = (status: number, body: unknown) => {
      if (req.method === "POST" && idempotencyKey) kept.set(`${msn}:${idempotencyKey}`, { status, body: JSON.stringify(body) });
      // The work is done, and its answer lost on the way (a dropped connection): the caller sees a 502.
      if (lost.count > 0 && lost.path.test(url.pathname)) {
        lost.count--;
        return problem(res, 502, "Bad Gateway", "The answer was lost on the way (the stand-in's).");
      }
      return send(res, status, body);
    };
    const body = (text ? safeJson(text) : {}) as Record<string, unknown>;

    // Webhooks API.
    if (url.pathname === "/webhooks/v1/webhooks") {
      if (req.method === "GET")
        return send(res, 200, {
          webhooks: webhooks.filter((w) => w.msn === msn).map(({ id, url: u, events }) => ({ id, url: u, events })),
        });
      if (req.method === "POST") {
        if (typeof body.url !== "string" || !secure(body.url) || !/^https?:$/.test(new URL(body.url).protocol))
          return problem(res, 400, "Bad Request", "The URL must use HTTPS.");
        if (!Array.isArray(body.events) || body.events.length === 0 || !body.events.every((e) => typeof e === "string"))
          return problem(res, 400, "Bad Request", "events must name at least one event.");
        if (webhooks.filter((w) => w.msn === msn).length >= 25) return problem(res, 400, "Bad Request", "Too many webhooks for this MSN.");
        const webhook = {
          id: randomUUID(),
          msn,
          url: body.url,
          events: body.events as string[],
          secret: randomBytes(24).toString("base64"),
        };
        webhooks.push(webhook);
        return keep(201, { id: webhook.id, secret: webhook.secret });
      }
    }
    const hook = /^\/webhooks\/v1\/webhooks\/([^/]+)$/.exec(url.pathname);
    if (hook && req.method === "DELETE") {
      const index = webhooks.findIndex((w) => w.id === hook[1] && w.msn === msn);
      if (index < 0) return problem(res, 404, "Not Found", "No such webhook.");
      webhooks.splice(index, 1);
      res.writeHead(204).end();
      return;
    }

    // ePayment API.
    if (url.pathname === "/epayment/v1/payments" && req.method === "POST") {
      const invalid = createProblem(body, secure);
      if (invalid) return problem(res, 400, "Bad Request", invalid);
      const reference = body.reference as string;
      if (payments.has(`${msn}:${reference}`))
        return keep(409, problemBody(409, "Conflict", `A payment with reference ${reference} already exists.`));
      const amount = body.amount as Amount;
      const payment: StoredPayment = {
        msn,
        reference,
        pspReference: String(Math.floor(1e9 + Math.random() * 9e9)),
        state: "CREATED",
        amount: { currency: amount.currency, value: amount.value },
        authorized: 0,
        captured: 0,
        refunded: 0,
        cancelled: 0,
        returnUrl: body.returnUrl as string,
        token: randomBytes(16).toString("hex"),
        createdAt: now(),
        metadata: (body.metadata as Record<string, string> | undefined) ?? null,
        events: [],
      };
      payments.set(`${msn}:${reference}`, payment);
      payment.events.push({ name: "CREATED", amount: payment.amount, timestamp: now().toISOString(), idempotencyKey, success: true });
      return keep(201, { redirectUrl: view(payment).redirectUrl, reference });
    }
    const one = /^\/epayment\/v1\/(test\/)?payments\/([^/]+)(?:\/(events|cancel|capture|refund|approve))?$/.exec(url.pathname);
    if (one) {
      const stored = payments.get(`${msn}:${one[2]}`);
      if (!stored) return problem(res, 404, "Not Found", `No payment with reference ${one[2]}.`);
      const payment = aged(stored);
      const action = one[3];
      if (!action && req.method === "GET") return send(res, 200, view(payment));
      if (action === "events" && req.method === "GET")
        return send(
          res,
          200,
          payment.events.map((e) => ({ reference: payment.reference, pspReference: payment.pspReference, ...e })),
        );
      if (req.method !== "POST") return problem(res, 405, "Method Not Allowed", "");
      if (action === "approve" && one[1]) {
        if (payment.state !== "CREATED") return keep(400, problemBody(400, "Bad Request", `Payment is ${payment.state}.`));
        await approve(payment);
        return keep(200, {});
      }
      if (action === "cancel") {
        if (payment.state === "CREATED") payment.state = "TERMINATED";
        else if (payment.state === "AUTHORIZED" && payment.captured === 0) {
          payment.cancelled = payment.authorized;
          payment.state = "TERMINATED";
        } else if (payment.state === "AUTHORIZED") {
          return keep(400, problemBody(400, "Bad Request", "A captured payment cannot be cancelled; refund it."));
        } else return keep(409, problemBody(409, "Conflict", `Payment is ${payment.state} and cannot be cancelled.`));
        await emit(payment, "CANCELLED", payment.amount, idempotencyKey);
        return keep(200, { ...view(payment) });
      }
      const modification = body.modificationAmount as Amount | undefined;
      if (
        !modification ||
        modification.currency !== payment.amount.currency ||
        !Number.isInteger(modification.value) ||
        modification.value <= 0
      )
        return keep(400, problemBody(400, "Bad Request", "modificationAmount must be a positive whole amount in the payment's currency."));
      if (action === "capture") {
        if (payment.state !== "AUTHORIZED")
          return keep(409, problemBody(409, "Conflict", `Payment is ${payment.state}: nothing to capture.`));
        if (modification.value > payment.authorized - payment.cancelled - payment.captured)
          return keep(400, problemBody(400, "Bad Request", "Capture amount is more than the amount reserved."));
        payment.captured += modification.value;
        await emit(payment, "CAPTURED", modification, idempotencyKey);
        return keep(200, view(payment));
      }
      if (action === "refund") {
        if (modification.value > payment.captured - payment.refunded)
          return keep(400, problemBody(400, "Bad Request", "Refund amount is more than the amount captured."));
        if (refusedRefunds.has(payment.reference))
          return keep(400, problemBody(400, "Bad Request", "The refund cannot be made (the stand-in's lasting refusal)."));
        payment.refunded += modification.value;
        await emit(payment, "REFUNDED", modification, idempotencyKey);
        return keep(200, view(payment));
      }
    }
    return problem(res, 404, "Not Found", `No such route: ${req.method} ${url.pathname}`);
  }

  async function approve(payment: StoredPayment, amount = payment.amount.value) {
    payment.state = "AUTHORIZED";
    payment.authorized = amount;
    await emit(payment, "AUTHORIZED", { currency: payment.amount.currency, value: amount }, null);
  }

  /** The landing page: what the visitor sees on a desktop (on a phone, the app), with Approve and Cancel. */
  async function landing(req: IncomingMessage, res: ServerResponse, url: URL, text: string) {
    const token = req.method === "POST" ? new URLSearchParams(text).get("token") : url.searchParams.get("token");
    const payment = [...payments.values()].find((p) => p.token === token);
    if (!payment) return sendHtml(res, 404, "<p>Betalingen finnes ikke.</p>");
    aged(payment);
    if (req.method === "POST") {
      const choice = new URLSearchParams(text).get("choice");
      if (payment.state === "CREATED") {
        if (choice === "approve") await approve(payment);
        else {
          payment.state = "ABORTED";
          await emit(payment, "ABORTED", payment.amount, null);
        }
      }
      res.writeHead(303, { location: payment.returnUrl }).end();
      return;
    }
    const price = `${(payment.amount.value / 100).toFixed(2)} ${payment.amount.currency}`;
    return sendHtml(
      res,
      200,
      `<!doctype html><html lang="no"><head><meta charset="utf-8"><title>Vipps MobilePay</title></head><body>
<h1>Betal ${price}</h1><p>${payment.state === "CREATED" ? "Godkjenn betalingen i appen." : `Betalingen er ${payment.state}.`}</p>
<form method="post" action="/landing"><input type="hidden" name="token" value="${payment.token}">
<button name="choice" value="approve">Godkjenn</button> <button name="choice" value="cancel">Avbryt</button></form></body></html>`,
    );
  }

  const refusedRefunds = new Set<string>();
  const find = (reference: string, msn?: string) => {
    const payment = [...payments.values()].find((p) => p.reference === reference && (msn === undefined || p.msn === msn));
    if (!payment) throw new Error(`the stand-in has no payment ${reference}`);
    return aged(payment);
  };

  return {
    url: base,
    ...keys,
    msn: [...accounts][0]!,
    calls,
    deliveries,
    webhooks,
    /** The visitor approves in the app (an authorized amount other than asked: a tampered payment). */
    approve: (reference: string, amount?: number) => approve(find(reference), amount),
    /** The visitor cancels in the app. */
    abort: async (reference: string) => {
      const payment = find(reference);
      payment.state = "ABORTED";
      await emit(payment, "ABORTED", payment.amount, null);
    },
    payment: (reference: string, msn?: string) => view(find(reference, msn)),
    stored: (reference: string) => find(reference),
    /** Answers the next `count` calls (on `path` only, when given) with `status`, doing nothing. */
    fail(count: number, status = 500, path?: RegExp) {
      failures = { count, status, ...(path ? { path } : {}) };
    },
    /** Waits for the deliveries under way (an expiry's event). */
    idle: () => Promise.allSettled([...sending]).then(() => {}),
    /** Does the next `count` calls on `path`, and loses their answers. */
    loseAnswers(count: number, path: RegExp) {
      lost = { count, path };
    },
    /** Refunds of this payment are refused for good (a lasting 400), or taken again. */
    refuseRefunds(reference: string, refused = true) {
      if (refused) refusedRefunds.add(reference);
      else refusedRefunds.delete(reference);
    },
    /** Signs a body as a webhook of `msn` would be (a forged one: pass another secret). */
    signed,
    /** The account's webhook (the API registers it on its first payment there). */
    webhookOf: (msn: string) => webhooks.find((w) => w.msn === msn),
    addAccount: (msn: string) => accounts.add(msn),
    reset() {
      calls.length = 0;
      deliveries.length = 0;
      failures = { count: 0, status: 500 };
      lost = { count: 0, path: /$^/ };
      refusedRefunds.clear();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type VippsStandIn = Awaited<ReturnType<typeof startVippsStandIn>>;

/** Why a create request breaks the ePayment API's documented rules, or null. */
function createProblem(body: Record<string, unknown>, secure: (url: string) => boolean): string | null {
  const amount = body.amount as Partial<Amount> | undefined;
  if (!amount || typeof amount !== "object") return "amount is required.";
  if (!CURRENCIES.includes(String(amount.currency))) return `amount.currency must be one of ${CURRENCIES.join(", ")}.`;
  if (!Number.isInteger(amount.value) || (amount.value as number) < 0 || (amount.value as number) > 65_000_000)
    return "amount.value must be a whole number of minor units from 0 to 65000000.";
  const method = body.paymentMethod as { type?: unknown } | undefined;
  if (!method || !["WALLET", "CARD"].includes(String(method.type))) return "paymentMethod.type must be WALLET or CARD.";
  if (typeof body.reference !== "string" || !/^[a-zA-Z0-9-]{8,50}$/.test(body.reference))
    return "reference must match ^[a-zA-Z0-9-]{8,50}$.";
  if (!["WEB_REDIRECT", "NATIVE_REDIRECT", "PUSH_MESSAGE", "QR"].includes(String(body.userFlow)))
    return "userFlow is not one of the flows.";
  if (body.userFlow === "WEB_REDIRECT" && (typeof body.returnUrl !== "string" || !secure(body.returnUrl)))
    return "returnUrl is required with WEB_REDIRECT, and must use https:// or a custom URL scheme.";
  if (body.expiresAt !== undefined && body.expiresAt !== null && body.userFlow !== "PUSH_MESSAGE" && body.userFlow !== "QR")
    return "expiresAt can only be combined with userFlow PUSH_MESSAGE or QR.";
  if (body.paymentDescription !== undefined) {
    const length = String(body.paymentDescription).length;
    if (typeof body.paymentDescription !== "string" || length < 3 || length > 100) return "paymentDescription must be 3 to 100 characters.";
  }
  if (body.metadata !== undefined && body.metadata !== null) {
    const pairs = Object.entries(body.metadata as Record<string, unknown>);
    if (pairs.length > 5 || pairs.some(([key, value]) => key.length > 100 || typeof value !== "string" || value.length > 500))
      return "metadata takes at most 5 string pairs (keys up to 100, values up to 500 characters).";
  }
  return null;
}

function problemBody(status: number, title: string, detail: string) {
  return {
    type: `https://developer.vippsmobilepay.com/docs/APIs/epayment-api/api-guide/errors#${status}`,
    title,
    detail,
    status,
    traceId: randomUUID(),
  };
}

function problem(res: ServerResponse, status: number, title: string, detail: string) {
  return send(res, status, problemBody(status, title, detail), "application/problem+json");
}

function send(res: ServerResponse, status: number, body: unknown, type = "application/json") {
  res.writeHead(status, { "content-type": type }).end(JSON.stringify(body));
}

function sendHtml(res: ServerResponse, status: number, html: string) {
  res.writeHead(status, { "content-type": "text/html; charset=utf-8" }).end(html);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return { unparsable: text };
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      text += chunk;
    });
    req.on("end", () => resolve(text));
    req.on("error", reject);
  });
}
