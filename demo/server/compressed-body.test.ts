import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { compressedBody, compressedResponse } from "./compressed-body.ts";

const text = `<p>${"Women's haircut ".repeat(200)}</p>`;

describe("a body compressed once for many answers", () => {
  it("gives back the same text, smaller", () => {
    const br = compressedBody("br", text);
    const gzip = compressedBody("gzip", text);
    expect(br.payload.byteLength).toBeLessThan(text.length / 10);
    expect(brotliDecompressSync(br.payload).toString()).toBe(text);
    expect(gunzipSync(gzip.payload).toString()).toBe(text);
    expect(Buffer.from(compressedBody(null, text).payload).toString()).toBe(text);
  });

  it("answers with its encoding named and Vary: Accept-Encoding", async () => {
    const response = compressedResponse(compressedBody("gzip", text), "text/html; charset=UTF-8", { "Cache-Control": "no-cache" });
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(response.headers.get("vary")).toBe("Accept-Encoding");
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(gunzipSync(Buffer.from(await response.arrayBuffer())).toString()).toBe(text);
    expect(compressedResponse(compressedBody(null, text), "text/html", {}).headers.get("content-encoding")).toBeNull();
  });
});
