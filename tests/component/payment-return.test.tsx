import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useWidgetTestApi } from "../support/widget-test-api.ts";

// Issue 41: the payment return page never calls a payment declined while its outcome is
// open (it asks again), and says a refunded payment as one. GET payments/{id} is answered
// here as the API would at each moment; the rest goes to the reference API.

const { api, renderWidget } = useWidgetTestApi();
const PAYMENT = "0123456789abcdef0123456789abcdef";

/** The API, with GET payments/{PAYMENT} answered by `answers` in turn (the last one again). */
function answering(answers: object[]) {
  let asked = 0;
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    if (new URL(request.url).pathname.endsWith(`/payments/${PAYMENT}`)) {
      const answer = answers[Math.min(asked++, answers.length - 1)];
      return new Response(JSON.stringify(answer), { headers: { "content-type": "application/json" } });
    }
    return api().fetch(input, init);
  };
  return { fetch, asked: () => asked };
}

describe("the payment return page", () => {
  it("a payment still settling is said to be processed (not declined) and asked about again until it is paid", async () => {
    history.replaceState(null, "", `/payment/success?company=demo-spa&paymentId=${PAYMENT}`);
    const calls = answering([
      { status: "pending", settling: true, appointmentId: 1, appointmentStatus: "awaiting_payment" },
      { status: "paid", appointmentId: 1, appointmentStatus: "confirmed" },
    ]);
    renderWidget({ view: "payment-success", lang: "en", fetch: calls.fetch });
    expect(await screen.findByText("Your payment is being processed. Your booking shows here as soon as it is confirmed.")).toBeTruthy();
    expect(screen.queryByText("The payment was not completed.")).toBeNull();
    await waitFor(() => expect(calls.asked()).toBe(2), { timeout: 6_000 });
    expect(await screen.findByText("Thank you, your payment was received.")).toBeTruthy();
  });

  it("a refunded payment (the time was taken meanwhile) is said as a refund", async () => {
    history.replaceState(null, "", `/payment/success?company=demo-spa&paymentId=${PAYMENT}`);
    const calls = answering([{ status: "refunded", refund: "due", appointmentId: 1, appointmentStatus: "cancelled" }]);
    renderWidget({ view: "payment-success", lang: "en", fetch: calls.fetch });
    expect(
      await screen.findByText(
        "Your payment arrived after the time was no longer available, so it is refunded in full. Please choose another time.",
      ),
    ).toBeTruthy();
    expect(screen.queryByText("Thank you, your payment was received.")).toBeNull();
  });
});
