import { describe, expect, it } from "vitest";
import { addressChoices } from "./address-choices.ts";
import { defaultEmbedOptions } from "./embed-builder/embed-options.ts";
import { frameAddress } from "./embed-builder/embed-snippet.ts";

describe("addressChoices", () => {
  it("reads back what the builder's iframe variant writes into the address", () => {
    const address = frameAddress(
      {
        ...defaultEmbedOptions(),
        variant: "iframe",
        lang: "en",
        theme: "dark",
        services: [12],
        staff: 4,
        errorReporting: false,
        colours: { light: {}, dark: { "--bw-color-primary": "#d7a6e6" } },
      },
      { origin: "https://booking.example.com", bookingLink: "demo-salon" },
      true,
    );
    expect(addressChoices(new URL(address).search, { previewAllowed: true })).toEqual({
      attributes: [
        ["lang", "en"],
        ["theme", "dark"],
        ["service", "12"],
        ["staff", "4"],
        ["sentry-dsn", ""],
        ["preview", ""],
      ],
      css: "booking-widget {\n  --bw-color-primary: #d7a6e6;\n}",
    });
  });

  it("takes preview only where it is allowed (inside the builder's own frame)", () => {
    expect(addressChoices("?preview=").attributes).toEqual([]);
    expect(addressChoices("?preview=", { previewAllowed: true }).attributes).toEqual([["preview", ""]]);
  });

  it("leaves out what does not fit, and never takes a DSN from an address", () => {
    expect(
      addressChoices("?lang=de&theme=neon&service=12;drop&staff=x&sentry-dsn=https://key@evil.example/1&color-primary=red&preview=1", {
        previewAllowed: true,
      }),
    ).toEqual({ attributes: [], css: null });
  });

  it("keeps light and dark colours apart under auto", () => {
    const { css } = addressChoices("?theme=auto&color-primary=%237a2e8e&dark-color-primary=%23d7a6e6");
    expect(css).toContain("@media (prefers-color-scheme: light) {\n  booking-widget {\n    --bw-color-primary: #7a2e8e;");
    expect(css).toContain("@media (prefers-color-scheme: dark) {\n  booking-widget {\n    --bw-color-primary: #d7a6e6;");
  });
});
