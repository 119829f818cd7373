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

describe("preview mode", () => {
  it("goes from the service to the receipt, through the code, and the API is called for no write", async () => {
    const calls: { method: string; path: string }[] = [];
    const recording: typeof fetch = (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      calls.push({ method: (init?.method ?? "GET").toUpperCase(), path: url.pathname });
      return api().fetch(input, init);
    };
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

    const writes = calls.filter((call) => call.method !== "GET" && !PUBLIC_READ.test(call.path));
    expect(writes).toEqual([]);
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
