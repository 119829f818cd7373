import { describe, expect, it } from "vitest";
import { routes } from "../routes.ts";
import { declaredRoutes } from "./declared-routes.ts";
import {
  ACCESS_LEVELS,
  FIELD_KINDS,
  NOTIFICATION_MODES,
  OnlineProvider,
  RECURRENCES,
  VALIDATION_KINDS,
  VerificationType,
} from "../enumerations.ts";

describe("route catalogue (spec §7)", () => {
  it("builds the client's paths with encoded segments", () => {
    expect(routes.providerByName("demo salon/x")).toBe("User/ByUser/demo%20salon%2Fx");
    expect(routes.fetchByToken("a/b", 3, "41234567")).toBe("Customer/FetchByToken/a%2Fb/3/41234567");
    expect(routes.staff(7)).toBe("StaffMember/asAnonymous/7");
    expect(routes.availableHoursCache()).toBe("appointment/availableHours/cache");
  });

  it("builds the declared admin paths", () => {
    expect(declaredRoutes.user.bookingSettingsIntervals()).toBe("User/current/bookingSettings/intervals");
    expect(declaredRoutes.appointment.calendarByWeek(2026, 48)).toBe("Appointment/calendar/week/2026/48");
    expect(declaredRoutes.company.connect("demo")).toBe("Company/connect?id=demo");
    expect(declaredRoutes.staffMember.toggleService(2, 5)).toBe("StaffMember/2/service/5");
    const all = JSON.stringify(declaredRoutes, (_key, value) => (typeof value === "function" ? value(1, 2) : value));
    expect(all).not.toContain("undefined");
  });
});

describe("enumerations (spec §3)", () => {
  it("list the spec's values, with API numbers as indexes where the API uses numbers", () => {
    expect(FIELD_KINDS).toHaveLength(8);
    expect(VALIDATION_KINDS).toContain("Regex");
    expect(NOTIFICATION_MODES).toEqual(["None", "Email", "Whatsapp", "Sms"]);
    expect(VerificationType[2]).toBe("Phone");
    expect(OnlineProvider[3]).toBe("Vipps");
    expect(ACCESS_LEVELS).toEqual(["None", "Read", "ReadWrite"]);
    expect(RECURRENCES).toContain("Quarterly");
  });
});
