import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { cors } from "hono/cors";
import { HTTPException } from "hono/http-exception";
import { systemClock, type Clock } from "./clock.ts";
import type { Database } from "./db/database.ts";
import { jsonLogger, type Logger } from "./logger.ts";
import { availabilityRoutes } from "./routes/availability-routes.ts";
import { bookingRoutes } from "./routes/booking-routes.ts";
import { customerAccountRoutes } from "./routes/customer-account-routes.ts";
import { myPageRoutes } from "./routes/my-page-routes.ts";
import { paymentRoutes } from "./routes/payment-routes.ts";
import { catalogueRoutes } from "./routes/catalogue-routes.ts";
import { devRoutes } from "./routes/dev-routes.ts";
import { scheduleRoutes } from "./routes/schedule-routes.ts";
import { verificationRoutes } from "./routes/verification-routes.ts";
import { providerRoutes } from "./routes/provider-routes.ts";

/** The path as logged: the My Page token in FetchByToken's path is a secret, so it is masked. */
export const loggablePath = (path: string) => path.replace(/(\/Customer\/FetchByToken\/)[^/]+/i, "$1***");

export interface ApiOptions {
  db: Database;
  logger?: Logger;
  /** /api/dev/* (the outbox); on unless NODE_ENV=production. */
  devRoutesEnabled?: boolean;
  /** The site's public address for links in messages (PUBLIC_URL); else each request's origin. */
  publicUrl?: string | undefined;
  /** Every time rule's "now" (see clock.ts); the system clock by default. */
  clock?: Clock;
}

/**
 * The reference booking API (spec §7), meant to be mounted at /api. Every answer is
 * JSON (except byPhone's plain text and the payment simulator's page); every error is
 * { message } with a 4xx/5xx status and never a stack trace.
 */
export function createApi({ db, logger = jsonLogger(), devRoutesEnabled = process.env.NODE_ENV !== "production", publicUrl, clock = systemClock }: ApiOptions) {
  const api = new Hono();

  // The widget runs on providers' own sites, so the API answers any origin (no cookies).
  api.use("*", cors({ origin: "*", allowHeaders: ["Content-Type"], maxAge: 600 }));
  api.use("*", bodyLimit({ maxSize: 100 * 1024, onError: (c) => c.json({ message: "Request body is too large" }, 413) }));
  api.use("*", async (c, next) => {
    const started = performance.now();
    await next();
    logger.info("request", {
      method: c.req.method,
      path: loggablePath(new URL(c.req.url).pathname),
      status: c.res.status,
      ms: Math.round(performance.now() - started),
    });
  });

  api.route("/", providerRoutes(db));
  api.route("/", catalogueRoutes(db, clock));
  api.route("/", availabilityRoutes(db, clock));
  api.route("/", verificationRoutes(db, logger, clock));
  api.route("/", bookingRoutes(db, logger, publicUrl, clock));
  api.route("/", scheduleRoutes(db, clock));
  api.route("/", customerAccountRoutes(db, logger, clock));
  api.route("/", myPageRoutes(db, logger, clock));
  api.route("/", paymentRoutes(db, logger, publicUrl, clock));
  if (devRoutesEnabled) api.route("/", devRoutes(db));

  // A catch-all route, not notFound(): notFound handlers do not survive mounting with route().
  api.all("*", (c) => c.json({ message: `No such API route: ${c.req.method} ${new URL(c.req.url).pathname}` }, 404));
  api.onError((error, c) => {
    if (error instanceof HTTPException) return c.json({ message: error.message }, error.status);
    logger.error("unhandled error", { path: new URL(c.req.url).pathname, error: String(error), stack: error.stack });
    return c.json({ message: "Internal server error" }, 500);
  });
  return api;
}
