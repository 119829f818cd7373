import { vippsGateway } from "../../demo/api/payments/vipps-gateway.ts";
import { DEMO_SECRET, serverKeys } from "../../demo/api/secrets/server-keys.ts";
import type { Provider } from "../../src/contract/schemas/index.ts";
import { addDays } from "../../src/contract/zoned-time.ts";
import { bookingPage, bookingRequest, type HeldBooking, hoursFor, loginToken, paymentRequest } from "./booking-helpers.ts";
import { demoToday, expectedFirstDay } from "./expected-times.ts";
import { startTestApi, type TestApi } from "./test-api.ts";
import { TEST_NOW } from "./test-clock.ts";
import { startVippsStandIn, type WalletDelivery } from "./vipps-stand-in.ts";

/** The in-process site's origin: Vipps MobilePay takes https return and webhook addresses only. */
export const WALLET_ORIGIN = "https://booking.test";
export const KARI = { phone: "41234567", password: "frisor-demo-1" };

/**
 * The reference API in-process with Vipps MobilePay as its mobile wallet, the official SDK
 * reaching the stand-in (tests/support/vipps-stand-in.ts) through the API's fetch route,
 * the stand-in's clock the API's; demo-frisor (onlineTransactionProvider 3) pays through it.
 * The stand-in's webhook deliveries are handed to the API in-process (or kept, with
 * `holdDeliveries`, for a test to deliver when and where it likes). `reset()` puts the API
 * back as seeded and forgets the stand-in's calls and webhooks (its payments stay).
 */
export async function startVippsTestApi() {
  let clock: TestApi["clock"] | undefined;
  let api: TestApi | undefined;
  let holding = false;
  const held: WalletDelivery[] = [];
  const deliverTo = (delivery: WalletDelivery, via: Pick<TestApi, "request"> = api!) =>
    via.request(new URL(delivery.url).pathname.replace(/^\/api/, ""), { method: "POST", headers: delivery.headers, body: delivery.body });
  const vipps = await startVippsStandIn({
    now: () => clock?.now() ?? TEST_NOW,
    accounts: ["123456", "654321"],
    deliver: async (delivery) => {
      if (holding) held.push(delivery);
      else await deliverTo(delivery);
    },
  });
  const settings = {
    clientId: vipps.clientId,
    clientSecret: vipps.clientSecret,
    subscriptionKey: vipps.subscriptionKey,
    msn: vipps.msn,
    testMode: true,
    apiBase: new URL(vipps.url),
  };
  api = await startTestApi({
    origin: WALLET_ORIGIN,
    // Each instance's gateway keeps its webhooks in that instance's database, as each process's does.
    payments: (db) => ({ vipps: vippsGateway(settings, db, serverKeys(DEMO_SECRET)) }),
  });
  clock = api.clock;
  const { provider: frisor, services } = await bookingPage(api, "demo-frisor");
  return {
    api,
    vipps,
    frisor: frisor as Provider,
    services,
    settings,
    /** Keeps the stand-in's deliveries instead of handing them over (`held`), or hands them over again. */
    holdDeliveries(hold = true) {
      holding = hold;
    },
    held,
    deliver: deliverTo,
    async reset() {
      await api!.reset();
      vipps.reset();
      // The API's rows go back as seeded, its webhooks with them: so do the stand-in's registrations.
      vipps.webhooks.length = 0;
      held.length = 0;
      holding = false;
    },
    async close() {
      await api!.close();
      await vipps.close();
    },
  };
}

export type VippsTestApi = Awaited<ReturnType<typeof startVippsTestApi>>;

/**
 * Kari's Farging booking on demo-frisor (a 500 NOK deposit online), held for payment: at
 * the index-th free time of the first open day that has that many, `daysAhead` days after
 * today at the earliest.
 */
export async function heldColoring(
  setup: Pick<VippsTestApi, "api" | "frisor" | "services">,
  index = 0,
  daysAhead = 0,
): Promise<HeldBooking> {
  const { api, frisor, services } = setup;
  const coloring = services.Farging!;
  const from = addDays(demoToday("demo-frisor", TEST_NOW), daysAhead);
  let day = await hoursFor(api, frisor, coloring, {}, expectedFirstDay("demo-frisor", 120, TEST_NOW, from).iso);
  while (day.hoursToBook.at(index) === undefined) day = await hoursFor(api, frisor, coloring, {}, addDays(day.iso, 1));
  const token = await loginToken(api, frisor, KARI.phone, KARI.password);
  const response = await api.postJson(
    `/Appointment?userId=${frisor.userId}`,
    bookingRequest(frisor, coloring, day.iso, day.hoursToBook.at(index)!.backendLabel, {
      phoneNumber: KARI.phone,
      phoneNumberCountryCode: 47,
      emailAddress: "kari@example.com",
      firstName: "Kari Nordmann",
      customerAccountIdentificationCode: token,
      customFields: [],
    }),
  );
  if (response.status !== 200) throw new Error(`the Farging booking answered ${response.status}: ${await response.text()}`);
  const booked = (await response.json()) as HeldBooking;
  if (booked.status !== "awaiting_payment") throw new Error(`the Farging booking is ${booked.status}, not held for payment`);
  return booked;
}

/** payu/initiate for a held booking with the wallet, as the widget sends it (its amount and description are ignored). */
export const walletPayment = (setup: Pick<VippsTestApi, "frisor">, held: HeldBooking) =>
  paymentRequest(WALLET_ORIGIN, {
    amount: 1,
    currency: "NOK",
    description: "Betal 1 krone",
    provider: "vipps",
    customerEmail: "kari@example.com",
    successUrl: `${WALLET_ORIGIN}/payment/success?company=demo-frisor`,
    failureUrl: `${WALLET_ORIGIN}/payment/failure?company=demo-frisor`,
    userId: setup.frisor.userId,
    appointmentId: held.id,
    paymentToken: held.paymentToken,
  });
