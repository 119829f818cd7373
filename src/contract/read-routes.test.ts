import { describe, expect, it } from "vitest";
import { readsOnly } from "./read-routes.ts";
import { routes } from "./routes.ts";

describe("readsOnly: the calls asked again when shed", () => {
  it("takes every GET, and the POSTs that only read, however their path is spelled or addressed", () => {
    for (const path of [
      routes.availableHours(),
      routes.availableHoursMonth(),
      routes.availableHoursCache(),
      routes.firstAvailableHourDay(),
      routes.seriesPreview(),
      routes.staff(7),
      "/api/Appointment/availableHours/month",
    ])
      expect(readsOnly("POST", path), path).toBe(true);
    expect(readsOnly("GET", routes.services())).toBe(true);
    expect(readsOnly("GET", routes.cancelSeriesPreview())).toBe(true);
  });

  it("not the other calls: bookings, holds, codes, logins, a customer's own appointments, cancels, moves, the waitlist, payments", () => {
    for (const path of [
      routes.book(),
      routes.hold(),
      routes.releaseHold(),
      routes.verificationCode(),
      routes.verify(),
      routes.auditEntry(3),
      routes.accountByPhone(),
      routes.accountByPhoneAndPassword(),
      routes.myPageLoginCode(),
      routes.accountByCode(),
      routes.customerAccount(),
      routes.customerAppointments(),
      routes.cancelByCustomer(),
      routes.cancelSeriesByCustomer(),
      routes.changeAppointment(),
      routes.waitlist(),
      routes.paymentInitiate(),
    ])
      expect(readsOnly("POST", path), path).toBe(false);
    expect(readsOnly("PUT", routes.customerAccount())).toBe(false);
    expect(readsOnly("DELETE", routes.waitlistEntry(4))).toBe(false);
  });
});
