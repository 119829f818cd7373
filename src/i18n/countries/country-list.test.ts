import { describe, expect, it } from "vitest";
import { COUNTRY_DATA } from "./country-data.ts";
import { countryList, defaultDialCode, dialCodeOf, flagOf, isKnownDialCode, mainCountryOf, phoneNumberLengthFor } from "./country-list.ts";
import { countryRows } from "./country-source.ts";

describe("country table", () => {
  it("is the generator's output for the installed libphonenumber-js (run npm run generate:countries)", () => {
    expect(COUNTRY_DATA.map(([code, dial, length, main]) => [code, dial, length, main === true])).toEqual(countryRows());
  });

  it("has about 230 countries with the spec's lengths", () => {
    const en = countryList("en");
    expect(en.length).toBeGreaterThanOrEqual(220);
    expect(en.length).toBeLessThanOrEqual(260);
    const byCode = (code: string) => en.find((c) => c.code === code);
    expect(byCode("NO")).toEqual({ code: "NO", name: "Norway", dialCode: 47, flag: "🇳🇴", phoneNumberLength: 8 });
    expect(byCode("US")).toMatchObject({ name: "United States", dialCode: 1, phoneNumberLength: 10 });
    expect(byCode("DE")).toMatchObject({ name: "Germany", dialCode: 49, phoneNumberLength: 10 });
    expect(byCode("MX")).toMatchObject({ dialCode: 52, phoneNumberLength: 10 });
  });

  it("names countries in the current language and sorts by that name", () => {
    const no = countryList("no");
    expect(no.find((c) => c.code === "NO")!.name).toBe("Norge");
    expect(no.find((c) => c.code === "DE")!.name).toBe("Tyskland");
    expect(countryList("es").find((c) => c.code === "NO")!.name).toBe("Noruega");
    const names = no.map((c) => c.name);
    expect(names).toEqual([...names].sort(new Intl.Collator("nb").compare));
    // Norwegian sorts Æ, Ø and Å after Z.
    expect(names.indexOf("Østerrike")).toBeGreaterThan(names.indexOf("Zimbabwe"));
  });

  it("finds the length by dial code through the code's main country, and defaults to 47", () => {
    expect(phoneNumberLengthFor(1)).toBe(10);
    expect(phoneNumberLengthFor(47)).toBe(8);
    expect(phoneNumberLengthFor(49)).toBe(10);
    expect(phoneNumberLengthFor(999)).toBeUndefined();
    expect(isKnownDialCode(52)).toBe(true);
    expect(isKnownDialCode(0)).toBe(false);
    expect(defaultDialCode(null)).toBe(47);
    expect(defaultDialCode(1)).toBe(1);
    expect(defaultDialCode(9999)).toBe(47);
    expect(flagOf("us")).toBe("🇺🇸");
  });

  it("stands a shared dial code for its main country (+1 is the United States, not American Samoa)", () => {
    expect(mainCountryOf(1)).toBe("US");
    expect(mainCountryOf(7)).toBe("RU");
    expect(mainCountryOf(44)).toBe("GB");
    expect(mainCountryOf(47)).toBe("NO");
    expect(mainCountryOf(999)).toBeUndefined();
    expect(dialCodeOf("CA")).toBe(1);
    expect(dialCodeOf("SJ")).toBe(47);
    expect(dialCodeOf("XX")).toBeUndefined();
  });
});
