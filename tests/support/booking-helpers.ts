import * as v from "valibot";
import { LoadedDay, Provider, ServiceCategories, type BookingRequest, type Service } from "../../src/contract/schemas/index.ts";
import { addDays } from "../../src/contract/zoned-time.ts";
import { demoToday, expectedFirstDay } from "./expected-times.ts";
import { type ApiCalls, TEST_ORIGIN, type TestApi } from "./test-api.ts";
import { TEST_NOW } from "./test-clock.ts";

/** YYYY-MM-DD as the year/month/day fields of a request. */
export const dateParts = (iso: string) => {
  const [year, month, day] = iso.split("-").map(Number) as [number, number, number];
  return { year, month, day };
};

/** A demo booking page and its services by title. */
export async function bookingPage(api: ApiCalls, bookingLink: string) {
  const provider = v.parse(Provider, await (await api.request(`/User/ByUser/${bookingLink}`)).json());
  const categories = v.parse(ServiceCategories, await (await api.request(`/Service/asAnonymous?userId=${provider.userId}`)).json());
  const services = Object.fromEntries(categories.flatMap((c) => c.services).map((s) => [s.title, s])) as Record<string, Service>;
  return { provider, services };
}

/** The hours of a service's first available day (or of `iso`). */
export async function hoursFor(api: ApiCalls, provider: Provider, service: Service, extra: object = {}, iso = service.firstAvailable!) {
  const response = await api.postJson("/Appointment/availableHours", {
    ...dateParts(iso),
    userId: provider.userId,
    serviceBookings: [{ serviceId: service.id }],
    ...extra,
  });
  return v.parse(LoadedDay, await response.json());
}

/** A complete booking request (every field the clinic requires), to override per test. */
export function bookingRequest(
  provider: Provider,
  service: Service,
  date: string,
  time: string,
  overrides: Partial<BookingRequest> = {},
): BookingRequest {
  const [hour, minute] = time.split(":").map(Number) as [number, number];
  return {
    ...dateParts(date),
    hour,
    minute,
    comment: "",
    serviceBookings: [{ serviceId: service.id, extraServiceIds: [] }],
    phoneNumber: "3125550199",
    phoneNumberCountryCode: 1,
    emailAddress: "ola@example.com",
    firstName: "Ola Nordmann",
    lastName: "",
    cancelUrl: "",
    address: "1 Main St",
    postalCode: "60611",
    password: "",
    city: "Chicago",
    smsReminder: false,
    smsReceipt: true,
    whatsappReminder: false,
    whatsappReceipt: false,
    emailReceipt: true,
    emailReminder: true,
    signupNewsletter: false,
    userId: provider.userId,
    customerAccountIdentificationCode: null,
    customFields: [{ label: "Insurance number", optional: false, value: "INS-77" }],
    staffMemberId: null,
    ssn: "123-45-6789",
    dateOfBirth: "1980-05-01",
    gender: "Kvinne",
    ...overrides,
  };
}

/** A demo customer's token: the one a password login answers. */
export async function loginToken(api: ApiCalls, provider: Provider, phone: string, password: string): Promise<string> {
  const login = await api.postJson("/CustomerAccount/byPhoneAndPassword", { login: phone, password, adminId: provider.userId });
  if (login.status !== 200) throw new Error(`login of ${phone} answered ${login.status}`);
  return ((await login.json()) as { customerAccountIdentificationCode: string }).customerAccountIdentificationCode;
}

/**
 * A new customer account with a password, made the way the widget makes one: the
 * profile (POST CustomerAccount), a code texted to the phone, and the code verified
 * together with the password, which only then is set. Answers the verified account.
 */
export async function createAccount(
  api: ApiCalls,
  provider: Provider,
  profile: Record<string, unknown> & { phoneNumber: string; password: string },
) {
  const created = await api.postJson("/CustomerAccount", { adminId: provider.userId, ...profile });
  if (created.status !== 200) throw new Error(`POST CustomerAccount answered ${created.status}: ${await created.text()}`);
  await api.postJson(`/Appointment/verificationCode?userId=${provider.userId}`, {
    phoneNumber: profile.phoneNumber,
    phoneNumberCountryCode: 1,
  });
  const [message] = await api.outbox(profile.phoneNumber);
  const verified = await api.postJson("/Appointment/verify", {
    code: message!.code,
    userId: provider.userId,
    phoneNumber: profile.phoneNumber,
    password: profile.password,
  });
  if (verified.status !== 200) throw new Error(`verify answered ${verified.status}: ${await verified.text()}`);
  return (await verified.json()) as { customerAccountIdentificationCode: string; verified: boolean };
}

/** Sends a verification code, reads it from the outbox and answers the verified account's token. */
export async function verifiedToken(
  api: TestApi,
  provider: Provider,
  contact: { emailAddress?: string; phoneNumber?: string },
): Promise<string> {
  await api.postJson(`/Appointment/verificationCode?userId=${provider.userId}`, { ...contact, phoneNumberCountryCode: 1 });
  const [message] = await api.outbox(contact.emailAddress ?? contact.phoneNumber!);
  const account = await (await api.postJson("/Appointment/verify", { code: message!.code, userId: provider.userId })).json();
  return account.customerAccountIdentificationCode;
}

/**
 * Books `service` for an account customer (logged in by password) on the page's first
 * open day at least `fromDays` ahead (from TEST_NOW), at its first free time the customer
 * has not booked yet; answers the booking and the My Page code.
 */
export async function bookForAccount(
  api: ApiCalls,
  bookingLink: string,
  serviceTitle: string,
  login: { phone: string; password: string },
  fromDays = 3,
  overrides: Partial<BookingRequest> = {},
) {
  const { provider, services } = await bookingPage(api, bookingLink);
  const service = services[serviceTitle]!;
  const account = await (
    await api.postJson("/CustomerAccount/byPhoneAndPassword", { login: login.phone, password: login.password, adminId: provider.userId })
  ).json();
  const token: string = account.customerAccountIdentificationCode;
  // Never the same time twice: the customer's appointments must be told apart by their time.
  const mine = await (await api.request(`/Customer/FetchByToken/${token}/${provider.userId}/${login.phone}`)).json();
  const taken = new Set(
    (mine.appointments as { year: number; month: number; day: number; hour: number; minute: number }[]).map(
      (a) =>
        `${a.year}-${String(a.month).padStart(2, "0")}-${String(a.day).padStart(2, "0")} ${String(a.hour).padStart(2, "0")}:${String(a.minute).padStart(2, "0")}`,
    ),
  );
  const expected = expectedFirstDay(bookingLink, service.durationInMinutes, TEST_NOW, addDays(demoToday(bookingLink), fromDays));
  const day = await hoursFor(api, provider, service, {}, expected.iso);
  // What is free that day: the empty calendar's times less those other tests have taken.
  const free = day.hoursToBook.map((hour) => hour.backendLabel);
  if (free.some((label) => !expected.times.includes(label)))
    throw new Error(`${day.iso} offers ${free.join(", ")}; an empty calendar has ${expected.times.join(", ")}`);
  const time = free.find((label) => !taken.has(`${day.iso} ${label}`));
  if (!time) throw new Error(`the customer has booked every time of ${day.iso}`);
  const response = await api.postJson(
    `/Appointment?userId=${provider.userId}`,
    bookingRequest(provider, service, day.iso, time, {
      phoneNumber: login.phone,
      phoneNumberCountryCode: provider.defaultPhoneNumberCountryCode ?? 47,
      emailAddress: "",
      customerAccountIdentificationCode: token,
      customFields: [],
      smsReceipt: true,
      emailReceipt: false,
      ...overrides,
    }),
  );
  if (response.status !== 200) throw new Error(`booking failed: ${response.status} ${await response.text()}`);
  const booked = (await response.json()) as { id: number; status: string; paymentToken?: string };
  // A service paid online is paid through the demo's simulator first: its receipt comes then.
  if (booked.status === "awaiting_payment") await payWithSimulator(api, provider, booked.id, booked.paymentToken!);
  const code = /c=(\d{3})/.exec((await api.outbox(login.phone))[0]!.body)![1]!;
  return { provider, service, day, time, id: booked.id, code };
}

/** Pays a booking held for payment through the demo's simulator (its Pay button), with the page's own method. */
export async function payWithSimulator(
  api: ApiCalls,
  provider: Provider,
  appointmentId: number,
  paymentToken: string,
  origin = TEST_ORIGIN,
) {
  const initiated = await api.postJson(
    "/payu/initiate",
    paymentRequest(origin, {
      currency: provider.currency.toUpperCase(),
      provider: provider.onlineTransactionProvider === 3 ? "vipps" : "payu",
      userId: provider.userId,
      appointmentId,
      paymentToken,
    }),
  );
  if (initiated.status !== 200) throw new Error(`payment failed to start: ${initiated.status} ${await initiated.text()}`);
  const { paymentId } = (await initiated.json()) as { paymentId: string };
  await api.request(`/payments/${paymentId}/pay`, { method: "POST" });
  return paymentId;
}

/** Books every other staff member of the appointment's page at its time (walk-ins), so that the time is taken outright. */
export async function takeTimeFromColleagues(db: TestApi["db"], appointmentId: number) {
  await db.query(
    `INSERT INTO appointments (provider_id, staff_member_id, starts_at, ends_at, first_name)
     SELECT a.provider_id, s.id, a.starts_at, a.ends_at, 'Walk-in'
       FROM appointments a JOIN staff_members s ON s.provider_id = a.provider_id AND s.id <> a.staff_member_id
      WHERE a.id = $1`,
    [appointmentId],
  );
}

/** Another visitor's booking takes the held booking's time once its hold has run out (as a booking does: the lapsed hold gives way). */
export async function takeTheTime(db: TestApi["db"], heldId: number, now: Date) {
  await db.query("UPDATE appointments SET status = 'cancelled', cancelled_at = $2 WHERE id = $1 AND status = 'awaiting_payment'", [
    heldId,
    now,
  ]);
  await db.query(
    `INSERT INTO appointments (provider_id, staff_member_id, starts_at, ends_at, first_name)
     SELECT provider_id, staff_member_id, starts_at, ends_at, 'Walk-in' FROM appointments WHERE id = $1`,
    [heldId],
  );
}

/** A booking held for payment: its answer (the time, and the token that starts its payment). */
export interface HeldBooking {
  id: number;
  status: string;
  paymentToken: string;
  holdExpiresAt: string;
}

/**
 * Taylor's Full color booking on demo-salon (a $50 deposit online), held for payment: at
 * the index-th free time of the first open day that has that many (earlier bookings count),
 * `daysAhead` days after today at the earliest.
 */
export async function heldFullColor(api: ApiCalls, index = 0, daysAhead = 0): Promise<HeldBooking> {
  const { provider: salon, services } = await bookingPage(api, "demo-salon");
  const color = services["Full color"]!;
  const from = addDays(demoToday("demo-salon", TEST_NOW), daysAhead);
  let day = await hoursFor(api, salon, color, {}, expectedFirstDay("demo-salon", 120, TEST_NOW, from).iso);
  while (day.hoursToBook.at(index) === undefined)
    day = await hoursFor(api, salon, color, {}, expectedFirstDay("demo-salon", 120, TEST_NOW, addDays(day.iso, 1)).iso);
  const token = await loginToken(api, salon, "2125550123", "salon-demo-1");
  const response = await api.postJson(
    `/Appointment?userId=${salon.userId}`,
    bookingRequest(salon, color, day.iso, day.hoursToBook.at(index)!.backendLabel, {
      phoneNumber: "2125550123",
      emailAddress: "taylor@example.com",
      customerAccountIdentificationCode: token,
      customFields: [],
    }),
  );
  if (response.status !== 200) throw new Error(`the Full color booking answered ${response.status}: ${await response.text()}`);
  const held = (await response.json()) as HeldBooking;
  if (held.status !== "awaiting_payment") throw new Error(`the Full color booking is ${held.status}, not held for payment`);
  return held;
}

/** A payu/initiate body as the widget sends it, returning to demo-salon's pages on `origin`. */
export function paymentRequest(origin: string, fields: Record<string, unknown> = {}) {
  return {
    amount: 50,
    currency: "USD",
    description: "Full color",
    customerEmail: "",
    customerFirstName: "",
    customerLastName: "",
    customerPhone: "",
    successUrl: `${origin}/payment/success?company=demo-salon`,
    failureUrl: `${origin}/payment/failure?company=demo-salon`,
    ...fields,
  };
}

/** PUT Appointment/ChangeAsCustomerAccount: the customer (phone and login token) moves their appointment to `time` (HH:mm) on `iso`. */
export function moveAsCustomer(
  api: Pick<TestApi, "sendJson">,
  provider: Provider,
  customer: { phone: string; token: string },
  appointmentId: number,
  { iso, time, serviceIds }: { iso: string; time: string; serviceIds: number[] },
) {
  const [hour, minute] = time.split(":").map(Number) as [number, number];
  return api.sendJson("PUT", "/Appointment/ChangeAsCustomerAccount", {
    ...dateParts(iso),
    hour,
    minute,
    serviceIds,
    phoneNumber: customer.phone,
    appointmentId,
    adminId: provider.userId,
    customerToken: customer.token,
  });
}
