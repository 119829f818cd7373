import * as v from "valibot";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CustomerAccount, LoggedInCustomer, type Provider, type Service } from "../../src/contract/schemas/index.ts";
import { bookingPage, bookingRequest, hoursFor, verifiedToken } from "../support/booking-helpers.ts";
import { requestFrom, startTestApi, type TestApi } from "../support/test-api.ts";

// Issue 57: My Page logs in with a code sent now, to a phone, or to a proven e-mail on a
// page that verifies by e-mail; limited per recipient, per address and per network.

let api: TestApi;
let clinic: Provider;
let physio: Service;
let frisor: Provider;
const KARI = "41234567";

beforeAll(async () => {
  api = await startTestApi({ trustedProxyHops: 1 });
  ({ provider: clinic } = await bookingPage(api, "demo-clinic"));
  physio = Object.values((await bookingPage(api, "demo-clinic")).services)[0]!;
  ({ provider: frisor } = await bookingPage(api, "demo-frisor"));
});
afterAll(() => api.close());
beforeEach(() => api.reset());

const sendCode = (provider: Provider, login: string, from = "203.0.113.7") =>
  requestFrom(api, from, "POST", "/CustomerAccount/loginCode", { adminId: provider.userId, login });
const logIn = (provider: Provider, login: string, code: string, from = "203.0.113.7") =>
  requestFrom(api, from, "POST", "/CustomerAccount/byCode", { adminId: provider.userId, login, code });

/** The clinic customer of the issue: books with a code sent to their e-mail, and types a phone beside it. */
async function bookAtClinicByEmail(email: string) {
  const token = await verifiedToken(api, clinic, { emailAddress: email });
  const day = await hoursFor(api, clinic, physio);
  const response = await api.postJson(
    `/Appointment?userId=${clinic.userId}`,
    bookingRequest(clinic, physio, day.iso, day.hoursToBook[0]!.backendLabel, {
      emailAddress: email,
      phoneNumber: "3125550177",
      customerAccountIdentificationCode: token,
      emailReceipt: true,
    }),
  );
  expect(response.status).toBe(200);
  return token;
}

describe("a code sent now", () => {
  it("logs a clinic customer verified by e-mail in by e-mail, and FetchByToken then lists the booking under that e-mail", async () => {
    await bookAtClinicByEmail("ola.nordmann@example.com");
    const sent = await sendCode(clinic, "Ola.Nordmann@example.com");
    expect(sent.status).toBe(200);
    expect(await sent.json()).toEqual({ channel: "email", to: "ola.nordmann@example.com" });
    const [message] = (await api.outbox("ola.nordmann@example.com")).filter((m) => m.subject.includes("My Page"));
    expect(message!.body).toMatch(/log in to My Page at Demo Physio Clinic is \d{5}/);

    const login = await logIn(clinic, "ola.nordmann@example.com", message!.code!);
    expect(login.status).toBe(200);
    const account = v.parse(CustomerAccount, await login.json());
    expect(account.customerAccountIdentificationCode).toMatch(/^[0-9a-f]{48}$/);
    expect(account.phoneNumber).toBe("");

    const fetched = await api.request(
      `/Customer/FetchByToken/${account.customerAccountIdentificationCode}/${clinic.userId}/${encodeURIComponent("ola.nordmann@example.com")}`,
    );
    expect(fetched.status).toBe(200);
    const { appointments } = v.parse(LoggedInCustomer, await fetched.json());
    expect(appointments.map((a) => a.appointmentName)).toEqual([physio.title]);
    // The phone typed beside the e-mail opens nothing: it was never proven.
    const byTypedPhone = await api.request(
      `/Customer/FetchByToken/${account.customerAccountIdentificationCode}/${clinic.userId}/3125550177`,
    );
    expect(byTypedPhone.status).toBe(401);
  });

  it("the token kept after the booking's own e-mail proof opens My Page with the e-mail (the widget's saved login)", async () => {
    const token = await bookAtClinicByEmail("kept@example.com");
    const fetched = await api.request(`/Customer/FetchByToken/${token}/${clinic.userId}/${encodeURIComponent("kept@example.com")}`);
    expect(fetched.status).toBe(200);
  });

  it("an account proven by e-mail alone edits its profile: asked for no phone, its e-mail (its login) kept, and it stays logged in", async () => {
    const token = await bookAtClinicByEmail("profile@example.com");
    const edit = await api.sendJson("PUT", "/CustomerAccount", {
      adminId: clinic.userId,
      customerAccountIdentificationCode: token,
      phoneNumber: "profile@example.com",
      firstName: "Pat Profile",
      emailAddress: "someone-else@example.com",
      address: "1 Main St",
      postalCode: "60611",
      city: "Chicago",
      ssn: "1",
      dateOfBirth: "1980-05-01",
      gender: "Kvinne",
      customFields: [{ label: "Insurance number", optional: false, value: "INS-9" }],
    });
    expect(edit.status).toBe(200);
    const account = v.parse(CustomerAccount, await edit.json());
    expect(account).toMatchObject({ firstName: "Pat Profile", emailAddress: "profile@example.com", phoneNumber: "", verified: true });
    const fetched = await api.request(`/Customer/FetchByToken/${token}/${clinic.userId}/${encodeURIComponent("profile@example.com")}`);
    expect(fetched.status).toBe(200);
  });

  it("sends by SMS to a phone with an account, and the code logs in once", async () => {
    expect((await sendCode(frisor, KARI)).status).toBe(200);
    const [message] = await api.outbox(KARI);
    expect(message!.body).toMatch(/Min side hos .* er \d{5}/);
    const first = await logIn(frisor, KARI, message!.code!);
    expect(first.status).toBe(200);
    const account = v.parse(CustomerAccount, await first.json());
    expect(account.phoneNumber).toBe(KARI);
    expect((await api.request(`/Customer/FetchByToken/${account.customerAccountIdentificationCode}/${frisor.userId}/${KARI}`)).status).toBe(
      200,
    );
    const again = await logIn(frisor, KARI, message!.code!);
    expect(again.status).toBe(401);
    expect((await again.json()).code).toBe("wrong-code-or-phone");
  });

  it("answers alike for a phone or an e-mail with no account, and sends nothing there", async () => {
    const phone = await sendCode(frisor, "49999999");
    const email = await sendCode(clinic, "nobody@example.com");
    expect([phone.status, email.status]).toEqual([200, 200]);
    expect(await phone.json()).toEqual({ channel: "sms", to: "49999999" });
    expect(await api.outbox("49999999")).toEqual([]);
    expect(await api.outbox("nobody@example.com")).toEqual([]);
  });

  it("tells no stranger who is a customer: a phone without an account takes five wrong guesses and then 429, as a customer's does", async () => {
    const answers = async (phone: string) => {
      expect((await sendCode(frisor, phone)).status).toBe(200);
      const statuses: number[] = [];
      for (let guess = 0; guess < 6; guess++) statuses.push((await logIn(frisor, phone, String(10000 + guess))).status);
      return statuses;
    };
    const stranger = await answers("49999998");
    const customer = await answers(KARI);
    // (A customer's real code is one of 100,000: these six guesses miss it.)
    expect(stranger).toEqual([401, 401, 401, 401, 401, 429]);
    expect(customer).toEqual(stranger);
  });

  it("an account nobody proved (a page that verifies no one) stays unproven: the code opens it with its My Page code, and later bookings still reach it", async () => {
    await api.db.query("UPDATE providers SET verification_type = 0 WHERE id = $1", [clinic.userId]);
    const book = async (index: number) => {
      const day = await hoursFor(api, clinic, physio);
      const response = await api.postJson(
        `/Appointment?userId=${clinic.userId}`,
        bookingRequest(clinic, physio, day.iso, day.hoursToBook[index]!.backendLabel, {
          phoneNumber: "3125550188",
          emailAddress: "unproven@example.com",
        }),
      );
      expect(response.status).toBe(200);
    };
    await book(0);
    expect((await sendCode(clinic, "3125550188")).status).toBe(200);
    const [message] = (await api.outbox("3125550188")).filter((m) => m.code);
    const account = v.parse(CustomerAccount, await (await logIn(clinic, "3125550188", message!.code!)).json());
    expect(account.verified).toBe(false);
    expect(account.customerAccountIdentificationCode).toMatch(/^\d{3}$/);
    await book(1);
    const fetched = await api.request(`/Customer/FetchByToken/${account.customerAccountIdentificationCode}/${clinic.userId}/3125550188`);
    expect(fetched.status).toBe(200);
    expect(v.parse(LoggedInCustomer, await fetched.json()).appointments).toHaveLength(2);
  });

  it("opens by e-mail only an account whose e-mail was proven: an e-mail typed beside a phone gets nothing", async () => {
    // Kari's account at the frisør holds an e-mail nobody proved; the clinic page is where e-mail codes go.
    await api.db.query("UPDATE customer_accounts SET email_address = 'typed@example.com' WHERE provider_id = $1", [clinic.userId]);
    expect((await sendCode(clinic, "typed@example.com")).status).toBe(200);
    expect(await api.outbox("typed@example.com")).toEqual([]);
  });

  it("refuses an e-mail on a page that verifies by phone, and malformed logins and codes, naming the field", async () => {
    const byEmail = await sendCode(frisor, "kari@example.com");
    expect(byEmail.status).toBe(400);
    expect((await byEmail.json()).message).toMatch(/"login".*SMS only/);
    for (const login of ["", "12", "kari@", 42]) {
      const response = await requestFrom(api, "203.0.113.7", "POST", "/CustomerAccount/loginCode", { adminId: frisor.userId, login });
      expect(response.status).toBe(400);
      expect((await response.json()).message).toMatch(/login/);
    }
    const shortCode = await logIn(frisor, KARI, "123");
    expect(shortCode.status).toBe(400);
    expect((await shortCode.json()).message).toMatch(/code.*5 digits/);
  });

  it("compares five guesses with one code, then only a new code helps", async () => {
    await sendCode(frisor, KARI);
    const [message] = await api.outbox(KARI);
    const wrong = message!.code === "00000" ? "00001" : "00000";
    const guesses = await Promise.all(Array.from({ length: 20 }, () => logIn(frisor, KARI, wrong)));
    expect(guesses.filter((r) => r.status === 401)).toHaveLength(5);
    expect(guesses.filter((r) => r.status === 429)).toHaveLength(15);
    expect((await logIn(frisor, KARI, message!.code!)).status).toBe(429);
  });
});

describe("the limits of sending, under 1000 parallel requests", () => {
  it("per target: 3 codes to one phone from 1000 addresses", async () => {
    const responses = await Promise.all(
      Array.from({ length: 1000 }, (_, i) => sendCode(frisor, KARI, `10.${Math.floor(i / 250)}.${i % 250}.1`)),
    );
    expect(responses.filter((r) => r.status === 200)).toHaveLength(3);
    expect(responses.filter((r) => r.status === 429)).toHaveLength(997);
    expect(await api.outbox(KARI)).toHaveLength(3);
    const refused = responses.find((r) => r.status === 429)!;
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await refused.json()).code).toBe("too-many-codes");
  });

  it("per address: 20 sends an hour from one address, over 1000 targets", async () => {
    const responses = await Promise.all(Array.from({ length: 1000 }, (_, i) => sendCode(frisor, String(40000000 + i), "198.51.100.9")));
    expect(responses.filter((r) => r.status === 200)).toHaveLength(20);
    expect(responses.filter((r) => r.status === 429)).toHaveLength(980);
  });

  it("per network: 150 sends an hour from the addresses of one /24, over 1000 targets", async () => {
    const responses = await Promise.all(
      Array.from({ length: 1000 }, (_, i) => sendCode(frisor, String(40000000 + i), `192.0.2.${i % 250}`)),
    );
    expect(responses.filter((r) => r.status === 200)).toHaveLength(150);
    expect(responses.filter((r) => r.status === 429)).toHaveLength(850);
    // Another network is not held back by it.
    expect((await sendCode(frisor, KARI, "203.0.113.50")).status).toBe(200);
  });
});
