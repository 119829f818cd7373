import type { Http } from "./http.ts";
import { routes } from "../contract/routes.ts";
import {
  Acknowledgement,
  CancelledAppointment,
  CancelledSeries,
  CustomerAccount,
  CustomerAppointments,
  LoggedInCustomer,
  LoginCodeSent,
  PhoneLookup,
  type CodeLoginRequest,
  type CancelByCustomerQuery,
  type ChangeAppointmentRequest,
  type CreateCustomerAccountRequest,
  type EditCustomerAccountRequest,
  type PasswordLoginRequest,
  type PhoneLoginRequest,
  type ResetPasswordByCodeRequest,
} from "../contract/schemas/index.ts";
import { SeriesRestPreview } from "../contract/schemas/series-rest.ts";

/** Customer account calls of spec §7. */
export function createCustomerCalls(http: Http) {
  return {
    /** POST Appointment/cancelByCustomer (query only, empty body). */
    cancelAppointment: (query: CancelByCustomerQuery) =>
      http.request(CancelledAppointment, routes.cancelByCustomer(), { method: "POST", query: { ...query } }),
    /** POST Appointment/cancelSeriesByCustomer (our extension): this occurrence and the rest of its series. */
    cancelSeries: (query: CancelByCustomerQuery) =>
      http.request(CancelledSeries, routes.cancelSeriesByCustomer(), { method: "POST", query: { ...query } }),
    /** GET Appointment/cancelSeriesByCustomer/preview (our extension): what cancelling the rest would cancel and refund. */
    cancelSeriesPreview: (query: CancelByCustomerQuery) =>
      http.request(SeriesRestPreview, routes.cancelSeriesPreview(), { query: { ...query } }),
    /** POST CustomerAccount : create. */
    createAccount: (request: CreateCustomerAccountRequest) =>
      http.request(CustomerAccount, routes.customerAccount(), { method: "POST", body: { country: "Unknown", ...request } }),
    /** PUT CustomerAccount : edit; the answer replaces the account. */
    editAccount: (request: EditCustomerAccountRequest) =>
      http.request(CustomerAccount, routes.customerAccount(), { method: "PUT", body: { country: "Unknown", ...request } }),
    /** POST CustomerAccount/byPhone : "New" or "Existing". */
    lookupPhone: (request: PhoneLoginRequest) =>
      http.request(PhoneLookup, routes.accountByPhone(), { method: "POST", body: request, responseType: "text" }),
    /** POST CustomerAccount/byPhoneAndPassword : the account. */
    loginWithPassword: (request: PasswordLoginRequest) =>
      http.request(CustomerAccount, routes.accountByPhoneAndPassword(), { method: "POST", body: request }),
    /** POST CustomerAccount/resetPassword : sends a code. */
    requestPasswordReset: (request: PhoneLoginRequest) =>
      http.request(Acknowledgement, routes.resetPassword(), { method: "POST", body: request }),
    /** POST CustomerAccount/resetPasswordByCode */
    resetPasswordWithCode: (request: ResetPasswordByCodeRequest) =>
      http.request(Acknowledgement, routes.resetPasswordByCode(), { method: "POST", body: request }),
    /** POST CustomerAccount/loginCode (issue 57): a My Page code sent now to a phone or an e-mail. */
    sendLoginCode: (request: PhoneLoginRequest) => http.request(LoginCodeSent, routes.myPageLoginCode(), { method: "POST", body: request }),
    /** POST CustomerAccount/byCode (issue 57): the account the sent code opens, with its token. */
    loginWithCode: (request: CodeLoginRequest) => http.request(CustomerAccount, routes.accountByCode(), { method: "POST", body: request }),
    /** GET Customer/FetchByToken/{customerToken}/{userId}/{phoneNumber} */
    fetchByToken: (customerToken: string, userId: number, phoneNumber: string) =>
      http.request(LoggedInCustomer, routes.fetchByToken(customerToken, userId, phoneNumber)),
    /** POST Appointment/forCustomerAccount : the customer's appointments. */
    appointments: (request: { customerToken: string; phoneNumber: string; userId: number }) =>
      http.request(CustomerAppointments, routes.customerAppointments(), { method: "POST", body: request }),
    /** PUT Appointment/ChangeAsCustomerAccount : move an appointment. */
    changeAppointment: (request: ChangeAppointmentRequest) =>
      http.request(Acknowledgement, routes.changeAppointment(), { method: "PUT", body: request }),
  };
}

export type CustomerCalls = ReturnType<typeof createCustomerCalls>;
