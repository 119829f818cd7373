import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { accessibilityTours } from "./accessibility-scan.ts";
import { baseUrl } from "./base-url.ts";
import { unexpected, usePages } from "./booking-support.ts";

// Issue 59's administration area in Chromium against the real server (its demo seed's
// owner and view-only role): the owner invites new@example.com with the view-only role;
// the link in the e-mail (the demo's outbox) opens the invitation screen, where the new
// person makes their account and lands on the day; the owner's audit log lists the
// invitation and the joining, and sign-out ends the session on the server. The owner
// adds a passkey and signs in with it. Axe at 1280 and 360 px on people, roles, the audit
// log and my account.

const base = baseUrl();
const open = usePages();
const tour = accessibilityTours(open);
const OWNER = { email: "owner@demo-salon.example", password: "demo-owner-password" };
const NEW_PERSON = "new@example.com";

async function signIn(page: Page, { email, password }: { email: string; password: string }) {
  await page.getByRole("textbox", { name: "E-mail" }).fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("heading", { level: 1, name: "The day" }).waitFor();
}

const nav = (page: Page) => page.getByRole("navigation", { name: "Back office" });

/** The invitation link e-mailed to an address (the demo's outbox), or null while none is there. */
async function invitationLink(to: string): Promise<string | null> {
  const messages = (await (await fetch(`${base}/api/dev/outbox?to=${encodeURIComponent(to)}`)).json()) as { body: string }[];
  for (const { body } of messages) {
    const link = /https?:\/\/\S+\/admin\/invitation#\S+/.exec(body)?.[0];
    if (link) return link;
  }
  return null;
}

describe("the administration area against the real API", () => {
  it("the owner invites a person with the view-only role; the e-mail's link makes their account and shows them the day; the audit log lists it", async () => {
    const { page, errors } = await open("/demo-salon/admin");
    await signIn(page, OWNER);
    await nav(page).getByRole("link", { name: "People" }).click();
    const people = page.getByRole("table", { name: "The people who can sign in here" });
    await people.getByRole("cell", { name: "owner@demo-salon.example" }).waitFor();
    await people.getByRole("cell", { name: "staff@demo-salon.example" }).waitFor();
    expect(await invitationLink(NEW_PERSON)).toBeNull();

    const invite = page.getByRole("region", { name: "Invite a person" });
    await invite.getByRole("textbox", { name: "E-mail" }).fill(NEW_PERSON);
    await invite.getByRole("combobox", { name: "Role" }).selectOption({ label: "View only" });
    // The staff member they are: the view-only role's scope is their own appointments, so their day shows that column.
    const staffChoice = invite.getByRole("combobox", { name: "Staff member (their own appointments)" });
    await staffChoice.getByRole("option", { name: /^Alex/ }).waitFor({ state: "attached" });
    const alex = (await staffChoice.getByRole("option", { name: /^Alex/ }).textContent())!;
    await staffChoice.selectOption({ label: alex });
    await invite.getByRole("button", { name: "Send the invitation" }).click();
    await invite
      .getByRole("status")
      .getByText(/^An invitation link was sent to new@example\.com\. It works until /)
      .waitFor();
    // An invitation is not an account yet: the person is listed once they accept it.
    expect(await people.getByRole("cell", { name: NEW_PERSON }).count()).toBe(0);

    // The invited person, in a browser of their own, opens the link from the e-mail.
    const link = await invitationLink(NEW_PERSON);
    expect(link).toMatch(new RegExp(`^${base}/demo-salon/admin/invitation#`));
    const invited = await open(link!.slice(base.length));
    await invited.page.getByRole("heading", { name: "Accept the invitation" }).waitFor();
    await invited.page.getByRole("textbox", { name: "Your name" }).fill("Nora New");
    await invited.page.getByLabel("Password").fill("a new password of hers");
    await invited.page.getByRole("button", { name: "Create my account" }).click();
    await invited.page.getByRole("heading", { level: 1, name: "The day" }).waitFor();
    await invited.page.getByRole("grid").getByRole("columnheader", { name: alex }).waitFor();
    // The view-only role has no administration: no way into the area.
    expect(await invited.page.getByRole("link", { name: "People" }).count()).toBe(0);
    await invited.page.context().close();

    await page.reload();
    await people.getByRole("row", { name: new RegExp(`Nora New new@example\\.com View only ${alex}`) }).waitFor();
    await nav(page).getByRole("link", { name: "Audit log" }).click();
    const audit = page.getByRole("table", { name: "Changes made in the back office, newest first" });
    await audit.getByRole("row", { name: /Nora New Joined by an invitation/ }).waitFor();
    await audit.getByRole("row", { name: /owner Invited a person/ }).waitFor();

    // Sign-out ends the session on the server: after a reload the page asks to sign in again.
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByText("You are signed out.").waitFor();
    await page.goto(`${base}/demo-salon/admin/audit`);
    await page.getByRole("heading", { level: 1, name: "Sign in" }).waitFor();
    // The app's first question, who is signed in, is answered 401 before sign-in: the browser logs that one.
    expect(unexpected(errors).filter((error) => !/status of 401/.test(error))).toEqual([]);
    await page.context().close();
  });

  it("the owner adds a passkey on My account and signs in with it instead of the password (Chromium's virtual authenticator)", async () => {
    // A passkey's relying party is a domain name, never an IP address: the page is opened at localhost.
    const local = base.replace("127.0.0.1", "localhost");
    const { page, errors } = await open(`${local}/demo-salon/admin`);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("WebAuthn.enable");
    await cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: {
        protocol: "ctap2",
        transport: "internal",
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    await signIn(page, OWNER);
    await page.getByRole("link", { name: "My account" }).click();
    await page.getByText("You have no passkeys yet.").waitFor();
    await page.getByRole("textbox", { name: /^A name for the new passkey/ }).fill("Test laptop");
    await page.getByRole("button", { name: "Add a passkey" }).click();
    await page.getByText("The passkey Test laptop is added.").waitFor();
    await page.getByRole("table", { name: "Your passkeys" }).getByRole("rowheader", { name: "Test laptop" }).waitFor();

    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByText("You are signed out.").waitFor();
    await page.getByRole("button", { name: "Use a passkey instead" }).click();
    await page.getByRole("heading", { level: 1, name: "The day" }).waitFor();
    await page.getByRole("link", { name: "My account" }).click();
    const row = page.getByRole("table", { name: "Your passkeys" }).getByRole("row", { name: /^Test laptop / });
    await row.waitFor();
    expect(await row.getByRole("cell").nth(1).textContent()).not.toBe("Never");
    expect(unexpected(errors).filter((error) => !/status of 401/.test(error))).toEqual([]);
    await page.context().close();
  });

  tour(
    "people, roles, the audit log and my account, with a role's form and a person's dialog",
    "/demo-salon/admin",
    async (page, check) => {
      await signIn(page, OWNER);
      await nav(page).getByRole("link", { name: "People" }).click();
      await page
        .getByRole("table", { name: "The people who can sign in here" })
        .getByRole("cell", { name: "staff@demo-salon.example" })
        .waitFor();
      await check("people");
      await page
        .getByRole("button", { name: /^Change / })
        .first()
        .click();
      await page
        .getByRole("dialog", { name: /^Change / })
        .getByRole("combobox", { name: "Role" })
        .waitFor();
      await check("a person's dialog");
      await page.keyboard.press("Escape");
      await nav(page).getByRole("link", { name: "Roles" }).click();
      await page.getByRole("table", { name: "The roles people can have" }).getByRole("rowheader", { name: "View only" }).waitFor();
      await check("roles");
      await page.getByRole("button", { name: "New role" }).click();
      await page.getByRole("dialog", { name: "New role" }).getByRole("button", { name: "Save" }).click();
      await page.getByRole("dialog", { name: "New role" }).getByText("Write a name of 1 to 60 characters.").waitFor();
      await check("a role's form, with its error");
      await page.keyboard.press("Escape");
      await nav(page).getByRole("link", { name: "Audit log" }).click();
      await page.getByRole("heading", { level: 1, name: "Audit log" }).waitFor();
      await page
        .getByText(/^(Nothing has been changed yet\.|There are no older entries\.)$|^Show older$/)
        .first()
        .waitFor();
      await check("the audit log");
      await page.getByRole("link", { name: "My account" }).click();
      // The owner's passkey from the test before, or none when run alone.
      await page.getByRole("table", { name: "Your passkeys" }).or(page.getByText("You have no passkeys yet.")).waitFor();
      await check("my account");
    },
  );
});
