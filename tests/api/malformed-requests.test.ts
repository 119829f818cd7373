import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "../support/test-api.ts";

// Every route of the API, sent malformed input: each answers 400 with a JSON message
// that names the problem, and never a stack trace.
let api: TestApi;
let salon: number;
beforeAll(async () => {
  api = await startTestApi();
  salon = await api.providerId("demo-salon");
});
afterAll(() => api.close());
// Each test starts from the seed, whatever the others did.
beforeEach(() => api.reset());

/** path and body take the booking page's id; an undefined body sends none. */
type Case = [method: string, path: (id: number) => string, body: unknown, message: RegExp];

const NOT_JSON = "{not json";
const hours = (id: number) => ({ year: 2030, month: 1, day: 7, userId: id, staffMemberId: null, serviceBookings: [{ serviceId: 1 }] });

const cases: Case[] = [
  // provider and other calls
  ["GET", () => "/User/ByUser/not a name!", undefined, /booking link/],
  ["GET", () => "/User/12abc", undefined, /id/],
  ["GET", () => "/Company/connect", undefined, /id.*required/],
  ["GET", () => "/CustomField/asAnonymous/-1", undefined, /userId|id/],
  ["POST", (id) => `/AuditLog/asAnonymous/${id}`, NOT_JSON, /JSON/],
  ["POST", (id) => `/AuditLog/asAnonymous/${id}`, [1, 2], /JSON object/],
  // booking calls
  ["GET", () => "/Service/asAnonymous?userId=x", undefined, /userId/],
  ["GET", () => "/Service/asAnonymous?userId=1&userId=2", undefined, /userId.*given once/],
  ["GET", () => "/StaffMember/count/abc", undefined, /adminId|id/],
  ["POST", (id) => `/StaffMember/asAnonymous/${id}`, NOT_JSON, /JSON/],
  ["POST", (id) => `/StaffMember/asAnonymous/${id}`, { serviceBookings: "all" }, /serviceBookings/],
  ["GET", () => "/WorkingDays/all", undefined, /userId.*required/],
  ["GET", (id) => `/VacationDays/asAnonymous?userId=${id}&serviceIds=1;2`, undefined, /serviceIds/],
  ["POST", () => "/Appointment/availableHours", NOT_JSON, /JSON/],
  ["POST", (_id) => "/Appointment/availableHours", (id: number) => ({ ...hours(id), month: 13 }), /month/],
  ["POST", (_id) => "/appointment/availableHours/cache", (id: number) => ({ ...hours(id), serviceBookings: [{}] }), /serviceId/],
  ["POST", (_id) => "/Appointment/availableHours/month", (id: number) => ({ ...hours(id), year: "2030" }), /year/],
  [
    "POST",
    (_id) => "/Appointment/availableHours",
    (id: number) => ({ ...hours(id), movingAppointment: { appointmentId: 1, phoneNumber: "41234567" } }),
    /customerToken/,
  ],
  ["POST", (_id) => "/Appointment/firstAvailableHourDay", (id: number) => ({ ...hours(id), userId: String(id) }), /userId/],
  ["POST", (id) => `/Appointment?userId=${id}`, NOT_JSON, /JSON/],
  ["POST", (id) => `/Appointment?userId=${id}`, { year: 2030 }, /booking field/],
  ["POST", () => "/Appointment?userId=abc", {}, /userId/],
  ["POST", (id) => `/Appointment/verificationCode?userId=${id}`, NOT_JSON, /JSON/],
  ["POST", (id) => `/Appointment/verificationCode?userId=${id}`, { phoneNumber: 12345678 }, /phoneNumber/],
  ["POST", () => "/Appointment/hold", NOT_JSON, /JSON/],
  ["POST", (_id) => "/Appointment/hold", (id: number) => ({ ...hours(id), hour: 25, minute: 0 }), /hour/],
  ["POST", (_id) => "/Appointment/hold", (id: number) => ({ ...hours(id), hour: 10, minute: 0, holdToken: "../../etc" }), /holdToken/],
  ["POST", () => "/Appointment/hold/release", NOT_JSON, /JSON/],
  ["POST", (_id) => "/Appointment/hold/release", (id: number) => ({ userId: id }), /holdToken.*required/],
  ["POST", () => "/Appointment/verify", NOT_JSON, /JSON/],
  ["POST", () => "/Appointment/verify", {}, /userId.*required/],
  ["POST", (id) => `/Appointment/verify?userId=${id}&verificationCode=abcde`, undefined, /5 digits/],
  // customer account calls
  ["POST", () => "/CustomerAccount", NOT_JSON, /JSON/],
  ["POST", (_id) => "/CustomerAccount", (id: number) => ({ adminId: id, phoneNumber: "2125550100", password: 123456 }), /password/],
  ["PUT", () => "/CustomerAccount", NOT_JSON, /JSON/],
  ["PUT", (_id) => "/CustomerAccount", (id: number) => ({ adminId: id, phoneNumber: "" }), /phoneNumber/],
  ["POST", () => "/CustomerAccount/byPhone", NOT_JSON, /JSON/],
  ["POST", (_id) => "/CustomerAccount/byPhone", (id: number) => ({ login: null, adminId: id }), /login/],
  ["POST", () => "/CustomerAccount/byPhoneAndPassword", NOT_JSON, /JSON/],
  [
    "POST",
    (_id) => "/CustomerAccount/byPhoneAndPassword",
    (id: number) => ({ login: "2125550123", adminId: id, password: ["x"] }),
    /password/,
  ],
  ["POST", () => "/CustomerAccount/resetPassword", NOT_JSON, /JSON/],
  ["POST", () => "/CustomerAccount/resetPassword", { login: "2125550123" }, /adminId/],
  ["POST", () => "/CustomerAccount/resetPasswordByCode", NOT_JSON, /JSON/],
  [
    "POST",
    (_id) => "/CustomerAccount/resetPasswordByCode",
    (id: number) => ({ login: "2125550123", adminId: id, code: "12345" }),
    /newPassword/,
  ],
  // My Page
  ["GET", (id) => `/Customer/FetchByToken/123/${id}/phone`, undefined, /phoneNumber/],
  ["GET", (id) => `/Appointment/forCustomerAccount?userId=${id}&phoneNumber=2125550123`, undefined, /customerToken/],
  ["POST", () => "/Appointment/forCustomerAccount", NOT_JSON, /JSON/],
  [
    "POST",
    (id) => `/Appointment/cancelByCustomer?appointmentId=1&customerToken=123&phoneNumber=2125550123&userId=${id}x`,
    undefined,
    /userId/,
  ],
  ["PUT", () => "/Appointment/ChangeAsCustomerAccount", NOT_JSON, /JSON/],
  ["PUT", () => "/Appointment/ChangeAsCustomerAccount", { year: 2030 }, /change field/],
  // payments
  ["POST", () => "/payu/initiate", NOT_JSON, /JSON/],
  ["POST", () => "/payu/initiate", { amount: 10 }, /currency.*required/],
  ["GET", () => "/payments/simulator", undefined, /paymentId.*required/],
  ["POST", () => "/payments/simulator", undefined, /paymentId.*required/],
  ["POST", () => "/payments/not-an-id/pay", undefined, /paymentId/],
  ["POST", () => "/payments/not-an-id/decline", undefined, /paymentId/],
  // dev
  ["GET", () => "/dev/outbox", undefined, /to/],
];

describe("malformed requests", () => {
  it.each(cases.map(([method, path, body, message]) => [`${method} ${path(1)}`, method, path, body, message] as const))(
    "%s answers 400 with a message",
    async (_name, method, path, body, message) => {
      const payload = typeof body === "function" ? (body as (id: number) => unknown)(salon) : body;
      const response =
        payload === undefined ? await api.request(path(salon), { method }) : await api.sendJson(method, path(salon), payload);
      expect(response.status).toBe(400);
      expect(response.headers.get("content-type")).toMatch(/application\/json/);
      const answer = (await response.json()) as { message: string };
      expect(Object.keys(answer)).toEqual(["message"]);
      expect(answer.message).toMatch(message);
      expect(answer.message).not.toMatch(/\bat .*\.(ts|js):\d+|node_modules/);
    },
  );
});
