import { type Context, Hono } from "hono";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import {
  SERVING_MANIFEST,
  type ServingManifest,
  PreloadedPage,
  preloadIslandJson,
  toLocale,
  zonedDayAround,
} from "booking-widget/contract";
import { type Clock, wallClock } from "../api/clock.ts";
import { isDatabaseUnavailable } from "../api/db/database-unavailable.ts";
import * as v from "valibot";
import { canonicalPath, type HostRoute, parseHostRoute } from "../host/route.ts";
import { builtFiles } from "./built-files.ts";
import { type CompressedBody, compressedBody, compressedResponse } from "./compressed-body.ts";
import { preferredEncoding } from "../api/content-encoding.ts";
import type { PaintedAttributes } from "booking-widget/prerender";
import { sanitizeProviderHtml } from "./provider-html.ts";
import { shortCache } from "./short-cache.ts";
import { inlineStylesheets } from "./inline-stylesheets.ts";
import { DEMO_ROOT } from "../demo-root.ts";
import { mountAdminApp } from "./admin-app.ts";
import type { ReadLimiter } from "../api/limits/read-limits.ts";

export interface SiteOptions {
  /** The reference API (mounted at /api), with its read of a booking page for the data island, and its read limits (the site's reads count too). */
  api: Hono & { bookingPage: PageReader; readLimits: Pick<ReadLimiter, "site"> };
  /** The served files (demo/dist/: widget/ and host/, demo/build/served-files.ts). */
  distDir?: string;
  /** The production start: source maps are not served. */
  production?: boolean;
  /** Routes at the site's root before the host pages (GET /healthz, /readyz). */
  operations?: Hono;
  /** The API's clock (FIXED_NOW pins it): the page data's provider day is taken on it. */
  clock?: Clock;
}

const DEFAULT_DIST = join(DEMO_ROOT, "dist/");

/**
 * One origin for everything: /api (reference API), /widget/* (the element script and
 * its chunks, as a provider's site would load them), the back office at
 * /{bookingLink}/admin (admin-app.ts) and the host page for every other path (/{company}, /velg/{company}, /{bookingLink}/min-side, /payment/*).
 */
export async function createSite({ api, distDir = DEFAULT_DIST, production = false, operations, clock = wallClock }: SiteOptions) {
  const manifest = await readFile(`${distDir}widget/${SERVING_MANIFEST}`, "utf8")
    .then((text) => JSON.parse(text) as ServingManifest)
    .catch((): Pick<ServingManifest, "firstScreen" | "catalogs" | "sentryOrigin"> => ({ firstScreen: [], catalogs: {} }));
  const builtHostPage = await readFile(`${distDir}host/index.html`, "utf8").catch(() => {
    throw new Error(`No built host page in ${distDir}host/ — run "npm run build" first.`);
  });
  const { html: hostHtml, styleSources } = inlineStylesheets(builtHostPage, (path) => readBuiltText(`${distDir}host${path}`));
  const hostPage = withModulePreloads(hostHtml, manifest.firstScreen);
  // The painted page's first script, written in after its element (src/prerender/painted-taps.ts).
  const paintedTaps = inlineScript(readBuiltText(`${distDir}widget/painted-taps.js`));
  // The first paint brings React's server renderer and the widget's source: loaded beside
  // the start, not before it, so the server listens as soon as it did without it.
  const painter = import("booking-widget/prerender");
  painter.catch(() => undefined);
  const widgetFiles = builtFiles(`${distDir}widget`);
  const hostFiles = builtFiles(`${distDir}host`);

  // Every view of a booking page (standalone, or a provider's page with the loader) asks
  // for its provider and services, and the loader for their painted copy: read and
  // rendered once per page and few seconds, however many visitors or parallel requests.
  // A provider's change shows within PAGE_REUSE_MS (the widget asks again as it starts).
  const pages = shortCache<PreloadedPage | null>({ ttlMs: PAGE_REUSE_MS, maxEntries: 1000, keep: (page) => page !== null });
  const pageOf = (bookingLink: string) => pages(bookingLink, () => preloadedPage(api.bookingPage, bookingLink, clock.now()));
  const paintedPages = shortCache<CompressedBody>({ ttlMs: PAGE_REUSE_MS, maxEntries: 1000 });
  // The host page without a booking page's data, once per encoding.
  const plainHostPages = shortCache<CompressedBody>({ ttlMs: Number.POSITIVE_INFINITY, maxEntries: 3 });
  const copies = shortCache<CompressedBody | null>({ ttlMs: PAGE_REUSE_MS, maxEntries: 1000, keep: (copy) => copy !== null });

  // An embedded element's painted first screen, asked by the script tag's loader
  // (src/element/paint-first-screen.ts) beside the widget's own script: beside the script
  // (/widget/first-screen/…), or where the element's api-base says the data lives
  // (/api/first-screen/…; before the API's own routes).
  const paintedFirstScreen = async (c: Context) => {
    const headers = { "Access-Control-Allow-Origin": "*", "Cache-Control": "no-cache", "X-Content-Type-Options": "nosniff" };
    const bookingLink = c.req.param("bookingLink") ?? "";
    const origin = new URL(c.req.url).origin;
    const attributes = paintedAttributes(c.req.query());
    const encoding = preferredEncoding(c.req.header("accept-encoding"));
    const copy = await copies(JSON.stringify([bookingLink, origin, attributes, encoding]), async () => {
      const page = await pageOf(bookingLink);
      if (!page) return null;
      const { paintedCopy } = await painter;
      const { html, css } = paintedCopy(page, origin, attributes);
      return compressedBody(encoding, JSON.stringify({ page, html, ...(css ? { css } : {}) }));
    });
    if (!copy) return c.json({ message: "No booking page by that name." }, 404, headers);
    return compressedResponse(copy, "application/json; charset=utf-8", headers);
  };

  const site = new Hono();
  site.get("/api/first-screen/:bookingLink", api.readLimits.site, paintedFirstScreen);
  site.route("/api", api);
  if (operations) site.route("/", operations);
  // Source maps show the source to anyone; the demo keeps them for debugging.
  if (production) {
    site.use("*", async (c, next) => {
      if (c.req.path.endsWith(".map")) return c.text("Not found", 404);
      await next();
    });
  }
  site.get("/widget/first-screen/:bookingLink", api.readLimits.site, paintedFirstScreen);
  // The element script and its chunks, as a provider's site loads them: chunks carry
  // their hash in the name (kept a year); the entry's address is stable (revalidated).
  site.on(["GET", "HEAD"], "/widget/*", (c) => {
    const path = c.req.path.replace(/^\/widget\//, "");
    const answer = widgetFiles(c, path, path.startsWith("chunks/") ? "immutable" : "revalidate");
    if (!answer) return c.text("Not found", 404);
    // Any site may load the widget script (it is an ES module, so CORS applies).
    answer.headers.set("Access-Control-Allow-Origin", "*");
    return answer;
  });
  site.on(["GET", "HEAD"], "/assets/*", (c) => hostFiles(c, c.req.path.replace(/^\//, ""), "immutable") ?? c.text("Not found", 404));
  site.get("/favicon.ico", (c) => c.body(null, 204));
  site.get("/provider-site/*", (c) => providerSite(c.req.path) ?? c.text("Not found", 404));
  site.get("/provider-site", (c) => c.redirect("/provider-site/", 301));
  // The back office (admin-app.ts): /{bookingLink}/admin and below, before the host pages.
  mountAdminApp(site, `${distDir}admin`, api.readLimits.site);
  site.get("*", api.readLimits.site, async (c) => {
    const url = new URL(c.req.url);
    const route = parseHostRoute(url.pathname);
    // One spelling per page: any other is sent to it, so that the headers below follow what the page is.
    const canonical = canonicalPath(route);
    if (url.pathname !== canonical) return c.redirect(`${canonical}${url.search}`, 308);
    const { FIRST_PAINT_STYLE_SOURCE, firstPaint } = await painter;
    const headers = {
      ...hostPageHeaders(
        route,
        { styles: [FIRST_PAINT_STYLE_SOURCE, ...styleSources], scripts: paintedTaps ? [paintedTaps.source] : [] },
        manifest.sentryOrigin,
      ),
      "Cache-Control": "no-cache",
    };
    const encoding = preferredEncoding(c.req.header("accept-encoding"));
    const html = (body: CompressedBody) => compressedResponse(body, "text/html; charset=UTF-8", headers);
    // The embed builder's CSP lines name the error reporting's ingest origin when a DSN is built in.
    if (route.view === "embed" && manifest.sentryOrigin)
      return html(
        compressedBody(
          encoding,
          hostPage.replace("</head>", `  <meta name="booking-widget-sentry-origin" content="${manifest.sentryOrigin}">\n  </head>`),
        ),
      );
    const booking = route.view === "booking" ? route : null;
    const page = booking ? await pageOf(booking.company) : null;
    if (!booking || !page) return html(await plainHostPages(String(encoding), async () => compressedBody(encoding, hostPage)));
    // A booking page with its data and painted first screen: rendered and compressed once per page and few seconds.
    const origin = new URL(c.req.url).origin;
    const { company, options } = booking;
    const painted = await paintedPages(JSON.stringify([company, options, origin, encoding]), async () => {
      // The provider's language is known now: its catalog is fetched with the entry, not after.
      const catalog = manifest.catalogs[toLocale(page.provider.language) ?? ""];
      const island = `<script type="application/json" data-booking-widget-preload>${preloadIslandJson(page)}</script>`;
      const body = hostPage
        .replace("</head>", `  ${island}\n  </head>`)
        .replace('<div id="app"></div>', `<div id="app">${firstPaint(page, { origin, options })}</div>${paintedTaps?.html ?? ""}`);
      return compressedBody(encoding, withModulePreloads(body, catalog ? [catalog] : []));
    });
    return html(painted);
  });
  return site;
}

/**
 * The painted copy's attributes from the loader's query: the ones the widget would follow
 * (a language it knows, "routes", a short options word); anything else is left out, as
 * the widget itself ignores it.
 */
export function paintedAttributes(query: Record<string, string>): PaintedAttributes {
  const options = query.options?.trim();
  return {
    lang: toLocale(query.lang),
    options: options && /^[\w-]{1,40}$/.test(options) ? options : undefined,
    navigation: query.navigation === "routes" ? "routes" : undefined,
  };
}

/** How long a booking page's data and painted copy are reused (a few seconds). */
const PAGE_REUSE_MS = 5000;

const PROVIDER_SITE = join(DEMO_ROOT, "provider-site/");
const PROVIDER_SITE_FILES: Record<string, [file: string, type: string]> = {
  "": ["index.html", "text/html; charset=utf-8"],
  iframe: ["iframe.html", "text/html; charset=utf-8"],
  "site.css": ["site.css", "text/css; charset=utf-8"],
  "site.js": ["site.js", "text/javascript; charset=utf-8"],
  "iframe-parent.js": ["iframe-parent.js", "text/javascript; charset=utf-8"],
};

/**
 * The demo's mock provider website (/provider-site/, docs/embedding.md): the
 * widget as a provider's page meets it, under the strictest CSP a site may send.
 */
function providerSite(path: string): Response | null {
  const entry = PROVIDER_SITE_FILES[path.replace(/^\/provider-site\/?/, "")];
  if (!entry) return null;
  return new Response(readFileSync(join(PROVIDER_SITE, entry[0])), {
    headers: {
      "Content-Type": entry[1],
      "Content-Security-Policy": STRICT_PROVIDER_CSP,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "no-cache",
    },
  });
}

/** The policy of issue 16's strict page: nothing inline, nothing from elsewhere. */
export const STRICT_PROVIDER_CSP = "default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:";

/** How the site reads a booking page: the API's own queries (demo/api/catalogue/booking-page.ts). */
type PageReader = (bookingLink: string) => Promise<{ provider: unknown; services: unknown } | null>;

/**
 * A booking page's provider and services for its JSON data island (src/api/preloaded-page.ts),
 * read through the queries the API's routes use: the widget shows the services without an
 * API round trip after its script. Null when the API has no such page, or its database
 * cannot answer now (the widget then asks, or says so, itself).
 */
async function preloadedPage(bookingPage: PageReader, bookingLink: string, now: Date) {
  let read: Awaited<ReturnType<PageReader>>;
  try {
    read = await bookingPage(bookingLink);
  } catch (error) {
    if (isDatabaseUnavailable(error)) return null;
    throw error;
  }
  if (!read) return null;
  // Its JSON, as the widget would have it from the API.
  const { provider, services } = JSON.parse(JSON.stringify(read)) as typeof read;
  // Checked as the widget checks it: what the page paints is what the widget would show.
  const page = v.safeParse(PreloadedPage, { bookingLink, provider, services });
  if (!page.success) return null;
  // The widget's clock answers "today" from these bounds while it is inside them (src/time/provider-today.ts).
  const today = zonedDayAround(page.output.provider.timeZone, now);
  // The first screen's provider text, cleaned here as the widget cleans it: painted with the first row.
  const { showInformationBox, informationBoxText } = page.output.provider;
  if (!showInformationBox || !informationBoxText) return { ...page.output, today };
  return { ...page.output, today, sanitizedHtml: { [informationBoxText]: await sanitizeProviderHtml(informationBoxText) } };
}

/** A classic script to write into a page, and its CSP source; null for none (or text that would end the element early). */
function inlineScript(code: string | null): { html: string; source: string } | null {
  if (!code || /<\/script/i.test(code)) return null;
  return { html: `<script>${code}</script>`, source: `'sha256-${createHash("sha256").update(code).digest("base64")}'` };
}

/** A built file's text, or null when there is none. */
function readBuiltText(path: string): string | null {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return null;
  }
}

/**
 * The host page with a modulepreload hint for each widget module given (from the
 * build's serving manifest: the entry and its static imports; a language's catalog):
 * the browser fetches them all in parallel with the host script instead of
 * discovering them one by one.
 */
export function withModulePreloads(html: string, files: readonly string[]): string {
  const links = files.map((file) => `<link rel="modulepreload" href="/widget/${file}">`).join("\n    ");
  return links ? html.replace("</head>", `  ${links}\n  </head>`) : html;
}

/**
 * The host page's security headers. Everything it loads is its own (scripts, the
 * widget's constructed stylesheets, API calls, the payment form's post), so the policy
 * allows only 'self' — and the error reporting's ingest origin when a DSN is built in. Booking pages and the chooser stay embeddable in a provider's
 * iframe (spec §2 iframe mode); My Page, which shows a customer's data, is never framed,
 * and its address (which may carry the login code) is never sent on as a referrer.
 */
export function hostPageHeaders(
  route: HostRoute,
  inline: { styles: readonly string[]; scripts: readonly string[] },
  sentryOrigin?: string,
): Record<string, string> {
  // My Page, and a waitlist offer's page, whose address carries the offer's secret.
  const myPage = route.view === "my-page" || route.view === "waitlist-offer";
  // The embed builder is a provider's tool: no other site frames it either.
  const unframed = myPage || route.view === "embed";
  const framing = unframed ? "'none'" : "*";
  return {
    "Content-Security-Policy": [
      "default-src 'self'",
      ["script-src 'self'", ...inline.scripts].join(" "),
      ["style-src 'self'", ...inline.styles].join(" "),
      "img-src 'self' data:",
      `connect-src 'self'${sentryOrigin ? ` ${sentryOrigin}` : ""}`,
      "form-action 'self'",
      "base-uri 'none'",
      "object-src 'none'",
      `frame-ancestors ${framing}`,
    ].join("; "),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": myPage ? "no-referrer" : "strict-origin-when-cross-origin",
    ...(unframed ? { "X-Frame-Options": "DENY" } : {}),
  };
}
