import { describe, expect, it } from "vitest";
import { memoryStorage } from "../../../tests/support/memory-storage.ts";
import { emptyConfirmDraft } from "../store/confirm-draft.ts";
import type { BookingData } from "../store/booking-store.ts";
import { PROGRESS_MAX_AGE_MS, progressOf, readProgress, restorableStep, saveProgress, type ProgressData } from "./booking-progress.ts";
import { formValues } from "../../../tests/support/widget-builders.ts";

const hour = {
  label: "09:00",
  backendLabel: "09:00",
  date: "2026-12-01",
  customerAppointmentEndLabel: "09:40",
  appointmentEndLabel: "09:45",
};
const customer = formValues({ firstName: "Kim", phoneNumber: "3125550100", phoneNumberCountryCode: 1, emailAddress: "kim@example.com" });
const state = (over: Partial<BookingData>): BookingData => ({
  step: 1,
  selectedServices: [],
  selectedStaffId: null,
  selectedDate: null,
  selectedHour: null,
  customer: null,
  customerDraft: null,
  draft: emptyConfirmDraft,
  booked: null,
  ...over,
});
const data = (over: Partial<ProgressData>): ProgressData => progressOf(state({ step: 2, ...over }))!;
const clinic = { customerCanSelectStaff: false, useCustomerAccounts: false };

describe("a booking in progress across a reload", () => {
  it("keeps the steps after the first, never the account, and nothing once booked", () => {
    expect(progressOf(state({ step: 1, selectedServices: [{ serviceId: 1, extraServiceIds: [] }] }))).toBeNull();
    // The whole element's state passes by (the session's account among it): only the booking's own data is kept.
    const kept = progressOf({
      ...state({ step: 3, selectedServices: [{ serviceId: 1, extraServiceIds: [] }], selectedHour: hour }),
      account: { customerAccountIdentificationCode: "secret" },
    } as BookingData);
    expect(kept).toMatchObject({ step: 3, selectedServices: [{ serviceId: 1, extraServiceIds: [] }], selectedHour: hour });
    expect(JSON.stringify(kept)).not.toContain("secret");
    // The information form as typed so far goes with it.
    expect(progressOf(state({ step: 3, customerDraft: { ...customer, firstName: "Ki" } }))?.customerDraft?.firstName).toBe("Ki");
    expect(progressOf(state({ step: 5, booked: { confirmation: {} as never, draft: emptyConfirmDraft } }))).toBeNull();
  });

  it("comes back to the furthest step its data carries, never past where it was", () => {
    const services = [{ serviceId: 1, extraServiceIds: [] }];
    expect(restorableStep(data({ step: 4, selectedServices: services, selectedHour: hour, customer }), clinic)).toBe(4);
    expect(restorableStep(data({ step: 4, selectedServices: services, selectedHour: hour, customer: null }), clinic)).toBe(3);
    expect(restorableStep(data({ step: 3, selectedServices: services, selectedHour: null }), clinic)).toBe(2);
    expect(restorableStep(data({ step: 2, selectedServices: [] }), clinic)).toBe(1);
    expect(restorableStep(data({ step: 2, selectedServices: services, selectedHour: hour, customer }), clinic)).toBe(2);
    // With staff choice the steps are one later; with accounts the login is asked again.
    expect(
      restorableStep(data({ step: 5, selectedServices: services, selectedHour: hour, customer }), {
        customerCanSelectStaff: true,
        useCustomerAccounts: false,
      }),
    ).toBe(5);
    expect(
      restorableStep(data({ step: 5, selectedServices: services, selectedHour: hour, customer }), {
        customerCanSelectStaff: true,
        useCustomerAccounts: true,
      }),
    ).toBe(4);
  });

  it("is kept per booking link in session storage, for an hour, and anything edited or broken is ignored", () => {
    const storage = memoryStorage();
    const kept = data({ step: 3, selectedServices: [{ serviceId: 1, extraServiceIds: [] }], selectedHour: hour });
    saveProgress("demo-clinic", kept, 1_000, storage);
    expect(readProgress("demo-clinic", 2_000, storage)).toEqual(kept);
    expect(readProgress("demo-salon", 2_000, storage)).toBeUndefined();
    expect(readProgress("demo-clinic", 1_000 + PROGRESS_MAX_AGE_MS + 1, storage)).toBeUndefined();
    storage.setItem("booking-widget:progress:demo-clinic", JSON.stringify({ savedAt: 1_000, data: { ...kept, step: 99 } }));
    expect(readProgress("demo-clinic", 2_000, storage)).toBeUndefined();
    storage.setItem("booking-widget:progress:demo-clinic", "{not json");
    expect(readProgress("demo-clinic", 2_000, storage)).toBeUndefined();
    saveProgress("demo-clinic", kept, 1_000, storage);
    saveProgress("demo-clinic", null, 3_000, storage);
    expect(readProgress("demo-clinic", 3_000, storage)).toBeUndefined();
  });

  it("keeps a series settled on (issue 42), and drops one that does not start at the kept hour", () => {
    const storage = memoryStorage();
    const plan = {
      everyWeeks: 1,
      occurrences: [
        { date: "2026-12-01", backendLabel: "09:00", label: "09:00" },
        { date: "2026-12-08", backendLabel: "09:00", label: "09:00" },
      ],
    };
    const kept = data({ step: 3, selectedServices: [{ serviceId: 1, extraServiceIds: [] }], selectedHour: hour, seriesPlan: plan });
    saveProgress("demo-clinic", kept, 1_000, storage);
    expect(readProgress("demo-clinic", 2_000, storage)?.seriesPlan).toEqual(plan);
    const elsewhere = { ...plan, occurrences: [{ ...plan.occurrences[0]!, backendLabel: "10:00" }, plan.occurrences[1]!] };
    saveProgress("demo-clinic", { ...kept, seriesPlan: elsewhere }, 1_000, storage);
    expect(readProgress("demo-clinic", 2_000, storage)?.seriesPlan).toBeNull();
    // A plan of more than twelve times is no series this widget made: the whole kept booking is ignored.
    const tooLong = { ...plan, occurrences: Array.from({ length: 13 }, () => plan.occurrences[0]!) };
    saveProgress("demo-clinic", { ...kept, seriesPlan: tooLong }, 1_000, storage);
    expect(readProgress("demo-clinic", 2_000, storage)).toBeUndefined();
  });
});
