import type { Clock } from "./clock.ts";
import type { Database } from "./db/database.ts";
import type { Logger } from "./logger.ts";
import type { Messenger } from "./outbox/messenger.ts";
import type { PaymentGateways } from "./payments/payment-gateway.ts";
import type { ServerKeys } from "./secrets/server-keys.ts";

/** What every route factory of the API is built from (see createApi). */
export interface ApiDeps {
  db: Database;
  logger: Logger;
  clock: Clock;
  keys: ServerKeys;
  messenger: Messenger;
  /** The site's public address for links in messages; else each request's origin. */
  publicUrl: string | undefined;
  /** The deployment's payment gateways by method (Stripe Checkout, the demo's simulator); none: no online payment. */
  gateways: PaymentGateways;
}
