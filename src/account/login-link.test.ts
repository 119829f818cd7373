import { describe, expect, it } from "vitest";
import { loginLinkFrom, withoutLoginLink } from "./login-link.ts";

describe("loginLinkFrom", () => {
  it("reads the receipt link's phone and code", () => {
    expect(loginLinkFrom("?p=41234567&c=042")).toEqual({ phone: "41234567", code: "042" });
    expect(loginLinkFrom("?c=042&p=4123%204567&lang=no")).toEqual({ phone: "41234567", code: "042" });
  });

  it("answers null when a part is missing or cannot be one", () => {
    expect(loginLinkFrom("")).toBeNull();
    expect(loginLinkFrom("?p=41234567")).toBeNull();
    expect(loginLinkFrom("?c=042")).toBeNull();
    expect(loginLinkFrom("?p=abc&c=042")).toBeNull();
    expect(loginLinkFrom("?p=41234567&c=0%3B4")).toBeNull();
  });
});

describe("withoutLoginLink", () => {
  it("drops p and c and keeps everything else", () => {
    expect(withoutLoginLink("https://book.test/demo-frisor/min-side?p=41234567&c=042&lang=no#top")).toBe(
      "https://book.test/demo-frisor/min-side?lang=no#top",
    );
    expect(withoutLoginLink("https://book.test/demo-frisor/min-side?p=1&c=2")).toBe("https://book.test/demo-frisor/min-side");
  });
});
