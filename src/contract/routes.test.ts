import { describe, expect, it } from "vitest";
import { routes } from "./routes.ts";

describe("route catalogue (spec §7)", () => {
  it("builds the client's paths with encoded segments", () => {
    expect(routes.providerByName("demo salon/x")).toBe("User/ByUser/demo%20salon%2Fx");
    expect(routes.fetchByToken("a/b", 3, "41234567")).toBe("Customer/FetchByToken/a%2Fb/3/41234567");
    expect(routes.staff(7)).toBe("StaffMember/asAnonymous/7");
    expect(routes.availableHoursCache()).toBe("appointment/availableHours/cache");
  });
});
