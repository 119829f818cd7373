import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { bookForAccount } from "../support/booking-helpers.ts";
import { reachClinicConfirm } from "../support/clinic-form.ts";
import { fill } from "../support/user.ts";
import { useWidgetTestApi } from "../support/widget-test-api.ts";

// Issue 57: every customer who booked or joined has a way into My Page: a code sent now
// (by SMS, or by e-mail on a page that verifies by e-mail), the receipt's code, the
// password, or the login they just proved in this browser.

const { api, renderWidget } = useWidgetTestApi();
const user = userEvent.setup({ delay: null });
const KARI = { phone: "41234567", password: "frisor-demo-1" };

/** The newest code sent to `to` (the outbox answers the newest first). */
const lastCode = async (to: string) => (await api().outbox(to)).find((message) => message.code)!.code!;

describe("My Page login by a code sent now", () => {
  it("a clinic customer verified by e-mail: the receipt leads to My Page logged in, a new visit too, and after logging out a code by e-mail opens it", async () => {
    const email = "clinic-visitor@example.com";
    await reachClinicConfirm(user, () => renderWidget({ company: "demo-clinic", lang: "en" }), email);
    await user.click(screen.getByRole("button", { name: "Book appointment" }));
    await fill(user, await screen.findByRole("textbox", { name: "Code" }), await lastCode(email));
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByText("Thank you for your booking!")).toBeTruthy();

    // Proven a moment ago: the receipt offers My Page, and it opens with the booking, no login asked.
    await user.click(screen.getByRole("link", { name: "Go to My Page" }));
    expect(await screen.findByRole("row", { name: /^Physiotherapy / })).toBeTruthy();
    expect(screen.queryByRole("textbox", { name: "Code" })).toBeNull();

    // A new page load in the same browser: the kept login (by e-mail, not the typed phone) opens it.
    cleanup();
    renderWidget({ company: "demo-clinic", view: "my-page", lang: "en" });
    expect(await screen.findByRole("row", { name: /^Physiotherapy / })).toBeTruthy();
    const saved = JSON.parse(localStorage.getItem(`booking-widget:customer:${await clinicId()}`)!);
    expect(saved.tokenPhoneNumber).toBe(email);

    await user.click(screen.getByRole("button", { name: "Log out" }));
    const form = await screen.findByRole("form", { name: "My Page" });
    await user.click(within(form).getByRole("radio", { name: "E-mail" }));
    await fill(user, within(form).getByRole("textbox", { name: "E-mail address" }), "Clinic-Visitor@example.com");
    await user.click(within(form).getByRole("button", { name: "Send me a code" }));
    expect(
      await within(form).findByText(/If clinic-visitor@example\.com has bookings or a waitlist place here, a code is on its way/),
    ).toBeTruthy();
    await fill(user, within(form).getByRole("textbox", { name: "Code" }), await lastCode(email));
    await user.click(within(form).getByRole("button", { name: "Log in" }));
    expect(await screen.findByRole("row", { name: /^Physiotherapy / })).toBeTruthy();
  });

  it("by phone: the send button checks the number first, the code logs in, a wrong one is told", async () => {
    const booked = await bookForAccount(api(), "demo-frisor", "Dameklipp", KARI);
    renderWidget({ company: "demo-frisor", view: "my-page", lang: "en" });
    const form = await screen.findByRole("form", { name: "My Page" });
    // Only a phone on a page that verifies by SMS.
    expect(within(form).queryByRole("radio", { name: "E-mail" })).toBeNull();
    await user.click(within(form).getByRole("button", { name: "Send me a code" }));
    const phone = within(form).getByRole("textbox", { name: "Phone number" });
    await waitFor(() => expect(document.activeElement).toBe(phone));
    expect(within(form).getByText("Phone number must be valid")).toBeTruthy();
    expect(await api().outbox(KARI.phone)).toHaveLength(1); // the booking's receipt alone

    await fill(user, phone, KARI.phone);
    await user.click(within(form).getByRole("button", { name: "Send me a code" }));
    expect(await within(form).findByText(/If \+47 41234567 has bookings/)).toBeTruthy();
    const code = await lastCode(KARI.phone);
    await fill(user, within(form).getByRole("textbox", { name: "Code" }), code === "00000" ? "00001" : "00000");
    await user.click(within(form).getByRole("button", { name: "Log in" }));
    const wrong = await screen.findByRole("dialog", { name: "Wrong code/phone number" });
    await user.click(within(wrong).getByRole("button", { name: "OK" }));

    await fill(user, within(form).getByRole("textbox", { name: "Code" }), code);
    await user.click(within(form).getByRole("button", { name: "Log in" }));
    expect(await screen.findByText("Welcome, Kari Nordmann")).toBeTruthy();
    expect(await screen.findByRole("row", { name: new RegExp(`^Dameklipp ${booked.day.iso.slice(8, 10)}`) })).toBeTruthy();
  });

  it("by phone and password on a page with customer accounts", async () => {
    await bookForAccount(api(), "demo-frisor", "Dameklipp", KARI);
    renderWidget({ company: "demo-frisor", view: "my-page", lang: "en" });
    const form = await screen.findByRole("form", { name: "My Page" });
    await fill(user, within(form).getByRole("textbox", { name: "Phone number" }), KARI.phone);
    await user.click(within(form).getByRole("button", { name: "Use my password instead" }));
    expect(within(form).queryByRole("textbox", { name: "Code" })).toBeNull();
    await fill(user, within(form).getByLabelText("Password"), "not-her-password");
    await user.click(within(form).getByRole("button", { name: "Log in" }));
    const wrong = await screen.findByRole("dialog", { name: "Wrong password" });
    await user.click(within(wrong).getByRole("button", { name: "OK" }));
    await fill(user, within(form).getByLabelText("Password"), KARI.password);
    await user.click(within(form).getByRole("button", { name: "Log in" }));
    expect(await screen.findByText("Welcome, Kari Nordmann")).toBeTruthy();
  });

  it("the booking's menu keeps My Page beside Log out once a customer is logged in", async () => {
    await bookForAccount(api(), "demo-frisor", "Dameklipp", KARI);
    renderWidget({ company: "demo-frisor", view: "my-page", lang: "en" });
    const form = await screen.findByRole("form", { name: "My Page" });
    await fill(user, within(form).getByRole("textbox", { name: "Phone number" }), KARI.phone);
    await user.click(within(form).getByRole("button", { name: "Use my password instead" }));
    await fill(user, within(form).getByLabelText("Password"), KARI.password);
    await user.click(within(form).getByRole("button", { name: "Log in" }));
    await screen.findByText("Welcome, Kari Nordmann");
    await user.click(screen.getByRole("link", { name: "Book new appointment" }));
    const menu = await screen.findByRole("navigation", { name: "Menu" });
    expect(within(menu).getAllByRole("link", { name: "My Page" }).length).toBeGreaterThan(0);
    expect(within(menu).getAllByRole("button", { name: "Log out" }).length).toBeGreaterThan(0);
  });
});

async function clinicId() {
  const [row] = await api().db.query<{ id: number }>("SELECT id FROM providers WHERE booking_link = 'demo-clinic'");
  return row!.id;
}
