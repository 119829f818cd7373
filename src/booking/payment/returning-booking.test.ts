import { describe, expect, it } from "vitest";
import { emptyInformation } from "../../customer/information-form.ts";
import { emptyConfirmDraft } from "../store/confirm-draft.ts";
import type { PendingPayment } from "./pending-payment.ts";
import { returningBooking } from "./returning-booking.ts";

const held: PendingPayment = {
  bookingLink: "demo-spa",
  confirmation: {
    id: 41,
    start: "2026-12-01T09:00:00.000Z",
    end: "2026-12-01T10:00:00.000Z",
    status: "awaiting_payment",
    holdExpiresAt: "2026-12-01T08:15:00.000Z",
    paymentToken: "pay-token",
  },
  data: {
    selectedServices: [{ serviceId: 3, extraServiceIds: [7] }],
    selectedStaffId: 2,
    selectedDate: "2026-12-01",
    selectedHour: {
      label: "10:00",
      backendLabel: "10:00",
      date: "2026-12-01",
      customerAppointmentEndLabel: "11:00",
      appointmentEndLabel: "11:00",
    },
    customer: {
      ...emptyInformation({ defaultPhoneNumberCountryCode: 47 }, []),
      firstName: "Kari",
      phoneNumber: "41234567",
      emailAddress: "kari@example.com",
    },
    account: null,
    seriesPlan: null,
    draft: { ...emptyConfirmDraft, comment: "Window seat", consent: true },
  },
};

describe("returningBooking", () => {
  it("shows the receipt of a paid booking, confirmed and no longer held", () => {
    const data = returningBooking(held, true, true);
    expect(data.step).toBe(6);
    expect(data.booked).toEqual({
      confirmation: { ...held.confirmation, status: "confirmed", holdExpiresAt: null },
      draft: held.data.draft,
      paid: true,
    });
    expect(data.selectedServices).toEqual(held.data.selectedServices);
    expect(data.customer).toEqual(held.data.customer);
  });

  it("puts an unpaid booking back on its filled-in confirm step, with nothing booked", () => {
    const data = returningBooking(held, false, true);
    expect(data.step).toBe(5);
    expect(data.booked).toBeNull();
    expect(data.draft).toEqual(held.data.draft);
    expect(data.selectedHour).toEqual(held.data.selectedHour);
  });

  it("a series paid at once comes back with its plan, for the receipt to list every time", () => {
    const plan = {
      everyWeeks: 1,
      occurrences: [
        { date: "2026-12-01", backendLabel: "10:00", label: "10:00" },
        { date: "2026-12-08", backendLabel: "10:00", label: "10:00" },
      ],
    };
    expect(returningBooking({ ...held, data: { ...held.data, seriesPlan: plan } }, true, true).seriesPlan).toEqual(plan);
    const another = { ...plan, occurrences: [{ ...plan.occurrences[0]!, date: "2026-12-02" }, plan.occurrences[1]!] };
    expect(returningBooking({ ...held, data: { ...held.data, seriesPlan: another } }, true, true).seriesPlan).toBeNull();
  });

  it("counts the steps of a provider without a staff step", () => {
    expect(returningBooking(held, true, false).step).toBe(5);
    expect(returningBooking(held, false, false).step).toBe(4);
  });
});
