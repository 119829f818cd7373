import { describe, expect, it } from "vitest";
import { sentryOriginOf } from "booking-widget/contract";
import { hostPageHeaders } from "./site.ts";
import { parseHostRoute } from "../host/route.ts";

const inline = { styles: ["'sha256-s'"], scripts: ["'sha256-j'"] };

describe("the host page's CSP and error reporting", () => {
  it("allows its own files and the inline style and script it writes in, by their hashes, and nothing else inline", () => {
    const csp = hostPageHeaders(parseHostRoute("/demo-salon"), inline)["Content-Security-Policy"]!;
    expect(csp).toContain("script-src 'self' 'sha256-j';");
    expect(csp).toContain("style-src 'self' 'sha256-s';");
    expect(csp).not.toContain("unsafe-inline");
  });

  it("lets the widget reach the built-in DSN's ingest origin, and nothing else", () => {
    const origin = sentryOriginOf("https://publickey@o42.ingest.example.io/7");
    expect(origin).toBe("https://o42.ingest.example.io");
    const csp = hostPageHeaders(parseHostRoute("/demo-salon"), inline, origin)["Content-Security-Policy"]!;
    expect(csp).toContain("connect-src 'self' https://o42.ingest.example.io;");
    expect(hostPageHeaders(parseHostRoute("/demo-salon"), inline)["Content-Security-Policy"]).toContain("connect-src 'self';");
  });

  it("has no ingest origin for no DSN or a malformed one", () => {
    for (const dsn of [undefined, "", "  ", "not a url"]) expect(sentryOriginOf(dsn)).toBeUndefined();
  });

  it("lets booking pages be framed, never My Page or the embed builder", () => {
    const framing = (path: string) => {
      const headers = hostPageHeaders(parseHostRoute(path), inline);
      return [/frame-ancestors ([^;]+)/.exec(headers["Content-Security-Policy"]!)![1], headers["X-Frame-Options"]];
    };
    expect(framing("/demo-salon/iframe")).toEqual(["*", undefined]);
    expect(framing("/demo-salon/min-side")).toEqual(["'none'", "DENY"]);
    expect(framing("/demo-salon/embed")).toEqual(["'none'", "DENY"]);
  });
});
