import { describe, expect, it } from "vitest";
import { zoneCities as spanish } from "./es.ts";
import { zoneCities as norwegian } from "./no.ts";
import { zoneCities } from "./generate-zone-cities.ts";

describe("the zone city names the widget carries", () => {
  it("are CLDR's, as Node's ICU names them now (npm run generate:zones writes them)", () => {
    expect(spanish).toEqual(zoneCities("es"));
    expect(norwegian).toEqual(zoneCities("no"));
  });

  it("name the places the issue names, and leave the ones English names alike out", () => {
    expect(spanish["America/Mexico_City"]).toBe("Ciudad de México");
    expect(spanish["America/New_York"]).toBe("Nueva York");
    expect(spanish["Europe/Oslo"]).toBeUndefined();
  });
});
