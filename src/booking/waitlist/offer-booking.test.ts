import { describe, expect, it } from "vitest";
import type { WaitlistOffer } from "../../contract/schemas/index.ts";
import { offerBooking, offeredTime, offerTokenFrom } from "./offer-booking.ts";

const offer: WaitlistOffer = {
  start: "2026-12-01T14:00:00.000Z",
  end: "2026-12-01T14:45:00.000Z",
  expiresAt: "2026-11-28T12:15:00.000Z",
  held: true,
  staffMemberId: 7,
  serviceBookings: [{ serviceId: 3, extraServiceIds: [] }],
  customer: {} as WaitlistOffer["customer"],
};
const hour = {
  label: "15:00",
  backendLabel: "15:00",
  date: "2026-12-01",
  customerAppointmentEndLabel: "15:45",
  appointmentEndLabel: "15:45",
};

describe("offeredTime", () => {
  it("names the offered start as the page's day and clock", () => {
    expect(offeredTime(offer, "Europe/Oslo")).toEqual({ date: "2026-12-01", backendLabel: "15:00" });
    expect(offeredTime(offer, "America/Chicago")).toEqual({ date: "2026-12-01", backendLabel: "08:00" });
  });
});

describe("offerBooking", () => {
  it("chooses the offer's services and time and lands on the information step", () => {
    expect(offerBooking(offer, hour, false)).toMatchObject({
      step: 3,
      selectedServices: [{ serviceId: 3, extraServiceIds: [] }],
      selectedStaffId: null,
      selectedDate: "2026-12-01",
      selectedHour: hour,
      booked: null,
    });
  });

  it("keeps the staff member on a page where visitors choose one", () => {
    expect(offerBooking(offer, hour, true)).toMatchObject({ step: 4, selectedStaffId: 7 });
  });
});

describe("offerTokenFrom", () => {
  it("reads the link's secret, and nothing that cannot be one", () => {
    expect(offerTokenFrom(`?tilbud=${"ab".repeat(24)}`)).toBe("ab".repeat(24));
    expect(offerTokenFrom("?tilbud=<script>")).toBeNull();
    expect(offerTokenFrom("")).toBeNull();
  });
});
