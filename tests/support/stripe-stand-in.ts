import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

/**
 * An in-process stand-in for the part of Stripe's API the reference API uses, shaped as
 * Stripe documents it (https://docs.stripe.com/api): form-encoded requests with bracket
 * notation and a Bearer secret key; JSON objects and `{ error: { type, message, … } }`
 * errors; Idempotency-Key replays (the same key with other parameters is an
 * idempotency_error); Checkout Sessions (create, retrieve, expire) whose `url` is a
 * hosted page here with Pay and Back; refunds; and webhook events signed with the SDK's
 * own test-header helper. The real API needs the internet; this needs none. Tests point
 * the SDK at it with STRIPE_API_BASE (the SDK's host, port and protocol options).
 */
/** The Checkout Session parameters the reference API sends (Stripe knows many more; any other is refused here). */
const SESSION_PARAMS = new Set([
  "mode",
  "allowed_payment_method_types",
  "line_items",
  "success_url",
  "cancel_url",
  "client_reference_id",
  "metadata",
  "payment_intent_data",
  "customer_email",
  "expires_at",
  "wallet_options",
]);

export interface StandInOptions {
  /** The stand-in's clock for expires_at's bounds and `created`: the API's (tests fix it). */
  now?: () => Date;
  secretKey?: string;
  webhookSecret?: string;
  /** Connected accounts of this platform (Stripe Connect), reached with a Stripe-Account header. */
  connectedAccounts?: string[];
  /** The signing secret of the endpoint for connected accounts' events. */
  connectWebhookSecret?: string;
}

export type Session = Stripe.Checkout.Session;

interface Call {
  method: string;
  path: string;
  params: Record<string, unknown>;
  idempotencyKey: string | undefined;
  /** The Stripe-Account header: the connected account the call acts on (none: the platform's own). */
  account: string | undefined;
}

export async function startStripeStandIn(options: StandInOptions = {}) {
  const now = options.now ?? (() => new Date());
  const secretKey = options.secretKey ?? `sk_test_${randomBytes(12).toString("hex")}`;
  const webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(16).toString("hex")}`;
  const connectWebhookSecret = options.connectWebhookSecret ?? `whsec_${randomBytes(16).toString("hex")}`;
  const connected = new Set(options.connectedAccounts ?? ["acct_1PageOwnAccount", "acct_1AnotherAccount"]);
  /** The connected account each session was made on (none: the platform's). */
  const accountOf = new Map<string, string | null>();
  const sessions = new Map<string, Session>();
  const refunds: Stripe.Refund[] = [];
  const calls: Call[] = [];
  /** Refunds answered with a lasting refusal (charge_disputed), by payment intent. */
  const disputed = new Set<string>();
  const kept = new Map<string, { digest: string; status: number; body: string }>();
  const deliveries: Promise<Response | null>[] = [];
  let webhookUrl: string | undefined;
  /** Answers the next n API calls with this status (a Stripe outage), without doing them. */
  let failures: { count: number; status: number } = { count: 0, status: 500 };
  const sdk = new Stripe(secretKey);
  const seconds = () => Math.floor(now().getTime() / 1000);
  const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString("hex")}`;

  const server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => send(res, 500, apiError("api_error", String(error))));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", base);
    const body = await readBody(req);
    // The hosted Checkout page (what session.url opens): no key, a browser's form.
    const page = /^\/c\/pay\/(cs_test_[0-9a-f]+)$/.exec(url.pathname);
    if (page) return hostedPage(req, res, page[1]!);
    // A browser on the hosted page asks for its icon: none, and no error.
    if (url.pathname === "/favicon.ico") return send(res, 204, "", { "content-type": "image/x-icon" });

    if (req.headers.authorization !== `Bearer ${secretKey}`)
      return send(res, 401, apiError("invalid_request_error", "Invalid API Key provided: the stand-in's key is the test's."));
    // A GET's parameters are in its query (a list's filters), a POST's in its form body.
    const params = req.method === "GET" ? parseForm(url.search.slice(1)) : parseForm(body);
    const idempotencyKey = header(req, "idempotency-key");
    const account = header(req, "stripe-account");
    calls.push({ method: req.method ?? "GET", path: url.pathname, params, idempotencyKey, account });
    if (account !== undefined && !connected.has(account))
      return send(
        res,
        403,
        apiError(
          "invalid_request_error",
          `The provided key does not have access to account '${account}' (or that account does not exist). Application access may have been revoked.`,
          undefined,
          "account_invalid",
        ),
      );
    if (failures.count > 0) {
      failures.count--;
      return send(res, failures.status, apiError("api_error", "An unknown error occurred (the stand-in's outage)"));
    }
    if (req.method === "POST" && idempotencyKey) {
      const digest = createHash("sha256").update(`${url.pathname}\n${body}`).digest("hex");
      const before = kept.get(idempotencyKey);
      if (before && before.digest !== digest) {
        return send(
          res,
          400,
          apiError(
            "idempotency_error",
            `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          ),
        );
      }
      if (before) return send(res, before.status, JSON.parse(before.body), { "Idempotent-Replayed": "true" });
      const [status, answer] = route(req.method, url.pathname, params, account ?? null);
      kept.set(idempotencyKey, { digest, status, body: JSON.stringify(answer) });
      return send(res, status, answer);
    }
    const [status, answer] = route(req.method ?? "GET", url.pathname, params, account ?? null);
    return send(res, status, answer);
  }

  /** A call acts on one account's objects: another account's session is no such session there. */
  function route(method: string, path: string, params: Record<string, unknown>, account: string | null): [number, unknown] {
    if (method === "POST" && path === "/v1/checkout/sessions") {
      const [status, answer] = createSession(params, account);
      if (status === 200) accountOf.set((answer as Session).id, account);
      return [status, answer];
    }
    const one = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path);
    if (one) {
      const session = sessions.get(one[1]!);
      if (!session || (accountOf.get(session.id) ?? null) !== account)
        return [404, apiError("invalid_request_error", `No such checkout.session: '${one[1]}'`, "session", "resource_missing")];
      if (method === "GET" && !one[2]) return [200, session];
      if (method === "POST" && one[2]) {
        if (session.status !== "open")
          return [
            400,
            apiError(
              "invalid_request_error",
              `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
            ),
          ];
        return [200, expireSession(session)];
      }
    }
    if (method === "POST" && path === "/v1/refunds") return createRefund(params, account);
    if (method === "GET" && path === "/v1/refunds") return listRefunds(params);
    return [404, apiError("invalid_request_error", `Unrecognized request URL (${method}: ${path}).`)];
  }

  function createSession(params: Record<string, unknown>, account: string | null): [number, unknown] {
    const missing = (param: string) =>
      [400, apiError("invalid_request_error", `Missing required param: ${param}.`, param)] as [number, unknown];
    // Stripe refuses a parameter it does not know ("Received unknown parameter: …"); these are the ones the API sends.
    const unknown = Object.keys(params).find((param) => !SESSION_PARAMS.has(param));
    if (unknown) return [400, apiError("invalid_request_error", `Received unknown parameter: ${unknown}`, unknown)];
    // application_fee_amount: only on a direct charge on a connected account, and never more than the charge.
    const fee = (params.payment_intent_data as { application_fee_amount?: unknown } | undefined)?.application_fee_amount;
    if (fee !== undefined && account === null)
      return [
        400,
        apiError(
          "invalid_request_error",
          "Can only apply an application_fee_amount when the PaymentIntent is attempting a direct payment (using an OAuth key or Stripe-Account header) or destination payment (using `transfer_data[destination]`).",
          "payment_intent_data[application_fee_amount]",
        ),
      ];
    const link = (params.wallet_options as { link?: { display?: unknown } } | undefined)?.link?.display;
    if (link !== undefined && link !== "auto" && link !== "never")
      return [
        400,
        apiError(
          "invalid_request_error",
          "Invalid wallet_options[link][display]: must be one of auto or never",
          "wallet_options[link][display]",
        ),
      ];
    if (params.mode !== "payment") return missing("mode");
    if (typeof params.success_url !== "string") return missing("success_url");
    const items = params.line_items as Record<string, Record<string, unknown>> | undefined;
    const item = items?.["0"];
    const price = item?.price_data as Record<string, unknown> | undefined;
    if (!item || !price) return missing("line_items");
    const unitAmount = Number(price.unit_amount);
    const quantity = Number(item.quantity ?? 1);
    if (!Number.isInteger(unitAmount) || unitAmount < 0)
      return [400, apiError("invalid_request_error", "Invalid integer: unit_amount", "line_items[0][price_data][unit_amount]")];
    const currency = String(price.currency ?? "");
    if (!(currency in MINIMUM_CHARGE))
      return [
        400,
        apiError(
          "invalid_request_error",
          `Invalid currency: ${currency}. Stripe currently supports these currencies: ${Object.keys(MINIMUM_CHARGE).join(", ")}`,
          "line_items[0][price_data][currency]",
        ),
      ];
    if (unitAmount * quantity < MINIMUM_CHARGE[currency]!)
      return [
        400,
        apiError(
          "invalid_request_error",
          `The Checkout Session's total amount due must add up to at least ${MINIMUM_CHARGE[currency]} (minor units) ${currency}`,
          undefined,
          "amount_too_small",
        ),
      ];
    // A filter on the methods Stripe finds eligible (the account's: here card and two that settle later).
    const allowed = params.allowed_payment_method_types as Record<string, string> | undefined;
    if (allowed !== undefined && Object.values(allowed).some((type) => !PAYMENT_METHOD_TYPES.has(type)))
      return [
        400,
        apiError(
          "invalid_request_error",
          "Invalid allowed_payment_method_types[0]: must be one of card, klarna, sepa_debit, …",
          "allowed_payment_method_types",
        ),
      ];
    const eligible = ["card", "klarna", "sepa_debit"];
    const methods = allowed ? eligible.filter((type) => Object.values(allowed).includes(type)) : eligible;
    const created = seconds();
    const expiresAt = params.expires_at === undefined ? created + 86_400 : Number(params.expires_at);
    if (expiresAt < created + 1800 || expiresAt > created + 86_400)
      return [
        400,
        apiError(
          "invalid_request_error",
          "The `expires_at` timestamp must be at least 30 minutes and at most 24 hours from Checkout Session creation.",
          "expires_at",
        ),
      ];
    const sessionId = `cs_test_${randomBytes(16).toString("hex")}`;
    const session = {
      id: sessionId,
      object: "checkout.session",
      amount_subtotal: unitAmount * quantity,
      amount_total: unitAmount * quantity,
      cancel_url: (params.cancel_url as string | undefined) ?? null,
      client_reference_id: (params.client_reference_id as string | undefined) ?? null,
      created,
      currency: String(price.currency),
      customer: null,
      customer_email: (params.customer_email as string | undefined) ?? null,
      expires_at: expiresAt,
      livemode: false,
      metadata: (params.metadata as Record<string, string> | undefined) ?? {},
      mode: "payment",
      payment_intent: null,
      allowed_payment_method_types: allowed ? Object.values(allowed) : null,
      payment_method_types: methods,
      payment_status: "unpaid",
      status: "open",
      success_url: params.success_url,
      url: `${base}/c/pay/${sessionId}`,
    } as unknown as Session;
    sessions.set(sessionId, session);
    return [200, session];
  }

  function createRefund(params: Record<string, unknown>, account: string | null): [number, unknown] {
    const paid = [...sessions.values()].find(
      (s) => s.payment_intent === params.payment_intent && (accountOf.get(s.id) ?? null) === account,
    );
    if (!paid)
      return [
        400,
        apiError(
          "invalid_request_error",
          `No such payment_intent: '${String(params.payment_intent)}'`,
          "payment_intent",
          "resource_missing",
        ),
      ];
    const intent = String(paid.payment_intent);
    if (disputed.has(intent))
      return [
        400,
        apiError(
          "invalid_request_error",
          `Charge for ${intent} has been charged back; cannot issue a refund.`,
          undefined,
          "charge_disputed",
        ),
      ];
    // https://docs.stripe.com/api/refunds/create: `amount` (a positive integer in the smallest unit) up to
    // what is left of the charge; none: all that is left. A charge with nothing left is already refunded.
    const given = refunds.filter((refund) => refund.payment_intent === intent).reduce((sum, refund) => sum + refund.amount, 0);
    const left = (paid.amount_total ?? 0) - given;
    if (left <= 0)
      return [
        400,
        apiError("invalid_request_error", `Charge for ${intent} has already been refunded.`, undefined, "charge_already_refunded"),
      ];
    const amount = params.amount === undefined ? left : Number(params.amount);
    if (!Number.isInteger(amount) || amount <= 0)
      return [400, apiError("invalid_request_error", "Invalid positive integer", "amount", "parameter_invalid_integer")];
    if (amount > left)
      return [
        400,
        apiError(
          "invalid_request_error",
          `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
          "amount",
          "amount_too_large",
        ),
      ];
    const refund = {
      id: id("re"),
      object: "refund",
      amount,
      currency: paid.currency,
      payment_intent: paid.payment_intent,
      reason: (params.reason as string | undefined) ?? null,
      metadata: (params.metadata as Record<string, string> | undefined) ?? {},
      status: "succeeded",
      created: seconds(),
    } as unknown as Stripe.Refund;
    refunds.push(refund);
    return [200, refund];
  }

  /** GET /v1/refunds?payment_intent=…: a list object of that payment's refunds, newest first. */
  function listRefunds(params: Record<string, unknown>): [number, unknown] {
    const limit = params.limit === undefined ? 10 : Number(params.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 100)
      return [400, apiError("invalid_request_error", "Invalid integer: limit must be between 1 and 100", "limit")];
    const data = refunds.filter((refund) => params.payment_intent === undefined || refund.payment_intent === params.payment_intent);
    return [200, { object: "list", url: "/v1/refunds", has_more: data.length > limit, data: [...data].reverse().slice(0, limit) }];
  }

  function expireSession(session: Session): Session {
    session.status = "expired";
    return session;
  }

  /** The customer pays on the hosted page: the session completes, paid. */
  function completeSession(session: Session): Session {
    session.status = "complete";
    session.payment_status = "paid";
    session.payment_intent = id("pi");
    return session;
  }

  async function hostedPage(req: IncomingMessage, res: ServerResponse, sessionId: string) {
    const session = sessions.get(sessionId);
    if (!session) return send(res, 404, "No such session", { "content-type": "text/plain" });
    if (req.method === "POST") {
      if (session.status !== "open" || session.expires_at <= seconds())
        return send(res, 410, "This Checkout Session is no longer available.", { "content-type": "text/plain" });
      completeSession(session);
      // Stripe sends the event and the customer back at about the same time.
      deliver(event("checkout.session.completed", session));
      res.writeHead(303, { location: session.success_url!.replace("{CHECKOUT_SESSION_ID}", session.id) });
      return res.end();
    }
    const amount = `${(session.amount_total! / 100).toFixed(2)} ${session.currency!.toUpperCase()}`;
    const open = session.status === "open";
    return send(
      res,
      200,
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Stripe Checkout (test stand-in)</title></head><body><main>
<h1>Pay ${htmlText(amount)}</h1><p>Stripe Checkout stand-in · test mode</p>
${
  open
    ? `<form method="post"><button type="submit">Pay ${htmlText(amount)}</button></form>
<a href="${htmlText(session.cancel_url ?? "/")}">Back</a>`
    : `<p role="status">This Checkout Session is ${htmlText(String(session.status))}.</p>`
}
</main></body></html>`,
      { "content-type": "text/html; charset=utf-8" },
    );
  }

  /** A Stripe event about a session, as Stripe's webhooks send it. */
  function event(type: Stripe.Event.Type, session: Session, overrides: Partial<Session> = {}): Stripe.Event {
    const account = accountOf.get(session.id) ?? null;
    return {
      // A connected account's event names it (Connect webhooks).
      ...(account ? { account } : {}),
      id: id("evt"),
      object: "event",
      api_version: "2026-10-28.endive",
      created: seconds(),
      data: { object: { ...structuredClone(session), ...overrides } },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    } as unknown as Stripe.Event;
  }

  /** The body and Stripe-Signature of a delivery, signed by the SDK's own test helper. */
  function signed(delivered: Stripe.Event | string, signWith = webhookSecret, timestamp = Math.floor(Date.now() / 1000)) {
    const payload = typeof delivered === "string" ? delivered : JSON.stringify(delivered, null, 2);
    return { payload, signature: sdk.webhooks.generateTestHeaderString({ payload, secret: signWith, timestamp }) };
  }

  /** Posts an event to the webhook endpoint, as Stripe does (not awaited by the hosted page). */
  function deliver(delivered: Stripe.Event, to = webhookUrl): Promise<Response | null> {
    if (!to) return Promise.resolve(null);
    const { payload, signature } = signed(delivered, delivered.account ? connectWebhookSecret : webhookSecret);
    const sent = fetch(to, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": signature },
      body: payload,
    }).catch(() => null);
    deliveries.push(sent);
    return sent;
  }

  return {
    url: base,
    secretKey,
    webhookSecret,
    connectWebhookSecret,
    /** The connected account a session was made on (null: the platform's own). */
    accountOf: (sessionId: string) => accountOf.get(sessionId) ?? null,
    sessions,
    refunds,
    /** Every API call, in order (method, path, parsed parameters, Idempotency-Key). */
    calls,
    /** The server's environment that points the reference API's SDK here. */
    env: { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_BASE: base },
    setWebhookUrl(url: string) {
      webhookUrl = url;
    },
    failNext(count: number, status = 500) {
      failures = { count, status };
    },
    /** The customer pays (as on the hosted page); no event is sent: the test delivers it. */
    pay(sessionId: string): Stripe.Event {
      const session = sessions.get(sessionId)!;
      // Stripe's page takes no payment once the session is over (expired, or past its expires_at).
      if (session.status !== "open" || session.expires_at <= seconds())
        throw new Error(`The stand-in's session ${sessionId} is ${session.status} and ends at ${session.expires_at}: it cannot be paid`);
      completeSession(session);
      return event("checkout.session.completed", session);
    },
    /**
     * The customer pays by a method that settles later (a bank debit): the session
     * completes unpaid now; `settleAsync` tells later whether the money arrived.
     */
    payLater(sessionId: string): Stripe.Event {
      const session = sessions.get(sessionId)!;
      if (session.status !== "open" || session.expires_at <= seconds())
        throw new Error(`The stand-in's session ${sessionId} cannot be paid`);
      // Only a session that offers a method settling later can be paid so.
      if (!session.payment_method_types.some((type) => type !== "card"))
        throw new Error(
          `The stand-in's session ${sessionId} offers ${session.payment_method_types.join(", ")} only: nothing settles later`,
        );
      session.status = "complete";
      session.payment_status = "unpaid";
      session.payment_intent = id("pi");
      return event("checkout.session.completed", session);
    },
    /** An async payment's outcome: checkout.session.async_payment_succeeded (paid) or …_failed. */
    settleAsync(sessionId: string, succeeded: boolean): Stripe.Event {
      const session = sessions.get(sessionId)!;
      if (succeeded) session.payment_status = "paid";
      return event(succeeded ? "checkout.session.async_payment_succeeded" : "checkout.session.async_payment_failed", session);
    },
    /** The payment's charge is disputed: every refund of it is refused for good (charge_disputed). */
    dispute(sessionId: string) {
      disputed.add(String(sessions.get(sessionId)!.payment_intent));
    },
    /** The session runs out (Stripe expires it at expires_at). */
    expire(sessionId: string): Stripe.Event {
      return event("checkout.session.expired", expireSession(sessions.get(sessionId)!));
    },
    event,
    signed,
    deliver,
    /** Waits for the events sent so far to be answered. */
    delivered: () => Promise.all(deliveries),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;

/**
 * The currencies the stand-in takes and each one's smallest charge, in minor units, as
 * https://docs.stripe.com/currencies#minimum-and-maximum-charge-amounts lists them
 * (a part of Stripe's list: the currencies of the demo pages and their neighbours).
 */
const MINIMUM_CHARGE: Record<string, number> = {
  usd: 50,
  eur: 50,
  gbp: 30,
  nok: 300,
  sek: 300,
  dkk: 250,
  chf: 50,
  cad: 50,
  aud: 50,
  nzd: 50,
  mxn: 1000,
  jpy: 50,
  pln: 200,
  czk: 1500,
  huf: 17500,
};

/** Payment method types Checkout knows (part of Stripe's list): card settles at once, the debits later. */
const PAYMENT_METHOD_TYPES = new Set(["card", "klarna", "sepa_debit", "us_bank_account", "bacs_debit", "link", "mobilepay", "paypal"]);

function apiError(type: string, message: string, param?: string, code?: string) {
  return { error: { type, message, ...(param ? { param } : {}), ...(code ? { code } : {}) } };
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "request-id": `req_${randomBytes(7).toString("hex")}`, ...headers });
  res.end(text);
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = "";
    req.on("data", (chunk: Buffer) => (text += chunk.toString()));
    req.on("end", () => resolve(text));
    req.on("error", reject);
  });
}

/** Stripe's form encoding: `line_items[0][price_data][currency]=usd` becomes nested objects (arrays as "0", "1" keys). */
export function parseForm(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, "").split("[");
    let at = out;
    for (const [index, part] of path.entries()) {
      if (index === path.length - 1) {
        at[part] = value;
      } else {
        at[part] ??= {};
        at = at[part] as Record<string, unknown>;
      }
    }
  }
  return out;
}

function htmlText(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
