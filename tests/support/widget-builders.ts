import * as v from "valibot";
import { type CustomerAccount, Provider, type Service, type StaffMember } from "../../src/contract/schemas/index.ts";
import type { BookingFormValues } from "../../src/validation/booking-form.ts";
import { emptyInformation } from "../../src/customer/information-form.ts";

// Test-data builders for the widget's side of the contract (its API answers and its form),
// beside builders.ts for the seed: each gives a valid value with plain defaults, and a
// test states only what it looks at.

/** A booking page as GET User/ByUser answers it: the schema's own defaults for every setting not given. */
export function widgetPage(over: Partial<Provider> = {}): Provider {
  return v.parse(Provider, { userId: 1, bookingLink: "test-page", companyName: "Test Page", ...over });
}

/** One service of Service/asAnonymous: 30 minutes at 100, bookable online, first free on 2026-11-23. */
export function widgetService(over: Partial<Service> = {}): Service {
  return {
    id: 1,
    title: "S",
    description: "",
    price: 100,
    discountPrice: null,
    disablePrice: false,
    durationInMinutes: 30,
    serviceDurationInMinutes: null,
    mustPayOnline: false,
    payOnlinePrice: null,
    unavailableForOnlineBooking: false,
    capacity: 1,
    firstAvailable: "2026-11-23",
    children: [],
    ...over,
  };
}

/** One staff member of Staff/asAnonymous, free now. */
export function widgetStaffMember(over: Partial<StaffMember> = {}): StaffMember {
  return { id: 1, fullName: "Staff Member", profilePictureUrl: null, nextAvailable: "2026-11-23T09:00:00", ...over };
}

/** A customer account as the API answers it: Kari, phone 41234567, unproven and without a token unless `over` says so. */
export function widgetAccount(over: Partial<CustomerAccount> = {}): CustomerAccount {
  return {
    firstName: "Kari",
    lastName: "",
    emailAddress: "",
    address: "",
    postalCode: "",
    city: "",
    phoneNumber: "41234567",
    phoneNumberCountryCode: 47,
    ssn: "",
    dateOfBirth: null,
    gender: null,
    country: "Unknown",
    userId: null,
    adminId: null,
    verified: false,
    customerAccountIdentificationCode: null,
    customFields: [],
    ...over,
  };
}

/** The information form's values: empty (a Norwegian dial code), with what `over` fills in. */
export function formValues(over: Partial<BookingFormValues> = {}): BookingFormValues {
  return { ...emptyInformation({ defaultPhoneNumberCountryCode: 47 }, []), ...over };
}
