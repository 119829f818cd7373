import { describe, expect, it } from "vitest";
import { zoneCities as spanishCities } from "../i18n/zones/es.ts";
import { keepZoneCities } from "../i18n/zones/zone-city-names.ts";
import { shortWeekdays, twoZoneTime, zoneCity } from "./visitor-time.ts";

const en = shortWeekdays("en");

describe("a time in the provider's zone and the visitor's", () => {
  it("gives the visitor's clock beside the provider's when they differ", () => {
    expect(twoZoneTime({ date: "2026-11-23", backendLabel: "10:00" }, "Europe/Oslo", "America/New_York", "24h", en)).toEqual({
      provider: "10:00",
      visitor: "04:00",
    });
    expect(twoZoneTime({ date: "2026-11-23", backendLabel: "10:00" }, "America/New_York", "Europe/Oslo", "12h", en)).toEqual({
      provider: "10:00 AM",
      visitor: "4:00 PM",
    });
  });

  it("names the visitor's weekday when their clock is on another date", () => {
    expect(twoZoneTime({ date: "2026-11-23", backendLabel: "20:00" }, "America/Chicago", "Asia/Tokyo", "24h", en)).toEqual({
      provider: "20:00",
      visitor: "Tue 11:00",
    });
  });

  it("says nothing when the clocks agree, by name or by offset on that day", () => {
    expect(twoZoneTime({ date: "2026-11-23", backendLabel: "10:00" }, "Europe/Oslo", "Europe/Oslo", "24h", en)).toBeNull();
    expect(twoZoneTime({ date: "2026-11-23", backendLabel: "10:00" }, "Europe/Oslo", "Europe/Berlin", "24h", en)).toBeNull();
  });

  it("follows each zone's daylight-saving change: New York springs forward two weeks before Oslo", () => {
    // 16 March 2027: New York on summer time (UTC-4), Oslo still on winter time (UTC+1): five hours apart, not six.
    expect(twoZoneTime({ date: "2027-03-16", backendLabel: "10:00" }, "Europe/Oslo", "America/New_York", "24h", en)?.visitor).toBe("05:00");
    expect(twoZoneTime({ date: "2027-03-30", backendLabel: "10:00" }, "Europe/Oslo", "America/New_York", "24h", en)?.visitor).toBe("04:00");
  });

  it("names a zone by its city", () => {
    expect(zoneCity("America/New_York")).toBe("New York");
    // In the visitor's language where its table names the place (loaded with its later catalog); else the id's city.
    keepZoneCities("es", spanishCities);
    expect(zoneCity("America/Mexico_City", "es")).toBe("Ciudad de México");
    expect(zoneCity("America/New_York", "es")).toBe("Nueva York");
    expect(zoneCity("America/Mexico_City", "en")).toBe("Mexico City");
    expect(zoneCity("Europe/Oslo", "es")).toBe("Oslo");
  });
});
