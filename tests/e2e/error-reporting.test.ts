import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl } from "./base-url.ts";
import { usePages } from "./booking-support.ts";
import { serveProviderSite } from "./provider-site.ts";

const base = baseUrl();
const open = usePages();
const PERSONAL = ["Kari", "Nordmann", "kari@example.com", "41234567", "c=123"];

/**
 * A fake Sentry ingest (it keeps every envelope it is sent) that is also a broken booking
 * API under /broken (every call answers 500): the widget's failure is what gets reported.
 */
let ingest: Server;
let ingestUrl = "";
const envelopes: string[] = [];
beforeAll(async () => {
  ingest = createServer((request, response) => {
    const cors = {
      "Access-Control-Allow-Origin": "*",
      "Access-Control-Allow-Headers": "*",
      "Access-Control-Allow-Methods": "GET, POST, OPTIONS",
    };
    if (request.method === "OPTIONS") return response.writeHead(204, cors).end();
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      if (/^\/api\/\d+\/envelope\//.test(request.url ?? "")) {
        envelopes.push(Buffer.concat(chunks).toString("utf8"));
        return response.writeHead(200, { ...cors, "Content-Type": "application/json" }).end("{}");
      }
      response.writeHead(500, { ...cors, "Content-Type": "application/json" }).end('{"message":"broken on purpose"}');
    });
  });
  await new Promise<void>((resolve) => ingest.listen(0, "127.0.0.1", resolve));
  ingestUrl = `http://127.0.0.1:${(ingest.address() as AddressInfo).port}`;
});
afterAll(() => ingest.close());

const dsn = () => `http://publickey@${ingestUrl.replace("http://", "")}/1`;
/** The item types of the envelopes sent since `from` (event, replay_event, replay_recording …). */
const itemTypes = (from: number) =>
  envelopes.slice(from).flatMap((envelope) =>
    envelope.split("\n").flatMap((line) => {
      try {
        const parsed = JSON.parse(line) as { type?: unknown };
        return typeof parsed.type === "string" && !("event_id" in parsed && "sent_at" in parsed) ? [parsed.type] : [];
      } catch {
        return [];
      }
    }),
  );

function page(widget: string, script = "") {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A provider</title>
<script type="module" src="${base}/widget/booking-widget.js"></script>${script}</head><body>${widget}</body></html>`;
}

describe("error reporting (Sentry, loaded only with a DSN)", () => {
  it("on a provider's page: an isolated client reports what the widget caught, nothing of the page's own, no global handler, nothing personal", async () => {
    const from = envelopes.length;
    const site = await serveProviderSite(
      page(
        `<booking-widget lang="en" company="demo-salon" api-base="${ingestUrl}/broken" sentry-dsn="${dsn()}" first-name="Kari" last-name="Nordmann" email="kari@example.com" phone="+4741234567"></booking-widget>`,
        `<script>setTimeout(() => { throw new Error("the provider's own bug") }, 1500);</script>`,
      ),
    );
    const { page: browserPage } = await open(`${site.url}?p=41234567&c=123`);
    await browserPage
      .getByText(/went wrong|could not/i)
      .first()
      .waitFor();
    await expect.poll(() => itemTypes(from).filter((type) => type === "event").length, { timeout: 15_000 }).toBeGreaterThan(0);
    await browserPage.waitForTimeout(2500);
    const sent = envelopes.slice(from).join("\n");
    expect(sent).toContain("API call failed");
    expect(sent).not.toContain("the provider's own bug");
    for (const personal of PERSONAL) expect(sent).not.toContain(personal);
    expect(itemTypes(from)).not.toContain("replay_recording");
    expect(await browserPage.evaluate("window.onerror === null && window.onunhandledrejection === null")).toBe(true);
    await browserPage.context().close();
    site.close();
  });

  it("on our own standalone page: errors and session replay (sampling forced), text and inputs masked, nothing personal", async () => {
    const from = envelopes.length;
    const site = await serveProviderSite(
      page(
        `<booking-widget lang="en" company="demo-salon" navigation="routes" api-base="${ingestUrl}/broken" sentry-dsn="${dsn()}" first-name="Kari" email="kari@example.com" phone="+4741234567"></booking-widget>`,
      ),
    );
    // Replay counts time to flush: a page whose clock runs (the tests' pages stand at TEST_NOW).
    const { page: opener } = await open("/");
    const browserPage = await opener.context().browser()!.newPage();
    await opener.context().close();
    // Replay samples by Math.random(): this session falls inside the 10 %.
    await browserPage.addInitScript("Math.random = () => 0.05;");
    await browserPage.goto(`${site.url}?p=41234567&c=123`);
    await browserPage
      .getByText(/went wrong|could not/i)
      .first()
      .waitFor();
    await expect
      .poll(() => itemTypes(from), { timeout: 30_000, interval: 500 })
      .toEqual(expect.arrayContaining(["event", "replay_event", "replay_recording"]));
    const sent = envelopes.slice(from).join("\n");
    expect(sent).toContain("API call failed");
    for (const personal of PERSONAL) expect(sent).not.toContain(personal);
    // The recording has the page's structure, its text masked.
    expect(sent).toContain('"tagName":"booking-widget"');
    expect(sent).not.toContain("Something went wrong");
    await browserPage.close();
    site.close();
  }, 60_000);

  it("on a provider's page that opts in with sentry-replay: the isolated client records the session too, masked, nothing personal", async () => {
    const from = envelopes.length;
    const site = await serveProviderSite(
      page(
        `<booking-widget lang="en" company="demo-salon" api-base="${ingestUrl}/broken" sentry-dsn="${dsn()}" sentry-replay email="kari@example.com"></booking-widget>`,
      ),
    );
    const { page: opener } = await open("/");
    const browserPage = await opener.context().browser()!.newPage();
    await opener.context().close();
    await browserPage.addInitScript("Math.random = () => 0.05;");
    await browserPage.goto(`${site.url}?p=41234567&c=123`);
    await expect
      .poll(() => itemTypes(from), { timeout: 30_000, interval: 500 })
      .toEqual(expect.arrayContaining(["event", "replay_event", "replay_recording"]));
    const sent = envelopes.slice(from).join("\n");
    for (const personal of PERSONAL) expect(sent).not.toContain(personal);
    expect(await browserPage.evaluate("window.onerror === null")).toBe(true);
    await browserPage.close();
    site.close();
  }, 60_000);

  it('sends nothing and loads no Sentry without a DSN, or with sentry-dsn=""', async () => {
    // A closed page of the tests above may still flush its replay: count from when they are quiet.
    for (let last = -1; last !== envelopes.length; ) {
      last = envelopes.length;
      await new Promise((resolve) => setTimeout(resolve, 1500));
    }
    const from = envelopes.length;
    for (const attribute of ["", ' sentry-dsn=""']) {
      const site = await serveProviderSite(
        page(`<booking-widget lang="en" company="demo-salon" api-base="${ingestUrl}/broken"${attribute}></booking-widget>`),
      );
      const { page: browserPage } = await open("/");
      const chunks: string[] = [];
      browserPage.on("request", (request) => chunks.push(request.url()));
      await browserPage.goto(site.url);
      await browserPage
        .getByText(/went wrong|could not/i)
        .first()
        .waitFor();
      await browserPage.waitForTimeout(2500);
      expect(chunks.filter((url) => /sentry/i.test(url) || url.includes("/envelope/"))).toEqual([]);
      await browserPage.context().close();
      site.close();
    }
    expect(envelopes.length).toBe(from);
  });
});
