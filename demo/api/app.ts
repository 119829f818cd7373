import { Hono } from "hono";
import { cors } from "hono/cors";
import { HTTPException } from "hono/http-exception";
import type { OwnOrigins } from "./site-url.ts";
import { loggablePath } from "./loggable-path.ts";
import { requestIdMiddleware } from "./request-context.ts";
import type { ApiDeps } from "./api-deps.ts";
import { clientAddressMiddleware } from "./client-address.ts";
import { systemClock, type Clock } from "./clock.ts";
import type { Database, Queryable } from "./db/database.ts";
import { isDatabaseUnavailable } from "./db/database-unavailable.ts";
import { badRequest, errorBody, Refusal } from "./http-errors.ts";
import { jsonLogger, type Logger } from "./logger.ts";
import { outboxMessenger } from "./outbox/messenger.ts";
import { serverKeys } from "./secrets/server-keys.ts";
import { availabilityRoutes } from "./routes/availability-routes.ts";
import { bookingRoutes } from "./routes/booking-routes.ts";
import { customerAccountRoutes } from "./routes/customer-account-routes.ts";
import { myPageRoutes } from "./routes/my-page-routes.ts";
import type { PaymentGateways } from "./ports/payment-gateway.ts";
import { simulatorGateway } from "./payments/simulator-gateway.ts";
import { refundSender } from "./refunds/refund-sender.ts";
import type { StripeGateway } from "./payments/stripe-gateway.ts";
import { paymentRoutes } from "./routes/payment-routes.ts";
import { simulatorRoutes } from "./routes/simulator-routes.ts";
import { STRIPE_EVENT_MAX_BYTES, STRIPE_WEBHOOK_PATH, stripeWebhookRoutes } from "./routes/stripe-webhook-routes.ts";
import { vippsWebhookRoutes, WALLET_EVENT_MAX_BYTES } from "./routes/vipps-webhook-routes.ts";
import { WALLET_WEBHOOK_PATH } from "./payments/vipps-names.ts";
import { bodyLimited, JSON_BODY_MAX_BYTES } from "./operations/body-limits.ts";
import type { VippsGateway } from "./payments/vipps-gateway.ts";
import { captureSender } from "./payments/capture-sender.ts";
import { endLapsedPayments } from "./payments/lapsed-payments.ts";
import { offerFreedTimes } from "./waitlist/waitlist-offers.ts";
import { catalogueRoutes } from "./routes/catalogue-routes.ts";
import { bookingPageOf } from "./catalogue/booking-page.ts";
import { devRoutes } from "./routes/dev-routes.ts";
import { scheduleRoutes } from "./routes/schedule-routes.ts";
import { verificationRoutes } from "./routes/verification-routes.ts";
import { providerRoutes } from "./routes/provider-routes.ts";
import { holdRoutes } from "./routes/hold-routes.ts";
import { waitlistRoutes } from "./routes/waitlist-routes.ts";
import { routePath } from "hono/route";
import { apiMetrics, type ApiMetrics } from "./operations/metrics.ts";
import { compressedAnswers } from "./compressed-answers.ts";
import { answerReuse, type AnswerReuseOptions } from "./availability/answer-reuse.ts";
import { requestPriority } from "./operations/request-priority.ts";
import { readLimiter } from "./limits/read-limits.ts";
import { adminRoutes } from "./admin/admin-routes.ts";
import type { SessionLife } from "./admin/auth/session-life.ts";

/** The back office's API, /api/admin/…, wherever the API is mounted. */
const isAdminPath = (path: string) => /^(\/api)?\/admin(\/|$)/.test(path);

/** What a 503 for an unavailable database asks the client to wait: about one failover's detection. */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

export interface ApiOptions {
  db: Database;
  /** Where public availability, page, service and staff reads go (a read replica's routing, db/read-routing.ts); db by default. */
  reads?: Queryable;
  logger?: Logger;
  /** The server secret (at least 32 characters) that codes and tokens at rest are keyed with. */
  secret: string;
  /** /api/dev/outbox, the demo's outbox reader: off unless asked for (the demo asks). */
  devRoutesEnabled?: boolean;
  /** Reverse proxies in front of the API whose X-Forwarded-For is trusted (TRUST_PROXY); 0 by default. */
  trustedProxyHops?: number;
  /** The site's public address for links in messages (PUBLIC_URL); else each request's origin. */
  publicUrl?: string | undefined;
  /** Without publicUrl, the origins the server listens on (site-url.ts): a request naming another gets no links or return addresses on it. */
  ownOrigins?: OwnOrigins | undefined;
  /** Every time rule's "now" (see clock.ts); the system clock by default. */
  clock?: Clock;
  /**
   * How online payments are taken: Stripe Checkout for the first payment provider
   * (onlineTransactionProvider 1) when given, Vipps MobilePay for the mobile wallet (3)
   * when given, and the demo's payment simulator (for both methods, where no real
   * gateway is given) only when asked. A page whose method has no gateway is refused
   * with no-payment-provider.
   */
  payments?: { stripe?: StripeGateway | undefined; vipps?: VippsGateway | undefined; simulator?: boolean };
  /** Where requests, bookings, holds, payments and 429s are counted (served at /metrics by the site); a fresh registry by default. */
  metrics?: ApiMetrics;
  /**
   * The same availability question asked again within `ttlMs` answered once (issue 58;
   * availability/answer-reuse.ts): the server's; off by default, so that a test that
   * writes rows straight into the database reads them at once.
   */
  answerReuse?: AnswerReuseOptions;
  /** The refund and capture workers' wall clock and waits between attempts (refunds/refund-sender.ts); the machine's and the outbox's by default. */
  refunds?: { wallClock?: () => Date; retryDelaysMs?: readonly number[] };
  /** The read limits' windows' clock (limits/read-limits.ts): the machine's by default. */
  readLimits?: { wallClock?: () => Date };
  /** How long a back-office session lives idle and at most (admin/auth/session-life.ts: sessionLifeFrom(process.env)); its defaults when not given. */
  adminSessions?: SessionLife;
}

/**
 * The reference booking API (spec §7), meant to be mounted at /api. Every answer is
 * JSON (except byPhone's plain text and the payment simulator's page); every error is
 * { message } with a 4xx/5xx status and never a stack trace.
 */
export function createApi({
  db,
  reads = db,
  logger = jsonLogger(),
  secret,
  devRoutesEnabled = false,
  trustedProxyHops = 0,
  publicUrl,
  ownOrigins,
  clock = systemClock,
  payments = {},
  metrics = apiMetrics(db),
  refunds: refundOptions = {},
  answerReuse: reuseOptions,
  readLimits: readLimitOptions = {},
  adminSessions,
}: ApiOptions) {
  const api = new Hono();
  const gateways: PaymentGateways = {
    ...(payments.simulator ? { payu: simulatorGateway("payu"), card: simulatorGateway("card"), vipps: simulatorGateway("vipps") } : {}),
    ...(payments.stripe ? { payu: payments.stripe, card: payments.stripe.cardsOnly } : {}),
    ...(payments.vipps ? { vipps: payments.vipps } : {}),
  };
  const keys = serverKeys(secret);
  // Every message is queued in the outbox with what caused it; an outboxSender delivers it after commit.
  const deps: ApiDeps = {
    db,
    reads,
    logger,
    clock,
    keys,
    messenger: outboxMessenger(keys),
    publicUrl,
    ownOrigins,
    gateways,
    metrics,
    adminSessions,
  };
  // Refunds decided by a request are made after it by this worker (the server runs its loop).
  const refunds = refundSender({ db, logger, gateways, messenger: deps.messenger, clock, metrics, ...refundOptions });
  // Money a gateway only reserved is taken once its booking is confirmed, after the request (payments/capture-sender.ts).
  const captures = captureSender({ db, logger, gateways, metrics, ...refundOptions });

  // First: every line logged while a request is handled carries its id.
  api.use("*", requestIdMiddleware());
  // The widget runs on providers' own sites, so the API answers any origin (no cookies).
  // Never the back office's API: it answers its own site only (no CORS header at all).
  const widgetCors = cors({
    origin: "*",
    allowHeaders: ["Content-Type", "Idempotency-Key"],
    exposeHeaders: ["Retry-After", "Idempotent-Replayed", "X-Request-Id"],
    maxAge: 600,
  });
  api.use("*", (c, next) => (isAdminPath(c.req.path) ? next() : widgetCors(c, next)));
  api.use("*", clientAddressMiddleware(trustedProxyHops, logger));
  // PostgreSQL stores no NUL character: refused in the address here (bodies: readJson).
  api.use("*", async (c, next) => {
    if (/%00/.test(c.req.url) || c.req.url.includes("\u0000")) badRequest("The address must not contain NUL characters");
    await next();
  });
  api.use("*", async (c, next) => {
    await next();
    c.header("X-Content-Type-Options", "nosniff");
  });
  api.use("*", async (c, next) => {
    const started = performance.now();
    await next();
    const seconds = (performance.now() - started) / 1000;
    logger.info("request", {
      method: c.req.method,
      path: loggablePath(new URL(c.req.url).pathname),
      status: c.res.status,
      ms: Math.round(seconds * 1000),
    });
    // The route as registered (/api/Appointment/:id), never the path: no token or phone in a label.
    const route = routePath(c);
    const labels = { method: c.req.method, route: route.endsWith("*") ? "unmatched" : route };
    metrics.requests.inc({ ...labels, status: String(c.res.status) });
    metrics.requestSeconds.observe(labels, seconds);
  });
  // A body larger than its route takes: 413 body-too-large, logged and counted (operations/body-limits.ts).
  // The gateways' notifications have limits of their own, registered before the widget's calls' default.
  api.use(STRIPE_WEBHOOK_PATH, bodyLimited(STRIPE_EVENT_MAX_BYTES));
  api.use(WALLET_WEBHOOK_PATH, bodyLimited(WALLET_EVENT_MAX_BYTES));
  api.use("*", bodyLimited(JSON_BODY_MAX_BYTES));

  // Inside the log and the metrics (they time the compressing too), around every route and onError's answers.
  api.use("*", compressedAnswers());
  // Availability reused for a second, until this process changes anything (a write request, whatever its answer).
  const reuse = reuseOptions ? answerReuse(reuseOptions) : undefined;
  if (reuse)
    api.use("*", async (c, next) => {
      const changes = c.req.method !== "OPTIONS" && requestPriority(c.req.method, c.req.path) === "write";
      try {
        await next();
      } finally {
        if (changes) reuse.changed();
      }
    });
  // Reads beyond a limit per address and per network are refused here, from memory (issue 58).
  const readLimits = readLimiter({ db, logger, metrics, trustedProxyHops, ...readLimitOptions });
  readLimits.guard(api);
  api.route("/", providerRoutes(reads));
  api.route("/", catalogueRoutes(reads, clock));
  api.route("/", availabilityRoutes(deps, reuse));
  api.route("/", verificationRoutes(deps));
  api.route("/", bookingRoutes(deps));
  api.route("/", holdRoutes(deps));
  api.route("/", waitlistRoutes(deps));
  api.route("/", scheduleRoutes(db, clock));
  api.route("/", customerAccountRoutes(deps));
  api.route("/", myPageRoutes(deps));
  if (payments.stripe) api.route("/", stripeWebhookRoutes(deps, payments.stripe));
  if (payments.vipps) api.route("/", vippsWebhookRoutes(deps, payments.vipps));
  if (payments.simulator) api.route("/", simulatorRoutes(deps));
  api.route("/", paymentRoutes(deps));
  if (devRoutesEnabled) api.route("/", devRoutes(db, keys));
  // The back office (issue 59): every route behind the session, CSRF and role guard (admin/admin-routes.ts).
  api.route("/", adminRoutes(deps));

  // A catch-all route, not notFound(): notFound handlers do not survive mounting with route().
  api.all("*", (c) => c.json({ message: `No such API route: ${c.req.method} ${new URL(c.req.url).pathname}` }, 404));
  api.onError((error, c) => {
    if (error instanceof HTTPException) {
      if (error instanceof Refusal && error.retryAfterSeconds) c.header("Retry-After", String(error.retryAfterSeconds));
      if (error instanceof Refusal && error.status === 429) metrics.refusedByLimit.inc({ limit: error.limit ?? error.code });
      return c.json(errorBody(error), error.status);
    }
    if (isDatabaseUnavailable(error)) {
      // Retryable, and said so: a failover or a restart takes seconds (docs/operations.md).
      logger.warn("database unavailable", { path: loggablePath(new URL(c.req.url).pathname), error: String(error) });
      metrics.databaseUnavailable.inc();
      c.header("Retry-After", String(DATABASE_RETRY_AFTER_SECONDS));
      return c.json(errorBody(new Refusal("service-unavailable")), 503);
    }
    logger.error("unhandled error", { path: loggablePath(new URL(c.req.url).pathname), error: String(error), stack: error.stack });
    return c.json({ message: "Internal server error" }, 500);
  });
  // The refund and capture workers go with the API that decides them: the server starts and stops their loops.
  // Payments whose gateway's word never came are ended by the server's minute loop (payments/lapsed-payments.ts).
  const endLapsed = (siteUrl: string) => endLapsedPayments(deps, siteUrl);
  // Freed times are offered to the waitlist by the server's loop of a few seconds (waitlist/waitlist-offers.ts).
  const offerWaitlist = (siteUrl: string) => offerFreedTimes(deps, siteUrl);
  // The host page's data island reads a page as the first screen's routes do (catalogue/booking-page.ts).
  const bookingPage = (bookingLink: string) => bookingPageOf(reads, bookingLink, clock.now());
  return Object.assign(api, { refunds, captures, endLapsed, offerWaitlist, bookingPage, readLimits });
}
