import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type StartedServer } from "../support/start-server.ts";
import { seedFile } from "../support/test-seed-file.ts";
import { widgetTookOver } from "../bench/mobile-page.ts";
import { catalogueFixture } from "../fixtures/catalogue-fixture.ts";
import { chooseFirstHour, fill, unexpected, usePages } from "./booking-support.ts";

// Spec §8: each message the widget shows, reached in Chromium as a visitor meets it, on a
// server seeded with booking pages built for these tests (tests/fixtures/catalogue-fixture.ts).
// Server failures the reference API never makes on its own (a 500, a broken payment answer)
// are answered in the browser's network layer, as a failing server would answer them.

const open = usePages();
let server: StartedServer;
beforeAll(async () => {
  server = await startServer({ SEED_FILE: seedFile(catalogueFixture, "catalogue.json") });
});
afterAll(() => server?.stop());

const dialog = (page: Page, name: string | RegExp) => page.getByRole("dialog", { name });
const fail = (page: Page, path: RegExp, status = 500, body: object = { message: "Internal server error" }) =>
  page.route(path, (route) => route.fulfill({ status, contentType: "application/json", body: JSON.stringify(body) }));
/** Chromium logs each refused call the test answers on purpose. */
const besides = (errors: string[], ...expected: RegExp[]) =>
  unexpected(errors).filter((error) => !expected.some((pattern) => pattern.test(error)));

/** test-studio / test-wallet / test-verified: `service` ticked (or chosen), its first time, name and e-mail, up to the confirm step. */
async function toConfirm(page: Page, service: string, email: string, { ticked = false } = {}) {
  await page.getByRole("button", { name: new RegExp(`^${service}`) }).click();
  if (ticked) await page.getByRole("button", { name: "Continue (1)" }).click();
  await chooseFirstHour(page);
  await fill(page, "Name", "Fixture Visitor");
  await fill(page, "Email", email);
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("table", { name: "Your booking" }).waitFor();
}

/** test-accounts: Member trim, its first time, and `phone` given on the information step. */
async function accountsPhone(phone: string) {
  const watched = await open(`${server.url}/test-accounts`);
  await watched.page.getByRole("button", { name: "Member trim" }).click();
  await chooseFirstHour(watched.page);
  await fill(watched.page, "Phone number", phone);
  await watched.page.getByRole("button", { name: "Continue" }).click();
  return watched;
}

interface Slot {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/** The anonymous booking of one time at test-studio, as another visitor makes it through the API. */
async function bookElsewhere(service: string, time: Slot) {
  const api = `${server.url}/api`;
  const provider = (await (await fetch(`${api}/User/ByUser/test-studio`)).json()) as { userId: number };
  const categories = (await (await fetch(`${api}/Service/asAnonymous?userId=${provider.userId}`)).json()) as {
    services: { id: number; title: string }[];
  }[];
  const serviceId = categories.flatMap((c) => c.services).find((s) => s.title === service)!.id;
  const request = {
    ...time,
    comment: "",
    serviceBookings: [{ serviceId, extraServiceIds: [] }],
    phoneNumber: "",
    phoneNumberCountryCode: 44,
    emailAddress: "walk.in@example.com",
    firstName: "Walk In",
    lastName: "",
    cancelUrl: "",
    address: "",
    postalCode: "",
    password: "",
    city: "",
    smsReminder: false,
    smsReceipt: false,
    whatsappReminder: false,
    whatsappReceipt: false,
    emailReceipt: false,
    emailReminder: false,
    signupNewsletter: false,
    userId: provider.userId,
    customerAccountIdentificationCode: null,
    customFields: [],
    staffMemberId: null,
  };
  const response = await fetch(`${api}/Appointment?userId=${provider.userId}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(request),
  });
  expect(response.status).toBe(200);
}

describe("spec §8 messages, each reached in Chromium", () => {
  it("a service without a first available time: 'No available times for this service', and it cannot be chosen", async () => {
    const { page, errors } = await open(`${server.url}/test-studio`);
    const row = page.getByRole("button", { name: /^Course nobody teaches/ });
    await page.getByText("No available times for this service").waitFor();
    // The standalone page's painted copy comes first: the click is on the widget's own row.
    await page.waitForFunction(widgetTookOver);
    await expect(row.getAttribute("aria-disabled")).resolves.toBe("true");
    await row.click({ force: true });
    await expect(page.getByRole("heading", { level: 2, name: "Select service" }).isVisible()).resolves.toBe(true);
    expect(unexpected(errors)).toEqual([]);
    await page.context().close();
  });

  it("services nobody offers together: 'No providers currently offer this service', and 'Select another service' starts over", async () => {
    const { page, errors } = await open(`${server.url}/test-staff`);
    await page.getByRole("button", { name: /^Left side/ }).click();
    await page.getByRole("button", { name: /^Right side/ }).click();
    await page.getByRole("button", { name: "Continue (2)" }).click();
    await dialog(page, "No providers currently offer this service").getByRole("button", { name: "Select another service" }).click();
    await page.getByRole("heading", { level: 2, name: "Select service" }).waitFor();
    await expect(page.getByRole("button", { name: /^Left side/, pressed: false }).isVisible()).resolves.toBe(true);
    expect(unexpected(errors)).toEqual([]);
    await page.context().close();
  });

  it("a time booked by others meanwhile (an API without held times): the 'overlaps' snackbar, back to the calendar", async () => {
    const { page, errors } = await open(`${server.url}/test-studio`);
    // The API answers as one without held times; the time asked about is noted.
    let chosen: Slot | undefined;
    await page.route(/\/api\/Appointment\/hold/, (route) => {
      chosen = route.request().postDataJSON() as Slot;
      return route.fulfill({ status: 404, contentType: "application/json", body: JSON.stringify({ message: "No such API route" }) });
    });
    await page.getByRole("button", { name: /^Trim/ }).click();
    await page.getByRole("button", { name: "Continue (1)" }).click();
    await chooseFirstHour(page);
    await fill(page, "Name", "Olive Overlap");
    await fill(page, "Email", "olive@example.com");
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("table", { name: "Your booking" }).waitFor();
    // Both who offer Trim are booked at that time by others.
    const { year, month, day, hour, minute } = chosen!;
    await bookElsewhere("Trim", { year, month, day, hour, minute });
    await bookElsewhere("Trim", { year, month, day, hour, minute });
    await page.getByRole("button", { name: "Book appointment" }).click();
    await page.getByText("This time overlaps the next appointment. Please choose a shorter service or another time.").waitFor();
    await page.getByRole("heading", { level: 2, name: "Select time" }).waitFor();
    expect(besides(errors, /status of (404|409)/)).toEqual([]);
    await page.context().close();
  });

  it("a booking the server fails: the unexpected-error dialog with the provider's phone, and the stepper back at step 1", async () => {
    const { page, errors } = await open(`${server.url}/test-studio`);
    await toConfirm(page, "Trim", "fay.fail@example.com", { ticked: true });
    await fail(page, /\/api\/Appointment\?userId=/);
    await page.getByRole("button", { name: "Book appointment" }).click();
    const failed = dialog(page, "An unexpected error occurred. Please try again, or call 2071234567 to book.");
    await failed.getByRole("button", { name: "OK" }).click();
    await page.getByRole("heading", { level: 2, name: "Select service" }).waitFor();
    expect(besides(errors, /status of 500/, /API call failed|booking failed/)).toEqual([]);
    await page.context().close();
  });

  it("a verification code that cannot be sent: 'Could not send the verification code'", async () => {
    const { page, errors } = await open(`${server.url}/test-verified`);
    await toConfirm(page, "Check-up", "vera.verify@example.com");
    await fail(page, /\/api\/Appointment\/verificationCode/);
    await page.getByRole("button", { name: "Book appointment" }).click();
    await page.getByText("Could not send the verification code").waitFor();
    expect(besides(errors, /status of (403|500)/, /API call failed/)).toEqual([]);
    await page.context().close();
  });

  it("a payment that cannot be started: 'Failed to initialize payment. Please try again.' and Retry starts it", async () => {
    const { page, errors } = await open(`${server.url}/test-studio`);
    await toConfirm(page, "Paid trim", "pia.pay@example.com", { ticked: true });
    await fail(page, /\/api\/payu\/initiate/);
    await page.getByRole("button", { name: "Book appointment" }).click();
    const payment = dialog(page, "Pay online");
    await payment.getByRole("alert").getByText("Failed to initialize payment. Please try again.").waitFor();
    await page.unroute(/\/api\/payu\/initiate/);
    await payment.getByRole("button", { name: "Retry" }).click();
    await payment.getByRole("button", { name: "Pay $10" }).waitFor();
    expect(besides(errors, /status of 500/, /API call failed|payment initiation failed/)).toEqual([]);
    await page.context().close();
  });

  it("a mobile-wallet answer without an address: 'No redirect URL available'; with a javascript: address: 'Failed to redirect to Vipps', and nothing runs", async () => {
    const { page } = await open(`${server.url}/test-wallet`);
    const alerts: string[] = [];
    page.on("dialog", (box) => {
      alerts.push(box.message());
      void box.dismiss();
    });
    await toConfirm(page, "Wallet trim", "walt.wallet@example.com");
    let redirectUrl: string | null = null;
    await page.route(/\/api\/payu\/initiate/, (route) =>
      route.fulfill({
        status: 200,
        contentType: "application/json",
        body: JSON.stringify({ formAction: null, formFields: {}, redirectUrl }),
      }),
    );
    await page.getByRole("button", { name: "Book appointment" }).click();
    const payment = dialog(page, "Pay online");
    await payment.getByRole("button", { name: "Pay $10 with Vipps" }).click();
    await payment.getByRole("alert").getByText("No redirect URL available").waitFor();
    redirectUrl = "javascript:alert(document.domain)";
    await payment.getByRole("button", { name: "Retry" }).click();
    await payment.getByRole("button", { name: "Pay $10 with Vipps" }).click();
    await payment.getByRole("alert").getByText("Failed to redirect to Vipps. Please try again.").waitFor();
    await page.waitForTimeout(300);
    expect(alerts).toEqual([]);
    expect(new URL(page.url()).pathname).toBe("/test-wallet");
    await page.context().close();
  });

  it("a profile the server cannot create: 'Could not create customer account'", async () => {
    const { page, errors } = await accountsPhone("7700900999");
    await page.getByText("You are new here: create your profile.").waitFor();
    await fill(page, "Name", "Nell New");
    await page.getByLabel("Password").fill("secret-123");
    await fail(page, /\/api\/CustomerAccount$/);
    await page.getByRole("button", { name: "Create profile" }).click();
    await dialog(page, "Could not create customer account").getByRole("button", { name: "OK" }).click();
    expect(besides(errors, /status of 500/, /API call failed|account not created/)).toEqual([]);
    await page.context().close();
  });

  it("a forgotten password reset by SMS code: 'Your password has been changed', and the new one logs in", async () => {
    const { page, errors } = await accountsPhone("7700900123");
    await page.getByLabel("Password").waitFor();
    await page.getByRole("button", { name: "Forgot password?" }).click();
    await dialog(page, /^We will send a code/)
      .getByRole("button", { name: "Yes" })
      .click();
    await page.getByLabel("New password", { exact: true }).fill("fixture-pass-2");
    const code = await waitForCodeFrom(server.url, "7700900123");
    await fill(page, "Code", code);
    await page.getByRole("button", { name: "Save new password" }).click();
    await dialog(page, "Your password has been changed").getByRole("button", { name: "OK" }).click();
    await page.getByLabel("Password").fill("fixture-pass-2");
    await page.getByRole("button", { name: "Log in" }).click();
    await page.getByText(/^Logged in as Fay Field/).waitFor();
    expect(unexpected(errors)).toEqual([]);
    await page.context().close();
  });
});

/** waitForCode on this file's own server. */
async function waitForCodeFrom(base: string, to: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const entries = (await (await fetch(`${base}/api/dev/outbox?to=${encodeURIComponent(to)}`)).json()) as { code: string | null }[];
    const code = entries.find((entry) => entry.code)?.code;
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no code was sent to ${to}`);
}
