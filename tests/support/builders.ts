import type { Fixture } from "../../demo/api/seed/fixture.ts";

// Test-data builders for the seed format (demo/api/seed/fixture.ts): each builder gives a
// valid part with plain defaults, and a fixture states only what its tests look at.

export type ProviderInput = Fixture["companies"][number]["providers"][number];
export type CategoryInput = ProviderInput["categories"][number];
export type ServiceInput = CategoryInput["services"][number];
export type StaffInput = NonNullable<ProviderInput["staff"]>[number];
export type CustomerInput = NonNullable<ProviderInput["customers"]>[number];
type CompanyInput = Fixture["companies"][number];

/** Where a provider is: its language, zone, clock, currency and phone country. */
export const inNewYork = {
  language: "en",
  timeZone: "America/New_York",
  timeFormat: "12h",
  currency: "USD",
  defaultPhoneNumberCountryCode: 1,
} as const;
export const inChicago = {
  language: "en",
  timeZone: "America/Chicago",
  timeFormat: "24h",
  currency: "USD",
  defaultPhoneNumberCountryCode: 1,
} as const;
export const inOslo = {
  language: "no",
  timeZone: "Europe/Oslo",
  timeFormat: "24h",
  currency: "NOK",
  defaultPhoneNumberCountryCode: 47,
} as const;
export const inMexicoCity = {
  language: "es",
  timeZone: "America/Mexico_City",
  timeFormat: "12h",
  currency: "MXN",
  defaultPhoneNumberCountryCode: 52,
} as const;
export const inLondon = {
  language: "en",
  timeZone: "Europe/London",
  timeFormat: "24h",
  currency: "GBP",
  defaultPhoneNumberCountryCode: 44,
} as const;

/** Weekly opening hours: `days` (0 is Sunday) from `open` to `close`. */
export const openOn = (days: number[], open = "09:00", close = "17:00") => days.map((dayOfWeek) => ({ dayOfWeek, open, close }));

/** A service of 30 minutes for 100. */
export const aService = (title: string, details: Partial<ServiceInput> = {}): ServiceInput => ({
  title,
  price: 100,
  durationInMinutes: 30,
  ...details,
});

/** A category of services ("" for services without one). */
export const aCategory = (title: string, ...services: ServiceInput[]): CategoryInput => ({ title, services });

/** A staff member by "First Last", offering what `details` says (nothing, unless told). */
export function aStaffMember(name: string, details: Partial<StaffInput> = {}): StaffInput {
  const [firstName = name, ...last] = name.split(" ");
  return { firstName, lastName: last.join(" "), ...details };
}

/** A verified customer account with a password. */
export const aCustomer = (name: string, phoneNumber: string, details: Partial<CustomerInput> = {}): CustomerInput => {
  const [firstName = name, ...last] = name.split(" ");
  return {
    phoneNumber,
    phoneNumberCountryCode: 47,
    password: "test-password-1",
    firstName,
    lastName: last.join(" "),
    verified: true,
    ...details,
  };
};

/** A booking page open Monday to Friday, 09–17, with one 30-minute service, and whatever `details` adds. */
export const aProvider = (bookingLink: string, companyName: string, details: Partial<ProviderInput> = {}): ProviderInput => ({
  bookingLink,
  companyName,
  openingHours: openOn([1, 2, 3, 4, 5]),
  categories: [aCategory("", aService("Consultation"))],
  ...details,
});

export const aCompany = (id: string, name: string, ...providers: ProviderInput[]): CompanyInput => ({ id, name, providers });

export const aFixture = (...companies: CompanyInput[]): Fixture => ({ companies });
