import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testSeed } from "../fixtures/test-seed.ts";
import { type StartedServer, startServer } from "../support/start-server.ts";
import { type StripeStandIn, startStripeStandIn } from "../support/stripe-stand-in.ts";
import { TEST_NOW } from "../support/test-clock.ts";
import { seedFile } from "../support/test-seed-file.ts";
import { startVippsStandIn, type VippsStandIn } from "../support/vipps-stand-in.ts";
import { coloringUpToBooking, fullColorUpToBooking, leave, nextBooking, stillOffered, unexpected, usePages } from "./booking-support.ts";

// Issue 45: all three of the spec's payment variants reach a real gateway's SDK. `npm start`'s
// server with Vipps MobilePay's keys (VIPPS_API_BASE: the in-process stand-in, which takes
// loopback http return addresses as https) and Stripe's (STRIPE_API_BASE), on the tests'
// pages with demo-salon as the card provider (onlineTransactionProvider 2). demo-frisor pays
// with the wallet on the landing page and gets its receipt in Norwegian; demo-salon pays by card.
let vipps: VippsStandIn;
let stripe: StripeStandIn;
let server: StartedServer;
const open = usePages();

beforeAll(async () => {
  vipps = await startVippsStandIn({ now: () => TEST_NOW, loopbackHttp: true });
  stripe = await startStripeStandIn({ now: () => TEST_NOW });
  const pages = structuredClone(testSeed);
  const salon = pages.companies.flatMap((company) => company.providers).find((page) => page.bookingLink === "demo-salon")!;
  Object.assign(salon, { onlineTransactionProvider: 2 });
  server = await startServer({
    SEED_FILE: seedFile(pages),
    ...stripe.env,
    VIPPS_CLIENT_ID: vipps.clientId,
    VIPPS_CLIENT_SECRET: vipps.clientSecret,
    VIPPS_SUBSCRIPTION_KEY: vipps.subscriptionKey,
    VIPPS_MSN: vipps.msn,
    VIPPS_API_BASE: vipps.url,
  });
  stripe.setWebhookUrl(`${server.url}/api/payments/stripe/webhook`);
});
afterAll(async () => {
  server?.stop();
  await vipps?.close();
  await stripe?.close();
});

describe("the mobile wallet through Vipps MobilePay in Chromium", () => {
  it("demo-frisor: Kari pays the colouring on the landing page, comes back to the receipt in Norwegian, and the money is captured", async () => {
    const { page, errors } = await open(`${server.url}/demo-frisor`);
    await page.setViewportSize({ width: 360, height: 740 });
    await coloringUpToBooking(page);
    const booked = nextBooking(page);
    await page.getByRole("button", { name: "Bestill time" }).click();
    await page.getByRole("dialog", { name: "Betal på nett" }).getByRole("button", { name: "Betal 500 kr med Vipps" }).click();

    await page.waitForURL(new RegExp(`^${vipps.url}/landing\\?token=`));
    await page.getByRole("heading", { name: "Betal 500.00 NOK" }).waitFor();
    // Held, not booked, while the visitor is at Vipps MobilePay.
    expect(await stillOffered(await booked, server.url)).toBe(false);
    await page.getByRole("button", { name: "Godkjenn" }).click();

    await page.waitForURL(new RegExp(`^${server.url}/payment/success\\?company=demo-frisor&paymentId=[0-9a-f]{32}$`));
    await page.getByText("Takk for bestillingen!").waitFor({ timeout: 20_000 });
    const paymentId = new URL(page.url()).searchParams.get("paymentId")!;
    expect(await (await fetch(`${server.url}/api/payments/${paymentId}`)).json()).toMatchObject({
      status: "paid",
      appointmentStatus: "confirmed",
    });
    const subjects = async () =>
      ((await (await fetch(`${server.url}/api/dev/outbox?to=41234567`)).json()) as { subject: string }[]).map((m) => m.subject);
    expect((await subjects()).filter((subject) => /timen er bekreftet/.test(subject))).toHaveLength(1);
    // The running server's capture worker takes the reserved 500 kr.
    await expect.poll(() => vipps.payment(paymentId).aggregate.capturedAmount.value, { timeout: 20_000 }).toBe(50_000);
    expect(unexpected(errors)).toEqual([]);
    await page.context().close();
  });

  it("demo-frisor: Avbryt at Vipps MobilePay comes back to the filled-in booking with the payment failure", async () => {
    const { page, errors } = await open(`${server.url}/demo-frisor`);
    await coloringUpToBooking(page);
    await page.getByRole("button", { name: "Bestill time" }).click();
    await page.getByRole("dialog", { name: "Betal på nett" }).getByRole("button", { name: "Betal 500 kr med Vipps" }).click();
    await page.waitForURL(new RegExp(`^${vipps.url}/landing\\?token=`));
    await page.getByRole("button", { name: "Avbryt" }).click();
    await page.waitForURL(new RegExp(`^${server.url}/payment/success\\?company=demo-frisor&paymentId=[0-9a-f]{32}$`));
    await page.getByText("Betalingen mislyktes").first().waitFor({ timeout: 20_000 });
    await page.getByRole("button", { name: "Bestill time" }).waitFor();
    const paymentId = new URL(page.url()).searchParams.get("paymentId")!;
    expect(await (await fetch(`${server.url}/api/payments/${paymentId}`)).json()).toMatchObject({
      status: "declined",
      appointmentStatus: "cancelled",
    });
    expect(unexpected(errors)).toEqual([]);
    // Its held time (two hours of the address's three) goes back as the visitor leaves.
    await leave(page);
  });
});

describe("the card provider through Stripe Checkout in Chromium", () => {
  it("demo-salon as the card provider: Full color goes to Stripe's page limited to cards; paying there returns to the receipt", async () => {
    const { page, errors } = await open(`${server.url}/demo-salon`);
    await fullColorUpToBooking(page);
    await page.getByRole("button", { name: "Book appointment" }).click();
    await page.getByRole("dialog", { name: "Pay online" }).getByRole("button", { name: "Pay $50" }).click();
    await page.waitForURL(new RegExp(`^${stripe.url}/c/pay/cs_test_`));
    const create = stripe.calls.find((call) => call.path === "/v1/checkout/sessions" && call.method === "POST")!;
    expect(create.params).toMatchObject({ allowed_payment_method_types: { 0: "card" }, wallet_options: { link: { display: "never" } } });
    await page.getByRole("button", { name: "Pay 50.00 USD" }).click();
    await page.getByText("Thank you for your booking!").waitFor({ timeout: 20_000 });
    const paymentId = new URL(page.url()).searchParams.get("paymentId")!;
    expect(await (await fetch(`${server.url}/api/payments/${paymentId}`)).json()).toMatchObject({
      status: "paid",
      appointmentStatus: "confirmed",
    });
    expect(unexpected(errors)).toEqual([]);
    await page.context().close();
  });
});
