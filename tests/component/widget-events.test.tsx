import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { WidgetEventMap, WidgetEventName } from "../../src/kernel/widget-events.ts";
import { bookForAccount } from "../support/booking-helpers.ts";
import { fillClinicForm, openClinicForm } from "../support/clinic-form.ts";
import { clockOf, expectedFirstDay, expectedStarts } from "../support/expected-times.ts";
import { useWidgetTestApi } from "../support/widget-test-api.ts";
import userEvent from "@testing-library/user-event";
import { fill } from "../support/user.ts";

const { api, renderWidget } = useWidgetTestApi();
// The visitor's pointer and keyboard (user-event): each click and key as a browser sends them.
const user = userEvent.setup({ delay: null });
const NAMES: WidgetEventName[] = [
  "bw-ready",
  "bw-step-change",
  "bw-booking-confirmed",
  "bw-booking-failed",
  "bw-appointment-moved",
  "bw-appointment-cancelled",
  "bw-error",
];

type Heard = { [K in WidgetEventName]: { name: K; detail: WidgetEventMap[K]; composed: boolean; bubbles: boolean } }[WidgetEventName];
let heard: Heard[] = [];
const listener = (event: Event) => {
  const { detail, type, composed, bubbles } = event as CustomEvent;
  heard.push({ name: type, detail, composed, bubbles } as Heard);
};
beforeEach(() => {
  heard = [];
  for (const name of NAMES) document.addEventListener(name, listener);
});
afterEach(() => {
  for (const name of NAMES) document.removeEventListener(name, listener);
});
const details = <K extends WidgetEventName>(name: K) =>
  heard.filter((event) => event.name === name).map((event) => event.detail as WidgetEventMap[K]);

describe("the events a provider's page hears", () => {
  it("a booking: bw-ready, each step, an error the visitor saw, then bw-booking-confirmed with what was booked and nothing personal", async () => {
    const email = "events@example.com";
    renderWidget({ company: "demo-clinic" });
    await openClinicForm(user);
    await fillClinicForm(user, email);
    await user.click(screen.getByRole("button", { name: "Continue" }));
    await user.click(await screen.findByRole("button", { name: "Book appointment" }));
    const verify = await screen.findByRole("form", { name: "Confirm it is you" });
    await fill(user, within(verify).getByRole("textbox", { name: "Code" }), "00000");
    await user.click(within(verify).getByRole("button", { name: "Verify" }));
    await screen.findByText("Wrong verification code");
    const [message] = await api().outbox(email);
    await fill(user, screen.getByRole("textbox", { name: "Code" }), message!.code!);
    await user.click(screen.getByRole("button", { name: "Verify" }));
    await screen.findByText("Thank you for your booking!");
    await waitFor(() => expect(details("bw-booking-confirmed")).toHaveLength(1));

    expect(heard.every((event) => event.bubbles && event.composed)).toBe(true);
    expect(details("bw-ready")).toEqual([{ company: "demo-clinic", language: "en", view: "booking" }]);
    expect(details("bw-step-change")).toEqual([
      { step: 2, name: "time" },
      { step: 3, name: "information" },
      { step: 4, name: "confirm" },
      { step: 5, name: "receipt" },
    ]);
    expect(details("bw-error")).toEqual([{ code: "wrong-verification-code" }]);
    const { iso } = expectedFirstDay("demo-clinic", 45);
    const start = expectedStarts("demo-clinic", iso, 45)[0]!;
    const [confirmed] = details("bw-booking-confirmed");
    const [{ id }] = (await api().db.query<{ id: number }>("SELECT id FROM appointments ORDER BY id DESC LIMIT 1")) as [{ id: number }];
    expect(confirmed).toEqual({
      appointmentIds: [id],
      services: [{ id: expect.any(Number), title: "Physiotherapy", extras: [] }],
      start: expect.stringMatching(new RegExp(`^${iso}T${clockOf(start, "America/Chicago")}:00-0[56]:00$`)),
      end: expect.stringMatching(new RegExp(`^${iso}T\\d{2}:\\d{2}:00-0[56]:00$`)),
      timeZone: "America/Chicago",
      totalPrice: 90,
      currency: "USD",
      paid: false,
    });
    expect(new Date(confirmed!.start).getTime()).toBe(start.getTime());
    const everything = JSON.stringify(heard);
    for (const personal of [email, "Ola", "Nordmann", "3125550199", message!.code, "Main St"]) expect(everything).not.toContain(personal);
  });

  it("a refused booking: bw-booking-failed with its reason, and the snackbar as bw-error", async () => {
    const email = "refused@example.com";
    renderWidget({ company: "demo-clinic" });
    await openClinicForm(user);
    await fillClinicForm(user, email);
    await user.click(screen.getByRole("button", { name: "Continue" }));
    await screen.findByRole("button", { name: "Book appointment" });
    for (let i = 0; i < 3; i++)
      await api().postJson(`/Appointment/verificationCode?userId=${await api().providerId("demo-clinic")}`, { emailAddress: email });
    await user.click(screen.getByRole("button", { name: "Book appointment" }));
    await screen.findByText(/^Too many attempts\. Wait \d+ minutes? and try again\.$/);
    expect(details("bw-booking-failed")).toEqual([{ reason: "too-many-attempts" }]);
    expect(details("bw-error")).toEqual([{ code: "too-many-attempts" }]);
    expect(details("bw-booking-confirmed")).toEqual([]);
  });

  it("an unknown booking page: bw-error not-found, and no bw-ready", async () => {
    renderWidget({ company: "no-such-place", lang: "en" });
    await screen.findByText(/no-such-place/);
    expect(details("bw-error")).toEqual([{ code: "not-found" }]);
    expect(details("bw-ready")).toEqual([]);
  });

  it("My Page: a move and a cancel, with the appointment's id and times in the provider's zone", async () => {
    const phone = "41234567";
    const booked = await bookForAccount(api(), "demo-frisor", "Dameklipp", { phone, password: "frisor-demo-1" }, 6);
    renderWidget({ company: "demo-frisor", view: "my-page", lang: "en" });
    await fill(user, await screen.findByRole("textbox", { name: "Phone number" }), phone);
    await fill(user, screen.getByRole("textbox", { name: "Code" }), booked.code);
    await user.click(screen.getByRole("button", { name: "Log in" }));
    const moveButton = await screen.findByRole("button", { name: /^Move Dameklipp/ });
    await user.click(moveButton);
    const calendar = await screen.findByRole("region", { name: /^Choose a new time for Dameklipp/ });
    const target = (await within(calendar).findAllByRole("button", { name: /^\d{2}:\d{2}$/ })).at(-1)!;
    const newTime = target.textContent!;
    await user.click(target);
    await user.click(within(await screen.findByRole("dialog", { name: /^Move Dameklipp to/ })).getByRole("button", { name: "Yes" }));
    await screen.findByText("You have changed your appointment");
    expect(details("bw-appointment-moved")).toEqual([
      {
        appointmentId: booked.id,
        previousStart: expect.stringMatching(new RegExp(`^${booked.day.iso}T${booked.time}:00\\+0[12]:00$`)),
        start: expect.stringMatching(new RegExp(`^${booked.day.iso}T${newTime}:00\\+0[12]:00$`)),
        timeZone: "Europe/Oslo",
      },
    ]);

    await user.click(await screen.findByRole("button", { name: /^Cancel Dameklipp/ }));
    await user.click(within(await screen.findByRole("dialog", { name: /^Cancel Dameklipp/ })).getByRole("button", { name: "Yes" }));
    await screen.findByText("Your appointment has been cancelled");
    expect(details("bw-appointment-cancelled")).toEqual([
      { appointmentId: booked.id, start: details("bw-appointment-moved")[0]!.start, timeZone: "Europe/Oslo" },
    ]);
    expect(details("bw-ready")).toEqual([{ company: "demo-frisor", language: "en", view: "my-page" }]);
    expect(JSON.stringify(heard)).not.toContain(phone);
  });
});
