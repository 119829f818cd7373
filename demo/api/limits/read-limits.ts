import type { Context, Hono, MiddlewareHandler } from "hono";
import { REFUSALS } from "booking-widget/contract";
import { clientAddress, clientAddressMiddleware, networkOf, type TrustedProxyHops } from "../client-address.ts";
import { wallClock as machineClock } from "../clock.ts";
import type { Queryable } from "../db/database.ts";
import type { Logger } from "../logger.ts";
import type { ApiMetrics } from "../operations/metrics.ts";
import { batchedCounts, type WindowLimit } from "./batched-counts.ts";

/**
 * Reads per address and per network (issue 58), a minute each: an honest visitor who
 * tripped one waits seconds, not minutes. A widget's whole journey is about 30 reads (the
 * page and its first screen, services, fields, staff and their count, working and
 * vacation days, waitlist settings, the first available day, a few months back and
 * forth, a dozen days): 300 a minute is ten journeys from one address within the
 * minute, more than a visitor or a family behind one router makes. A flood of 1,000 at
 * once from one address is refused from its 301st. A network (an IPv4 /24, an IPv6 /48)
 * holds many visitors behind a carrier's or an office's addresses: five times that.
 */
export const readLimits = {
  perAddress: { scope: "read:address", max: 300, windowMs: 60_000 },
  perNetwork: { scope: "read:network", max: 1500, windowMs: 60_000 },
} satisfies Record<string, WindowLimit>;

/** The API's reads that count (as mounted: availability, staff, and a booking page's own reads). */
const READS = {
  POST: [
    "/Appointment/availableHours",
    "/Appointment/availableHours/cache",
    "/appointment/availableHours/cache",
    "/Appointment/availableHours/month",
    "/Appointment/firstAvailableHourDay",
    "/Appointment/series",
    "/StaffMember/asAnonymous/:adminId",
  ],
  GET: [
    "/StaffMember/count/:adminId",
    "/User/ByUser/:name",
    "/User/:id",
    "/Company/connect",
    "/CustomField/asAnonymous/:userId",
    "/Service/asAnonymous",
    "/WorkingDays/all",
    "/VacationDays/asAnonymous",
    "/Waitlist/settings",
  ],
} as const;

export interface ReadLimiterOptions {
  /** Where the processes share their counts: the primary. */
  db: Queryable;
  logger: Logger;
  metrics: ApiMetrics;
  trustedProxyHops: TrustedProxyHops;
  /** The windows' clock: the machine's by default (FIXED_NOW's stands still: a window would never end). */
  wallClock?: () => Date;
}

/**
 * The read limits of one process: `guard(api)` puts them before the API's reads,
 * `site` before the site's own (a booking page's host page and painted first screen,
 * which answer from a short cache and count all the same). Beyond a limit: 429
 * too-many-reads with Retry-After, answered from memory. Requests answered in-process
 * (tests) have no address and are not counted. The server runs the loop that shares the
 * counts (`start`/`stop`); `flush` shares them now.
 */
export function readLimiter({ db, logger, metrics, trustedProxyHops, wallClock = () => machineClock.now() }: ReadLimiterOptions) {
  const counts = batchedCounts({ db, logger, wallClock });

  const limited: MiddlewareHandler = async (c, next) => {
    const address = clientAddress(c);
    if (address === "local") return next();
    const refused = counts.take([
      [readLimits.perAddress, address],
      [readLimits.perNetwork, networkOf(address)],
    ]);
    if (!refused) return next();
    return tooManyReads(c, refused.limit.scope, refused.secondsLeft);
  };

  const tooManyReads = (c: Context, scope: string, secondsLeft: number) => {
    metrics.refusedByLimit.inc({ limit: scope });
    const refusal = REFUSALS["too-many-reads"];
    // Any site's widget or loader reads it, Retry-After included.
    return c.json({ message: refusal.message, code: "too-many-reads" as const }, refusal.status, {
      "Retry-After": String(secondsLeft),
      "Access-Control-Allow-Origin": "*",
      "Access-Control-Expose-Headers": "Retry-After",
    });
  };

  // The site's own routes come before the API's middleware: the address is taken here.
  const addressed = clientAddressMiddleware(trustedProxyHops, logger);

  return {
    /** Counts the API's reads (before their bodies are read): call before the routes are added. */
    guard(api: Hono) {
      api.on("POST", [...READS.POST], limited);
      api.on("GET", [...READS.GET], limited);
    },
    /** Counts a site route's read (a host page, a painted first screen). */
    site: (async (c, next) => {
      let answer: Response | undefined;
      await addressed(c, async () => {
        answer = (await limited(c, next)) ?? undefined;
      });
      return answer;
    }) as MiddlewareHandler,
    flush: counts.flush,
    start: counts.start,
    stop: counts.stop,
    forget: counts.forget,
  };
}

export type ReadLimiter = ReturnType<typeof readLimiter>;
