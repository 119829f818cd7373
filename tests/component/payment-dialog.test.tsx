import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useWidgetTestApi } from "../support/widget-test-api.ts";

const { api, renderWidget } = useWidgetTestApi();

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
    fireEvent.click(await screen.findByRole("button", { name: "Masaje de piedras calientes" }));
    fireEvent.click(screen.getByRole("button", { name: "Continue (1)" }));
    fireEvent.click(await screen.findByRole("button", { name: /Diego Ramírez/ }));
    const hours = await screen.findByRole("region", { name: /^Hours on / });
    fireEvent.click((await within(hours).findAllByRole("button", { name: /^\d{1,2}:\d{2} [AP]M$/ }))[0]!);
    fireEvent.change(await screen.findByRole("textbox", { name: "Name" }), { target: { value: "Paz" } });
    fireEvent.change(screen.getByRole("textbox", { name: "Phone number" }), { target: { value: "5522223333" } });
    fireEvent.change(screen.getByRole("textbox", { name: "Email" }), { target: { value: "paz@example.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect((await screen.findByRole("table", { name: "Your booking" })).textContent).toContain("To pay online now: $300");
    fireEvent.click(screen.getByRole("checkbox", { name: /at least 48 hours in advance/ }));
    fireEvent.click(screen.getByRole("button", { name: "Book appointment" }));
    const code = await screen.findByRole("textbox", { name: "Code" });
    const sent = await waitFor(async () => (await api().outbox("5522223333")).find((entry) => entry.code)!.code!);
    fireEvent.change(code, { target: { value: sent } });
    fireEvent.click(screen.getByRole("button", { name: "Verify" }));

    const dialog = await screen.findByRole("dialog", { name: "Pay online" });
    expect(await within(dialog).findByText("Failed to initialize payment. Please try again.")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Retry" }));
    const pay = await within(dialog).findByRole("button", { name: "Pay $300" });
    const form = pay.closest("form")!;
    expect(form.getAttribute("action")).toMatch(/\/api\/payments\/simulator$/);
    expect(form.querySelector<HTMLInputElement>("input[name=paymentId]")?.value).toMatch(/^[0-9a-f]{32}$/);
    expect(initiations).toBe(2);

    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Pay online" })).toBeNull());
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
    fireEvent.click(await screen.findByRole("button", { name: "Farging" }));
    const hours = await screen.findByRole("region", { name: /^Hours on / });
    fireEvent.click((await within(hours).findAllByRole("button", { name: /^\d{2}:\d{2}$/ }))[0]!);
    fireEvent.change(await screen.findByRole("textbox", { name: "Phone number" }), { target: { value: "41234567" } });
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    fireEvent.change(await screen.findByLabelText("Password"), { target: { value: "frisor-demo-1" } });
    fireEvent.click(screen.getByRole("button", { name: "Log in" }));
    await screen.findByText(/^Logged in as Kari Nordmann/);
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    fireEvent.click(await screen.findByRole("checkbox", { name: /at least 12 hours in advance/ }));
    fireEvent.click(screen.getByRole("button", { name: "Book appointment" }));
    const dialog = await screen.findByRole("dialog", { name: "Pay online" });
    fireEvent.click(await within(dialog).findByRole("button", { name: "Pay $500 with Vipps" }));
    expect(await within(dialog).findByText("No redirect URL available")).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: "Retry" })).toBeTruthy();
  });
});
