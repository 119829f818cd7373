import { describe, expect, it } from "vitest";
import * as v from "valibot";
import { BookingRequest } from "../../contract/schemas/index.ts";
import { bookingRequest, type BookingRequestInput } from "./booking-request.ts";
import { formValues } from "../../../tests/support/widget-builders.ts";

const input: BookingRequestInput = {
  provider: { userId: 7, activateEmailList: false, customerCanSelectStaff: true },
  selections: [{ serviceId: 3, extraServiceIds: [31] }],
  staffMemberId: null,
  hour: {
    label: "2:30 PM",
    backendLabel: "14:30",
    date: "2026-12-01",
    customerAppointmentEndLabel: "3:15 PM",
    appointmentEndLabel: "3:15 PM",
  },
  customer: formValues({
    firstName: " Ola Nordmann ",
    phoneNumber: "41234567",
    emailAddress: "ola@example.com",
    customFields: { "Insurance number": " INS-1 " },
  }),
  customFields: [
    { label: "Insurance number", optional: false, value: "" },
    { label: "Referrer", optional: true, value: "" },
  ],
  comment: "  window seat ",
  receipt: ["email", "sms"],
  reminder: ["sms"],
  signupNewsletter: true,
  customerToken: null,
  cancelUrl: "https://book.example/demo/min-side",
};

describe("booking request", () => {
  it("sends the hour on the provider's clock, the services and the customer", () => {
    const request = bookingRequest(input);
    expect([request.year, request.month, request.day, request.hour, request.minute]).toEqual([2026, 12, 1, 14, 30]);
    expect(request.serviceBookings).toEqual([{ serviceId: 3, extraServiceIds: [31] }]);
    expect(request.firstName).toBe("Ola Nordmann");
    expect(request.lastName).toBe("");
    expect(request.comment).toBe("window seat");
    expect(request.customFields).toEqual([
      { label: "Insurance number", optional: false, value: "INS-1" },
      { label: "Referrer", optional: true, value: "" },
    ]);
    expect(request.dateOfBirth).toBeNull();
    expect(request.gender).toBeNull();
    expect(v.safeParse(BookingRequest, request).success).toBe(true);
  });

  it("sets one flag per ticked channel, and the newsletter only where the provider has a list", () => {
    const request = bookingRequest(input);
    expect([request.emailReceipt, request.smsReceipt, request.whatsappReceipt]).toEqual([true, true, false]);
    expect([request.emailReminder, request.smsReminder, request.whatsappReminder]).toEqual([false, true, false]);
    expect(request.signupNewsletter).toBe(false);
    expect(
      bookingRequest({ ...input, provider: { userId: 7, activateEmailList: true, customerCanSelectStaff: true } }).signupNewsletter,
    ).toBe(true);
  });

  it("names the chosen staff member only where visitors choose staff", () => {
    expect(bookingRequest({ ...input, staffMemberId: 3 }).staffMemberId).toBe(3);
    const noChoice = { userId: 7, activateEmailList: false, customerCanSelectStaff: false };
    expect(bookingRequest({ ...input, provider: noChoice, staffMemberId: 3 }).staffMemberId).toBeNull();
  });
});
