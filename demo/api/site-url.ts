import { networkInterfaces } from "node:os";

/**
 * The origins the server itself listens on (demo without PUBLIC_URL): a request whose
 * Host names anything else (a forged Host header) gets none of its links or payment
 * return addresses built on that name.
 */
export interface OwnOrigins {
  /** Whether `origin` (scheme, host and port) is one of the server's own. */
  has(origin: string): boolean;
  /** The one to use when a request names another (http://localhost:{port}). */
  primary(): string;
}

/**
 * The address of the site the API is mounted on (it serves /api next to the host
 * page), for links in messages and payment return addresses: PUBLIC_URL when set;
 * else the request's own origin when it is one the server listens on (`own`; without
 * it, as in-process tests, the request's origin), else the server's primary origin.
 */
export function siteUrlOf(c: { req: { url: string } }, publicUrl: string | undefined, own?: OwnOrigins): string {
  if (publicUrl) return publicUrl.replace(/\/$/, "");
  const origin = new URL(c.req.url).origin;
  if (!own || own.has(origin)) return origin;
  return own.primary();
}

/**
 * The origins of a server listening on `port` on this machine: localhost and the
 * addresses of its network interfaces (a phone on the same network reaches the demo
 * by one of them), over http.
 */
export function listeningOrigins(port: () => number | undefined): OwnOrigins {
  const hosts = () => {
    const names = new Set(["localhost", "127.0.0.1", "[::1]"]);
    for (const entries of Object.values(networkInterfaces()))
      for (const entry of entries ?? []) names.add(entry.family === "IPv6" ? `[${entry.address.replace(/%.*$/, "")}]` : entry.address);
    return names;
  };
  const origin = (host: string) => new URL(`http://${host}:${port() ?? 80}`).origin;
  return {
    has: (candidate) => [...hosts()].some((host) => origin(host) === candidate),
    primary: () => origin("localhost"),
  };
}
