import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { openClinicForm, reachClinicConfirm } from "../support/clinic-form.ts";
import { clockOf, dottedDate, expectedFirstDay, expectedStarts } from "../support/expected-times.ts";
import { useWidgetTestApi } from "../support/widget-test-api.ts";
import userEvent from "@testing-library/user-event";
import { fill } from "../support/user.ts";

const { api, renderWidget } = useWidgetTestApi();
// The visitor's pointer and keyboard (user-event): each click and key as a browser sends them.
const user = userEvent.setup({ delay: null });

const reachConfirm = (email: string) => reachClinicConfirm(user, () => renderWidget({ company: "demo-clinic" }), email);

describe("confirm and receipt (demo-clinic: accounts off, e-mail verification)", () => {
  it("summarises the booking: service, customer duration, price, time with end, total", async () => {
    const table = await reachConfirm("summary@example.com");
    const rows = within(table).getAllByRole("row");
    // Physiotherapy's first time: 45 minutes blocked, 40 told to the customer.
    const { iso } = expectedFirstDay("demo-clinic", 45);
    const start = expectedStarts("demo-clinic", iso, 45)[0]!;
    const end = clockOf(new Date(start.getTime() + 40 * 60_000), "America/Chicago");
    expect(rows.map((row) => row.textContent)).toEqual([
      "ServiceDurationPrice",
      expect.stringMatching(/^Physiotherapy.*40 min\$90$/),
      `Time${dottedDate(iso)}, ${clockOf(start, "America/Chicago")} – ${end}`,
      "Total$90",
    ]);
    // The clinic offers e-mail, SMS and WhatsApp, has a newsletter and no cancellation limit.
    expect(screen.getByRole("group", { name: "Send me a receipt by" })).toBeTruthy();
    expect(within(screen.getByRole("group", { name: "Send me a reminder by" })).getAllByRole("checkbox")).toHaveLength(3);
    expect(screen.getByRole("checkbox", { name: "Sign me up for the newsletter" })).toBeTruthy();
    expect(screen.queryByRole("checkbox", { name: /cancelled or changed/ })).toBeNull();
  });

  it("asks for the e-mailed code, refuses a wrong one inline, books with the right one and shows the receipt", async () => {
    const email = "verify-me@example.com";
    await reachConfirm(email);
    for (const group of ["Send me a receipt by", "Send me a reminder by"]) {
      await user.click(within(screen.getByRole("group", { name: group })).getByRole("checkbox", { name: "WhatsApp" }));
    }
    await user.click(screen.getByRole("button", { name: "Book appointment" }));
    const verify = await screen.findByRole("form", { name: "Confirm it is you" });
    expect(within(verify).getByText(new RegExp(`sent a code to ${email}`))).toBeTruthy();

    await fill(user, within(verify).getByRole("textbox", { name: "Code" }), "00000");
    await user.click(within(verify).getByRole("button", { name: "Verify" }));
    expect(await screen.findByText("Could not verify with this code")).toBeTruthy();
    expect(await screen.findByText("Wrong verification code")).toBeTruthy();

    const [message] = await api().outbox(email);
    await fill(user, screen.getByRole("textbox", { name: "Code" }), message!.code!);
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByText("Thank you for your booking!")).toBeTruthy();
    expect(screen.getByText(/You will receive a receipt and a reminder by E-mail and SMS\./)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Google" }).getAttribute("href")).toMatch(/^https:\/\/calendar\.google\.com\//);
    // Accounts are off, but the code proved the customer: My Page is theirs (issue 57).
    expect(screen.getByRole("link", { name: "Go to My Page" })).toBeTruthy();

    // The receipt went to the customer's e-mail, and the saved details fill the next form.
    await waitFor(async () => expect((await api().outbox(email)).some((entry) => /Physiotherapy/.test(entry.body))).toBe(true));
    const audits = async () => (await api().db.query<{ action: number; type: number }>("SELECT action, type FROM audit_log")).length;
    const auditsBefore = await audits();
    await user.click(screen.getByRole("button", { name: "Book new time" }));
    expect(await screen.findByRole("heading", { level: 2, name: "Select service" })).toBeTruthy();
    // A later visit (a new page load) finds the details saved in this browser.
    cleanup();
    renderWidget({ company: "demo-clinic" });
    await openClinicForm(user);
    expect((screen.getByRole("textbox", { name: "Email" }) as HTMLInputElement).value).toBe(email);
    expect((screen.getByRole("textbox", { name: "Name" }) as HTMLInputElement).value).toBe("Ola Nordmann");
    expect((screen.getByRole("textbox", { name: "Insurance number" }) as HTMLInputElement).value).toBe("");
    await waitFor(async () => expect(await audits()).toBe(auditsBefore + 1));
  });
});
