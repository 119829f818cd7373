import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Hono } from "hono";
import { afterAll, describe, expect, it } from "vitest";
import { mountAdminApp } from "./admin-app.ts";

const dir = mkdtempSync(join(tmpdir(), "bw-admin-app-"));
mkdirSync(join(dir, "assets"));
writeFileSync(join(dir, "index.html"), '<!doctype html><script type="module" src="/_admin/assets/index-abc123.js"></script>');
writeFileSync(join(dir, "assets/index-abc123.js"), "export {};");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const site = new Hono();
let limited = 0;
mountAdminApp(site, dir, async (_c, next) => {
  limited++;
  await next();
});
site.get("*", (c) => c.text("host page"));

describe("the back office on the site", () => {
  it("answers its one shell at /{bookingLink}/admin and every path below, under a strict CSP, never framed or cached", async () => {
    for (const path of ["/demo-salon/admin", "/demo-salon/admin/sign-in", "/demo-salon/admin/invitation"]) {
      const answer = await site.request(path);
      expect(answer.status).toBe(200);
      expect(await answer.text()).toContain("/_admin/assets/index-abc123.js");
      const csp = answer.headers.get("Content-Security-Policy")!;
      expect(csp).toContain("script-src 'self';");
      expect(csp).toContain("style-src 'self';");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain("unsafe-inline");
      expect(answer.headers.get("X-Frame-Options")).toBe("DENY");
      expect(answer.headers.get("Referrer-Policy")).toBe("no-referrer");
      expect(answer.headers.get("Cache-Control")).toBe("no-store");
    }
    expect(limited).toBe(3);
  });

  it("serves its hashed files for a year, and nothing else of its folder", async () => {
    const asset = await site.request("/_admin/assets/index-abc123.js");
    expect(asset.status).toBe(200);
    expect(asset.headers.get("Cache-Control")).toContain("immutable");
    expect((await site.request("/_admin/index.html")).status).toBe(404);
    expect((await site.request("/_admin/assets/../index.html")).status).toBe(404);
  });

  it("leaves the host pages as they were, and refuses a name no booking link has", async () => {
    expect(await (await site.request("/demo-salon")).text()).toBe("host page");
    expect(await (await site.request("/demo-salon/min-side")).text()).toBe("host page");
    expect((await site.request("/-bad/admin")).status).toBe(404);
  });

  it("answers 404 where the back office was not built", async () => {
    const bare = new Hono();
    mountAdminApp(bare, join(dir, "missing"), async (_c, next) => next());
    expect((await bare.request("/demo-salon/admin")).status).toBe(404);
  });
});
