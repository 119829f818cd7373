import { describe, expect, it } from "vitest";
import { requestPriority } from "./request-priority.ts";

describe("requestPriority: what is never shed, and what comes first", () => {
  it("never sheds health, readiness, metrics, nor the paths the server adds (its payment gateways' webhooks)", () => {
    expect(requestPriority("GET", "/healthz")).toBe("never");
    expect(requestPriority("GET", "/readyz")).toBe("never");
    expect(requestPriority("GET", "/metrics")).toBe("never");
    const withWebhooks = new Set(["/healthz", "/api/payments/stripe/webhook"]);
    expect(requestPriority("POST", "/api/payments/stripe/webhook", withWebhooks)).toBe("never");
    expect(requestPriority("POST", "/api/payments/stripe/webhook")).toBe("write");
    expect(requestPriority("GET", "/readyz", withWebhooks)).toBe("read");
  });

  it("takes the hours, the month, the first day, the series preview and the staff as reads, whatever their method", () => {
    for (const path of [
      "/api/Appointment/availableHours",
      "/api/appointment/availableHours/cache",
      "/api/Appointment/availableHours/month",
      "/api/Appointment/firstAvailableHourDay",
      "/api/Appointment/series",
      "/api/StaffMember/asAnonymous/12",
    ])
      expect([path, requestPriority("POST", path)]).toEqual([path, "read"]);
    expect(requestPriority("GET", "/api/User/ByUser/demo-salon")).toBe("read");
    expect(requestPriority("GET", "/demo-salon")).toBe("read");
  });

  it("puts bookings, holds, codes and every other change first", () => {
    for (const [method, path] of [
      ["POST", "/api/Appointment"],
      ["POST", "/api/Appointment/hold"],
      ["POST", "/api/Appointment/verificationCode"],
      ["PUT", "/api/Appointment/ChangeAsCustomerAccount"],
      ["DELETE", "/api/Waitlist/3"],
    ])
      expect([path, requestPriority(method!, path!)]).toEqual([path, "write"]);
  });
});
