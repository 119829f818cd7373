import { describe, expect, it } from "vitest";
import { fromZoned } from "../../contract/zoned-time.ts";
import { calendarLinks, foldLine, icsFile, shownEnd, type CalendarEvent } from "./calendar-links.ts";

// 09:00–10:00 in New York on 1 December 2026 is 14:00–15:00 UTC.
const event: CalendarEvent = {
  id: "42",
  title: "Women's haircut, Demo Salon",
  description: "Wash, blow-dry; extra",
  location: "12 Main St, New York",
  start: fromZoned("2026-12-01", "09:00", "America/New_York"),
  end: fromZoned("2026-12-01", "10:00", "America/New_York"),
};
const now = new Date("2026-11-22T10:00:00Z");
const byKind = Object.fromEntries(calendarLinks(event, now).map((link) => [link.kind, link]));
const params = (href: string) => new URL(href).searchParams;

describe("add to calendar", () => {
  it("offers Apple, Google, iCal, Microsoft 365, Microsoft Teams, Outlook.com and Yahoo", () => {
    expect(Object.keys(byKind)).toEqual(["apple", "google", "ical", "microsoft365", "microsoftTeams", "outlook", "yahoo"]);
  });

  it("puts the provider's local start and end on each calendar as the same instants", () => {
    expect(params(byKind.google!.href).get("dates")).toBe("20261201T140000Z/20261201T150000Z");
    expect(params(byKind.yahoo!.href).get("st")).toBe("20261201T140000Z");
    expect(params(byKind.yahoo!.href).get("et")).toBe("20261201T150000Z");
    for (const kind of ["microsoft365", "outlook"]) {
      expect(params(byKind[kind]!.href).get("startdt")).toBe("2026-12-01T14:00:00Z");
      expect(params(byKind[kind]!.href).get("enddt")).toBe("2026-12-01T15:00:00Z");
    }
    expect(new URL(byKind.microsoft365!.href).host).toBe("outlook.office.com");
    expect(new URL(byKind.outlook!.href).host).toBe("outlook.live.com");
    expect(params(byKind.microsoftTeams!.href).get("startTime")).toBe("2026-12-01T14:00:00Z");
  });

  it("carries the title and location", () => {
    expect(params(byKind.google!.href).get("text")).toBe(event.title);
    expect(params(byKind.google!.href).get("location")).toBe(event.location);
    expect(params(byKind.outlook!.href).get("subject")).toBe(event.title);
    expect(params(byKind.yahoo!.href).get("in_loc")).toBe(event.location);
  });

  it("downloads an .ics file for Apple and iCal, with escaped text", () => {
    const ics = icsFile(event, now);
    expect(ics).toContain("DTSTART:20261201T140000Z\r\n");
    expect(ics).toContain("DTEND:20261201T150000Z\r\n");
    expect(ics).toContain("SUMMARY:Women's haircut\\, Demo Salon\r\n");
    expect(ics).toContain("DESCRIPTION:Wash\\, blow-dry\\; extra\r\n");
    expect(byKind.apple!.download).toBe("appointment.ics");
    expect(decodeURIComponent(byKind.ical!.href.split(",").slice(1).join(","))).toBe(ics);
  });

  it("folds lines longer than 75 octets (RFC 5545), never inside a UTF-8 character", () => {
    const long = icsFile(
      { ...event, description: "Hårfarge og klipp med vask, føhn og styling – inkludert konsultasjon før behandlingen starter" },
      now,
    );
    const lines = long.split("\r\n");
    const octets = (line: string) => new TextEncoder().encode(line).length;
    expect(Math.max(...lines.map(octets))).toBeLessThanOrEqual(75);
    expect(lines.filter((line) => line.startsWith(" ")).length).toBeGreaterThan(0);
    // Unfolding (drop each CRLF followed by a space) gives the line back.
    expect(long.replace(/\r\n /g, "")).toContain(
      "DESCRIPTION:Hårfarge og klipp med vask\\, føhn og styling – inkludert konsultasjon før behandlingen starter\r\n",
    );
    expect(foldLine("ø".repeat(40)).split("\r\n ").map(octets)).toEqual([74, 6]);
    expect(foldLine("short")).toBe("short");
  });

  it("ends the event when the visitor was told it ends, not when the provider's blocked time does", () => {
    const start = new Date("2026-12-01T13:00:00Z");
    expect(shownEnd(start, 40, new Date("2026-12-01T13:45:00Z"))).toEqual(new Date("2026-12-01T13:40:00Z"));
    expect(shownEnd(start, 0, new Date("2026-12-01T13:45:00Z"))).toEqual(new Date("2026-12-01T13:45:00Z"));
  });

  it("puts a series' every time in the .ics, one event each, and offers only the .ics for it", () => {
    // Weekly at 09:00 New York time across the change to summer time (14 March 2027): 14:00, then 13:00 UTC.
    const at = (date: string) => ({
      start: fromZoned(date, "09:00", "America/New_York"),
      end: fromZoned(date, "10:00", "America/New_York"),
    });
    const series: CalendarEvent = {
      ...event,
      ...at("2027-03-09"),
      more: [
        { id: "43", ...at("2027-03-16") },
        { id: "44", ...at("2027-03-23") },
      ],
    };
    const ics = icsFile(series, now);
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(3);
    expect(ics.match(/UID:\d+@booking-widget/g)).toEqual(["UID:42@booking-widget", "UID:43@booking-widget", "UID:44@booking-widget"]);
    expect(ics.match(/DTSTART:\w+/g)).toEqual(["DTSTART:20270309T140000Z", "DTSTART:20270316T130000Z", "DTSTART:20270323T130000Z"]);
    expect(calendarLinks(series, now).map((link) => link.kind)).toEqual(["apple", "ical"]);
  });
});
