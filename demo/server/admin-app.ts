import type { Context, Hono, MiddlewareHandler } from "hono";
import { readFileSync } from "node:fs";
import { isPlausibleName } from "../host/route.ts";
import { builtFiles } from "./built-files.ts";

/** Where the back office's built files are served (demo/admin/vite.config.ts `base`): no booking link starts with "_". */
export const ADMIN_ASSETS = "/_admin/";

/**
 * The back office (demo/admin/, issue 59) on the site: its one HTML shell at
 * /{bookingLink}/admin and every path below it (the app routes in the browser), its
 * hashed files under /_admin/ (kept a year). Without a build of it, its paths answer 404.
 */
export function mountAdminApp(site: Hono, adminDir: string, limit: MiddlewareHandler): void {
  const files = builtFiles(adminDir);
  let shell: string | null = null;
  try {
    shell = readFileSync(`${adminDir}/index.html`, "utf8");
  } catch {
    shell = null;
  }
  site.on(["GET", "HEAD"], `${ADMIN_ASSETS}*`, (c) => {
    const path = c.req.path.slice(ADMIN_ASSETS.length);
    return (path.startsWith("assets/") ? files(c, path, "immutable") : null) ?? c.text("Not found", 404);
  });
  const answerShell = (c: Context) => {
    if (!shell || !isPlausibleName(c.req.param("bookingLink") ?? "")) return c.text("Not found", 404);
    return c.html(shell, 200, adminShellHeaders());
  };
  site.get("/:bookingLink/admin", limit, answerShell);
  site.get("/:bookingLink/admin/*", limit, answerShell);
}

/**
 * The shell's headers: nothing but its own files (no inline script or style at all), its
 * own API, never framed (clickjacking a back office), no referrer (an invitation's token
 * is in the address's fragment, which no referrer carries anyway), never stored by a cache.
 */
export function adminShellHeaders(): Record<string, string> {
  return {
    "Content-Security-Policy": [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self'",
      "img-src 'self' data:",
      "connect-src 'self'",
      "form-action 'self'",
      "base-uri 'none'",
      "object-src 'none'",
      "frame-ancestors 'none'",
    ].join("; "),
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
  };
}
