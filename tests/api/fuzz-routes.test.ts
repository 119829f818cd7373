import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REFUSALS, type RefusalCode } from "../../src/contract/refusals.ts";
import { bookingPage, bookingRequest, dateParts, loginToken } from "../support/booking-helpers.ts";
import { expectedFirstDay } from "../support/expected-times.ts";
import { startTestApi, type TestApi } from "../support/test-api.ts";

// Issue 14 item 14: every route, sent a bounded, deterministic set of malformed,
// oversized, wrong-typed, unicode and boundary inputs (each field of a valid request
// replaced in turn, each path and query value too). No answer is a 5xx, every answer
// is JSON with a message (or the route's own HTML/text), and a request refused as
// malformed (400, 413, 422) changes nothing in the database.

let api: TestApi;
let routes: Route[];

interface Route {
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** Path segments; a segment in braces is a value to vary. */
  path: string;
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
}

/** What each field is replaced with: wrong types, boundaries, unicode, control characters, size. */
const VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  2147483647,
  2147483648,
  -2147483649,
  1e308,
  // biome-ignore lint/correctness/noPrecisionLoss: past Number.MAX_SAFE_INTEGER on purpose, as a caller's JSON may be
  9007199254740993,
  "",
  " ",
  "0",
  "-1",
  "99999999999999999999",
  "1e400",
  "NaN",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "👩‍👩‍👧‍👦\u202eǅ\u0301",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "x".repeat(5000),
  [],
  [null],
  {},
  { "\u0000": 1 },
];
/** The same for path and query values (text only). */
const TEXTS = [
  "",
  "0",
  "-1",
  "2147483648",
  "99999999999999999999",
  "1.5",
  "%00",
  "a%00b",
  "%F0%9F%91%A9",
  "%E2%80%AE",
  "x".repeat(3000),
  "..%2F..%2F",
  "' OR 1=1",
];

const WRITTEN_TABLES = [
  "appointments",
  "appointment_services",
  "customer_accounts",
  "one_time_codes",
  "outbox_messages",
  "payments",
  "rate_counters",
  "audit_log",
  "idempotent_requests",
  "waitlist_entries",
];

beforeAll(async () => {
  api = await startTestApi();
  const { provider: salon, services } = await bookingPage(api, "demo-salon");
  const haircut = services["Men's haircut"]!;
  const day = expectedFirstDay("demo-salon", 30);
  const token = await loginToken(api, salon, "2125550123", "salon-demo-1");
  const id = String(salon.userId);
  const hours = {
    ...dateParts(day.iso),
    userId: salon.userId,
    staffMemberId: null,
    serviceBookings: [{ serviceId: haircut.id, extraServiceIds: [] }],
  };
  const contact = { phoneNumber: "2125550123", adminId: salon.userId };
  const profile = {
    ...contact,
    phoneNumberCountryCode: 1,
    firstName: "Taylor",
    lastName: "",
    emailAddress: "taylor@example.com",
    address: "1 Main St",
    postalCode: "10001",
    city: "New York",
    password: "salon-demo-1",
    ssn: "",
    dateOfBirth: null,
    gender: null,
  };
  routes = [
    { method: "GET", path: "/User/ByUser/{name}", params: { name: "demo-salon" } },
    { method: "GET", path: "/User/{id}", params: { id } },
    { method: "GET", path: "/Company/connect", query: { id } },
    { method: "GET", path: "/CustomField/asAnonymous/{userId}", params: { userId: id } },
    { method: "POST", path: "/AuditLog/asAnonymous/{userId}", params: { userId: id }, body: { action: "autofill", details: "name" } },
    { method: "GET", path: "/Service/asAnonymous", query: { userId: id } },
    { method: "GET", path: "/StaffMember/count/{adminId}", params: { adminId: id } },
    {
      method: "POST",
      path: "/StaffMember/asAnonymous/{adminId}",
      params: { adminId: id },
      body: { serviceBookings: hours.serviceBookings },
    },
    { method: "GET", path: "/WorkingDays/all", query: { userId: id, serviceIds: String(haircut.id) } },
    { method: "GET", path: "/VacationDays/asAnonymous", query: { userId: id, serviceIds: String(haircut.id) } },
    { method: "POST", path: "/Appointment/availableHours", body: hours },
    { method: "POST", path: "/Appointment/availableHours/month", body: hours },
    { method: "POST", path: "/Appointment/firstAvailableHourDay", body: hours },
    {
      method: "POST",
      path: "/Appointment",
      query: { userId: id },
      body: bookingRequest(salon, haircut, day.iso, day.times[0]!, {
        phoneNumber: "2125550123",
        customerAccountIdentificationCode: token,
        customFields: [],
      }) as unknown as Record<string, unknown>,
    },
    {
      method: "POST",
      path: "/Appointment/hold",
      body: { ...hours, hour: Number(day.times[0]!.slice(0, 2)), minute: Number(day.times[0]!.slice(3)) },
    },
    { method: "POST", path: "/Appointment/hold/release", body: { userId: salon.userId, holdToken: "ab".repeat(24) } },
    {
      method: "POST",
      path: "/Appointment/verificationCode",
      query: { userId: id },
      body: { phoneNumber: "2125550144", phoneNumberCountryCode: 1, emailAddress: "", firstName: "Ola" },
    },
    {
      method: "POST",
      path: "/Appointment/verify",
      query: { userId: id, verificationCode: "12345" },
      body: { code: "12345", userId: salon.userId, phoneNumber: "2125550144" },
    },
    { method: "POST", path: "/CustomerAccount", body: { ...profile, phoneNumber: "2125550145" } },
    { method: "PUT", path: "/CustomerAccount", body: { ...profile, customerAccountIdentificationCode: token } },
    { method: "POST", path: "/CustomerAccount/byPhone", body: { login: "2125550123", adminId: salon.userId } },
    {
      method: "POST",
      path: "/CustomerAccount/byPhoneAndPassword",
      body: { login: "2125550123", adminId: salon.userId, password: "salon-demo-1" },
    },
    { method: "POST", path: "/CustomerAccount/resetPassword", body: { login: "2125550123", adminId: salon.userId } },
    {
      method: "POST",
      path: "/CustomerAccount/resetPasswordByCode",
      body: { login: "2125550123", adminId: salon.userId, code: "12345", newPassword: "new-pass-1" },
    },
    { method: "GET", path: "/Customer/FetchByToken/{token}/{userId}/{phone}", params: { token, userId: id, phone: "2125550123" } },
    {
      method: "POST",
      path: "/Appointment/forCustomerAccount",
      body: { customerToken: token, userId: salon.userId, phoneNumber: "2125550123" },
    },
    {
      method: "POST",
      path: "/Appointment/cancelByCustomer",
      query: { appointmentId: "1", customerToken: token, phoneNumber: "2125550123", userId: id },
    },
    {
      method: "POST",
      path: "/Appointment/cancelSeriesByCustomer",
      query: { appointmentId: "1", customerToken: token, phoneNumber: "2125550123", userId: id },
    },
    {
      method: "POST",
      path: "/Appointment/series",
      body: { ...hours, hour: Number(day.times[0]!.slice(0, 2)), minute: Number(day.times[0]!.slice(3)), everyWeeks: 1, occurrences: 4 },
    },
    {
      method: "PUT",
      path: "/Appointment/ChangeAsCustomerAccount",
      body: {
        ...dateParts(day.iso),
        hour: 10,
        minute: 0,
        serviceIds: [haircut.id],
        phoneNumber: "2125550123",
        appointmentId: 1,
        adminId: salon.userId,
        customerToken: token,
      },
    },
    {
      method: "POST",
      path: "/payu/initiate",
      body: {
        amount: 50,
        currency: "USD",
        description: "x",
        customerEmail: "",
        customerFirstName: "",
        customerLastName: "",
        customerPhone: "",
        successUrl: "http://booking.test/payment/success",
        failureUrl: "http://booking.test/payment/failure",
        userId: salon.userId,
      },
    },
    { method: "GET", path: "/payments/simulator", query: { paymentId: "0".repeat(32) } },
    { method: "GET", path: "/payments/{paymentId}", params: { paymentId: "0".repeat(32) } },
    { method: "POST", path: "/payments/{paymentId}/pay", params: { paymentId: "0".repeat(32) } },
    { method: "GET", path: "/dev/outbox", query: { to: "2125550123" } },
    {
      method: "POST",
      path: "/Waitlist",
      query: { userId: id },
      body: { customerAccountIdentificationCode: token, serviceBookings: hours.serviceBookings, days: [day.iso], after: "15:00" },
    },
    { method: "GET", path: "/Waitlist", query: { userId: id, customerToken: token } },
    { method: "DELETE", path: "/Waitlist/{id}", params: { id: "1" }, query: { userId: id, customerToken: token } },
  ];
});
afterAll(() => api.close());

/** The route's request with one thing replaced (or none). */
function variants(route: Route): { label: string; path: string; body: string | undefined }[] {
  const build = (params: Record<string, string>, query: Record<string, string>, body: unknown) => {
    const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? "");
    const search = Object.entries(query)
      .map(([k, v]) => `${k}=${v}`)
      .join("&");
    return { path: search ? `${path}?${search}` : path, body: body === undefined ? undefined : JSON.stringify(body) };
  };
  const params = route.params ?? {};
  const query = Object.fromEntries(Object.entries(route.query ?? {}).map(([k, v]) => [k, encodeURIComponent(v)]));
  const out = [{ label: "as is", ...build(params, query, route.body) }];
  for (const name of Object.keys(params))
    for (const text of TEXTS)
      out.push({ label: `param ${name}=${text.slice(0, 20)}`, ...build({ ...params, [name]: text }, query, route.body) });
  for (const name of Object.keys(query))
    for (const text of TEXTS)
      out.push({ label: `query ${name}=${text.slice(0, 20)}`, ...build(params, { ...query, [name]: text }, route.body) });
  if (route.body) {
    for (const name of Object.keys(route.body)) {
      for (const value of VALUES)
        out.push({
          label: `body.${name}=${JSON.stringify(value)?.slice(0, 20)}`,
          ...build(params, query, { ...route.body, [name]: value }),
        });
    }
    for (const whole of [null, [], "text", 1e308, { deep: JSON.parse("[".repeat(40) + "]".repeat(40)) }]) {
      out.push({ label: `body=${JSON.stringify(whole).slice(0, 20)}`, ...build(params, query, whole) });
    }
    out.push({ label: "body not JSON", path: build(params, query, undefined).path, body: '{"a":' });
    out.push({
      label: "body too large",
      path: build(params, query, undefined).path,
      body: JSON.stringify({ pad: "x".repeat(120 * 1024) }),
    });
  }
  return out;
}

function messageOf(text: string): string {
  try {
    return String((JSON.parse(text) as { message?: unknown }).message ?? "");
  } catch {
    return "";
  }
}

/** The refusal code of an error body, if it has one. */
function codeOf(text: string): unknown {
  try {
    return (JSON.parse(text) as { code?: unknown }).code;
  } catch {
    return undefined;
  }
}

async function fingerprint(): Promise<string> {
  const parts = await Promise.all(
    WRITTEN_TABLES.map(
      async (table) =>
        (await api.db.query<{ md5: string | null }>(`SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) AS md5 FROM ${table} t`))[0]!
          .md5,
    ),
  );
  return parts.join(",");
}

describe("every route under bounded fuzzing", () => {
  it("answers every variant below 500, with a message when refused, and a refused malformed request changes nothing", async () => {
    await api.reset();
    const problems: string[] = [];
    let sent = 0;
    let before = await fingerprint();
    for (const route of routes) {
      for (const variant of variants(route)) {
        const response = await api.request(variant.path, {
          method: route.method,
          ...(variant.body === undefined ? {} : { body: variant.body, headers: { "content-type": "application/json" } }),
        });
        sent++;
        const where = `${route.method} ${route.path} [${variant.label}]`;
        const text = await response.text();
        if (response.status >= 500) problems.push(`${where}: ${response.status} ${text.slice(0, 120)}`);
        if (response.status >= 400 && messageOf(text) === "") problems.push(`${where}: ${response.status} without a JSON message`);
        // A refusal's code is one of the list, answered with that code's status.
        const code = codeOf(text);
        if (
          code !== undefined &&
          !(typeof code === "string" && code in REFUSALS && REFUSALS[code as RefusalCode].status === response.status)
        ) {
          problems.push(`${where}: ${response.status} with refusal code ${JSON.stringify(code)}`);
        }
        // A wrong code is a well-formed guess, answered 400 by spec §8, and counted by design.
        const guess = code === "wrong-verification-code" || code === "wrong-reset-code";
        // One fingerprint per request: the one after this request is the one before the next.
        const after = await fingerprint();
        if ([400, 413, 422].includes(response.status) && !guess && after !== before) {
          problems.push(`${where}: ${response.status} but the database changed`);
        }
        before = after;
      }
      // Each route starts from the seed: what a valid variant did stays out of the next route's way.
      await api.reset();
      before = await fingerprint();
    }
    expect(problems).toEqual([]);
    expect(sent).toBeGreaterThan(1000);
  }, 120_000);
});
