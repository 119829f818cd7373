import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryHistory } from "@tanstack/react-router";
import { OWNER_ROLE, type Role } from "booking-widget/contract";
import { afterEach, describe, expect, it } from "vitest";
import { adminClient } from "../../../demo/admin/api/admin-client.ts";
import { AdminApp } from "../../../demo/admin/AdminApp.tsx";
import { adminI18n } from "../../../demo/admin/i18n/admin-i18n.ts";
import { TEST_NOW } from "../../support/test-clock.ts";
import { adminStandIn, PASSKEY_ID, sessionFor, VIEW_ONLY } from "./admin-stand-in.ts";

const user = userEvent.setup({ delay: null });
afterEach(cleanup);

async function renderArea(path: string, role: Role = OWNER_ROLE, options: Parameters<typeof adminStandIn>[0] = {}) {
  const standIn = adminStandIn({ session: sessionFor(role), ...options });
  const api = adminClient(standIn.fetch);
  await api.session();
  const history = createMemoryHistory({ initialEntries: [`/demo-salon/admin${path}`] });
  render(
    <AdminApp
      i18n={await adminI18n("en")}
      api={api}
      bookingLink="demo-salon"
      session={sessionFor(role)}
      history={history}
      clock={{ now: () => new Date(TEST_NOW) }}
      pollMs={60_000}
    />,
  );
  return { standIn, history };
}

/** An administration role that may look but not change: the lists, and no control that changes them. */
const ADMIN_READ: Role = { ...OWNER_ROLE, name: "Office (view)", administration: "read" };
const NO_ADMIN: Role = { ...OWNER_ROLE, name: "Reception", administration: "none" };

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole("row")
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    );
const changes = (standIn: ReturnType<typeof adminStandIn>) =>
  standIn.calls.filter((call) => call.method !== "GET" && !call.path.startsWith("/api/StaffMember"));

describe("the way into the administration area", () => {
  it("leads the owner from the day to People, Roles and the audit log, and back to the day", async () => {
    const { history } = await renderArea("/");
    const nav = await screen.findByRole("navigation", { name: "Back office" });
    expect(within(nav).getByRole("link", { name: "The day" }).getAttribute("aria-current")).toBe("page");
    await user.click(within(nav).getByRole("link", { name: "People" }));
    expect(await screen.findByRole("heading", { level: 1, name: "People" })).toBeTruthy();
    expect(history.location.pathname).toBe("/demo-salon/admin/people");
    expect(within(nav).getByRole("link", { name: "People" }).getAttribute("aria-current")).toBe("page");
    await user.click(within(nav).getByRole("link", { name: "Roles" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Roles" })).toBeTruthy();
    await user.click(within(nav).getByRole("link", { name: "Audit log" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Audit log" })).toBeTruthy();
    await user.click(within(nav).getByRole("link", { name: "The day" }));
    expect(await screen.findByRole("heading", { level: 1, name: "The day" })).toBeTruthy();
  });

  it("shows a role without administration no way there, and sends its address back to the day", async () => {
    const { history } = await renderArea("/people", NO_ADMIN);
    expect(await screen.findByRole("heading", { level: 1, name: "The day" })).toBeTruthy();
    expect(history.location.pathname).toBe("/demo-salon/admin/");
    expect(screen.queryByRole("navigation", { name: "Back office" })).toBeNull();
    expect(screen.queryByRole("link", { name: "People" })).toBeNull();
  });
});

describe("people", () => {
  it("lists the page's people in a table: name, e-mail, role, staff member, owner, disabled", async () => {
    await renderArea("/people");
    const table = await screen.findByRole("table", { name: "The people who can sign in here" });
    await waitFor(() => expect(within(table).getByRole("cell", { name: "Ada" })).toBeTruthy());
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((header) => header.textContent),
    ).toEqual(["Name", "E-mail", "Role", "Staff member", "Owner", "Disabled", "Actions"]);
    expect(rowsOf(table)).toEqual([
      ["Olga Owner", "owner@example.com", "Every area (owner)", "None", "Yes", "No", ""],
      ["Sam Staff", "sam@example.com", "View only", "Ada", "No", "No", "Change Sam Staff"],
    ]);
  });

  it("shows administration Read the people, roles and audit log, and no control that changes them", async () => {
    const { standIn } = await renderArea("/people", ADMIN_READ);
    const people = await screen.findByRole("table", { name: "The people who can sign in here" });
    await waitFor(() => expect(rowsOf(people)[1]).toEqual(["Sam Staff", "sam@example.com", "View only", "Ada", "No", "No"]));
    expect(screen.queryByRole("heading", { name: "Invite a person" })).toBeNull();
    expect(screen.queryByRole("button", { name: /Change/ })).toBeNull();
    await user.click(screen.getByRole("link", { name: "Roles" }));
    const roles = await screen.findByRole("table", { name: "The roles people can have" });
    expect(within(roles).getByRole("rowheader", { name: "View only" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "New role" })).toBeNull();
    expect(screen.queryByRole("button", { name: /Edit|Delete/ })).toBeNull();
    await user.click(screen.getByRole("link", { name: "Audit log" }));
    expect(await screen.findByRole("table", { name: "Changes made in the back office, newest first" })).toBeTruthy();
    expect(changes(standIn)).toEqual([]);
  });

  it("invites an e-mail address with a role and staff member, with the CSRF token, and says the link was sent", async () => {
    const { standIn } = await renderArea("/people");
    await screen.findByRole("heading", { name: "Invite a person" });
    await user.type(screen.getByRole("textbox", { name: "E-mail" }), "not an address");
    await user.click(screen.getByRole("button", { name: "Send the invitation" }));
    expect(await screen.findByText("Write an e-mail address, such as name@example.com.")).toBeTruthy();
    expect(screen.getByText("Choose a role.")).toBeTruthy();
    expect(changes(standIn)).toEqual([]);

    await user.clear(screen.getByRole("textbox", { name: "E-mail" }));
    await user.type(screen.getByRole("textbox", { name: "E-mail" }), "New@Example.com");
    await user.selectOptions(screen.getByRole("combobox", { name: "Role" }), "View only");
    await waitFor(() => expect(screen.getAllByRole("option", { name: "Bo" }).length).toBe(1));
    await user.selectOptions(screen.getByRole("combobox", { name: "Staff member (their own appointments)" }), "Bo");
    await user.click(screen.getByRole("button", { name: "Send the invitation" }));
    expect(await screen.findByRole("status")).toHaveProperty(
      "textContent",
      expect.stringMatching(/^An invitation link was sent to new@example\.com\. It works until .*2026/),
    );
    expect(changes(standIn)).toEqual([
      {
        method: "POST",
        path: "/api/admin/invitations",
        body: { email: "new@example.com", roleId: 5, staffMemberId: 2 },
        csrf: "csrf-token-1",
      },
    ]);
    expect(standIn.contentTypeOf(changes(standIn)[0])).toBe("application/json");
  });

  it("tells the owner an address with an account here signs in with it", async () => {
    await renderArea("/people");
    await user.type(await screen.findByRole("textbox", { name: "E-mail" }), "sam@example.com");
    await user.selectOptions(screen.getByRole("combobox", { name: "Role" }), "View only");
    await user.click(screen.getByRole("button", { name: "Send the invitation" }));
    expect((await screen.findByRole("alert")).textContent).toBe("sam@example.com has an account here already: they sign in with it.");
  });

  it("changes a person's staff member, and ends every session of theirs only after asking", async () => {
    const { standIn } = await renderArea("/people");
    await user.click(await screen.findByRole("button", { name: "Change Sam Staff" }));
    const dialog = await screen.findByRole("dialog", { name: "Change Sam Staff" });
    await user.selectOptions(within(dialog).getByRole("combobox", { name: "Staff member (their own appointments)" }), "None");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect((await within(dialog).findByRole("status")).textContent).toBe("Sam Staff is saved.");
    expect(changes(standIn).at(-1)).toMatchObject({
      method: "PATCH",
      path: "/api/admin/people/2",
      body: { roleId: 5, staffMemberId: null },
    });
    const table = screen.getByRole("table", { name: "The people who can sign in here" });
    await waitFor(() => expect(rowsOf(table)[1]?.[3]).toBe("None"));

    await user.click(within(dialog).getByRole("button", { name: "End every session of Sam Staff" }));
    expect(changes(standIn)).toHaveLength(1);
    const ask = within(dialog).getByRole("group", { name: /^Sign Sam Staff out everywhere\?/ });
    await user.click(within(ask).getByRole("button", { name: "Yes, sign them out" }));
    expect((await within(dialog).findByText("2 sessions of Sam Staff ended.")).getAttribute("role")).toBe("status");
    expect(changes(standIn).at(-1)).toEqual({
      method: "DELETE",
      path: "/api/admin/people/2/sessions",
      body: undefined,
      csrf: "csrf-token-1",
    });
    // The API takes changes declared JSON only, a bodyless DELETE too.
    expect(standIn.contentTypeOf(changes(standIn).at(-1))).toBe("application/json");
  });
});

describe("roles", () => {
  it("checks a new role with the contract's RoleSchema, says a name taken in words, and saves it with its four areas", async () => {
    const { standIn } = await renderArea("/roles");
    await user.click(await screen.findByRole("button", { name: "New role" }));
    const dialog = await screen.findByRole("dialog", { name: "New role" });
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText("Write a name of 1 to 60 characters.")).toBeTruthy();
    expect(changes(standIn)).toEqual([]);

    await user.type(within(dialog).getByRole("textbox", { name: "Name" }), "view only");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe("Another role has this name. Choose another name.");

    await user.clear(within(dialog).getByRole("textbox", { name: "Name" }));
    await user.type(within(dialog).getByRole("textbox", { name: "Name" }), "Front desk");
    const appointments = within(dialog).getByRole("group", { name: "Appointments and customers" });
    await user.click(within(appointments).getByRole("radio", { name: "Read and change" }));
    await user.click(within(within(dialog).getByRole("group", { name: "Whose appointments" })).getByRole("radio", { name: "Everyone's" }));
    await user.click(within(dialog).getByRole("checkbox", { name: "Hide customers' phone numbers and e-mail addresses" }));
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("The role Front desk is saved.")).toBeTruthy();
    expect(changes(standIn).at(-1)).toEqual({
      method: "POST",
      path: "/api/admin/roles",
      body: {
        name: "Front desk",
        appointments: "readWrite",
        settings: "none",
        statistics: "none",
        administration: "none",
        scope: "all",
        hideContacts: true,
      },
      csrf: "csrf-token-1",
    });
    const row = within(screen.getByRole("table", { name: "The roles people can have" })).getByRole("rowheader", { name: "Front desk" });
    expect(
      within(row.closest("tr")!)
        .getAllByRole("cell")
        .slice(0, 6)
        .map((cell) => cell.textContent),
    ).toEqual(["Read and change", "None", "None", "None", "Everyone's", "Hidden"]);
  });

  it("edits a role: the form holds its fields, and the whole role is sent back", async () => {
    const { standIn } = await renderArea("/roles");
    await user.click(await screen.findByRole("button", { name: "Edit View only" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit View only" });
    const administration = within(dialog).getByRole("group", { name: "Administration" });
    expect(within(administration).getByRole("radio", { name: "None" })).toHaveProperty("checked", true);
    expect(within(dialog).getByRole("checkbox", { name: "Hide customers' phone numbers and e-mail addresses" })).toHaveProperty(
      "checked",
      true,
    );
    await user.clear(within(dialog).getByRole("textbox", { name: "Name" }));
    await user.type(within(dialog).getByRole("textbox", { name: "Name" }), "Viewer");
    await user.click(within(administration).getByRole("radio", { name: "Read" }));
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("The role Viewer is saved.")).toBeTruthy();
    const { id: _id, ...viewOnly } = VIEW_ONLY;
    expect(changes(standIn)).toEqual([
      { method: "PUT", path: "/api/admin/roles/5", body: { ...viewOnly, name: "Viewer", administration: "read" }, csrf: "csrf-token-1" },
    ]);
  });

  it("asks before deleting, and says in words that a role people have cannot be deleted", async () => {
    const { standIn } = await renderArea("/roles");
    await user.click(await screen.findByRole("button", { name: "Delete View only" }));
    expect(changes(standIn)).toEqual([]);
    // The question, above the table, takes the focus from the row's button.
    expect(document.activeElement).toBe(screen.getByRole("group", { name: "Delete the role View only?" }));
    await user.click(
      within(screen.getByRole("group", { name: "Delete the role View only?" })).getByRole("button", { name: "Yes, delete it" }),
    );
    expect((await screen.findByRole("alert")).textContent).toBe("People still have this role. Give them another role first.");
    expect(changes(standIn)).toMatchObject([{ method: "DELETE", path: "/api/admin/roles/5", csrf: "csrf-token-1" }]);
  });
});

describe("the audit log", () => {
  it("lists who, when and what, newest first, and shows older entries a page at a time to the end", async () => {
    const { standIn } = await renderArea("/audit", OWNER_ROLE, { auditEntries: 30 });
    const table = await screen.findByRole("table", { name: "Changes made in the back office, newest first" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((header) => header.textContent),
    ).toEqual(["When", "Who", "What", "Appointment", "Details"]);
    expect(rowsOf(table)).toHaveLength(25);
    // Entry 30 (newest: 09:30 UTC is 10:30 in Oslo), then 29, a move of appointment 129.
    expect(rowsOf(table)[0]).toEqual([
      "Dec 1, 2026, 10:30 AM",
      "Olga Owner",
      "Changed a role",
      "",
      "roleId: 5, name: Reception → View only",
    ]);
    expect(rowsOf(table)[1]).toEqual([
      "Dec 1, 2026, 10:29 AM",
      "Olga Owner",
      "Moved an appointment",
      "Appointment 129",
      "staffMemberId: 1 → 2",
    ]);
    await user.click(screen.getByRole("button", { name: "Show older" }));
    await waitFor(() => expect(rowsOf(table)).toHaveLength(30));
    expect(rowsOf(table).at(-1)?.[3]).toBe("Appointment 101");
    expect(standIn.calls.filter((call) => call.path.startsWith("/api/admin/audit")).map((call) => call.path)).toEqual([
      "/api/admin/audit?limit=25",
      "/api/admin/audit?limit=25&before=6",
    ]);
    expect(screen.queryByRole("button", { name: "Show older" })).toBeNull();
    expect(screen.getByText("There are no older entries.")).toBeTruthy();
  });
});

/** A browser's authenticator: answers what it was asked with PASSKEY_ID's credential, or refuses as a cancelled prompt does. */
function fakeWebAuthn(cancel = false) {
  const asked: unknown[] = [];
  const answer = (options: { optionsJSON: unknown }) => {
    asked.push(options.optionsJSON);
    if (cancel)
      return Promise.reject(Object.assign(new Error("The operation either timed out or was not allowed."), { name: "NotAllowedError" }));
    return Promise.resolve({
      id: PASSKEY_ID,
      rawId: PASSKEY_ID,
      type: "public-key",
      response: { clientDataJSON: "e30", attestationObject: "o", authenticatorData: "a", signature: "s" },
      clientExtensionResults: {},
    } as never);
  };
  return { asked, webauthn: { supported: () => true, register: answer, authenticate: answer } };
}

describe("passkeys", () => {
  async function renderWith(path: string, webauthn: ReturnType<typeof fakeWebAuthn>["webauthn"], signedIn: boolean) {
    const standIn = adminStandIn(signedIn ? { session: sessionFor() } : {});
    const api = adminClient(standIn.fetch);
    const session = await api.session();
    render(
      <AdminApp
        i18n={await adminI18n("en")}
        api={api}
        bookingLink="demo-salon"
        session={session}
        history={createMemoryHistory({ initialEntries: [`/demo-salon/admin${path}`] })}
        clock={{ now: () => new Date(TEST_NOW) }}
        pollMs={60_000}
        webauthn={webauthn}
      />,
    );
    return standIn;
  }

  it("adds a passkey on My account with the API's options, lists it, and removes it", async () => {
    const { asked, webauthn } = fakeWebAuthn();
    const standIn = await renderWith("/", webauthn, true);
    await user.click(await screen.findByRole("link", { name: "My account" }));
    expect(await screen.findByText("You have no passkeys yet.")).toBeTruthy();
    await user.type(screen.getByRole("textbox", { name: "A name for the new passkey (such as “My phone”)" }), "My phone");
    await user.click(screen.getByRole("button", { name: "Add a passkey" }));
    expect(await screen.findByText("The passkey My phone is added.")).toBeTruthy();
    expect(asked).toEqual([{ challenge: "register-challenge", rp: { name: "Demo Salon" } }]);
    expect(changes(standIn).map(({ method, path, csrf }) => [method, path, csrf])).toEqual([
      ["POST", "/api/admin/passkeys/options", "csrf-token-1"],
      ["POST", "/api/admin/passkeys", "csrf-token-1"],
    ]);
    expect(changes(standIn)[1]?.body).toMatchObject({ name: "My phone", response: { id: PASSKEY_ID } });
    const table = await screen.findByRole("table", { name: "Your passkeys" });
    expect(within(table).getByRole("rowheader", { name: "My phone" })).toBeTruthy();
    await user.click(within(table).getByRole("button", { name: "Remove My phone" }));
    expect(await screen.findByText("The passkey My phone is removed.")).toBeTruthy();
    expect(changes(standIn).at(-1)).toMatchObject({ method: "DELETE", path: "/api/admin/passkeys/1", csrf: "csrf-token-1" });
    expect(await screen.findByText("You have no passkeys yet.")).toBeTruthy();
  });

  it("signs in with a passkey instead of the password, and says a prompt cancelled in words", async () => {
    const cancelled = fakeWebAuthn(true);
    await renderWith("/sign-in", cancelled.webauthn, false);
    await user.click(await screen.findByRole("button", { name: "Use a passkey instead" }));
    expect((await screen.findByRole("alert")).textContent).toBe("The passkey was not used. Try again, or use your password.");
    cleanup();

    const { asked, webauthn } = fakeWebAuthn();
    const standIn = await renderWith("/sign-in", webauthn, false);
    await user.click(await screen.findByRole("button", { name: "Use a passkey instead" }));
    expect(await screen.findByRole("heading", { level: 1, name: "The day" })).toBeTruthy();
    expect(asked).toEqual([{ challenge: "sign-in-challenge", rpId: "localhost" }]);
    expect(changes(standIn).map(({ path, body }) => [path, (body as { bookingLink: string }).bookingLink])).toEqual([
      ["/api/admin/passkey-session/options", "demo-salon"],
      ["/api/admin/passkey-session", "demo-salon"],
    ]);
  });
});
