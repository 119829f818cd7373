import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { bookForAccount, takeTimeFromColleagues } from "../support/booking-helpers.ts";
import { useWidgetTestApi } from "../support/widget-test-api.ts";
import userEvent from "@testing-library/user-event";
import { fill } from "../support/user.ts";

const { api, renderWidget } = useWidgetTestApi();
// The visitor's pointer and keyboard (user-event): each click and key as a browser sends them.
const user = userEvent.setup({ delay: null });
const KARI = { phone: "41234567", password: "frisor-demo-1" };

const formatted = (iso: string, time: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)} ${time}`;

async function logInWithForm(phone: string, code: string) {
  await fill(user, await screen.findByRole("textbox", { name: "Phone number" }), phone);
  await fill(user, screen.getByRole("textbox", { name: "Code" }), code);
  await user.click(screen.getByRole("button", { name: "Log in" }));
}

/** The table row of the appointment at `iso` `time`. */
const appointmentRow = (service: string, iso: string, time: string) =>
  screen.findByRole("row", { name: new RegExp(`^${service} ${formatted(iso, time)}`) });

async function answerDialog(name: RegExp | string, button: string) {
  const dialog = await screen.findByRole("dialog", { name });
  await user.click(await within(dialog).findByRole("button", { name: button }));
}

describe("My Page: login", () => {
  it("validates the form (a 3- or 5-digit code, the country's phone length), says Wrong code/phone number, then lists the booked appointment", async () => {
    const booked = await bookForAccount(api(), "demo-frisor", "Dameklipp", KARI);
    renderWidget({ company: "demo-frisor", view: "my-page", lang: "en" });
    await logInWithForm("4123", "12");
    expect(await screen.findByText("Phone number must be valid")).toBeTruthy();
    expect(screen.getByText("Code must be valid")).toBeTruthy();
    // A refused submit moves focus to the first invalid field, which names its error.
    const phone = screen.getByRole("textbox", { name: "Phone number" });
    await waitFor(() => expect(document.activeElement).toBe(phone));
    expect(phone.getAttribute("aria-invalid")).toBe("true");
    expect(
      phone
        .getAttribute("aria-describedby")!
        .split(" ")
        .map((id) => document.getElementById(id)?.textContent),
    ).toContain("Phone number must be valid");

    // The phone's length follows the chosen country: 10 digits for +1.
    await fill(user, screen.getByRole("combobox", { name: "Country code" }), "US");
    await logInWithForm("41234567", "123");
    expect(await screen.findByText("Phone number must be valid")).toBeTruthy();
    await fill(user, screen.getByRole("textbox", { name: "Phone number" }), "2125550123");
    await waitFor(() => expect(screen.queryByText("Phone number must be valid")).toBeNull());
    await fill(user, screen.getByRole("combobox", { name: "Country code" }), "NO");

    const wrong = booked.code === "999" ? "998" : "999";
    await logInWithForm(KARI.phone, wrong);
    await answerDialog("Wrong code/phone number", "OK");

    await logInWithForm(KARI.phone, booked.code);
    await appointmentRow("Dameklipp", booked.day.iso, booked.time);
    // The form is gone: focus goes to the greeting.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByText("Welcome, Kari Nordmann")));
    expect(screen.getByRole("heading", { name: "Your profile" })).toBeTruthy();
    expect(screen.getByText("Appointments can be cancelled or moved up to 12 hours before they start.")).toBeTruthy();
    const saved = JSON.parse(localStorage.getItem(`booking-widget:customer:${booked.provider.userId}`)!);
    expect(saved).toMatchObject({ tokenPhoneNumber: KARI.phone });
  });

  it("logs in from the receipt link's p and c, and from the token kept in local storage; Log out forgets it", async () => {
    const booked = await bookForAccount(api(), "demo-frisor", "Dameklipp", KARI);
    history.replaceState(null, "", `/demo-frisor/min-side?p=${KARI.phone}&c=${booked.code}`);
    const first = renderWidget({ company: "demo-frisor", view: "my-page", lang: "en", navigation: "routes" });
    await appointmentRow("Dameklipp", booked.day.iso, booked.time);
    expect(location.search).toBe("");
    first.unmount();

    renderWidget({ company: "demo-frisor", view: "my-page", lang: "en" });
    await appointmentRow("Dameklipp", booked.day.iso, booked.time);
    await user.click(screen.getByRole("button", { name: "Log out" }));
    expect(await screen.findByRole("textbox", { name: "Code" })).toBeTruthy();
    const saved = JSON.parse(localStorage.getItem(`booking-widget:customer:${booked.provider.userId}`)!);
    expect(saved.customerToken).toBeNull();
  });

  it("shows Wrong code/phone number for a receipt link with a wrong code", async () => {
    history.replaceState(null, "", `/demo-frisor/min-side?p=${KARI.phone}&c=000`);
    renderWidget({ company: "demo-frisor", view: "my-page", lang: "en" });
    await answerDialog("Wrong code/phone number", "OK");
    expect(screen.getByRole("textbox", { name: "Code" })).toBeTruthy();
    history.replaceState(null, "", "/");
    await api().db.query("DELETE FROM rate_counters");
  });
});

describe("My Page: appointments and profile", () => {
  it("cancels after asking: the snackbar says so and the appointment is gone", async () => {
    const booked = await bookForAccount(api(), "demo-frisor", "Dameklipp", KARI, 5);
    renderWidget({ company: "demo-frisor", view: "my-page", lang: "en" });
    await logInWithForm(KARI.phone, booked.code);
    const when = formatted(booked.day.iso, booked.time).replace(" ", " at ");
    await user.click(await screen.findByRole("button", { name: `Cancel Dameklipp, ${when}` }));
    await answerDialog(`Cancel Dameklipp on ${when}?`, "Yes");
    expect(await screen.findByText("Your appointment has been cancelled")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("button", { name: `Cancel Dameklipp, ${when}` })).toBeNull());
    const [row] = await api().db.query<{ status: string }>("SELECT status FROM appointments WHERE id = $1", [booked.id]);
    expect(row!.status).toBe("cancelled");
  });

  it("refuses to cancel or move inside hoursToCancel, and the appointment stays", async () => {
    const booked = await bookForAccount(api(), "demo-frisor", "Dameklipp", KARI, 2);
    await api().db.query("UPDATE providers SET hours_to_cancel = 10000 WHERE id = $1", [booked.provider.userId]);
    try {
      renderWidget({ company: "demo-frisor", view: "my-page", lang: "en" });
      await logInWithForm(KARI.phone, booked.code);
      const when = formatted(booked.day.iso, booked.time).replace(" ", " at ");
      await user.click(await screen.findByRole("button", { name: `Cancel Dameklipp, ${when}` }));
      await answerDialog("You can only cancel 10000 hours in advance", "OK");
      // Spec §4: the same text again within 500 ms is ignored as a duplicate dialog.
      await new Promise((resolve) => setTimeout(resolve, 600));
      await user.click(screen.getByRole("button", { name: `Move Dameklipp, ${when}` }));
      await answerDialog("You can only cancel 10000 hours in advance", "OK");
      expect(screen.getByRole("button", { name: `Cancel Dameklipp, ${when}` })).toBeTruthy();
      const [row] = await api().db.query<{ status: string }>("SELECT status FROM appointments WHERE id = $1", [booked.id]);
      expect(row!.status).toBe("confirmed");
    } finally {
      await api().db.query("UPDATE providers SET hours_to_cancel = 12 WHERE id = $1", [booked.provider.userId]);
    }
  });

  it("moves: the calendar for the same services (its own time offered), a confirmation with date and time, the change sent, the list refreshed", async () => {
    const booked = await bookForAccount(api(), "demo-frisor", "Dameklipp", KARI, 6);
    await takeTimeFromColleagues(api().db, booked.id);
    renderWidget({ company: "demo-frisor", view: "my-page", lang: "en" });
    await logInWithForm(KARI.phone, booked.code);
    const when = formatted(booked.day.iso, booked.time).replace(" ", " at ");
    await user.click(await screen.findByRole("button", { name: `Move Dameklipp, ${when}` }));
    const calendar = await screen.findByRole("region", { name: `Choose a new time for Dameklipp (now ${when})` });
    const hours = await within(calendar).findAllByRole("button", { name: /^\d{2}:\d{2}$/ });
    expect(hours.map((hour) => hour.textContent)).toContain(booked.time);
    const target = hours.at(-1)!;
    const newTime = target.textContent!;
    await user.click(target);
    const newWhen = formatted(booked.day.iso, newTime).replace(" ", " at ");
    await answerDialog(`Move Dameklipp to ${newWhen}?`, "Yes");
    expect(await screen.findByText("You have changed your appointment")).toBeTruthy();
    expect(await screen.findByRole("button", { name: `Move Dameklipp, ${newWhen}` })).toBeTruthy();
    const [row] = await api().db.query<{ time: string }>(
      "SELECT to_char(starts_at AT TIME ZONE 'Europe/Oslo', 'HH24:MI') AS time FROM appointments WHERE id = $1",
      [booked.id],
    );
    expect(row!.time).toBe(newTime);
  });

  it("a Move pressed before the services have loaded waits for them and opens the calendar (never 'cannot be moved')", async () => {
    const booked = await bookForAccount(api(), "demo-frisor", "Dameklipp", KARI, 6);
    let release!: () => void;
    const servicesHeld = new Promise<void>((resolve) => (release = resolve));
    const slowServices: typeof fetch = async (input, init) => {
      if (String(input instanceof Request ? input.url : input).includes("Service/asAnonymous")) await servicesHeld;
      return api().fetch(input, init);
    };
    renderWidget({ company: "demo-frisor", view: "my-page", lang: "en", fetch: slowServices });
    await logInWithForm(KARI.phone, booked.code);
    const when = formatted(booked.day.iso, booked.time).replace(" ", " at ");
    await user.click(await screen.findByRole("button", { name: `Move Dameklipp, ${when}` }));
    expect(await screen.findByRole("status")).toBeTruthy();
    release();
    const calendar = await screen.findByRole("region", { name: `Choose a new time for Dameklipp (now ${when})` });
    expect(await within(calendar).findAllByRole("button", { name: /^\d{2}:\d{2}$/ })).not.toHaveLength(0);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("edits the profile with the booking form's rules; the answer replaces the account", async () => {
    const booked = await bookForAccount(api(), "demo-frisor", "Dameklipp", KARI, 4);
    renderWidget({ company: "demo-frisor", view: "my-page", lang: "en" });
    await logInWithForm(KARI.phone, booked.code);
    await user.click(await screen.findByRole("button", { name: "Edit profile" }));
    const form = screen.getByRole("form", { name: "Your profile" });
    const name = within(form).getByRole("textbox", { name: "Name" });
    expect((name as HTMLInputElement).value).toBe("Kari Nordmann");
    expect((within(form).getByRole("textbox", { name: "Phone number" }) as HTMLInputElement).readOnly).toBe(true);
    await fill(user, name, "");
    await user.click(within(form).getByRole("button", { name: "Save profile" }));
    expect(await within(form).findByText("Name is required")).toBeTruthy();
    await fill(user, name, "Kari Marie Nordmann");
    await user.click(within(form).getByRole("button", { name: "Save profile" }));
    expect(await screen.findByText("Your profile has been saved")).toBeTruthy();
    const card = screen.getByRole("region", { name: "Your profile" });
    expect(within(card).getByText("Kari Marie Nordmann")).toBeTruthy();
    expect(screen.getByText("Welcome, Kari Marie Nordmann")).toBeTruthy();
    const [row] = await api().db.query<{ name: string }>("SELECT first_name AS name FROM customer_accounts WHERE phone_number = $1", [
      KARI.phone,
    ]);
    expect(row!.name).toBe("Kari Marie Nordmann");
  });
});

describe("My Page inside an embedded element", () => {
  it("moves between booking and My Page without changing the host page's address", async () => {
    history.replaceState(null, "", "/provider-site/");
    renderWidget({ company: "demo-frisor", lang: "en" });
    const menu = await screen.findByRole("navigation", { name: "Menu" });
    await user.click(within(menu).getByRole("link", { name: "My Page" }));
    expect(await screen.findByRole("heading", { level: 2, name: "My Page" })).toBeTruthy();
    await user.click(await screen.findByRole("link", { name: "Book new appointment" }));
    expect(await screen.findByRole("heading", { level: 2, name: "Select service" })).toBeTruthy();
    expect(location.pathname).toBe("/provider-site/");
  });
});

describe("My Page: a booking paid online (issue 41)", () => {
  it("shows what was paid, asks with the refund, cancels in time and says what is refunded", async () => {
    const booked = await bookForAccount(api(), "demo-frisor", "Farging", KARI, 5);
    renderWidget({ company: "demo-frisor", view: "my-page", lang: "en" });
    await logInWithForm(KARI.phone, booked.code);
    // The service's cell says what was paid online (prices as the spec writes them in English: a dollar prefix).
    expect(
      await screen.findByRole("row", { name: new RegExp(`^Farging Paid online: \\$500 ${formatted(booked.day.iso, booked.time)}`) }),
    ).toBeTruthy();
    const when = formatted(booked.day.iso, booked.time).replace(" ", " at ");
    await user.click(await screen.findByRole("button", { name: `Cancel Farging, ${when}` }));
    await answerDialog(`Cancel Farging on ${when}? The $500 you paid online will be refunded in full.`, "Yes");
    expect(await screen.findByText("Your appointment has been cancelled. $500 will be refunded to you.")).toBeTruthy();
    const [payment] = await api().db.query<{ status: string; refund: string }>(
      "SELECT p.status, r.status AS refund FROM payments p JOIN appointments a ON a.payment_id = p.id JOIN refunds r ON r.payment_id = p.id WHERE a.id = $1",
      [booked.id],
    );
    expect(payment).toEqual({ status: "refunded", refund: "due" });
  });
});
