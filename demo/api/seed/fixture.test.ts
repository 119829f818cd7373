import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DEMO_PROVIDERS_FILE } from "./demo-providers-file.ts";
import { parseFixture } from "./fixture.ts";

const demoProviders = JSON.parse(readFileSync(DEMO_PROVIDERS_FILE, "utf8")) as unknown;

describe("seed fixture validation", () => {
  it("accepts the demo providers file", () => {
    const parsed = parseFixture(demoProviders);
    expect(parsed.companies[0]?.providers.map((p) => p.bookingLink)).toEqual(["demo-salon", "demo-clinic", "demo-frisor", "demo-spa"]);
  });

  it("names the bad field of a broken fixture", () => {
    const broken = structuredClone(demoProviders) as { companies: { providers: { timeZone?: string }[] }[] };
    broken.companies[0]!.providers[1]!.timeZone = "Mars/Olympus";
    expect(() => parseFixture(broken)).toThrow(/companies\.0\.providers\.1\.timeZone: must be an IANA time zone/);
  });

  it("refuses a booking link the site uses for itself, and a reminder set outside 1 to 168 hours", () => {
    for (const link of ["metrics", "api", "healthz"]) {
      const broken = structuredClone(demoProviders) as { companies: { providers: { bookingLink: string }[] }[] };
      broken.companies[0]!.providers[0]!.bookingLink = link;
      expect(() => parseFixture(broken)).toThrow(/companies\.0\.providers\.0\.bookingLink: must not be one of the site's own addresses/);
    }
    for (const hours of [0, 169, 2.5]) {
      const broken = structuredClone(demoProviders) as { companies: { providers: { reminderHoursBefore?: number }[] }[] };
      broken.companies[0]!.providers[0]!.reminderHoursBefore = hours;
      expect(() => parseFixture(broken)).toThrow(/companies\.0\.providers\.0\.reminderHoursBefore/);
    }
  });

  it("rejects a service longer than 720 minutes", () => {
    const broken = structuredClone(demoProviders) as {
      companies: { providers: { categories: { services: { durationInMinutes: number }[] }[] }[] }[];
    };
    broken.companies[0]!.providers[0]!.categories[0]!.services[0]!.durationInMinutes = 721;
    expect(() => parseFixture(broken)).toThrow(/categories\.0\.services\.0\.durationInMinutes/);
  });
});
