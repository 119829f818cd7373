import type { Clock } from "./clock.ts";
import type { Database, Queryable } from "./db/database.ts";
import type { Logger } from "./logger.ts";
import type { Messenger } from "./outbox/messenger.ts";
import type { ApiMetrics } from "./operations/metrics.ts";
import type { PaymentGateways } from "./ports/payment-gateway.ts";
import type { ServerKeys } from "./secrets/server-keys.ts";
import type { OwnOrigins } from "./site-url.ts";

/** What every route factory of the API is built from (see createApi). */
export interface ApiDeps {
  db: Database;
  /** Reads that tolerate a little lag (public availability and catalogue): a read replica while it keeps up, else db (db/read-routing.ts). */
  reads: Queryable;
  logger: Logger;
  clock: Clock;
  keys: ServerKeys;
  messenger: Messenger;
  /** The site's public address for links in messages; else each request's origin (site-url.ts). */
  publicUrl: string | undefined;
  /** Without publicUrl: the origins the server listens on, the only ones a request's origin may be; undefined: any (in-process). */
  ownOrigins?: OwnOrigins | undefined;
  /** The deployment's payment gateways by method (Stripe Checkout, the demo's simulator); none: no online payment. */
  gateways: PaymentGateways;
  /** Prometheus counters the routes add to (bookings, holds, payments); see operations/metrics.ts. */
  metrics: ApiMetrics;
  /** How long a back-office session lives idle and at most (ADMIN_SESSION_IDLE_MINUTES, ADMIN_SESSION_MAX_HOURS; admin/auth/session-life.ts); the defaults when not given. */
  adminSessions?: { idleMinutes: number; maxHours: number } | undefined;
}
