import type { BookingFormValues } from "../../validation/booking-form.ts";
import type { CustomerData, SliceSet, StepperData } from "./booking-data.ts";

export interface CustomerSlice extends CustomerData {
  /**
   * The password chosen on the new-profile form, in memory only (never stored): it goes
   * with the verification code, as the API sets it only for whoever proves the phone.
   */
  newPassword: string | null;
  /**
   * The information step's form passed (or the logged-in customer's details checked):
   * keep them and move on to confirm; `newPassword` is a new profile's.
   */
  saveCustomer(values: BookingFormValues, newPassword?: string): void;
  /** The information form changed: what is typed so far. */
  keepCustomerDraft(values: BookingFormValues): void;
}

export const createCustomerSlice = (set: SliceSet<CustomerSlice & Pick<StepperData, "step">>): CustomerSlice => ({
  customer: null,
  customerDraft: null,
  newPassword: null,
  saveCustomer: (values, newPassword) =>
    set((state) => ({ customer: values, customerDraft: null, step: state.step + 1, newPassword: newPassword ?? null })),
  keepCustomerDraft: (values) => set({ customerDraft: values }),
});
