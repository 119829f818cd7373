import type { Http } from "./http.ts";
import { keyedCalls } from "./keyed-call.ts";
import { routes } from "../contract/routes.ts";
import {
  BookingConfirmation,
  CustomerAccount,
  FirstAvailableDay,
  LoadedDay,
  LoadedDays,
  StaffCount,
  StaffMembers,
  Acknowledgement,
  CustomFields,
  VacationDays,
  WorkingDays,
  type AuditEntry,
  type BookingRequest,
  type HoursRequest,
  type ServiceBookingSelection,
  type VerificationCodeRequest,
} from "../contract/schemas/index.ts";

export interface VerificationTarget {
  phoneNumber?: string;
  emailAddress?: string;
  password?: string;
  /** A new profile, sent with its password (our extension): the API keeps these values, not what anyone stored for the phone before. */
  profile?: NewProfileFields;
}

/** The fields of a new profile that Appointment/verify takes with its password. */
export interface NewProfileFields {
  firstName: string;
  lastName: string;
  emailAddress: string;
  address: string;
  postalCode: string;
  city: string;
  ssn: string;
  dateOfBirth: string | null;
  gender: "Mann" | "Kvinne" | null;
}

/** The booking steps' calls of spec §7 (after the services). */
export function createBookingCalls(http: Http) {
  const hours = <S extends Parameters<Http["request"]>[0]>(schema: S, path: string, body: HoursRequest) =>
    http.request(schema, path, { method: "POST", body });

  const keyed = keyedCalls();

  return {
    /**
     * POST Appointment?userId= : books anonymously, with an Idempotency-Key per booking:
     * sent again with the same key while the API has not decided (keyed-call.ts), so a
     * repeat answers the first booking and never makes a second.
     */
    book: (userId: number, request: BookingRequest) =>
      keyed({ userId, request }, (key) =>
        http.request(BookingConfirmation, routes.book(), {
          method: "POST",
          query: { userId },
          body: request,
          headers: { "Idempotency-Key": key },
        }),
      ),
    /** POST Appointment/verificationCode/?userId= : sends a code by e-mail or SMS. */
    sendVerificationCode: (userId: number, request: VerificationCodeRequest) =>
      http.request(Acknowledgement, routes.verificationCode(), { method: "POST", query: { userId }, body: request }),
    /**
     * POST Appointment/verify : the answer is the customer account to book with. Beside
     * the spec's code and userId, the body names where the code was sent (the API then
     * counts wrong guesses against that code) and a new profile's password (set by the
     * API once the code has proven the phone): documented extensions.
     */
    verify: (userId: number, verificationCode: string, sentTo: VerificationTarget = {}) =>
      http.request(CustomerAccount, routes.verify(), {
        method: "POST",
        query: { verificationCode, userId },
        body: { code: verificationCode, userId, ...sentTo },
      }),
    /** POST appointment/availableHours/cache */
    availableHoursCached: (request: HoursRequest) => hours(LoadedDay, routes.availableHoursCache(), request),
    /** POST Appointment/availableHours : the day's hours. */
    availableHours: (request: HoursRequest) => hours(LoadedDay, routes.availableHours(), request),
    /** POST Appointment/availableHours/month : every day of the month, merged by id. */
    availableHoursMonth: (request: HoursRequest) => hours(LoadedDays, routes.availableHoursMonth(), request),
    /** POST Appointment/firstAvailableHourDay */
    firstAvailableHourDay: (request: HoursRequest) => hours(FirstAvailableDay, routes.firstAvailableHourDay(), request),
    /** GET CustomField/asAnonymous/{userId} */
    customFields: (userId: number) => http.request(CustomFields, routes.customFields(userId)),
    /** POST AuditLog/asAnonymous/{userId} */
    postAuditEntry: (userId: number, entry: AuditEntry) =>
      http.request(Acknowledgement, routes.auditEntry(userId), { method: "POST", body: entry }),
    /** GET VacationDays/asAnonymous?userId&serviceIds */
    vacationDays: (userId: number, serviceIds: number[]) =>
      http.request(VacationDays, routes.vacationDays(), { query: { userId, serviceIds: serviceIds.join(",") } }),
    /** GET WorkingDays/all?userId&serviceIds */
    workingDays: (userId: number, serviceIds: number[]) =>
      http.request(WorkingDays, routes.workingDays(), { query: { userId, serviceIds: serviceIds.join(",") } }),
    /** GET StaffMember/count/{adminId} */
    staffCount: (adminId: number) => http.request(StaffCount, routes.staffCount(adminId)),
    /** POST StaffMember/asAnonymous/{adminId} : staff with nextAvailable for the chosen services. */
    staff: (adminId: number, serviceBookings: ServiceBookingSelection[]) =>
      http.request(StaffMembers, routes.staff(adminId), { method: "POST", body: { serviceBookings } }),
  };
}

export type BookingCalls = ReturnType<typeof createBookingCalls>;
