import { describe, expect, it } from "vitest";
import { REDACTED, scrubBreadcrumb, scrubEnvelopeUrls, scrubEvent, scrubRecordingUrls, scrubText, scrubUrl } from "./scrub.ts";

describe("scrubbing error reports", () => {
  it("replaces e-mail addresses, phone numbers, codes, tokens and the visitor's own values", () => {
    const text =
      "Kari Nordmann (kari@example.com, +47 412 34 567 / (212) 555-0123) sent code 4821 with token 3f9a2b7c1d8e4f60a9b3c2d1 — at 10:30";
    expect(scrubText(text, ["Kari Nordmann"])).toBe(
      `${REDACTED} (${REDACTED}, ${REDACTED} / ${REDACTED}) sent code ${REDACTED} with token ${REDACTED} — at 10:30`,
    );
  });

  it("keeps the words and the paths; any run of three to six digits goes (a code and a status look alike)", () => {
    expect(scrubText("API call failed: POST Appointment/verify answered 429")).toBe(
      `API call failed: POST Appointment/verify answered ${REDACTED}`,
    );
    expect(scrubText("Cannot read properties of undefined (reading 'hoursToBook')")).toBe(
      "Cannot read properties of undefined (reading 'hoursToBook')",
    );
    expect(scrubUrl("https://booking.example.com/demo-frisor/min-side?p=41234567&c=123#top")).toBe(
      "https://booking.example.com/demo-frisor/min-side",
    );
    expect(scrubUrl("https://api.example.com/api/Customer/FetchByToken/abcdef0123456789abcdef01/7/41234567")).toBe(
      `https://api.example.com/api/Customer/FetchByToken/${REDACTED}/7/${REDACTED}`,
    );
  });

  it("scrubs a whole event: no user, message, exception, request, breadcrumbs and extra", () => {
    const event = scrubEvent(
      {
        message: "failed for ola@example.com",
        user: { id: "1", email: "ola@example.com", ip_address: "10.0.0.1" },
        exception: { values: [{ type: "Error", value: "token 3f9a2b7c1d8e4f60a9b3c2d1 refused" }] },
        request: {
          url: "https://x.example/demo-frisor/min-side?p=41234567&c=123",
          headers: { "User-Agent": "UA", Cookie: "a=b", Referer: "https://x.example/?c=1" },
        },
        breadcrumbs: [
          { category: "fetch", data: { url: "https://x.example/api/CustomerAccount/byPhone?phone=41234567" }, message: "Kari" },
        ],
        extra: { form: { name: "Kari", phone: "41234567" } },
      },
      ["Kari"],
    );
    const sent = JSON.stringify(event);
    for (const personal of ["ola@example.com", "41234567", "3f9a2b7c", "Kari", "c=123", "Cookie", "10.0.0.1"])
      expect(sent).not.toContain(personal);
    expect(event.request).toEqual({ url: "https://x.example/demo-frisor/min-side", headers: { "User-Agent": "UA" } });
    expect(scrubBreadcrumb({ category: "ui.click", message: "button.bw-button" })).toEqual({
      category: "ui.click",
      message: "button.bw-button",
    });
  });

  it("cuts every address in a replay recording to its path and leaves the masked page alone", () => {
    const recording = {
      type: 4,
      data: { href: "https://x.example/demo-frisor/min-side?p=41234567&c=123", width: 1280 },
      rules: [":host { --bw-radius: 10px }"],
    };
    expect(scrubRecordingUrls(recording)).toEqual({
      type: 4,
      data: { href: "https://x.example/demo-frisor/min-side", width: 1280 },
      rules: [":host { --bw-radius: 10px }"],
    });
  });

  it("takes the query off every address in an envelope's items, text or object", () => {
    const recording =
      '{"segment_id":0}\n[{"type":4,"data":{"href":"http://localhost:1234/?p=41234567&c=123","width":1}},{"type":5,"data":{"description":"http://localhost:1234/demo?x=1#y"}}]';
    const envelope = [
      { event_id: "1" },
      [
        [{ type: "replay_recording" }, recording],
        [{ type: "event" }, { request: { url: "https://a.example/b?c=1" } }],
      ],
    ];
    expect(scrubEnvelopeUrls(envelope)).toEqual([
      { event_id: "1" },
      [
        [
          { type: "replay_recording" },
          '{"segment_id":0}\n[{"type":4,"data":{"href":"http://localhost:1234/","width":1}},{"type":5,"data":{"description":"http://localhost:1234/demo"}}]',
        ],
        [{ type: "event" }, { request: { url: "https://a.example/b" } }],
      ],
    ]);
  });
});
