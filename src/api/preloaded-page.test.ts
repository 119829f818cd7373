import { describe, expect, it } from "vitest";
import { preloadIslandJson, readPreloadedPage } from "./preloaded-page.ts";

const provider = {
  userId: 7,
  bookingLink: "demo-salon",
  companyName: "Demo </script><b>Salon</b>",
  language: "en",
  timeZone: "America/New_York",
  currency: "USD",
  verificationType: 2,
  onlineTransactionProvider: 0,
};
const island = (page: unknown) => ({ querySelector: () => ({ textContent: preloadIslandJson(page) }) }) as unknown as Document;

describe("the preloaded page (data island)", () => {
  it("reads the provider and services of its own booking link, parsed like API answers", () => {
    const read = readPreloadedPage("demo-salon", island({ bookingLink: "demo-salon", provider, services: [] }));
    expect(read?.provider.userId).toBe(7);
    expect(read?.provider.companyName).toBe("Demo </script><b>Salon</b>");
    expect(read?.services).toEqual([]);
  });

  it("ignores another booking link's island, a broken one, and none", () => {
    expect(readPreloadedPage("demo-clinic", island({ bookingLink: "demo-salon", provider, services: [] }))).toBeUndefined();
    expect(readPreloadedPage("demo-salon", island({ bookingLink: "demo-salon", provider: { userId: "x" }, services: [] }))).toBeUndefined();
    expect(readPreloadedPage("demo-salon", { querySelector: () => ({ textContent: "{not json" }) } as unknown as Document)).toBeUndefined();
    expect(readPreloadedPage("demo-salon", { querySelector: () => null } as unknown as Document)).toBeUndefined();
  });

  it("writes JSON that cannot close its script element", () => {
    const text = preloadIslandJson({ name: "</script><script>alert(1)</script>\u2028" });
    expect(text).not.toContain("</script>");
    expect(JSON.parse(text)).toEqual({ name: "</script><script>alert(1)</script>\u2028" });
  });
});
