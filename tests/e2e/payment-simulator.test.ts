import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newWatchedPage } from "./browser.ts";
import { baseUrl } from "./base-url.ts";

const base = baseUrl();
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const initiate = async (body: Record<string, unknown>) => {
  const response = await fetch(`${base}/api/payu/initiate`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      amount: 50,
      currency: "USD",
      description: "Full color",
      customerEmail: "",
      customerFirstName: "Taylor",
      customerLastName: "",
      customerPhone: "2125550123",
      successUrl: `${base}/payment/success`,
      failureUrl: `${base}/payment/failure`,
      ...body,
    }),
  });
  return (await response.json()) as { formAction: string | null; formFields: Record<string, string>; redirectUrl: string | null };
};

describe("the payment simulator in a browser", () => {
  it("takes a posted payu form, and Pay returns to the success address", async () => {
    const { page, errors } = await newWatchedPage(browser);
    const answer = await initiate({});
    // What the widget's payment form does: post the hidden fields to the form action.
    await page.setContent(
      `<form method="post" action="${answer.formAction}">${Object.entries(answer.formFields)
        .map(([name, value]) => `<input type="hidden" name="${name}" value="${value}">`)
        .join("")}<button>Go to payment</button></form>`,
    );
    await page.getByRole("button", { name: "Go to payment" }).click();
    await page.getByRole("heading", { name: "Payment simulator" }).waitFor();
    expect(await page.getByText("50.00 USD").isVisible()).toBe(true);
    await page.getByRole("button", { name: "Pay" }).click();
    await page.waitForURL(/\/payment\/success\?paymentId=[0-9a-f]{32}&status=paid$/);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("opens from the wallet's redirect URL, and Decline returns to the failure address", async () => {
    const { page } = await newWatchedPage(browser);
    const answer = await initiate({ provider: "vipps", currency: "NOK", amount: 500 });
    await page.goto(answer.redirectUrl!);
    expect(await page.getByText("500.00 NOK").isVisible()).toBe(true);
    await page.getByRole("button", { name: "Decline" }).click();
    await page.waitForURL(/\/payment\/failure\?paymentId=[0-9a-f]{32}&status=declined$/);
    await page.context().close();
  });
});
