import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "../../src/contract/zoned-time.ts";
import { demoToday, expectedFirstDay } from "../support/expected-times.ts";
import { type StartedServer, startServer } from "../support/start-server.ts";
import { type StripeStandIn, startStripeStandIn } from "../support/stripe-stand-in.ts";
import { TEST_NOW } from "../support/test-clock.ts";
import { testSeedFile } from "../support/test-seed-file.ts";
import { fill, fullColorUpToBooking, leave, nextBooking, stillOffered, unexpected, usePages } from "./booking-support.ts";

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

describe("online payment through Stripe Checkout in Chromium", () => {
  it("demo-salon: Full color goes to Stripe's page by the dialog's redirect; paying there returns to the receipt", async () => {
    const { page, errors } = await open(`${server.url}/demo-salon`);
    await fullColorUpToBooking(page);
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
    await fullColorUpToBooking(page);
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
    // Its held time (two hours of the address's three) goes back as the visitor leaves.
    await leave(page);
  });

  it("demo-salon: the $50 deposit is said before and after paying; cancelled in time on My Page, it is refunded and the customer told", async () => {
    const { page, errors } = await open(`${server.url}/demo-salon`);
    // Three days ahead: a cancel there is in time (hoursToCancel 24).
    const day = expectedFirstDay("demo-salon", 120, TEST_NOW, addDays(demoToday("demo-salon"), 3)).iso;
    await fullColorUpToBooking(page, day);
    const summary = page.getByRole("table", { name: "Your booking" });
    await summary.getByText("Deposit to pay online now: $50").waitFor();
    await summary.getByText("To pay at Demo Salon: $1.400").waitFor();
    await summary
      .getByText("Cancel at least 24 hours before for a full refund of $50. A later cancellation or a no-show keeps it.")
      .waitFor();
    await page.getByRole("button", { name: "Book appointment" }).click();
    await page.getByRole("dialog", { name: "Pay online" }).getByRole("button", { name: "Pay $50" }).click();
    await page.waitForURL(new RegExp(`^${stripe.url}/c/pay/cs_test_`));
    await page.getByRole("button", { name: "Pay 50.00 USD" }).click();
    await page.getByText("Thank you for your booking!").waitFor({ timeout: 20_000 });
    await page.getByText("Deposit paid online: $50").waitFor();
    await page.getByText("To pay at Demo Salon: $1.400").waitFor();
    await stripe.delivered();
    const paid = [...stripe.sessions.values()].at(-1)!;

    await page.getByRole("link", { name: "Go to My Page" }).click();
    const [year, month, date] = day.split("-");
    const row = page.getByRole("row", { name: new RegExp(`^Full color Paid online: \\$50 ${date}\\.${month}\\.${year} `) });
    await row.waitFor();
    await row.getByRole("button", { name: /^Cancel Full color, / }).click();
    const ask = page.getByRole("dialog", { name: /^Cancel Full color on .+\? The \$50 you paid online will be refunded in full\.$/ });
    await ask.getByRole("button", { name: "Yes" }).click();
    await page.getByText("Your appointment has been cancelled. $50 will be refunded to you.").waitFor();
    await row.waitFor({ state: "detached" });
    // The running server's refund worker gives the money back at Stripe and tells Taylor.
    await expect
      .poll(() => stripe.refunds.filter((refund) => refund.payment_intent === paid.payment_intent).length, { timeout: 20_000 })
      .toBe(1);
    await expect
      .poll(
        async () =>
          ((await (await fetch(`${server.url}/api/dev/outbox?to=2125550123`)).json()) as { subject: string }[]).map((m) => m.subject),
        {
          timeout: 20_000,
        },
      )
      .toContain("Demo Salon: payment refunded");
    expect(unexpected(errors)).toEqual([]);
    await page.context().close();
  });
});

describe("a series paid online through Stripe Checkout in Chromium (issue 42)", () => {
  it("rules-studio: three weekly Rehab course times paid at once ($75); My Page cancels the last two ($50 back), then the first ($25)", async () => {
    const { page, errors } = await open(`${server.url}/rules-studio`);
    await page.getByRole("button", { name: "Rehab course", exact: true }).click();
    await page.getByRole("heading", { level: 2, name: "Select time" }).waitFor();
    const hours = page.getByRole("region", { name: /^Hours on / }).getByRole("button");
    await hours.first().waitFor();
    await page.getByRole("checkbox", { name: "Repeat this appointment" }).check();
    await page.getByRole("combobox", { name: "Times in all" }).selectOption("3");
    await hours.first().click();
    const plan = page.getByRole("dialog", { name: "Your series" });
    await plan.getByRole("button", { name: "Continue with 3 appointments" }).click();
    await fill(page, "Name", "Rita Rehab");
    await fill(page, "Phone number", "2125550377");
    await page.getByRole("button", { name: "Continue" }).click();

    // What the whole series pays now, what is left at the place, and what one cancelled time gives back.
    const summary = page.getByRole("table", { name: "Your booking" });
    await summary.getByText("Deposit to pay online now: $75").waitFor();
    await summary.getByText("To pay at Rules Studio: $225").waitFor();
    await summary.getByText("Cancel a time before it starts for a full refund of its $25. A no-show keeps it.").waitFor();
    await page.getByRole("button", { name: "Book appointment" }).click();
    await page.getByRole("dialog", { name: "Pay online" }).getByRole("button", { name: "Pay $75" }).click();
    await page.waitForURL(new RegExp(`^${stripe.url}/c/pay/cs_test_`));
    await page.getByRole("button", { name: "Pay 75.00 USD" }).click();
    await page.getByText("Thank you for your booking!").waitFor({ timeout: 20_000 });
    await page.getByText("Deposit paid online: $75").waitFor();
    await page.getByText(/^Also booked in this series: /).waitFor();
    await stripe.delivered();
    const paid = [...stripe.sessions.values()].at(-1)!;
    expect(paid).toMatchObject({ amount_total: 7500, status: "complete" });
    expect(unexpected(errors)).toEqual([]);

    // My Page, by the receipt's link: three times, each paid $25 online.
    const outbox = async () =>
      (await (await fetch(`${server.url}/api/dev/outbox?to=2125550377`)).json()) as { subject: string; body: string }[];
    const receipt = (await outbox()).find((m) => /booking confirmed/.test(m.subject))!;
    const link = /\/rules-studio\/min-side\?p=\d+&c=\d+/.exec(receipt.body)![0];
    const my = await open(`${server.url}${link}`);
    const rows = my.page.getByRole("row", { name: /^Rehab course Paid online: \$25 / });
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(3);
    // The second and the third: their $50 goes back.
    await my.page
      .getByRole("button", { name: /^Cancel the rest of the series from Rehab course, / })
      .nth(1)
      .click();
    // The question names both dates and the amount the API will give back (issue 57).
    const dates = /\d{2}\.\d{2}\.\d{4} at \d{1,2}:\d{2} [AP]M and \d{2}\.\d{2}\.\d{4} at \d{1,2}:\d{2} [AP]M/.source;
    const askRest = my.page.getByRole("dialog", {
      name: new RegExp(`^Cancel Rehab course on these 2 dates: ${dates}\\? \\$50 of what you paid online will be refunded to you\\.$`),
    });
    await askRest.getByRole("button", { name: "Yes" }).click();
    await my.page
      .getByText(new RegExp(`^The rest of your series has been cancelled\\. \\$50 will be refunded to you for ${dates}\\.$`))
      .waitFor();
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(1);
    // Then the first alone: its $25.
    await my.page.getByRole("button", { name: /^Cancel Rehab course, / }).click();
    const askOne = my.page.getByRole("dialog", {
      name: /^Cancel Rehab course on .+\? The \$25 you paid online will be refunded in full\.$/,
    });
    await askOne.getByRole("button", { name: "Yes" }).click();
    await my.page.getByText("Your appointment has been cancelled. $25 will be refunded to you.").waitFor();
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(0);
    // The running server's refund worker gives each share back at Stripe, and tells Rita each time.
    await expect
      .poll(
        () =>
          stripe.refunds
            .filter((refund) => refund.payment_intent === paid.payment_intent)
            .map((refund) => refund.amount)
            .sort((a, b) => a - b),
        { timeout: 20_000 },
      )
      .toEqual([2500, 5000]);
    await expect.poll(async () => (await outbox()).filter((m) => /payment refunded/.test(m.subject)).length, { timeout: 20_000 }).toBe(2);
    expect(unexpected(my.errors)).toEqual([]);
    await page.context().close();
  });
});
