import { describe, expect, it } from "vitest";
import { isJsonContentType, isOwnOrigin } from "./own-origin.ts";

const own = { has: (origin: string) => origin === "http://localhost:3000", primary: () => "http://localhost:3000" };

describe("isOwnOrigin", () => {
  it("takes PUBLIC_URL's origin only, when set", () => {
    expect(isOwnOrigin("https://book.example.com", "http://10.0.0.5/api/admin/x", "https://book.example.com/", own)).toBe(true);
    expect(isOwnOrigin("http://10.0.0.5", "http://10.0.0.5/api/admin/x", "https://book.example.com", own)).toBe(false);
  });

  it("takes an origin the server listens on, else the request's own; never a missing or null one", () => {
    expect(isOwnOrigin("http://localhost:3000", "http://evil.test/api/admin/x", undefined, own)).toBe(true);
    expect(isOwnOrigin("http://evil.test", "http://evil.test/api/admin/x", undefined, own)).toBe(false);
    expect(isOwnOrigin("http://booking.test", "http://booking.test/api/admin/x", undefined)).toBe(true);
    expect(isOwnOrigin("http://booking.test.evil", "http://booking.test/api/admin/x", undefined)).toBe(false);
    expect(isOwnOrigin(undefined, "http://booking.test/api/admin/x", undefined)).toBe(false);
    expect(isOwnOrigin("null", "http://booking.test/api/admin/x", undefined)).toBe(false);
  });
});

describe("isJsonContentType", () => {
  it("takes application/json with or without parameters, and nothing a cross-site form can send", () => {
    expect(isJsonContentType("application/json")).toBe(true);
    expect(isJsonContentType("Application/JSON; charset=utf-8")).toBe(true);
    for (const other of [undefined, "", "text/plain", "application/x-www-form-urlencoded", "multipart/form-data", "application/jsonp"])
      expect(isJsonContentType(other)).toBe(false);
  });
});
