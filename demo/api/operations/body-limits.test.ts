import { Hono } from "hono";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { BookingRequest } from "booking-widget/contract";
import { EditedProfile } from "../customers/customer-profile.ts";
import { errorBody, Refusal } from "../http-errors.ts";
import { bodyLimited, JSON_BODY_MAX_BYTES } from "./body-limits.ts";

/** Text at its length cap, in a three-byte character (the largest UTF-8 takes per UTF-16 unit). */
const full = (length: number) => "語".repeat(length);
const bytesOf = (body: unknown) => Buffer.byteLength(JSON.stringify(body));

describe("the widget's calls' body limit", () => {
  it("takes the largest booking the schema takes: every text at its cap, ten custom fields of 500 characters, ten services, a series", () => {
    const occurrence = { year: 2026, month: 12, day: 31, hour: 23, minute: 59 };
    const largest = v.parse(BookingRequest, {
      ...occurrence,
      comment: full(2000),
      serviceBookings: Array.from({ length: 10 }, () => ({ serviceId: 2147483647, extraServiceIds: [2147483647, 2147483646, 2147483645] })),
      phoneNumber: full(20),
      phoneNumberCountryCode: 999,
      emailAddress: full(254),
      firstName: full(200),
      lastName: full(200),
      cancelUrl: full(2000),
      address: full(200),
      postalCode: full(20),
      password: full(200),
      city: full(100),
      smsReminder: true,
      smsReceipt: true,
      whatsappReminder: true,
      whatsappReceipt: true,
      emailReceipt: true,
      emailReminder: true,
      signupNewsletter: true,
      userId: 2147483647,
      customerAccountIdentificationCode: full(200),
      customFields: Array.from({ length: 10 }, (_, id) => ({ id, label: full(100), optional: false, value: full(500) })),
      staffMemberId: 2147483647,
      ssn: full(20),
      dateOfBirth: "1980-05-01",
      gender: "Kvinne",
      paymentId: full(100),
      series: { everyWeeks: 4, occurrences: Array.from({ length: 11 }, () => occurrence) },
    });
    expect(bytesOf(largest)).toBeGreaterThan(36 * 1024);
    expect(bytesOf(largest)).toBeLessThan(JSON_BODY_MAX_BYTES);
  });

  it("takes the largest profile with fifty custom fields of 200 characters", () => {
    const profile = v.parse(EditedProfile, {
      adminId: 1,
      firstName: full(200),
      lastName: full(200),
      emailAddress: "a".repeat(254),
      address: full(200),
      postalCode: full(20),
      city: full(100),
      phoneNumber: "123456789012345",
      phoneNumberCountryCode: 9999,
      ssn: full(20),
      dateOfBirth: "1980-05-01",
      gender: "Mann",
      customerAccountIdentificationCode: full(200),
      customFields: Array.from({ length: 50 }, (_, id) => ({ id, label: full(50), optional: true, value: full(200) })),
    });
    expect(bytesOf(profile)).toBeGreaterThan(42 * 1024);
    expect(bytesOf(profile)).toBeLessThan(JSON_BODY_MAX_BYTES);
  });
});

describe("a route's own body limit", () => {
  // As app.ts registers them: a route's own limit first, then the default for every call.
  const app = new Hono()
    .use("/large", bodyLimited(4096))
    .use("/small", bodyLimited(16))
    .use("*", bodyLimited(256))
    .post("*", async (c) => c.json({ bytes: (await c.req.arrayBuffer()).byteLength }))
    .onError((error, c) => c.json(errorBody(error as Refusal), (error as Refusal).status));
  const post = (path: string, bytes: number, chunked = false) => {
    const body = new TextEncoder().encode("x".repeat(bytes));
    return app.request(path, {
      method: "POST",
      // A stream has no Content-Length: its bytes are counted as they come.
      body: chunked ? new Blob([body]).stream() : body,
      ...(chunked ? { duplex: "half" } : { headers: { "content-length": String(bytes) } }),
    } as RequestInit);
  };

  it("is the request's limit, larger or smaller than the default, whether the body says its length or comes in chunks", async () => {
    for (const chunked of [false, true]) {
      expect((await post("/large", 4096, chunked)).status).toBe(200);
      expect((await post("/large", 4097, chunked)).status).toBe(413);
      expect((await post("/small", 17, chunked)).status).toBe(413);
      expect((await post("/other", 256, chunked)).status).toBe(200);
      const tooLarge = await post("/other", 257, chunked);
      expect(tooLarge.status).toBe(413);
      expect(tooLarge.headers.get("connection")).toBe("close");
      expect(await tooLarge.json()).toEqual(errorBody(new Refusal("body-too-large")));
    }
  });
});
