import { describe, expect, it } from "vitest";
import { acceptedEncodings, preferredEncoding } from "./content-encoding.ts";

describe("what a client accepts (Accept-Encoding)", () => {
  it("takes brotli, else gzip, else none", () => {
    expect(preferredEncoding("gzip, deflate, br")).toBe("br");
    expect(preferredEncoding("gzip, br;q=0")).toBe("gzip");
    expect(preferredEncoding("identity")).toBeNull();
    expect(preferredEncoding(undefined)).toBeNull();
  });

  it("reads q=0 as a refusal and * as both", () => {
    expect([...acceptedEncodings("br;q=0, gzip;q=0.5")]).toEqual(["gzip"]);
    expect(acceptedEncodings("*")).toEqual(new Set(["br", "gzip"]));
  });
});
