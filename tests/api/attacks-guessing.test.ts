import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Provider } from "../../src/contract/schemas/index.ts";
import { limits } from "../../demo/api/limits/counted-limits.ts";
import { bookForAccount, bookingPage, loginToken } from "../support/booking-helpers.ts";
import { requestFrom, startTestApi, type TestApi } from "../support/test-api.ts";

// Issue 29, "My Page codes can be guessed across many phones", the lock-outs and the long
// token: guessing limits count per address and per network across phones, besides per
// phone; the owner's own address is never locked by guesses from elsewhere; a valid token
// is never refused. Real parallel requests, over two API instances, on PGlite (api) and
// on PostgreSQL (api-postgres).

let api: TestApi;
let frisor: Provider;
const KARI = { phone: "41234567", password: "frisor-demo-1" };

beforeAll(async () => {
  api = await startTestApi({ trustedProxyHops: 1 });
  frisor = (await bookingPage(api, "demo-frisor")).provider;
});
afterAll(() => api.close());
beforeEach(() => api.reset());

type Caller = Pick<TestApi, "request">;
const from = (address: string, method: string, path: string, body?: unknown, caller: Caller = api) =>
  requestFrom(caller, address, method, path, body);
const myPage = (address: string, secret: string, phone: string, caller?: Caller) =>
  from(address, "GET", `/Customer/FetchByToken/${secret}/${frisor.userId}/${phone}`, undefined, caller);
const passwordLogin = (address: string, phone: string, password: string, caller?: Caller) =>
  from(address, "POST", "/CustomerAccount/byPhoneAndPassword", { login: phone, password, adminId: frisor.userId }, caller);
const lookup = (address: string, phone: string, caller?: Caller) =>
  from(address, "POST", "/CustomerAccount/byPhone", { login: phone, adminId: frisor.userId }, caller);
function counts(responses: Response[]) {
  const tally: Record<number, number> = {};
  for (const r of responses) tally[r.status] = (tally[r.status] ?? 0) + 1;
  return tally;
}
/** Runs `make(i)` for i < n at once, half on a second API instance (a second process, on PostgreSQL its own pool). */
async function inParallel(n: number, make: (i: number, caller: Caller) => Response | Promise<Response>) {
  const other = await api.secondInstance();
  try {
    return await Promise.all(Array.from({ length: n }, (_, i) => make(i, i % 2 ? other : api)));
  } finally {
    await other.close();
  }
}
const phoneNumber = (i: number) => String(40_000_000 + i);

describe("guesses count per address and per network across phones", () => {
  it("compares at most 10 of 1000 parallel My Page code guesses from one address over 200 phones", async () => {
    const answers = await inParallel(1000, (i, caller) =>
      myPage("203.0.113.9", String(i % 1000).padStart(3, "0"), phoneNumber(i % 200), caller),
    );
    const tally = counts(answers);
    expect(tally[401]).toBe(limits.myPageCodeAnyPhonePerAddress.max);
    expect(tally[429]).toBe(1000 - limits.myPageCodeAnyPhonePerAddress.max);
  });

  it("compares at most 50 from one network, however many of its addresses (IPv4 /24, IPv6 /48) take part", async () => {
    const v4 = await inParallel(600, (i, caller) => myPage(`203.0.113.${i % 60}`, "123", phoneNumber(i), caller));
    expect(counts(v4)[401]).toBe(limits.myPageCodeAnyPhonePerNetwork.max);
    const v6 = await inParallel(600, (i, caller) => myPage(`2001:db8:7:${i % 60}::1`, "123", phoneNumber(i), caller));
    expect(counts(v6)[401]).toBe(limits.myPageCodeAnyPhonePerNetwork.max);
    // Another network is not affected.
    expect((await myPage("192.0.2.1", "123", phoneNumber(1))).status).toBe(401);
  });

  it("compares at most 20 of 500 parallel password guesses from one address over 100 phones", async () => {
    const answers = await inParallel(500, (i, caller) =>
      passwordLogin("203.0.113.10", i % 2 ? KARI.phone : phoneNumber(i % 100), `guess-${i}`, caller),
    );
    const tally = counts(answers);
    // Unknown phones (404) and wrong passwords (401) are both counted answers.
    expect((tally[401] ?? 0) + (tally[404] ?? 0)).toBe(limits.passwordAnyPhonePerAddress.max);
    expect(tally[429]).toBe(500 - limits.passwordAnyPhonePerAddress.max);
  });

  it("answers at most 30 of 300 parallel byPhone lookups from one address; another address still gets its answer", async () => {
    const answers = await inParallel(300, (i, caller) => lookup("203.0.113.11", phoneNumber(i), caller));
    const tally = counts(answers);
    expect(tally[200]).toBe(limits.phoneLookupsPerAddress.max);
    expect(tally[429]).toBe(300 - limits.phoneLookupsPerAddress.max);
    const limited = answers.find((r) => r.status === 429)!;
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    const elsewhere = await lookup("192.0.2.2", KARI.phone);
    expect(await elsewhere.text()).toBe("Existing");
    // The reset routes tell no more: an unknown phone there is counted the same way.
    const reset = await from("203.0.113.11", "POST", "/CustomerAccount/resetPasswordByCode", {
      adminId: frisor.userId,
      login: phoneNumber(999),
      code: "12345",
      newPassword: "whatever-1",
    });
    expect(reset.status).toBe(429);
  });

  it("keeps honest visitors at one shared address working: 40 right passwords in a row, each refunding its own count", async () => {
    for (let i = 0; i < 40; i++) expect((await passwordLogin("203.0.113.12", KARI.phone, KARI.password)).status).toBe(200);
    const { code } = await bookForAccount(api, "demo-frisor", "Dameklipp", KARI);
    for (let i = 0; i < 40; i++) expect((await myPage("203.0.113.12", code, KARI.phone)).status).toBe(200);
  });
});

describe("lock-outs never lock the owner out from where they log in", () => {
  it("20 wrong passwords from elsewhere lock the phone for new addresses, not for the owner's own", async () => {
    // Kari logs in at home, then a guesser elsewhere fills the phone's limit.
    expect((await passwordLogin("192.0.2.50", KARI.phone, KARI.password)).status).toBe(200);
    const guesses = await inParallel(200, (i, caller) => passwordLogin(`198.51.${i % 50}.1`, KARI.phone, `guess-${i}`, caller));
    expect(counts(guesses)[401]).toBe(limits.passwordPerPhone.max);
    // A new address is held back; Kari at home is not.
    expect((await passwordLogin("192.0.2.99", KARI.phone, KARI.password)).status).toBe(429);
    expect((await passwordLogin("192.0.2.50", KARI.phone, KARI.password)).status).toBe(200);
  });

  it("My Page code guesses from elsewhere do not lock the owner's address, where she logged in before", async () => {
    const { code } = await bookForAccount(api, "demo-frisor", "Dameklipp", KARI);
    expect((await myPage("192.0.2.60", code, KARI.phone)).status).toBe(200);
    const wrong = code === "999" ? "998" : "999";
    const guesses = await inParallel(100, (i, caller) => myPage(`198.51.${i % 50}.2`, wrong, KARI.phone, caller));
    expect(counts(guesses)[401]).toBe(limits.myPageCodePerPhone.max);
    expect((await myPage("192.0.2.61", code, KARI.phone)).status).toBe(429);
    expect((await myPage("192.0.2.60", code, KARI.phone)).status).toBe(200);
  });

  it("never refuses a valid long token, whatever else its address sent", async () => {
    const token = await loginToken(api, frisor, KARI.phone, KARI.password);
    // Heavy traffic from the shared address: wrong tokens, wrong codes, lookups, guesses.
    const noise = await inParallel(400, (i, caller) => {
      if (i % 4 === 0) return myPage("203.0.113.13", "f".repeat(48), KARI.phone, caller);
      if (i % 4 === 1) return myPage("203.0.113.13", "555", phoneNumber(i), caller);
      if (i % 4 === 2) return lookup("203.0.113.13", phoneNumber(i), caller);
      return passwordLogin("203.0.113.13", KARI.phone, `guess-${i}`, caller);
    });
    expect(counts(noise)[429]).toBeGreaterThan(300);
    const answers = await inParallel(20, (_, caller) => myPage("203.0.113.13", token, KARI.phone, caller));
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
  });
});
