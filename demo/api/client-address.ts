import type { Context, MiddlewareHandler } from "hono";
import { getConnInfo } from "@hono/node-server/conninfo";
import { isIP } from "node:net";
import type { Logger } from "./logger.ts";
import { wallClock } from "./clock.ts";

/**
 * How many reverse proxies in front of the API append to X-Forwarded-For (TRUST_PROXY;
 * 0 by default). With 0 the socket's peer is the client; with n, the n-th address from
 * the right of X-Forwarded-For is (the ones to its left are whatever the client sent).
 */
export type TrustedProxyHops = number;

const ADDRESS_KEY = "clientAddress";

/**
 * The caller's network address as a throttling key: an IPv4 address, or the /64 prefix
 * of an IPv6 one (one home or phone gets a whole /64). Requests answered in-process
 * (tests) count as "local".
 */
export function clientAddressMiddleware(trustedHops: TrustedProxyHops, logger?: Logger): MiddlewareHandler {
  let lastWarning = Number.NEGATIVE_INFINITY;
  return async (c, next) => {
    const { address, proxied } = addressOf(c, trustedHops);
    // Trusted proxies that were bypassed: whoever reaches the API directly chooses the address its limits count.
    if (trustedHops > 0 && !proxied && wallClock.now().getTime() - lastWarning > WARN_EVERY_MS) {
      lastWarning = wallClock.now().getTime();
      logger?.warn("request without the trusted proxies' X-Forwarded-For", {
        trustProxy: trustedHops,
        hint: "TRUST_PROXY is set, but this request did not come through that many proxies: if the API can be reached directly, anyone can forge the client address its limits count. Let only the proxies reach it, or unset TRUST_PROXY.",
      });
    }
    c.set(ADDRESS_KEY as never, address as never);
    await next();
  };
}

/** The bypassed-proxy warning is repeated at most this often. */
const WARN_EVERY_MS = 10 * 60_000;

export function clientAddress(c: Context): string {
  return (c.get(ADDRESS_KEY as never) as string | undefined) ?? "local";
}

function addressOf(c: Context, trustedHops: TrustedProxyHops): { address: string; proxied: boolean } {
  // Served by @hono/node-server, its connection info; answered in-process (tests), "local".
  const served = Boolean(
    (c.env as { incoming?: unknown; server?: unknown } | undefined)?.incoming ?? (c.env as { server?: unknown } | undefined)?.server,
  );
  const peer = (served ? getConnInfo(c).remote.address : undefined) ?? "local";
  return addressFrom(peer, c.req.header("x-forwarded-for"), trustedHops);
}

/**
 * The throttling key from a connection's peer and its X-Forwarded-For, as the middleware
 * takes it (also read straight from a Node request, before Hono: the load shedding's
 * early refusal of an address over its read limit).
 */
export function addressFrom(
  peer: string,
  forwardedFor: string | undefined,
  trustedHops: TrustedProxyHops,
): { address: string; proxied: boolean } {
  if (trustedHops <= 0) return { address: throttleKey(peer), proxied: false };
  const forwarded = (forwardedFor ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  // The proxy nearest to us appended the last entry; trusted hops appended the last n.
  const client = forwarded[forwarded.length - trustedHops];
  const proxied = Boolean(client && isIP(client));
  return { address: throttleKey(proxied ? client! : peer), proxied };
}

function throttleKey(address: string): string {
  const plain = address.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, "$1");
  if (isIP(plain) !== 6) return plain;
  // Expand "::" and keep the first four groups (the /64 prefix).
  const [head = "", tail = ""] = plain.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = plain.includes("::") ? [...left, ...Array(8 - left.length - right.length).fill("0"), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.toLowerCase().replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

/**
 * The network around a throttling key: an IPv4 address's /24, an IPv6 /64's /48 (one
 * site). Limits counted per network bound a guesser who moves between the addresses
 * of one network; "local" (in-process) stays itself.
 */
export function networkOf(address: string): string {
  const v4 = /^(\d+\.\d+\.\d+)\.\d+$/.exec(address);
  if (v4) return `${v4[1]}.0/24`;
  if (address.endsWith("::/64")) return `${address.slice(0, -"::/64".length).split(":").slice(0, 3).join(":")}::/48`;
  return address;
}
