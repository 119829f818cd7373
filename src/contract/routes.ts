/**
 * The paths of spec §7 that the client calls, as typed builders relative to the API
 * base. Path segments are encoded here, once; queries and bodies stay with the calls.
 * The first screen's few live apart (first-screen-routes.ts): this list is in the later
 * chunk only.
 */
import { firstScreenRoutes, seg } from "./first-screen-routes.ts";

export const routes = {
  // the first screen's (provider-calls.ts), then the others
  ...firstScreenRoutes,
  customFields: (userId: number) => `CustomField/asAnonymous/${seg(userId)}`,
  auditEntry: (userId: number) => `AuditLog/asAnonymous/${seg(userId)}`,
  paymentInitiate: () => "payu/initiate",
  paymentOutcome: (paymentId: string) => `payments/${encodeURIComponent(paymentId)}`,
  // booking calls
  book: () => "Appointment",
  // held times: our extension (demo/api/holds/README.md)
  hold: () => "Appointment/hold",
  releaseHold: () => "Appointment/hold/release",
  // the waitlist: our extension (issue 46)
  waitlist: () => "Waitlist",
  waitlistEntry: (id: number) => `Waitlist/${seg(id)}`,
  waitlistOffer: () => "Waitlist/offer",
  waitlistSettings: () => "Waitlist/settings",
  // series: our extension (issue 42)
  seriesPreview: () => "Appointment/series",
  cancelSeriesByCustomer: () => "Appointment/cancelSeriesByCustomer",
  cancelSeriesPreview: () => "Appointment/cancelSeriesByCustomer/preview",
  verificationCode: () => "Appointment/verificationCode/",
  verify: () => "Appointment/verify",
  availableHoursCache: () => "appointment/availableHours/cache",
  availableHours: () => "Appointment/availableHours",
  availableHoursMonth: () => "Appointment/availableHours/month",
  firstAvailableHourDay: () => "Appointment/firstAvailableHourDay",
  vacationDays: () => "VacationDays/asAnonymous",
  workingDays: () => "WorkingDays/all",
  staffCount: (adminId: number) => `StaffMember/count/${seg(adminId)}`,
  staff: (adminId: number) => `StaffMember/asAnonymous/${seg(adminId)}`,
  // customer account calls
  cancelByCustomer: () => "Appointment/cancelByCustomer",
  customerAccount: () => "CustomerAccount",
  accountByPhone: () => "CustomerAccount/byPhone",
  accountByPhoneAndPassword: () => "CustomerAccount/byPhoneAndPassword",
  resetPassword: () => "CustomerAccount/resetPassword",
  resetPasswordByCode: () => "CustomerAccount/resetPasswordByCode",
  // My Page's login by a code sent now: our extension (issue 57)
  myPageLoginCode: () => "CustomerAccount/loginCode",
  accountByCode: () => "CustomerAccount/byCode",
  fetchByToken: (customerToken: string, userId: number, phoneNumber: string) =>
    `Customer/FetchByToken/${seg(customerToken)}/${seg(userId)}/${seg(phoneNumber)}`,
  customerAppointments: () => "Appointment/forCustomerAccount",
  changeAppointment: () => "Appointment/ChangeAsCustomerAccount",
} as const;
