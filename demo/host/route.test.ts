import { describe, expect, it } from "vitest";
import { canonicalPath, parseHostRoute } from "./route.ts";

describe("host page routes", () => {
  it("routes /{company} to the booking stepper, with an optional options segment", () => {
    expect(parseHostRoute("/demo-salon")).toEqual({ view: "booking", company: "demo-salon", options: undefined });
    expect(parseHostRoute("/demo-salon/iframe")).toEqual({ view: "booking", company: "demo-salon", options: "iframe" });
  });

  it("routes /velg/{company} to the place chooser", () => {
    expect(parseHostRoute("/velg/demo")).toEqual({ view: "chooser", company: "demo" });
  });

  it("routes /{bookingLink}/min-side to My Page", () => {
    expect(parseHostRoute("/demo-frisor/min-side")).toEqual({ view: "my-page", company: "demo-frisor" });
  });

  it("routes /{bookingLink}/venteliste to a waitlist offer's page", () => {
    expect(parseHostRoute("/demo-frisor/venteliste")).toEqual({ view: "waitlist-offer", company: "demo-frisor" });
    expect(canonicalPath(parseHostRoute("/demo-frisor//venteliste/"))).toBe("/demo-frisor/venteliste");
  });

  it("routes /{bookingLink}/embed to the embed builder, spelled one way", () => {
    expect(parseHostRoute("/demo-salon/embed")).toEqual({ view: "embed", company: "demo-salon" });
    expect(canonicalPath(parseHostRoute("/demo-salon/embed/"))).toBe("/demo-salon/embed");
  });

  it("routes the payment return addresses", () => {
    expect(parseHostRoute("/payment/success")).toEqual({ view: "payment-success" });
    expect(parseHostRoute("/payment/failure")).toEqual({ view: "payment-failure" });
  });

  it("treats the bare root as home and tolerates trailing slashes and bad escapes", () => {
    expect(parseHostRoute("/")).toEqual({ view: "home" });
    expect(parseHostRoute("/demo-spa/")).toEqual({ view: "booking", company: "demo-spa", options: undefined });
    expect(parseHostRoute("/%E0%A4%A")).toEqual({ view: "booking", company: "%E0%A4%A", options: undefined });
  });

  it("spells each route one way: odd spellings of My Page lead to /{company}/min-side", () => {
    for (const odd of ["/demo-salon/min%2Dside", "//demo-salon//min-side", "/demo-salon/min-side/", "/%64emo-salon/min-side"]) {
      const route = parseHostRoute(odd);
      expect(route).toEqual({ view: "my-page", company: "demo-salon" });
      expect(canonicalPath(route)).toBe("/demo-salon/min-side");
    }
    for (const path of [
      "/",
      "/demo-salon",
      "/demo-salon/iframe",
      "/velg/demo",
      "/payment/success",
      "/payment/failure",
      "/demo-frisor/min-side",
    ]) {
      expect(canonicalPath(parseHostRoute(path))).toBe(path);
    }
    expect(canonicalPath(parseHostRoute("/demo-salon/iframe/extra"))).toBe("/demo-salon");
  });
});
