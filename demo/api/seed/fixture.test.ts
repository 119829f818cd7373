import { describe, expect, it } from "vitest";
import { defaultSeed } from "./default-seed.ts";
import { parseFixture } from "./fixture.ts";

describe("seed fixture validation", () => {
  it("accepts the default demo seed", () => {
    const parsed = parseFixture(defaultSeed);
    expect(parsed.companies[0]?.providers.map((p) => p.bookingLink)).toEqual(["demo-salon", "demo-clinic", "demo-frisor", "demo-spa"]);
  });

  it("names the bad field of a broken fixture", () => {
    const broken = structuredClone(defaultSeed) as { companies: { providers: { timeZone?: string }[] }[] };
    broken.companies[0]!.providers[1]!.timeZone = "Mars/Olympus";
    expect(() => parseFixture(broken)).toThrow(/companies\.0\.providers\.1\.timeZone: must be an IANA time zone/);
  });

  it("rejects a service longer than 720 minutes", () => {
    const broken = structuredClone(defaultSeed) as {
      companies: { providers: { categories: { services: { durationInMinutes: number }[] }[] }[] }[];
    };
    broken.companies[0]!.providers[0]!.categories[0]!.services[0]!.durationInMinutes = 721;
    expect(() => parseFixture(broken)).toThrow(/categories\.0\.services\.0\.durationInMinutes/);
  });
});
