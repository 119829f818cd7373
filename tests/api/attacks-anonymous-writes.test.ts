import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Provider } from "../../src/contract/schemas/index.ts";
import { AUDIT_TEXT_MAX } from "../../src/contract/schemas/audit.ts";
import { limits } from "../../demo/api/limits/counted-limits.ts";
import { bookingPage, loginToken } from "../support/booking-helpers.ts";
import { requestFrom, startTestApi, type TestApi } from "../support/test-api.ts";

// Issue 29, what anyone may write without proving anything: anonymous audit entries are
// few and small; a profile typed for a phone before its owner proves it never becomes the
// owner's verified profile. Real parallel requests on PGlite (api) and PostgreSQL (api-postgres).

let api: TestApi;
let salon: Provider;

beforeAll(async () => {
  api = await startTestApi({ trustedProxyHops: 1 });
  salon = (await bookingPage(api, "demo-salon")).provider;
});
afterAll(() => api.close());
beforeEach(() => api.reset());

const from = (address: string, method: string, path: string, body?: unknown) => requestFrom(api, address, method, path, body);
const audit = (address: string, text = "Booking form auto-filled") =>
  from(address, "POST", `/AuditLog/asAnonymous/${salon.userId}`, { action: 3, type: 4, comment: text, message: text, hideForUser: true });
const auditRows = async () => (await api.db.query<{ count: number }>("SELECT count(*)::int AS count FROM audit_log"))[0]!.count;

describe("anonymous audit entries are limited per address and bounded in size", () => {
  it("writes 20 of 300 parallel entries from one address; another address still writes", async () => {
    const answers = await Promise.all(Array.from({ length: 300 }, () => audit("203.0.113.20")));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(limits.auditEntriesPerAddress.max);
    const limited = answers.find((r) => r.status === 429)!;
    expect(await limited.json()).toMatchObject({ code: "too-many-requests" });
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await auditRows()).toBe(limits.auditEntriesPerAddress.max);
    expect((await audit("192.0.2.20")).status).toBe(200);
  });

  it("writes at most 100 from one network, and refuses an entry longer than its bound", async () => {
    const answers = await Promise.all(Array.from({ length: 400 }, (_, i) => audit(`203.0.113.${i % 40}`)));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(limits.auditEntriesPerNetwork.max);
    const long = await audit("192.0.2.21", "x".repeat(AUDIT_TEXT_MAX + 1));
    expect(long.status).toBe(400);
    expect((await audit("192.0.2.21", "x".repeat(AUDIT_TEXT_MAX))).status).toBe(200);
  });
});

describe("a profile typed before the owner proves the phone never becomes the owner's profile", () => {
  const PHONE = "2125550188";
  const strangerProfile = {
    adminId: 0,
    phoneNumber: PHONE,
    phoneNumberCountryCode: 1,
    firstName: "Mallory",
    lastName: "Stranger",
    emailAddress: "mallory@example.com",
    address: "13 Evil Road",
    postalCode: "10013",
    city: "Gotham",
    password: "mallory-1",
  };
  /** The owner asks for a code with her own name and e-mail, and proves the phone with it. */
  async function ownerProves(extra: object = {}) {
    await from("192.0.2.30", "POST", `/Appointment/verificationCode?userId=${salon.userId}`, {
      phoneNumber: PHONE,
      phoneNumberCountryCode: 1,
      firstName: "Olivia Owner",
      emailAddress: "olivia@example.com",
    });
    const [message] = await api.outbox(PHONE);
    const verified = await from("192.0.2.30", "POST", "/Appointment/verify", {
      code: message!.code,
      userId: salon.userId,
      phoneNumber: PHONE,
      ...extra,
    });
    expect(verified.status).toBe(200);
    return (await verified.json()) as Record<string, unknown>;
  }

  it("keeps the owner's name and e-mail and none of the stranger's other fields, whatever 50 strangers sent in parallel", async () => {
    const posted = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        from(`198.51.100.${i}`, "POST", "/CustomerAccount", { ...strangerProfile, adminId: salon.userId, firstName: `Mallory ${i}` }),
      ),
    );
    expect(posted.every((r) => r.status === 200)).toBe(true);
    const account = await ownerProves();
    expect(account).toMatchObject({
      firstName: "Olivia Owner",
      lastName: "",
      emailAddress: "olivia@example.com",
      address: "",
      postalCode: "",
      city: "",
      verified: true,
    });
    expect(JSON.stringify(account)).not.toMatch(/Mallory|Stranger|Evil|Gotham/);
  });

  it("takes the new profile sent with the proof and its password", async () => {
    await from("198.51.100.1", "POST", "/CustomerAccount", { ...strangerProfile, adminId: salon.userId });
    const account = await ownerProves({
      password: "olivia-secret",
      profile: {
        firstName: "Olivia",
        lastName: "Owner",
        emailAddress: "olivia@example.com",
        address: "1 Home Street",
        postalCode: "10001",
        city: "New York",
        ssn: "",
        dateOfBirth: null,
        gender: null,
      },
    });
    expect(account).toMatchObject({ firstName: "Olivia", lastName: "Owner", address: "1 Home Street", city: "New York" });
    expect((await loginToken(api, salon, PHONE, "olivia-secret")).length).toBe(48);
  });

  it("leaves a verified owner's profile as it is: a later proof's values do not replace it", async () => {
    await ownerProves({ profile: { firstName: "Olivia", lastName: "Owner", emailAddress: "olivia@example.com", city: "New York" } });
    const again = await ownerProves({
      profile: { firstName: "Someone", lastName: "Else", emailAddress: "else@example.com", city: "Elsewhere" },
    });
    expect(again).toMatchObject({ firstName: "Olivia", lastName: "Owner", emailAddress: "olivia@example.com", city: "New York" });
  });
});
