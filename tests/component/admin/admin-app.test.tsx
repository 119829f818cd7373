import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryHistory } from "@tanstack/react-router";
import { OWNER_ROLE, type Role } from "booking-widget/contract";
import { afterEach, describe, expect, it } from "vitest";
import { cleanup } from "@testing-library/react";
import { adminClient } from "../../../demo/admin/api/admin-client.ts";
import { AdminApp } from "../../../demo/admin/AdminApp.tsx";
import { instantAt } from "../../../demo/admin/day/day-source.ts";
import { adminI18n } from "../../../demo/admin/i18n/admin-i18n.ts";
import { TEST_NOW } from "../../support/test-clock.ts";
import { adminStandIn, PASSWORD, sessionFor, TODAY } from "./admin-stand-in.ts";

const user = userEvent.setup({ delay: null });
afterEach(cleanup);

async function renderAdmin(options: Parameters<typeof adminStandIn>[0] & { path?: string; locale?: "en" | "no" } = {}) {
  const standIn = adminStandIn(options);
  const api = adminClient(standIn.fetch);
  const session = await api.session();
  const i18n = await adminI18n(options.locale ?? "en");
  // The day asks what changed every 5 s; here every 50 ms.
  const history = createMemoryHistory({ initialEntries: [options.path ?? "/demo-salon/admin"] });
  render(
    <AdminApp
      i18n={i18n}
      api={api}
      bookingLink="demo-salon"
      session={session}
      history={history}
      clock={{ now: () => new Date(TEST_NOW) }}
      pollMs={50}
    />,
  );
  return { standIn, history };
}

const READ_ONLY: Role = {
  ...OWNER_ROLE,
  name: "Reception (view)",
  appointments: "read",
  settings: "none",
  statistics: "none",
  administration: "none",
};
const dateWords = new Intl.DateTimeFormat("en", { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" }).format(
  new Date(`${TODAY}T00:00:00Z`),
);
const cell = (name: string) => screen.getByRole("gridcell", { name });

describe("the back office's sign-in", () => {
  it("shows the sign-in form at /{bookingLink}/admin, and the day once signed in", async () => {
    const { standIn, history } = await renderAdmin();
    const form = await screen.findByRole("heading", { name: "Sign in" });
    expect(form).toBeTruthy();
    expect(history.location.pathname).toBe("/demo-salon/admin/sign-in");
    await user.type(screen.getByRole("textbox", { name: "E-mail" }), "Owner@Example.com");
    await user.type(screen.getByLabelText("Password"), PASSWORD);
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByRole("grid", { name: `Appointments ${dateWords}` })).toBeTruthy();
    expect(standIn.calls.find((call) => call.method === "POST")?.body).toEqual({
      bookingLink: "demo-salon",
      email: "owner@example.com",
      password: PASSWORD,
    });
    expect(screen.getByRole("columnheader", { name: "Ada" })).toBeTruthy();
    expect(screen.getByRole("columnheader", { name: "Bo" })).toBeTruthy();
  });

  it("says a wrong password in words, and too many attempts with the minutes to wait", async () => {
    await renderAdmin();
    await user.type(await screen.findByRole("textbox", { name: "E-mail" }), "owner@example.com");
    await user.type(screen.getByLabelText("Password"), "not the password");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Wrong e-mail or password.");
    cleanup();

    await renderAdmin({ refuseSignIn: { status: 429, code: "too-many-attempts", retryAfter: 900 } });
    await user.type(await screen.findByRole("textbox", { name: "E-mail" }), "owner@example.com");
    await user.type(screen.getByLabelText("Password"), PASSWORD);
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Too many failed attempts. Try again in 15 minutes."));
  });

  it("asks for a well-formed e-mail address before calling the API", async () => {
    const { standIn } = await renderAdmin();
    await user.type(await screen.findByRole("textbox", { name: "E-mail" }), "not an address");
    await user.type(screen.getByLabelText("Password"), PASSWORD);
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByText("Write an e-mail address, such as name@example.com.")).toBeTruthy();
    expect(standIn.calls.filter((call) => call.method === "POST")).toEqual([]);
  });

  it("signs out on the server and says so", async () => {
    const { standIn } = await renderAdmin({ session: sessionFor() });
    await user.click(await screen.findByRole("button", { name: "Sign out" }));
    expect(await screen.findByText("You are signed out.")).toBeTruthy();
    expect(standIn.calls.at(-1)).toMatchObject({ method: "DELETE", path: "/api/admin/session", csrf: "csrf-token-1" });
    // Declared JSON, though it has no body: the API refuses a change that is not (415 json-only).
    expect(standIn.contentTypeOf(standIn.calls.at(-1))).toBe("application/json");
  });
});

describe("sessions, invitations and password reset", () => {
  it("sends a person whose session ended on the server back to sign-in, saying so", async () => {
    const { standIn } = await renderAdmin({ session: sessionFor() });
    await screen.findByRole("grid");
    standIn.endSession();
    await user.click(screen.getByRole("button", { name: "Next day" }));
    expect(await screen.findByText("Your session has ended. Sign in again.")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Sign in" })).toBeTruthy();
  });

  it("accepts an invitation from its link's fragment with a name and password, and shows the day", async () => {
    const token = "an-invitation-token-of-the-right-length";
    const { standIn } = await renderAdmin({ path: `/demo-salon/admin/invitation#${token}` });
    await user.type(await screen.findByRole("textbox", { name: "Your name" }), "Nora New");
    await user.type(screen.getByLabelText("Password"), "short");
    await user.click(screen.getByRole("button", { name: "Create my account" }));
    expect(await screen.findByText("Use at least 10 characters.")).toBeTruthy();
    await user.clear(screen.getByLabelText("Password"));
    await user.type(screen.getByLabelText("Password"), PASSWORD);
    await user.click(screen.getByRole("button", { name: "Create my account" }));
    expect(await screen.findByRole("grid")).toBeTruthy();
    expect(standIn.calls.find((call) => call.path === "/api/admin/invitations/accept")?.body).toEqual({
      token,
      name: "Nora New",
      password: PASSWORD,
    });
  });

  it("resets a forgotten password with the e-mailed code, and says a wrong code in words", async () => {
    const { standIn } = await renderAdmin();
    await user.click(await screen.findByRole("link", { name: "Forgot password?" }));
    await user.type(await screen.findByRole("textbox", { name: "E-mail" }), "owner@example.com");
    await user.click(screen.getByRole("button", { name: "Send code" }));
    expect(await screen.findByText("If owner@example.com has an account, a code is on its way.")).toBeTruthy();
    await user.type(screen.getByRole("textbox", { name: "Code from the e-mail" }), "54321");
    await user.type(screen.getByLabelText("New password"), PASSWORD);
    await user.click(screen.getByRole("button", { name: "Save password" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Wrong code. Check the e-mail, or ask for a new code.");
    await user.clear(screen.getByRole("textbox", { name: "Code from the e-mail" }));
    await user.type(screen.getByRole("textbox", { name: "Code from the e-mail" }), "12345");
    await user.click(screen.getByRole("button", { name: "Save password" }));
    expect(await screen.findByText("Your password is saved. Sign in with it.")).toBeTruthy();
    expect(standIn.calls.at(-1)).toMatchObject({
      path: "/api/admin/password-reset/code",
      body: { bookingLink: "demo-salon", email: "owner@example.com", code: "12345", newPassword: PASSWORD },
    });
  });
});

describe("the day's grid", () => {
  it("shows a booking made in the widget within seconds: the changes feed is polled from the day's cursor", async () => {
    const { standIn } = await renderAdmin({ session: sessionFor() });
    await screen.findByRole("grid");
    expect(screen.queryByRole("gridcell", { name: `Bo, ${dateWords}, 15:00: Nina Widget, booked` })).toBeNull();
    standIn.bookInWidget();
    expect(await screen.findByRole("gridcell", { name: `Bo, ${dateWords}, 15:00: Nina Widget, booked` })).toBeTruthy();
    expect(standIn.calls.some((call) => call.path === "/api/admin/changes?after=1")).toBe(true);
  });

  it("names each cell by staff member, date and time; arrows move focus and the move is announced", async () => {
    await renderAdmin({ session: sessionFor() });
    await screen.findByRole("grid");
    const kari = cell(`Ada, ${dateWords}, 10:00: Kari Nordmann, booked`);
    kari.focus();
    await user.keyboard("{ArrowRight}");
    const bo = cell(`Bo, ${dateWords}, 10:00: free`);
    expect(document.activeElement).toBe(bo);
    expect(bo.tabIndex).toBe(0);
    expect(kari.tabIndex).toBe(-1);
    await user.keyboard("{PageDown}{PageDown}");
    expect(document.activeElement).toBe(cell(`Bo, ${dateWords}, 12:00: break`));
    const live = document.querySelector('[aria-live="polite"].visually-hidden')!;
    expect(live.textContent).toBe(`Bo, ${dateWords}, 12:00: break`);
    await user.keyboard("{Home}");
    expect(document.activeElement).toBe(cell(`Ada, ${dateWords}, 12:00: free`));
  });

  it("moves by day and back to today, with the date in the address", async () => {
    const { history } = await renderAdmin({ session: sessionFor() });
    await screen.findByRole("grid");
    await user.click(screen.getByRole("button", { name: "Next day" }));
    await waitFor(() => expect(new URLSearchParams(history.location.search).get("date")).not.toBe(null));
    expect(new URLSearchParams(history.location.search).get("date")).not.toBe(TODAY);
    await user.click(screen.getByRole("button", { name: "Today" }));
    await waitFor(() => expect(new URLSearchParams(history.location.search).get("date")).toBe(TODAY));
  });

  it("opens an appointment by Enter, and its change-time form sends the move with the CSRF token", async () => {
    const { standIn } = await renderAdmin({ session: sessionFor() });
    await screen.findByRole("grid");
    cell(`Ada, ${dateWords}, 10:00: Kari Nordmann, booked`).focus();
    await user.keyboard("{Enter}");
    const dialog = await screen.findByRole("dialog", { name: `Appointment ${dateWords} 10:00–11:00` });
    expect(await within(dialog).findByText("41234567 · kari@example.com")).toBeTruthy();
    const form = within(dialog).getByRole("form", { name: "Change time" });
    const start = within(form).getByLabelText("Start");
    await user.clear(start);
    await user.type(start, "14:30");
    await user.selectOptions(within(form).getByRole("combobox", { name: "Staff member" }), "Bo");
    await user.click(within(form).getByRole("button", { name: "Move" }));
    await waitFor(() =>
      expect(standIn.calls.find((call) => call.path === "/api/admin/appointments/7/move")).toEqual({
        method: "POST",
        path: "/api/admin/appointments/7/move",
        body: { start: instantAt(TODAY, "14:30", "Europe/Oslo"), staffMemberId: 2 },
        csrf: "csrf-token-1",
      }),
    );
    expect(await within(dialog).findByText(`Moved to ${dateWords} 14:30 with Bo.`)).toBeTruthy();
  });

  it("cancels after asking, says what is refunded, and offers no more actions on the cancelled appointment", async () => {
    const { standIn } = await renderAdmin({ session: sessionFor() });
    await screen.findByRole("grid");
    await user.click(cell(`Ada, ${dateWords}, 10:00: Kari Nordmann, booked`));
    const dialog = await screen.findByRole("dialog");
    await user.click(await within(dialog).findByRole("button", { name: "Cancel appointment" }));
    expect(standIn.calls.some((call) => call.path.endsWith("/cancel"))).toBe(false);
    await user.click(within(dialog).getByRole("button", { name: "Yes, cancel it" }));
    // The amount as Intl writes it in English (its spaces may be non-breaking).
    expect((await within(dialog).findByRole("status")).textContent).toMatch(
      /^The appointment is cancelled\. NOK\s650\.00 paid online is refunded in full\.$/,
    );
    expect(standIn.calls.find((call) => call.path.endsWith("/cancel"))).toMatchObject({ method: "POST", body: {}, csrf: "csrf-token-1" });
    await waitFor(() => expect(within(dialog).queryByRole("button", { name: "Cancel appointment" })).toBeNull());
  });

  it("moves an appointment by the keyboard alone: M picks it up, arrows carry it (announced), Enter puts it down", async () => {
    const { standIn } = await renderAdmin({ session: sessionFor() });
    await screen.findByRole("grid");
    cell(`Ada, ${dateWords}, 10:00: Kari Nordmann, booked`).focus();
    await user.keyboard("m");
    const live = document.querySelector('[aria-live="polite"].visually-hidden')!;
    expect(live.textContent).toBe("Moving Kari Nordmann. Choose the new time with the arrow keys and press Enter.");
    await user.keyboard("{ArrowRight}{PageDown}{ArrowDown}{ArrowDown}");
    expect(live.textContent).toBe(`Move Kari Nordmann to Bo, ${dateWords}, 11:30: free`);
    await user.keyboard("{Enter}");
    await waitFor(() =>
      expect(standIn.calls.find((call) => call.path === "/api/admin/appointments/7/move")?.body).toEqual({
        start: instantAt(TODAY, "11:30", "Europe/Oslo"),
        staffMemberId: 2,
      }),
    );
    // Escape puts a picked-up appointment back where it was.
    cell(`Ada, ${dateWords}, 10:00: Kari Nordmann, booked`).focus();
    await user.keyboard("m{ArrowDown}{Escape}");
    expect(live.textContent).toBe("Not moved.");
    expect(standIn.calls.filter((call) => call.path.endsWith("/move"))).toHaveLength(1);
  });

  it("says a time taken meanwhile in words", async () => {
    const { standIn } = await renderAdmin({ session: sessionFor() });
    standIn.refuseMoves({ status: 409, code: "occupied" });
    await screen.findByRole("grid");
    await user.click(cell(`Ada, ${dateWords}, 10:00: Kari Nordmann, booked`));
    const dialog = await screen.findByRole("dialog");
    await user.click(await within(dialog).findByRole("button", { name: "Move" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe("This time has just been taken. Choose another.");
  });

  it("shows a Read-only role the day and the appointment, and no control that changes them", async () => {
    await renderAdmin({ session: sessionFor(READ_ONLY) });
    await screen.findByRole("grid");
    const free = cell(`Bo, ${dateWords}, 10:00: free`);
    await user.click(free);
    expect(screen.queryByRole("dialog")).toBeNull();
    await user.click(cell(`Ada, ${dateWords}, 10:00: Kari Nordmann, booked`));
    const dialog = await screen.findByRole("dialog");
    expect(await within(dialog).findByText("Kari Nordmann")).toBeTruthy();
    for (const name of ["Change time", "Move", "Cancel appointment", "Mark as arrived", "Mark as no-show"])
      expect(within(dialog).queryByRole("button", { name })).toBeNull();
    expect(within(dialog).queryByRole("form", { name: "Change time" })).toBeNull();
    await user.keyboard("{Escape}");
    cell(`Ada, ${dateWords}, 10:00: Kari Nordmann, booked`).focus();
    await user.keyboard("m");
    expect(document.querySelector('[aria-live="polite"].visually-hidden')!.textContent).not.toMatch(/^Moving/);
  });

  it("starts a booking in a free slot pressed or tapped, for a role that may book", async () => {
    await renderAdmin({ session: sessionFor() });
    await screen.findByRole("grid");
    await user.click(cell(`Bo, ${dateWords}, 10:00: free`));
    expect(await screen.findByRole("dialog", { name: `New booking ${dateWords} 10:00 with Bo` })).toBeTruthy();
  });
});

describe("the day's waitlist", () => {
  it("lists who waits for the day, and the times offered to them", async () => {
    const waitlist = {
      entries: [
        {
          id: 4,
          customerName: "Vera Venter",
          services: [{ id: 1, title: "Haircut" }],
          staffMemberId: null,
          dates: [TODAY],
          after: null,
          before: null,
        },
      ],
      offers: [
        {
          id: 9,
          entryId: 4,
          staffMemberId: 2,
          start: instantAt(TODAY, "15:00", "Europe/Oslo"),
          end: instantAt(TODAY, "16:00", "Europe/Oslo"),
          held: true,
          expiresAt: instantAt(TODAY, "14:30", "Europe/Oslo"),
          state: "open" as const,
        },
      ],
    };
    await renderAdmin({ session: sessionFor(), waitlist });
    const list = await screen.findByRole("region", { name: "Waitlist" });
    const short = new Intl.DateTimeFormat("en", { weekday: "short", day: "numeric", month: "numeric", timeZone: "UTC" }).format(
      new Date(`${TODAY}T00:00:00Z`),
    );
    expect(within(list).getByText(`Vera Venter waits for Haircut (${short})`)).toBeTruthy();
    expect(within(list).getByText(`Offer ${short} 15:00 with Bo: open, until ${short} 14:30`)).toBeTruthy();
  });
});

describe("a booking for a customer on the phone", () => {
  it("finds the customer by name and books the pressed slot for them, as an instant, with the service chosen", async () => {
    const { standIn } = await renderAdmin({ session: sessionFor() });
    await screen.findByRole("grid");
    await user.click(cell(`Bo, ${dateWords}, 14:00: free`));
    const dialog = await screen.findByRole("dialog", { name: `New booking ${dateWords} 14:00 with Bo` });
    await within(dialog).findByRole("option", { name: "Haircut" });
    await user.type(within(dialog).getByRole("searchbox", { name: "Find customer by phone or name" }), "Kari");
    await user.click(within(dialog).getByRole("button", { name: "Search" }));
    await user.click(await within(dialog).findByRole("button", { name: "Book for Kari Nordmann" }));
    await waitFor(() =>
      expect(standIn.calls.find((call) => call.method === "POST" && call.path === "/api/admin/appointments")).toEqual({
        method: "POST",
        path: "/api/admin/appointments",
        body: { staffMemberId: 2, start: instantAt(TODAY, "14:00", "Europe/Oslo"), services: [{ serviceId: 1 }], customer: { id: 3 } },
        csrf: "csrf-token-1",
      }),
    );
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });
});
