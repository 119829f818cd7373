import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingPage, bookingRequest, hoursFor, loginToken, paymentRequest } from "../support/booking-helpers.ts";
import { demoToday } from "../support/expected-times.ts";
import { createTestDatabase, postgresUrlFromVitest } from "../support/postgres-database.ts";
import { type StartedServer, startServer } from "../support/start-server.ts";
import { type StripeStandIn, startStripeStandIn } from "../support/stripe-stand-in.ts";
import { httpApi } from "../support/test-api.ts";
import { TEST_NOW } from "../support/test-clock.ts";
import { testSeedFile } from "../support/test-seed-file.ts";
import { unexpected, usePages } from "./booking-support.ts";

// Issue 59 in Chromium against THE REAL API: a Full color booked today and its $50 deposit
// paid online through the Stripe stand-in (tests/support/stripe-stand-in.ts, as
// stripe-checkout.test.ts runs it: `npm start`'s server pointed at it by STRIPE_API_BASE);
// the owner opens it in the back office, sees it paid with Stripe's reference, cancels it,
// is told the deposit goes back in full, and the running server's refund worker gives it
// back at Stripe.

let stripe: StripeStandIn;
let server: StartedServer;
let database: Awaited<ReturnType<typeof createTestDatabase>> | null = null;
const open = usePages();
const OWNER = { email: "owner@demo-salon.example", password: "demo-owner-password" };
const TAYLOR = { name: "Taylor Brooks", phone: "2125550123", password: "salon-demo-1", email: "taylor@example.com" };
const today = demoToday("demo-salon");

beforeAll(async () => {
  // The server's clock stands at TEST_NOW; Stripe's bounds on expires_at count from the same instant.
  stripe = await startStripeStandIn({ now: () => TEST_NOW });
  // On the run's PostgreSQL where there is one (CI), as server-per-file.ts does; else PGlite.
  const postgres = postgresUrlFromVitest();
  database = postgres ? await createTestDatabase(postgres) : null;
  server = await startServer({ SEED_FILE: testSeedFile(), ...stripe.env, ...(database ? { DATABASE_URL: database.url } : {}) });
  stripe.setWebhookUrl(`${server.url}/api/payments/stripe/webhook`);
});
afterAll(async () => {
  await server?.stopped();
  await stripe?.close();
  await database?.drop();
});

/**
 * Taylor books today's first Full color time in the widget's API (signed in to her customer
 * account, so no code is asked), starts its Checkout as the widget does, and pays on Stripe's
 * page; Stripe's signed event confirms it. Answers the time and the paid Checkout Session.
 */
async function paidFullColor() {
  const api = httpApi(server.url);
  const { provider: salon, services } = await bookingPage(api, "demo-salon");
  const color = services["Full color"]!;
  const [first] = (await hoursFor(api, salon, color, {}, today)).hoursToBook;
  expect(first, "Full color has a free time today at TEST_NOW").toBeDefined();
  const time = first!.backendLabel;
  const token = await loginToken(api, salon, TAYLOR.phone, TAYLOR.password);
  const booked = await api.postJson(
    `/Appointment?userId=${salon.userId}`,
    bookingRequest(salon, color, today, time, {
      firstName: TAYLOR.name,
      phoneNumber: TAYLOR.phone,
      emailAddress: TAYLOR.email,
      customerAccountIdentificationCode: token,
      customFields: [],
    }),
  );
  expect(booked.status).toBe(200);
  const held = (await booked.json()) as { id: number; status: string; paymentToken: string };
  expect(held.status).toBe("awaiting_payment");
  const started = await api.postJson(
    "/payu/initiate",
    paymentRequest(server.url, {
      customerEmail: TAYLOR.email,
      userId: salon.userId,
      appointmentId: held.id,
      paymentToken: held.paymentToken,
    }),
  );
  expect(started.status).toBe(200);
  const { paymentId, redirectUrl } = (await started.json()) as { paymentId: string; redirectUrl: string };
  const sessionId = /\/c\/pay\/(cs_test_[0-9a-f]+)$/.exec(redirectUrl)![1]!;
  await stripe.deliver(stripe.pay(sessionId));
  await stripe.delivered();
  const payment = (await (await fetch(`${server.url}/api/payments/${paymentId}`)).json()) as Record<string, unknown>;
  expect(payment).toMatchObject({ status: "paid", appointmentStatus: "confirmed" });
  return { time, session: stripe.sessions.get(sessionId)! };
}

async function signIn(page: Page) {
  await page.getByRole("textbox", { name: "E-mail" }).fill(OWNER.email);
  await page.getByLabel("Password").fill(OWNER.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("grid").waitFor();
}

describe("a booking paid online, cancelled by the owner in the back office", () => {
  it("shows it paid with Stripe's reference; the cancel says the $50 is refunded in full, and the refund reaches Stripe", async () => {
    const { time, session } = await paidFullColor();
    expect(session).toMatchObject({ amount_total: 5000, currency: "usd", status: "complete", payment_status: "paid" });

    const { page, errors } = await open(`${server.url}/demo-salon/admin`);
    await signIn(page);
    await page.getByRole("gridcell", { name: new RegExp(`^[^,]+, [^:]+, ${time}: ${TAYLOR.name}, booked$`) }).click();
    const panel = page.getByRole("dialog", { name: new RegExp(`^Appointment .* ${time}–`) });
    await panel.getByText(TAYLOR.name).first().waitFor();
    const payment = panel.locator("section").filter({ has: page.getByRole("heading", { name: "Payment", exact: true }) });
    await payment.getByText(new RegExp(`^Paid online: paid, \\$50\\.00 \\(reference ${session.id}\\)$`)).waitFor();
    expect(await payment.getByText(/^Refund: /).count()).toBe(0);

    await panel.getByRole("button", { name: "Cancel appointment" }).click();
    await panel.getByText("Cancel this appointment? A payment is refunded in full.").waitFor();
    await panel.getByRole("button", { name: "Yes, cancel it" }).click();
    await panel
      .getByRole("status")
      .filter({ hasText: /^The appointment is cancelled\. \$50\.00 paid online is refunded in full\.$/ })
      .waitFor();
    await payment.getByText(/^Refund: (on its way|refunded), \$50\.00$/).waitFor();
    expect(await panel.getByRole("button", { name: "Cancel appointment" }).count()).toBe(0);

    // The running server's refund worker gives the deposit back at Stripe, on the paid payment.
    await expect
      .poll(() => stripe.refunds.map((refund) => ({ payment_intent: refund.payment_intent, amount: refund.amount })), { timeout: 20_000 })
      .toEqual([{ payment_intent: session.payment_intent, amount: 5000 }]);
    expect(unexpected(errors).filter((error) => !/status of 401/.test(error))).toEqual([]);
    await page.context().close();
  });
});
