import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { REFUSALS } from "../../src/contract/refusals.ts";
import { useWidgetTestApi } from "../support/widget-test-api.ts";
import userEvent from "@testing-library/user-event";
import { fill } from "../support/user.ts";
import { bookingPage, bookingRequest, hoursFor, loginToken } from "../support/booking-helpers.ts";

const { api, renderWidget } = useWidgetTestApi();
// The visitor's pointer and keyboard (user-event): each click and key as a browser sends them.
const user = userEvent.setup({ delay: null });

/** demo-frisor: Kari logs in and books the colouring (paid online) at the first free time. */
async function bookColouringAsKari() {
  await user.click(await screen.findByRole("button", { name: "Farging" }));
  const hours = await screen.findByRole("region", { name: /^Hours on / });
  await user.click((await within(hours).findAllByRole("button", { name: /^\d{2}:\d{2}$/ }))[0]!);
  await fill(user, await screen.findByRole("textbox", { name: "Phone number" }), "41234567");
  await user.click(screen.getByRole("button", { name: "Continue" }));
  await fill(user, await screen.findByLabelText("Password"), "frisor-demo-1");
  await user.click(screen.getByRole("button", { name: "Log in" }));
  await screen.findByText(/^Logged in as Kari Nordmann/);
  await user.click(screen.getByRole("button", { name: "Continue" }));
  await user.click(await screen.findByRole("checkbox", { name: /at least 12 hours in advance/ }));
  await user.click(screen.getByRole("button", { name: "Book appointment" }));
}

describe("payment dialog (demo-spa, first payment provider)", () => {
  it("prepares the payment, offers Retry when that fails, then the form to pay; Cancel closes it", async () => {
    let initiations = 0;
    const fetch: typeof globalThis.fetch = async (input, init) => {
      const request = input instanceof Request ? input : new Request(String(input), init);
      if (/\/payu\/initiate/.test(request.url)) initiations += 1;
      if (/\/payu\/initiate/.test(request.url) && initiations === 1) {
        return new Response(JSON.stringify({ message: "gateway down" }), { status: 502, headers: { "content-type": "application/json" } });
      }
      return api().fetch(request);
    };
    renderWidget({ company: "demo-spa", lang: "en", fetch });
    await user.click(await screen.findByRole("button", { name: "Masaje de piedras calientes" }));
    await user.click(screen.getByRole("button", { name: "Continue (1)" }));
    await user.click(await screen.findByRole("button", { name: /Diego Ramírez/ }));
    const hours = await screen.findByRole("region", { name: /^Hours on / });
    await user.click((await within(hours).findAllByRole("button", { name: /^\d{1,2}:\d{2} [AP]M$/ }))[0]!);
    await fill(user, await screen.findByRole("textbox", { name: "Name" }), "Paz");
    await fill(user, screen.getByRole("textbox", { name: "Phone number" }), "5522223333");
    await fill(user, screen.getByRole("textbox", { name: "Email" }), "paz@example.com");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    // Issue 41: before booking, what is paid now (a deposit), what is left at the place, and what a cancel gives back.
    const summary = (await screen.findByRole("table", { name: "Your booking" })).textContent;
    expect(summary).toContain("Deposit to pay online now: $300");
    expect(summary).toContain("To pay at Demo Spa: $1.000");
    expect(summary).toContain("Cancel at least 48 hours before for a full refund of $300. A later cancellation or a no-show keeps it.");
    await user.click(screen.getByRole("checkbox", { name: /at least 48 hours in advance/ }));
    await user.click(screen.getByRole("button", { name: "Book appointment" }));
    const code = await screen.findByRole("textbox", { name: "Code" });
    const sent = await waitFor(async () => (await api().outbox("5522223333")).find((entry) => entry.code)!.code!);
    await fill(user, code, sent);
    await user.click(screen.getByRole("button", { name: "Verify" }));

    const dialog = await screen.findByRole("dialog", { name: "Pay online" });
    expect(await within(dialog).findByText("Failed to initialize payment. Please try again.")).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Retry" }));
    const pay = await within(dialog).findByRole("button", { name: "Pay $300" });
    const form = pay.closest("form")!;
    expect(form.getAttribute("action")).toMatch(/\/api\/payments\/simulator$/);
    expect(form.querySelector<HTMLInputElement>("input[name=paymentId]")?.value).toMatch(/^[0-9a-f]{32}$/);
    expect(initiations).toBe(2);

    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Pay online" })).toBeNull());
    expect(screen.getByRole("button", { name: "Book appointment" })).toBeTruthy();
  });

  it("an API with no payment gateway for the page refuses the booking (no-payment-provider): the spec's message, no payment dialog", async () => {
    const refusal = {
      code: "no-payment-provider",
      message: "No payment provider has been configured. Please contact the service provider.",
    };
    const fetch: typeof globalThis.fetch = async (input, init) => {
      const request = input instanceof Request ? input : new Request(String(input), init);
      if (request.method === "POST" && /\/api\/Appointment\?/.test(request.url)) {
        return new Response(JSON.stringify(refusal), { status: 400, headers: { "content-type": "application/json" } });
      }
      return api().fetch(request);
    };
    renderWidget({ company: "demo-frisor", lang: "en", fetch });
    await bookColouringAsKari();
    const dialog = await screen.findByRole("dialog", { name: /No payment provider has been configured/ });
    expect(dialog).toBeTruthy();
    expect(screen.queryByRole("dialog", { name: "Pay online" })).toBeNull();
    expect(screen.getByRole("button", { name: "Book appointment" })).toBeTruthy();
  });

  it("a visitor with two bookings already waiting for payment is told to pay one or wait, with the minutes the API gives", async () => {
    // Kari's two earlier colourings wait for payment: the API (not the widget) caps them at two.
    const { provider: frisor, services } = await bookingPage(api(), "demo-frisor");
    const colour = services.Farging!;
    const token = await loginToken(api(), frisor, "41234567", "frisor-demo-1");
    const day = await hoursFor(api(), frisor, colour);
    for (const time of [day.hoursToBook[0]!, day.hoursToBook.at(-1)!]) {
      const held = await api().postJson(
        `/Appointment?userId=${frisor.userId}`,
        bookingRequest(frisor, colour, day.iso, time.backendLabel, {
          phoneNumber: "41234567",
          phoneNumberCountryCode: 47,
          customerAccountIdentificationCode: token,
          customFields: [],
        }),
      );
      expect(held.status).toBe(200);
    }
    renderWidget({ company: "demo-frisor", lang: "en" });
    await bookColouringAsKari();
    const dialog = await screen.findByRole("dialog", { name: /^You already have bookings waiting for payment/ });
    expect(dialog.textContent).toMatch(/Pay for one of them, or try again in 15 minutes\./);
    expect(screen.queryByRole("dialog", { name: "Pay online" })).toBeNull();
    expect(screen.getByRole("button", { name: "Book appointment" })).toBeTruthy();
  });

  it("mobile wallet (demo-frisor): says so when the payment answer has no redirect URL", async () => {
    const fetch: typeof globalThis.fetch = async (input, init) => {
      const request = input instanceof Request ? input : new Request(String(input), init);
      if (/\/payu\/initiate/.test(request.url)) {
        return new Response(JSON.stringify({ paymentId: "x", formAction: null, formFields: {}, redirectUrl: null }), {
          headers: { "content-type": "application/json" },
        });
      }
      return api().fetch(request);
    };
    renderWidget({ company: "demo-frisor", lang: "en", fetch });
    await bookColouringAsKari();
    const dialog = await screen.findByRole("dialog", { name: "Pay online" });
    await user.click(await within(dialog).findByRole("button", { name: "Pay $500 with Vipps" }));
    expect(await within(dialog).findByText("No redirect URL available")).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: "Retry" })).toBeTruthy();
  });

  for (const code of ["hold-lapsed", "payment-attempts-used-up"] as const) {
    it(`a held booking that can no longer be paid (${code}) says to book again, with no Retry`, async () => {
      const fetch: typeof globalThis.fetch = async (input, init) => {
        const request = input instanceof Request ? input : new Request(String(input), init);
        if (/\/payu\/initiate/.test(request.url)) {
          return new Response(JSON.stringify({ code, message: REFUSALS[code].message }), {
            status: 409,
            headers: { "content-type": "application/json" },
          });
        }
        return api().fetch(request);
      };
      renderWidget({ company: "demo-frisor", lang: "en", fetch });
      await bookColouringAsKari();
      const dialog = await screen.findByRole("dialog", { name: "Pay online" });
      expect(
        await within(dialog).findByText(
          "This booking can no longer be paid: the time held for it has run out. Please choose a time again.",
        ),
      ).toBeTruthy();
      expect(within(dialog).queryByRole("button", { name: "Retry" })).toBeNull();
    });
  }
});
