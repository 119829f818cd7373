import { describe, expect, it } from "vitest";
import type { AvailableHour, CustomerAccount, ServiceBookingSelection } from "../../contract/schemas/index.ts";
import { formValues } from "../../../tests/support/widget-builders.ts";
import { createSessionStore } from "../../account/session-store.ts";
import { followSession } from "./follow-session.ts";
import { createBookingStore } from "./booking-store.ts";

const cut: ServiceBookingSelection = { serviceId: 12, extraServiceIds: [] };
const colour: ServiceBookingSelection = { serviceId: 14, extraServiceIds: [15] };
const hour = (time: string): AvailableHour => ({
  label: time,
  backendLabel: time,
  date: "2026-11-19",
  customerAppointmentEndLabel: "",
  appointmentEndLabel: "",
});
const kari = formValues({ firstName: "Kari", phoneNumber: "41234567", emailAddress: "kari@example.com" });
const account = { customerToken: "token" } as unknown as CustomerAccount;

describe("booking store: the stepper slice", () => {
  it("walks service → staff → time → information → confirm → receipt, each choice moving one step on", () => {
    const store = createBookingStore();
    const s = () => store.getState();
    s().chooseService(cut);
    expect(s()).toMatchObject({ step: 2, selectedServices: [cut] });
    s().chooseStaff(3);
    expect(s()).toMatchObject({ step: 3, selectedStaffId: 3 });
    s().chooseDate("2026-11-19");
    expect(s()).toMatchObject({ step: 3, selectedDate: "2026-11-19", selectedHour: null });
    s().chooseHour(hour("10:00"));
    expect(s()).toMatchObject({ step: 4, selectedDate: "2026-11-19", selectedHour: hour("10:00") });
    s().saveCustomer(kari);
    expect(s()).toMatchObject({ step: 5, customer: kari });
    s().finishBooking({ confirmation: { id: 1 } as never, draft: s().draft });
    expect(s().step).toBe(6);
  });

  it("a new choice of services or staff forgets the chosen time; back goes one step down, never below 1", () => {
    const store = createBookingStore();
    const s = () => store.getState();
    s().toggleService(cut);
    s().toggleService(colour);
    expect(s()).toMatchObject({ step: 1, selectedServices: [cut, colour] });
    s().continueWithServices();
    s().chooseStaff(null);
    s().chooseHour(hour("11:00"));
    s().back();
    s().back();
    expect(s().step).toBe(2);
    s().chooseStaff(4);
    expect(s()).toMatchObject({ step: 3, selectedStaffId: 4, selectedDate: null, selectedHour: null });
    s().goToStep(0.5);
    expect(s().step).toBe(1);
    s().back();
    expect(s().step).toBe(1);
  });

  it("continue with nothing ticked stays at the services", () => {
    const store = createBookingStore();
    store.getState().continueWithServices();
    expect(store.getState().step).toBe(1);
  });

  it("a failed booking and a new provider go back to step 1 keeping the customer; start over keeps the customer too", () => {
    const store = createBookingStore();
    const s = () => store.getState();
    s().chooseService(cut);
    s().chooseStaff(3);
    s().chooseHour(hour("10:00"));
    s().saveCustomer(kari);
    s().bookingFailed();
    expect(s()).toMatchObject({ step: 1, selectedHour: null, customer: kari, selectedStaffId: 3 });
    s().providerLoaded();
    expect(s()).toMatchObject({ step: 1, selectedStaffId: null, customer: kari });
    s().keepCustomerDraft(kari);
    s().startOver();
    expect(s()).toMatchObject({ step: 1, selectedServices: [], customer: kari, customerDraft: null, booked: null });
  });
});

describe("booking store: the customer slice, following the session", () => {
  it("keeps the new password only until the account is set, and logging out goes to step 1 with the details kept", () => {
    const store = createBookingStore();
    const session = createSessionStore();
    const stop = followSession(session, store);
    const s = () => store.getState();
    s().chooseService(cut);
    session.getState().setAccount(account);
    s().saveCustomer(kari, "secret-password");
    expect(s()).toMatchObject({ newPassword: "secret-password", step: 3 });
    session.getState().setAccount({ ...account, verified: true });
    expect(s()).toMatchObject({ newPassword: null, step: 3 });
    session.getState().logOut();
    expect(s()).toMatchObject({ newPassword: null, step: 1, customer: kari });
    expect(session.getState().account).toBeNull();
    stop();
    s().goToStep(3);
    session.getState().setAccount(account);
    session.getState().logOut();
    expect(s().step).toBe(3);
  });

  it("an unchanged session leaves the booking as it is", () => {
    const store = createBookingStore();
    const session = createSessionStore();
    followSession(session, store);
    store.getState().chooseService(cut);
    store.getState().saveCustomer(kari, "secret-password");
    session.getState().logOut();
    expect(store.getState()).toMatchObject({ newPassword: "secret-password", step: 3 });
  });
});

describe("booking store: the prefill slice", () => {
  it("pre-selected services skip to step 2 once per value; an empty selection only marks the value used", () => {
    const store = createBookingStore({ service: "12" });
    const s = () => store.getState();
    expect(s().prefill).toEqual({ service: "12" });
    s().preselectServices("99", []);
    expect(s()).toMatchObject({ step: 1, selectedServices: [], prefillUsed: { service: "99" } });
    s().preselectServices("12", [cut]);
    expect(s()).toMatchObject({ step: 2, selectedServices: [cut], prefillUsed: { service: "12" } });
    s().usedStaffPrefill("3");
    expect(s().prefillUsed).toEqual({ service: "12", staff: "3" });
    s().setPrefill({ firstName: "Ola" });
    expect(s().prefill).toEqual({ firstName: "Ola" });
  });

  it("two elements' stores never share state", () => {
    const one = createBookingStore();
    const two = createBookingStore();
    one.getState().chooseService(cut);
    expect(two.getState()).toMatchObject({ step: 1, selectedServices: [] });
  });

  it("restore puts a saved booking back as it was", () => {
    const store = createBookingStore();
    store.getState().restore({ step: 4, selectedServices: [colour], selectedStaffId: 2, customer: kari });
    expect(store.getState()).toMatchObject({ step: 4, selectedServices: [colour], selectedStaffId: 2, customer: kari });
  });
});
