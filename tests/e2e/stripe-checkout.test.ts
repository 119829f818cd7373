import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectedFirstDay } from "../support/expected-times.ts";
import { type StartedServer, startServer } from "../support/start-server.ts";
import { type StripeStandIn, startStripeStandIn } from "../support/stripe-stand-in.ts";
import { TEST_NOW } from "../support/test-clock.ts";
import { testSeedFile } from "../support/test-seed-file.ts";
import { chooseDay, chooseFirstHour, fill, nextBooking, stillOffered, unexpected, usePages } from "./booking-support.ts";

// Issue 28: "Full color" on demo-salon (the first payment provider) paid through Stripe
// Checkout's redirect: `npm start`'s server with STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET,
// its SDK pointed at the in-process stand-in (STRIPE_API_BASE), whose hosted page is where
// the widget's payment dialog sends the visitor, and whose signed webhook confirms the booking.
let stripe: StripeStandIn;
let server: StartedServer;
const open = usePages();

beforeAll(async () => {
  // The server's clock stands at TEST_NOW; Stripe's bounds on expires_at count from the same instant.
  stripe = await startStripeStandIn({ now: () => TEST_NOW });
  server = await startServer({ SEED_FILE: testSeedFile(), ...stripe.env });
  stripe.setWebhookUrl(`${server.url}/api/payments/stripe/webhook`);
});
afterAll(async () => {
  server?.stop();
  await stripe?.close();
});

/** demo-salon: Taylor logs in and has Full color (any staff member, the first time free) ready to book. */
async function colorUpToBooking(page: Page) {
  await page.getByRole("button", { name: "Full color" }).click();
  await page.getByRole("button", { name: "Continue (1)" }).click();
  await page.getByRole("button", { name: /Any staff member/ }).click();
  await chooseDay(page, expectedFirstDay("demo-salon", 120).iso, "en");
  await chooseFirstHour(page);
  await fill(page, "Phone number", "2125550123");
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByLabel("Password").fill("salon-demo-1");
  await page.getByRole("button", { name: "Log in" }).click();
  await page.getByText(/^Logged in as Taylor/).waitFor();
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("checkbox", { name: /at least 24 hours in advance/ }).check();
}

describe("online payment through Stripe Checkout in Chromium", () => {
  it("demo-salon: Full color goes to Stripe's page by the dialog's redirect; paying there returns to the receipt", async () => {
    const { page, errors } = await open(`${server.url}/demo-salon`);
    await colorUpToBooking(page);
    const booked = nextBooking(page);
    await page.getByRole("button", { name: "Book appointment" }).click();

    const dialog = page.getByRole("dialog", { name: "Pay online" });
    await dialog.getByRole("button", { name: "Pay $50" }).click();
    await page.waitForURL(new RegExp(`^${stripe.url}/c/pay/cs_test_`));
    await page.getByRole("heading", { name: "Pay 50.00 USD" }).waitFor();
    // Held, not booked, while the visitor is on Stripe's page.
    const [session] = [...stripe.sessions.values()];
    expect(session).toMatchObject({ amount_total: 5000, currency: "usd", status: "open" });
    expect(await stillOffered(await booked, server.url)).toBe(false);

    await page.getByRole("button", { name: "Pay 50.00 USD" }).click();
    await page.waitForURL(new RegExp(`^${server.url}/payment/success\\?company=demo-salon&paymentId=[0-9a-f]{32}$`));
    await page.getByText("Thank you for your booking!").waitFor({ timeout: 20_000 });
    await stripe.delivered();
    const paymentId = new URL(page.url()).searchParams.get("paymentId")!;
    const payment = (await (await fetch(`${server.url}/api/payments/${paymentId}`)).json()) as Record<string, unknown>;
    expect(payment).toMatchObject({ status: "paid", appointmentStatus: "confirmed" });
    expect(unexpected(errors)).toEqual([]);
    await page.context().close();
  });

  it("demo-salon: Back on Stripe's page returns to the filled-in booking with the payment failure; the held booking is released", async () => {
    const { page, errors } = await open(`${server.url}/demo-salon`);
    await colorUpToBooking(page);
    await page.getByRole("button", { name: "Book appointment" }).click();
    await page.getByRole("dialog", { name: "Pay online" }).getByRole("button", { name: "Pay $50" }).click();
    await page.waitForURL(new RegExp(`^${stripe.url}/c/pay/cs_test_`));
    await page.getByRole("link", { name: "Back" }).click();
    await page.waitForURL(new RegExp(`^${server.url}/payment/failure\\?company=demo-salon&paymentId=[0-9a-f]{32}&status=expired$`));
    await page.getByText("Payment failed").first().waitFor();
    await page.getByRole("button", { name: "Book appointment" }).waitFor();
    // Stripe's session is closed (it can no longer be paid) and the booking given up; the
    // time is the visitor's own held time again, to book once more.
    const paymentId = new URL(page.url()).searchParams.get("paymentId")!;
    const payment = (await (await fetch(`${server.url}/api/payments/${paymentId}`)).json()) as Record<string, unknown>;
    expect(payment).toMatchObject({ status: "expired", appointmentStatus: "cancelled" });
    expect([...stripe.sessions.values()].at(-1)!.status).toBe("expired");
    expect(unexpected(errors)).toEqual([]);
    await page.context().close();
  });
});
