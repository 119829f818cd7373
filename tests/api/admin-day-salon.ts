import { OnlineProvider, VerificationType } from "../../src/contract/enumerations.ts";
import { addDays, fromZoned, todayIn, weekdayOf } from "../../src/contract/zoned-time.ts";
import type { Provider, Service } from "../../src/contract/schemas/index.ts";
import { adminDayRoutes } from "../../demo/api/admin/day/admin-day-routes.ts";
import { adminAppointmentRoutes } from "../../demo/api/admin/appointments/admin-appointment-routes.ts";
import type { AdminAccess } from "../../demo/api/admin/admin-access.ts";
import type { Database } from "../../demo/api/db/database.ts";
import { bookingPage, bookingRequest, dateParts } from "../support/booking-helpers.ts";
import { adminTestSite, stubGuard, testDeps } from "../support/admin-stub-guard.ts";
import { aCategory, aCompany, aCustomer, aFixture, aProvider, aService, aStaffMember, inNewYork, openOn } from "../support/builders.ts";
import type { TestApi } from "../support/test-api.ts";
import { TEST_NOW } from "../support/test-clock.ts";

/**
 * The back office's day tests' salon (tests/api/admin-day-*.test.ts): two stylists with a
 * lunch break, a service with a buffer and an extra, a group class of three, a colour
 * paid in full online (the payment simulator), a waitlist; and a second salon, whose ids
 * the first one's people must never reach.
 */
export const ZONE = inNewYork.timeZone;
export const seed = aFixture(
  aCompany(
    "day",
    "Day Salons",
    aProvider("day-salon", "Day Salon", {
      ...inNewYork,
      customerCanSelectStaff: true,
      multipleServices: false,
      useCustomerAccounts: false,
      verificationType: VerificationType.None,
      onlineTransactionProvider: OnlineProvider.PayU,
      customerReceiptAndReminderMode: ["sms", "email"],
      openingHours: openOn([1, 2, 3, 4, 5, 6], "09:00", "17:00"),
      appointmentDistributionInMinutes: 15,
      maxDaysInAdvanceForBooking: 60,
      hoursToCancel: 24,
      waitlist: { enabled: true, offerMinutes: 15, mode: "first-in-line" },
      categories: [
        aCategory(
          "",
          aService("Haircut", {
            price: 50,
            durationInMinutes: 60,
            bufferAfterMinutes: 15,
            extras: [{ title: "Wash", durationInMinutes: 15, price: 10 }],
          }),
          aService("Yoga class", { price: 20, durationInMinutes: 60, capacity: 3 }),
          aService("Color", { price: 100, durationInMinutes: 60, onlinePayment: { kind: "full" } }),
        ),
      ],
      staff: [
        aStaffMember("Kari Stylist", {
          allServices: true,
          breaks: [1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({ dayOfWeek, start: "12:00", end: "12:30" })),
        }),
        aStaffMember("Ola Stylist", { allServices: true }),
      ],
      customers: [aCustomer("Nora Regular", "2125550123", { phoneNumberCountryCode: 1, emailAddress: "nora@example.com" })],
    }),
    aProvider("other-salon", "Other Salon", {
      ...inNewYork,
      customerCanSelectStaff: true,
      verificationType: VerificationType.None,
      openingHours: openOn([1, 2, 3, 4, 5, 6], "09:00", "17:00"),
      categories: [aCategory("", aService("Trim", { price: 30, durationInMinutes: 30 }))],
      staff: [aStaffMember("Eve Elsewhere", { allServices: true })],
      customers: [aCustomer("Otto Other", "2125550999", { phoneNumberCountryCode: 1 })],
    }),
  ),
);

/** The first Monday to Friday at least three days after the test's today. */
export const testDay = (() => {
  let day = addDays(todayIn(ZONE, TEST_NOW), 3);
  while (weekdayOf(day) === 0 || weekdayOf(day) === 6) day = addDays(day, 1);
  return day;
})();

/** The instant of a wall-clock time on the test day (or `iso`), as ISO text. */
export const at = (time: string, iso = testDay) => fromZoned(iso, time, ZONE).toISOString();

export interface Salon {
  provider: Provider;
  services: Record<string, Service>;
  /** Staff ids by first name. */
  kari: number;
  ola: number;
  other: { providerId: number; staffId: number; customerId: number };
  customerId: number;
}

export async function salonOf(api: TestApi): Promise<Salon> {
  const { provider, services } = await bookingPage(api, "day-salon");
  const staff = await api.db.query<{ id: number; name: string; providerId: number }>(
    `SELECT id, trim(first_name || ' ' || last_name) AS name, provider_id AS "providerId" FROM staff_members ORDER BY id`,
  );
  const id = (name: string) => staff.find((s) => s.name === name)!.id;
  const otherProvider = staff.find((s) => s.name === "Eve Elsewhere")!.providerId;
  const customers = await api.db.query<{ id: number; providerId: number }>(
    `SELECT id, provider_id AS "providerId" FROM customer_accounts ORDER BY id`,
  );
  return {
    provider,
    services,
    kari: id("Kari Stylist"),
    ola: id("Ola Stylist"),
    other: {
      providerId: otherProvider,
      staffId: id("Eve Elsewhere"),
      customerId: customers.find((c) => c.providerId === otherProvider)!.id,
    },
    customerId: customers.find((c) => c.providerId === provider.userId)!.id,
  };
}

/** A visitor's booking in the widget (POST /Appointment): `title` at `time` on the test day with `staffId`. */
export async function visitorBooks(
  on: Pick<TestApi, "request">,
  salon: Salon,
  title: string,
  time: string,
  staffId: number,
  contact: { phone?: string; name?: string; email?: string } = {},
) {
  const response = await on.request(`/Appointment?userId=${salon.provider.userId}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(
      bookingRequest(salon.provider, salon.services[title]!, testDay, time, {
        staffMemberId: staffId,
        customFields: [],
        phoneNumber: contact.phone ?? "2125550177",
        firstName: contact.name ?? "Vera Visitor",
        emailAddress: contact.email ?? "vera@example.com",
      }),
    ),
  });
  return { status: response.status, body: (await response.json()) as { id: number; status: string; paymentToken?: string; code?: string } };
}

/** A visitor's hold on a time (POST /Appointment/hold). */
export async function visitorHolds(api: Pick<TestApi, "postJson">, salon: Salon, title: string, time: string, staffId: number) {
  const [hour, minute] = time.split(":").map(Number) as [number, number];
  const response = await api.postJson("/Appointment/hold", {
    userId: salon.provider.userId,
    ...dateParts(testDay),
    hour,
    minute,
    serviceBookings: [{ serviceId: salon.services[title]!.id }],
    staffMemberId: staffId,
  });
  if (response.status !== 200) throw new Error(`hold answered ${response.status}: ${await response.text()}`);
}

/** The day and appointment routes behind the stub guard, as `who()` asks, on `db` (a second instance's for races). */
export function adminSite(api: TestApi, who: () => AdminAccess | null, db: Database = api.db) {
  const deps = testDeps(api, db);
  const guard = stubGuard(who);
  return adminTestSite([
    adminDayRoutes(deps, guard),
    adminAppointmentRoutes(deps, guard, async (_db, admin) => `Account ${admin.accountId}`),
  ]);
}
