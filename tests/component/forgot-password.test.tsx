import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useWidgetTestApi } from "../support/widget-test-api.ts";
import userEvent from "@testing-library/user-event";
import { fill } from "../support/user.ts";

const { api, renderWidget } = useWidgetTestApi();
// The visitor's pointer and keyboard (user-event): each click and key as a browser sends them.
const user = userEvent.setup({ delay: null });

describe("forgotten password (demo-frisor, accounts on)", () => {
  it("sends a code, refuses a wrong one, sets the new password and logs in with it", async () => {
    renderWidget({ company: "demo-frisor", lang: "en" });
    await user.click(await screen.findByRole("button", { name: "Herreklipp" }));
    const hours = await screen.findByRole("region", { name: /^Hours on / });
    await user.click((await within(hours).findAllByRole("button", { name: /^\d{2}:\d{2}$/ }))[0]!);
    await fill(user, await screen.findByRole("textbox", { name: "Phone number" }), "41234567");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    // Each screen of the flow replaces the last in place; focus goes where the new one starts.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText("Password")));
    await user.click(await screen.findByRole("button", { name: "Forgot password?" }));

    const confirm = await screen.findByRole("dialog", { name: /^We will send a code to \+47 41234567/ });
    await user.click(within(confirm).getByRole("button", { name: "Yes" }));
    const code = await screen.findByRole("textbox", { name: "Code" });
    await waitFor(() => expect(document.activeElement).toBe(code));
    const sent = await waitFor(async () => {
      const [message] = await api().outbox("41234567");
      expect(message?.code).toMatch(/^\d{5}$/);
      return message!.code!;
    });

    await fill(user, screen.getByLabelText("New password"), "new-secret-1");
    // Sent with Enter from the code field: the dialog then hands focus back to it.
    await fill(user, code, sent === "00000" ? "11111" : "00000");
    await user.keyboard("{Enter}");
    await user.click(within(await screen.findByRole("dialog", { name: "Wrong code" })).getByRole("button", { name: "OK" }));
    // The dialog gives focus back to where it was: the code.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("textbox", { name: "Code" })));

    await fill(user, screen.getByRole("textbox", { name: "Code" }), sent);
    await user.click(screen.getByRole("button", { name: "Save new password" }));
    await user.click(
      within(await screen.findByRole("dialog", { name: "Your password has been changed" })).getByRole("button", { name: "OK" }),
    );

    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText("Password")));
    await fill(user, screen.getByLabelText("Password"), "new-secret-1");
    await user.click(screen.getByRole("button", { name: "Log in" }));
    const loggedIn = await screen.findByText("Logged in as Kari Nordmann. Check your details before you continue.");
    await waitFor(() => expect(document.activeElement).toBe(loggedIn));
  });
});
