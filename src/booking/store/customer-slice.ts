import type { CustomerAccount } from "../../contract/schemas/index.ts";
import type { BookingFormValues } from "../../validation/booking-form.ts";
import type { CustomerData, SliceSet, StepperData } from "./booking-data.ts";

export interface CustomerSlice extends CustomerData {
  /**
   * The password chosen on the new-profile form, in memory only (never stored): it goes
   * with the verification code, as the API sets it only for whoever proves the phone.
   */
  newPassword: string | null;
  /** The information step's form passed (or the account logged in): keep it and move on to confirm. */
  saveCustomer(values: BookingFormValues, account?: CustomerAccount | null, newPassword?: string): void;
  /** The information form changed: what is typed so far. */
  keepCustomerDraft(values: BookingFormValues): void;
  setAccount(account: CustomerAccount | null): void;
  /** Spec §4: logging out clears the account and returns to step 1. */
  logOut(): void;
}

export const createCustomerSlice = (set: SliceSet<CustomerSlice & Pick<StepperData, "step">>): CustomerSlice => ({
  customer: null,
  customerDraft: null,
  account: null,
  newPassword: null,
  saveCustomer: (values, account, newPassword) =>
    set((state) => ({
      customer: values,
      customerDraft: null,
      step: state.step + 1,
      newPassword: newPassword ?? null,
      ...(account === undefined ? {} : { account }),
    })),
  keepCustomerDraft: (values) => set({ customerDraft: values }),
  setAccount: (account) => set({ account, newPassword: null }),
  logOut: () => set({ account: null, newPassword: null, step: 1 }),
});
