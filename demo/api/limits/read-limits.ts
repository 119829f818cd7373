import type { Context, Hono, MiddlewareHandler } from "hono";
import type { IncomingMessage } from "node:http";
import { REFUSALS } from "booking-widget/contract";
import { addressFrom, clientAddress, clientAddressMiddleware, networkOf, type TrustedProxyHops } from "../client-address.ts";
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

/** The counted reads as the server sees them (the API is mounted at /api), for the refusal before Hono. */
const READ_PATHS = {
  POST: pathsPattern(READS.POST),
  GET: pathsPattern(READS.GET),
} as const;

function pathsPattern(routes: readonly string[]): RegExp {
  const one = (route: string) => route.replace(/:[A-Za-z]+/g, "[^/]+");
  return new RegExp(`^/api(?:${routes.map(one).join("|")})$`);
}

/** How many addresses and networks over a limit are remembered for the early refusal (beyond: the oldest go; Hono still counts them). */
const REFUSED_REMEMBERED = 10_000;

/** A refusal prepared before Hono: written as is to the socket. */
export interface EarlyAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

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
  // The addresses and networks over a limit now, until when: their next reads are refused
  // before Hono (`early`), from the socket, without a place in the process or a parse.
  const refusedUntil = new Map<string, number>();
  const remember = (key: string, until: number) => {
    refusedUntil.delete(key);
    refusedUntil.set(key, until);
    if (refusedUntil.size <= REFUSED_REMEMBERED) return;
    const now = wallClock().getTime();
    for (const [old, ends] of refusedUntil) if (ends <= now) refusedUntil.delete(old);
    for (const old of refusedUntil.keys()) {
      if (refusedUntil.size <= REFUSED_REMEMBERED) break;
      refusedUntil.delete(old);
    }
  };

  const limited: MiddlewareHandler = async (c, next) => {
    const address = clientAddress(c);
    if (address === "local") return next();
    const network = networkOf(address);
    const refused = counts.take([
      [readLimits.perAddress, address],
      [readLimits.perNetwork, network],
    ]);
    if (!refused) return next();
    const scope = refused.limit.scope;
    remember(scope === readLimits.perAddress.scope ? `a:${address}` : `n:${network}`, wallClock().getTime() + refused.secondsLeft * 1000);
    return tooManyReads(c, scope, refused.secondsLeft);
  };

  const refusalBody = Buffer.from(JSON.stringify({ message: REFUSALS["too-many-reads"].message, code: "too-many-reads" }));
  /**
   * A counted read from an address (or network) over its limit, answered before Hono
   * (issue 58): under a flood from one address every read after its limit costs the
   * process a lookup and a prepared answer, and never a place the honest visitors wait for.
   */
  const early = (request: IncomingMessage): EarlyAnswer | undefined => {
    if (refusedUntil.size === 0) return undefined;
    const method = request.method === "HEAD" ? "GET" : request.method;
    const paths = method === "GET" || method === "POST" ? READ_PATHS[method] : undefined;
    const peer = request.socket.remoteAddress;
    if (!paths || !peer || !paths.test((request.url ?? "/").split("?", 1)[0]!)) return undefined;
    const { address } = addressFrom(peer, request.headers["x-forwarded-for"] as string | undefined, trustedProxyHops);
    const now = wallClock().getTime();
    const byAddress = refusedUntil.get(`a:${address}`) ?? 0;
    const until = byAddress > now ? byAddress : (refusedUntil.get(`n:${networkOf(address)}`) ?? 0);
    if (until <= now) return undefined;
    metrics.refusedByLimit.inc({ limit: byAddress > now ? readLimits.perAddress.scope : readLimits.perNetwork.scope });
    return {
      status: REFUSALS["too-many-reads"].status,
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Content-Length": String(refusalBody.byteLength),
        "Retry-After": String(Math.max(1, Math.ceil((until - now) / 1000))),
        "Access-Control-Allow-Origin": "*",
        "Access-Control-Expose-Headers": "Retry-After",
        "X-Content-Type-Options": "nosniff",
      },
      body: refusalBody,
    };
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
    early,
    flush: counts.flush,
    start: counts.start,
    stop: counts.stop,
    forget() {
      counts.forget();
      refusedUntil.clear();
    },
  };
}

export type ReadLimiter = ReturnType<typeof readLimiter>;
