import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { reachClinicConfirm } from "../support/clinic-form.ts";
import { fill } from "../support/user.ts";
import { useWidgetTestApi } from "../support/widget-test-api.ts";

// The preview attribute (the embed builder's live preview): every step, but nothing written.
const { api, renderWidget } = useWidgetTestApi();
const user = userEvent.setup({ delay: null });

/** The POST calls that only read public data (the hours, the month, the first day, the staff). */
const PUBLIC_READ =
  /\/(Appointment\/availableHours(\/month)?|appointment\/availableHours\/cache|Appointment\/firstAvailableHourDay|StaffMember\/asAnonymous\/\d+)$/;

/** A fetch that answers through the test API and notes every call: what it wrote is each call not a GET nor a public read. */
function recordCalls() {
  const calls: { method: string; path: string }[] = [];
  const fetch: typeof globalThis.fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    calls.push({ method: (init?.method ?? "GET").toUpperCase(), path: url.pathname });
    return api().fetch(input, init);
  };
  const writes = () => calls.filter((call) => call.method !== "GET" && !PUBLIC_READ.test(call.path));
  return { fetch, calls, writes };
}

describe("preview mode", () => {
  it("goes from the service to the receipt, through the code, and the API is called for no write", async () => {
    const { fetch: recording, calls, writes } = recordCalls();
    const rows = async (table: string) =>
      (await api().db.query<{ count: number }>(`SELECT count(*)::int AS count FROM ${table}`))[0]!.count;
    const before = { appointments: await rows("appointments"), outbox: await rows("outbox_messages"), codes: await rows("one_time_codes") };

    await reachClinicConfirm(user, () => renderWidget({ company: "demo-clinic", preview: "", fetch: recording }), "preview@example.com");
    expect(screen.getByText("Preview: nothing is booked, no code is sent and no time is held.")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Book appointment" }));
    // The clinic verifies e-mail addresses: the preview asks for a code, as the real one does, and takes any.
    const verify = await screen.findByRole("form", { name: "Confirm it is you" });
    await fill(user, within(verify).getByRole("textbox", { name: "Code" }), "12345");
    await user.click(within(verify).getByRole("button", { name: "Verify" }));
    expect(await screen.findByText("Thank you for your booking!")).toBeTruthy();

    expect(writes()).toEqual([]);
    // It did read: the provider, the services, the hours.
    expect(calls.some((call) => call.path.endsWith("/Service/asAnonymous"))).toBe(true);
    expect(calls.some((call) => PUBLIC_READ.test(call.path))).toBe(true);
    expect(await rows("slot_holds")).toBe(0);
    expect({
      appointments: await rows("appointments"),
      outbox: await rows("outbox_messages"),
      codes: await rows("one_time_codes"),
    }).toEqual(before);
    expect(await api().outbox("preview@example.com")).toEqual([]);
  });

  it("without the attribute, the same steps write: the hold and the code reach the API", async () => {
    const calls: string[] = [];
    const recording: typeof fetch = (input, init) => {
      if ((init?.method ?? "GET").toUpperCase() !== "GET") calls.push(new URL(String(input)).pathname);
      return api().fetch(input, init);
    };
    await reachClinicConfirm(user, () => renderWidget({ company: "demo-clinic", fetch: recording }), "real@example.com");
    expect(screen.queryByText(/^Preview:/)).toBeNull();
    await user.click(screen.getByRole("button", { name: "Book appointment" }));
    await screen.findByRole("form", { name: "Confirm it is you" });
    expect(calls.some((path) => path.endsWith("/Appointment/hold"))).toBe(true);
    expect(calls.some((path) => path.endsWith("/Appointment/verificationCode/"))).toBe(true);
    expect((await api().outbox("real@example.com")).length).toBe(1);
  });
});

describe("preview mode with customer accounts (demo-frisor)", () => {
  it("takes a phone as a new customer's, asks for a code, books, and opens My Page for that made-up account: nothing written", async () => {
    const { fetch: recording, writes } = recordCalls();
    renderWidget({ company: "demo-frisor", lang: "en", preview: "", fetch: recording });
    await user.click(await screen.findByRole("button", { name: "Herreklipp" }));
    const hours = await screen.findByRole("region", { name: /^Hours on / });
    await user.click((await within(hours).findAllByRole("button", { name: /^\d{2}:\d{2}$/ }))[0]!);
    // Kari's phone has an account in the API; the preview never asks, so she is a new customer here.
    await fill(user, await screen.findByRole("textbox", { name: "Phone number" }), "41234567");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    // A new customer's profile form, with a password to choose.
    await fill(user, await screen.findByLabelText("Password"), "preview-secret-1");
    await fill(user, screen.getByRole("textbox", { name: "Name" }), "Preview Person");
    await user.click(screen.getByRole("button", { name: "Create profile" }));
    await screen.findByRole("table", { name: "Your booking" });
    const consent = screen.queryByRole("checkbox", { name: /cancel/i });
    if (consent) await user.click(consent);
    await user.click(screen.getByRole("button", { name: "Book appointment" }));
    const verify = await screen.findByRole("form", { name: "Confirm it is you" });
    await fill(user, within(verify).getByRole("textbox", { name: "Code" }), "54321");
    await user.click(within(verify).getByRole("button", { name: "Verify" }));
    await screen.findByText("Thank you for your booking!");
    await user.click(screen.getByRole("link", { name: "Go to My Page" }));
    // My Page of the made-up account: the phone it was given, no appointments, nothing asked of the API for it.
    expect(await screen.findByText("You have no upcoming appointments.")).toBeTruthy();
    expect(writes()).toEqual([]);
    expect((await api().outbox("41234567")).length).toBe(0);
  });
});
