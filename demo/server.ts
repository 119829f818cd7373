import { createAdaptorServer } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import type { createServer, IncomingMessage, RequestListener, ServerOptions } from "node:http";
import { createApi } from "./api/app.ts";
import { clockFromEnvironment, systemClock, wallClock } from "./api/clock.ts";
import { jsonLogger } from "./api/logger.ts";
import { byChannel, logDelivery, outboxMessenger, webhookDelivery } from "./api/outbox/messenger.ts";
import { sendDueReminders } from "./api/reminders/send-reminders.ts";
import { outboxSender } from "./api/outbox/outbox-sender.ts";
import { serverKeys } from "./api/secrets/server-keys.ts";
import { DEMO_PROVIDERS_FILE } from "./api/seed/demo-providers-file.ts";
import { FixtureProblem } from "./api/seed/fixture.ts";
import { readProvidersFile } from "./api/seed/read-seed-file.ts";
import { startDatabase } from "./api/start-database.ts";
import { openDatabase } from "./api/db/open-database.ts";
import { readRouting } from "./api/db/read-routing.ts";
import { serverModeFrom } from "./server-mode.ts";
import { listeningOrigins } from "./api/site-url.ts";
import { createSite } from "./server/site.ts";
import { healthRoutes } from "./api/routes/health-routes.ts";
import { purgeExpired } from "./api/operations/purge.ts";
import { apiMetrics } from "./api/operations/metrics.ts";
import { limitHeapGrowth, missingMemorySettings } from "./api/operations/heap-growth.ts";
import { sessionLifeFrom } from "./api/admin/auth/session-life.ts";
import { addressFrom } from "./api/client-address.ts";
import { demoSignInLines } from "./api/seed/demo-accounts.ts";
import { metricsRoutes } from "./api/routes/metrics-routes.ts";
import { loadShedding, registerLoadMetrics } from "./api/operations/load-shedding.ts";
import { loadSettingsFrom } from "./api/operations/load-settings.ts";
import type { ReadLimiter } from "./api/limits/read-limits.ts";
import { STRIPE_WEBHOOK_PATH } from "./api/routes/stripe-webhook-routes.ts";
import { WALLET_WEBHOOK_PATH } from "./api/payments/vipps-names.ts";
import { answerReuseFrom } from "./api/availability/answer-reuse.ts";
import { connectionLimitsFrom, limitedServer } from "./api/operations/connection-limits.ts";

/**
 * `npm start`: the host page and the reference API on one port.
 * PORT (default 8080; 0 picks a free one), DATA_DIR (PGlite folder, default .data/,
 * ":memory:" for none), DATABASE_URL (use PostgreSQL; several hosts with
 * target_session_attrs=read-write for a failover pair), DATABASE_READ_URL (a streaming
 * replica for public availability and catalogue reads, skipped while more than
 * READ_REPLICA_MAX_LAG_SECONDS, default 5, behind or down), SEED_FILE (the demo's providers
 * file instead of demo/seed/demo-providers.json; production never seeds),
 * PUBLIC_URL (the site's address in message links; default: the request's origin),
 * DATABASE_START_WAIT_SECONDS (how long start-up waits for a database that does not answer; default 60),
 * FIXED_NOW (an ISO 8601 instant the API's clock stands still at; browser tests pin it),
 * TRUST_PROXY (how many reverse proxies' X-Forwarded-For to trust; default 0),
 * API_MODE, API_SECRET, MESSAGE_WEBHOOK_URL, MESSAGE_WEBHOOK_SECRET (demo or production: see server-mode.ts),
 * SMTP_URL, SMTP_FROM (e-mail over SMTP, in either mode),
 * MESSAGE_TIMEOUT_SECONDS (one delivery attempt's limit, default 10; a dead process's claims return after three),
 * STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET (online payments by Stripe Checkout; the demo's
 * STRIPE_API_BASE points the SDK at a stand-in, production refuses it; production takes a test
 * key only with ALLOW_TEST_PAYMENTS=1), VIPPS_CLIENT_ID, VIPPS_CLIENT_SECRET, VIPPS_SUBSCRIPTION_KEY,
 * VIPPS_MSN (the mobile wallet by Vipps MobilePay; VIPPS_TEST_MODE=1 for its test environment,
 * VIPPS_API_BASE for a stand-in, demo only), METRICS_TOKEN (GET /metrics's bearer token; production
 * serves metrics only with it), MAX_REQUESTS_IN_FLIGHT, MAX_REQUESTS_QUEUED, MAX_QUEUE_WAIT_MS,
 * OVERLOADED_RETRY_AFTER_SECONDS (load shedding: the requests worked on at once, those waiting, the
 * longest wait, and a 503 overloaded's Retry-After; operations/load-settings.ts has the measured defaults),
 * AVAILABILITY_REUSE_MS (how long the same availability question is answered once; default 1000, 0: never).
 * Slow and large clients (api/operations/connection-limits.ts): HEADERS_TIMEOUT_SECONDS (the request
 * line and headers, default 10), REQUEST_TIMEOUT_SECONDS (the whole request, default 30),
 * KEEP_ALIVE_TIMEOUT_SECONDS (an idle connection, default 5; above a load balancer's idle timeout),
 * MAX_REQUESTS_PER_CONNECTION (default 1000), MAX_HEADERS_COUNT (default 100), MAX_HEADER_BYTES
 * (default 16384), MAX_CONNECTIONS (open at once, default 10000).
 */
const logger = jsonLogger();
/** Connections waiting to be accepted (see server.listen below). */
const LISTEN_BACKLOG = 4096;
/** SIGTERM's limit: an orchestrator kills the process soon after (Kubernetes: 30 s by default). */
const STOP_WITHIN_MS = 10_000;
const port = Number(process.env.PORT ?? 8080);
const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = process.env.DATA_DIR || ".data";

async function main() {
  limitHeapGrowth();
  const unbounded = missingMemorySettings();
  if (unbounded.length > 0)
    logger.warn("memory settings missing: a flood leaves this process larger", {
      missing: unbounded,
      hint: "start it as `npm start` does: MALLOC_ARENA_MAX=2 node --max-semi-space-size=1 dist/server.js (docs/operations.md)",
    });
  const mode = serverModeFrom(process.env);
  const trustedProxyHops = Number(process.env.TRUST_PROXY ?? 0);
  if (!Number.isInteger(trustedProxyHops) || trustedProxyHops < 0)
    throw new Error("TRUST_PROXY must be a whole number of proxies (0 or more)");
  if (trustedProxyHops > 0)
    logger.warn("client addresses are taken from X-Forwarded-For", {
      trustProxy: trustedProxyHops,
      hint: "only safe when nothing but those proxies can reach this server (see docs/security.md, Client address)",
    });
  const connectionLimits = connectionLimitsFrom(process.env);
  const clock = clockFromEnvironment(process.env.FIXED_NOW || undefined);
  // Each process takes on only so much at once: beyond, 503 overloaded at once (issue 58).
  const answerReuse = answerReuseFrom(process.env);
  // An address over its read limit is refused before a place is taken (the API's read limits, made below).
  let refusedRead: ((request: IncomingMessage) => ReturnType<ReadLimiter["early"]>) | undefined;
  const load = loadShedding(loadSettingsFrom(process.env), {
    logger,
    neverShed: [`/api${STRIPE_WEBHOOK_PATH}`, `/api${WALLET_WEBHOOK_PATH}`],
    refuseEarly: (request) => refusedRead?.(request),
    // An address that asks again before its Retry-After is served after those that waited.
    addressOf: (request) =>
      addressFrom(request.socket.remoteAddress ?? "", request.headers["x-forwarded-for"] as string | undefined, trustedProxyHops).address,
  });
  // The demo seeds an empty database from its providers file; production never seeds.
  const seedFile = mode.kind === "demo" ? await readProvidersFile(process.env.SEED_FILE || DEMO_PROVIDERS_FILE) : undefined;
  const readUrl = process.env.DATABASE_READ_URL || undefined;
  if (readUrl && !databaseUrl) throw new Error("DATABASE_READ_URL needs DATABASE_URL: a read replica is of a PostgreSQL primary");
  const replicaMaxLagSeconds = Number(process.env.READ_REPLICA_MAX_LAG_SECONDS || 5);
  if (!(replicaMaxLagSeconds > 0)) throw new Error("READ_REPLICA_MAX_LAG_SECONDS must be a number of seconds above 0");
  const waitSeconds = Number(process.env.DATABASE_START_WAIT_SECONDS ?? 60);
  if (!(waitSeconds >= 0)) throw new Error("DATABASE_START_WAIT_SECONDS must be a number of seconds, 0 or more");
  const db = await startDatabase({
    databaseUrl,
    dataDir,
    seed: seedFile?.fixture,
    clock,
    waitSeconds,
    onWait: ({ attempt, retryInMs, error }) => logger.warn("database not answering at start; trying again", { attempt, retryInMs, error }),
  }).catch((error: unknown) => {
    throw error instanceof FixtureProblem && seedFile ? seedFile.problem(error) : error;
  });
  if (mode.kind === "production") {
    const [row] = await db.query<{ count: number }>("SELECT count(*)::int AS count FROM providers");
    if (!row?.count) logger.warn("no booking pages yet", { hint: "add them with npm run providers:import -- <file.json>" });
  }
  // Messages wait in the outbox; this sender delivers them after commit (printed in the demo, the signed webhook in production).
  const attemptTimeoutMs = 1000 * Number(process.env.MESSAGE_TIMEOUT_SECONDS || 10);
  if (!(attemptTimeoutMs > 0)) throw new Error("MESSAGE_TIMEOUT_SECONDS must be a number of seconds above 0");
  // The keys codes, tokens and queued messages are sealed with: derived once, for the sender and the reminders.
  const keys = serverKeys(mode.secret);
  // Public availability and catalogue reads from a streaming replica while it keeps up (issue 44).
  const replica = readUrl ? await openDatabase({ databaseUrl: readUrl, probe: false }) : undefined;
  const routing = readRouting(db, replica, {
    maxLagSeconds: replicaMaxLagSeconds,
  });
  routing.start();
  // Requests, bookings, holds, payments, 429s and the outbox, with Node's own (GET /metrics).
  const metrics = apiMetrics(db, { processMetrics: true, ...(readUrl ? { replica: routing } : {}) });
  // The gateways' libraries load only when configured: each costs a process megabytes it would not use.
  const smtp = mode.smtp
    ? (await import("./api/outbox/smtp-delivery.ts")).smtpDelivery(mode.smtp.url, mode.smtp.from, attemptTimeoutMs)
    : undefined;
  const stripe = mode.stripe ? (await import("./api/payments/stripe-gateway.ts")).stripeGateway(mode.stripe) : undefined;
  const vipps = mode.vipps ? (await import("./api/payments/vipps-gateway.ts")).vippsGateway(mode.vipps, db, keys) : undefined;
  const sender = outboxSender({
    db,
    keys,
    logger,
    attemptTimeoutMs,
    // A claim outlives any attempt: only a dead process's rows are taken over, after this.
    leaseMs: 3 * attemptTimeoutMs,
    deliver: byChannel(
      mode.kind === "demo" ? logDelivery(logger) : webhookDelivery(mode.messageWebhookUrl, mode.messageWebhookSecret),
      smtp,
    ),
    keepSentBodies: mode.kind === "demo",
    metrics,
  });
  let listeningPort: number | undefined;
  const api = createApi({
    db,
    reads: routing.reads,
    logger,
    clock,
    trustedProxyHops,
    secret: mode.secret,
    publicUrl: mode.publicUrl,
    // Without PUBLIC_URL (the demo), links and payment return addresses name only this server's own addresses.
    ownOrigins: listeningOrigins(() => listeningPort),
    devRoutesEnabled: mode.kind === "demo",
    // The back office's sessions: ADMIN_SESSION_IDLE_MINUTES, ADMIN_SESSION_MAX_HOURS.
    adminSessions: sessionLifeFrom(process.env),
    payments: {
      stripe,
      vipps,
      simulator: mode.kind === "demo",
    },
    metrics,
    // The same availability question within a second is answered once (issue 58).
    ...(answerReuse ? { answerReuse } : {}),
  });
  refusedRead = api.readLimits.early;
  registerLoadMetrics(metrics.registry, load);
  const operations = healthRoutes(db, routing, load);
  // Production shows its metrics only to the operator's token; the demo to anyone unless one is set.
  if (mode.metricsToken || mode.kind === "demo") operations.route("/", metricsRoutes(metrics, mode.metricsToken));
  else logger.warn("metrics are off", { hint: "set METRICS_TOKEN to serve GET /metrics to a scraper with that bearer token" });
  const site = await createSite({ api, production: mode.kind === "production", operations, clock });
  const hostname = process.env.HOST ?? "0.0.0.0";
  const limited = limitedServer(connectionLimits);
  const server = createAdaptorServer({
    fetch: site.fetch,
    hostname,
    serverOptions: limited.serverOptions,
    // Load shedding before Hono sees a request (operations/load-shedding.ts), on a server with the connection limits.
    createServer: ((options: ServerOptions, listener: RequestListener) =>
      limited.createServer(options, load.listener(listener))) as typeof createServer,
  });
  // A flood's thousand connections at once must not fill the queue of connections not yet
  // accepted (Node's 511 by default): a visitor's connection dropped there is tried again
  // by their system only after 1, 3, then 7 seconds. The kernel caps it (net.core.somaxconn).
  // The demo's back-office sign-ins (seeded per page), printed beside its URLs.
  const signIns = mode.kind === "demo" ? await demoSignInLines(db, "{base}") : [];
  server.listen({ port, host: hostname, backlog: LISTEN_BACKLOG }, () => {
    const info = server.address() as AddressInfo;
    listeningPort = info.port;
    const base = `http://localhost:${info.port}`;
    logger.info("listening", {
      port: info.port,
      mode: mode.kind,
      payments:
        [
          mode.stripe ? `stripe${mode.stripe.secretKey.includes("_test_") ? " (test mode)" : ""}` : null,
          mode.vipps ? `vipps${mode.vipps.apiBase ? " (stand-in)" : mode.vipps.testMode ? " (test environment)" : ""}` : null,
          mode.kind === "demo" ? "simulator" : null,
        ]
          .filter(Boolean)
          .join(", ") || "none",
      database: db.kind === "postgres" ? "postgres" : `pglite:${dataDir}`,
      ...(clock === systemClock ? {} : { clock: `fixed at ${clock.now().toISOString()}` }),
    });
    // Plain lines too: the demo URLs are what a new user looks for first.
    if (mode.kind === "demo")
      console.log(
        `\nBooking widget demo on ${base}\n` +
          ["/demo-salon", "/demo-clinic", "/demo-frisor", "/demo-spa", "/velg/demo", "/demo-salon/min-side"]
            .map((path) => `  ${base}${path}`)
            .join("\n") +
          `\n  API: ${base}/api/User/ByUser/demo-salon\n` +
          (signIns.length > 0
            ? `\nBack office (demo passwords, never for real use):\n${signIns.map((line) => line.replace("{base}", base)).join("\n")}\n`
            : ""),
      );
    if (mode.kind === "demo") {
      console.log(
        "Demo mode: SMS and e-mail are not sent. They are printed here and kept in the outbox,\n" +
          `  ${base}/api/dev/outbox?to=<phone or e-mail>, codes included. Never for real customers:\n` +
          "  see docs/security.md for the production start.\n",
      );
    }
  });
  sender.start();
  // Refunds due (a payment that could not confirm its booking, a cancel in time) are made every 2 seconds.
  api.refunds.start();
  // Wallet payments of confirmed bookings are captured every 2 seconds.
  api.captures.start();
  // Read counts are shared with the other processes every 250 ms (limits/read-limits.ts).
  api.readLimits.start();
  // Expired counters, codes, idempotency keys, holds and old messages go every 10 minutes.
  const purge = async () => {
    try {
      const purged = await purgeExpired(db, clock.now(), wallClock.now());
      if (Object.keys(purged).length > 0) logger.info("purged", purged);
    } catch (error) {
      logger.error("purge failed", { error: String(error) });
    }
  };
  // Reminders due are queued every minute (each once: reminders/send-reminders.ts), and lapsed payments ended.
  const remind = async () => {
    try {
      const siteUrl = mode.publicUrl ?? `http://localhost:${listeningPort ?? port}`;
      const reminded = await sendDueReminders(db, { keys, messenger: outboxMessenger(keys) }, siteUrl, clock.now());
      if (reminded > 0) logger.info("reminders queued", { appointments: reminded });
    } catch (error) {
      logger.error("reminder pass failed", { error: String(error) });
    }
    // And each payment whose gateway's word never came is ended at its gateway.
    try {
      const lapsed = await api.endLapsed(mode.publicUrl ?? `http://localhost:${listeningPort ?? port}`);
      if (lapsed.ended > 0) logger.info("lapsed payments ended", lapsed);
    } catch (error) {
      logger.error("lapsed payments pass failed", { error: String(error) });
    }
  };
  const reminding = setInterval(remind, 60_000);
  reminding.unref();
  // Freed times reach the waitlist within seconds: a pass every 2 seconds, one at a time.
  let offering = false;
  const offer = async () => {
    if (offering) return;
    offering = true;
    try {
      await api.offerWaitlist(mode.publicUrl ?? `http://localhost:${listeningPort ?? port}`);
    } catch (error) {
      logger.error("waitlist offer pass failed", { error: String(error) });
    } finally {
      offering = false;
    }
  };
  const offers = setInterval(offer, 2_000);
  offers.unref();
  void purge();
  const purging = setInterval(purge, 10 * 60_000);
  purging.unref();
  // SIGTERM: stop accepting, let the requests under way finish, and the outbox's pass;
  // whatever is left after 10 seconds is cut (messages stay queued for the next start).
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    logger.info("stopping");
    const deadline = setTimeout(() => {
      logger.warn("stopped before everything finished", { afterMs: STOP_WITHIN_MS });
      process.exit(1);
    }, STOP_WITHIN_MS);
    deadline.unref();
    clearInterval(purging);
    clearInterval(reminding);
    clearInterval(offers);
    // A keep-alive connection whose request ends while stopping would keep the server
    // open until its idle timeout: closed as soon as it is idle.
    const closingIdle = setInterval(() => (server as import("node:http").Server).closeIdleConnections(), 100);
    closingIdle.unref();
    await Promise.all([
      new Promise<void>((resolve) => server.close(() => resolve())),
      // The pass under way records its outcome; what is left waits in the outbox.
      sender.stop(),
      api.refunds.stop(),
      api.captures.stop(),
      api.readLimits.stop(),
      routing.stop(),
    ]);
    smtp?.close();
    await Promise.all([db.close(), replica?.close()]);
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((error: unknown) => {
  logger.error("start-up failed", { error: error instanceof Error ? error.message : String(error) });
  process.exit(1);
});
