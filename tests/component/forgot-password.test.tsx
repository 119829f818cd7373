import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useWidgetTestApi } from "../support/widget-test-api.ts";

const { api, renderWidget } = useWidgetTestApi();

describe("forgotten password (demo-frisor, accounts on)", () => {
  it("sends a code, refuses a wrong one, sets the new password and logs in with it", async () => {
    renderWidget({ company: "demo-frisor", lang: "en" });
    fireEvent.click(await screen.findByRole("button", { name: "Herreklipp" }));
    const hours = await screen.findByRole("region", { name: /^Hours on / });
    fireEvent.click((await within(hours).findAllByRole("button", { name: /^\d{2}:\d{2}$/ }))[0]!);
    fireEvent.change(await screen.findByRole("textbox", { name: "Phone number" }), { target: { value: "41234567" } });
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    // Each screen of the flow replaces the last in place; focus goes where the new one starts.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText("Password")));
    fireEvent.click(await screen.findByRole("button", { name: "Forgot password?" }));

    const confirm = await screen.findByRole("dialog", { name: /^We will send a code to \+47 41234567/ });
    fireEvent.click(within(confirm).getByRole("button", { name: "Yes" }));
    const code = await screen.findByRole("textbox", { name: "Code" });
    await waitFor(() => expect(document.activeElement).toBe(code));
    const sent = await waitFor(async () => {
      const [message] = await api().outbox("41234567");
      expect(message?.code).toMatch(/^\d{5}$/);
      return message!.code!;
    });

    fireEvent.change(code, { target: { value: sent === "00000" ? "11111" : "00000" } });
    fireEvent.change(screen.getByLabelText("New password"), { target: { value: "new-secret-1" } });
    fireEvent.click(screen.getByRole("button", { name: "Save new password" }));
    fireEvent.click(within(await screen.findByRole("dialog", { name: "Wrong code" })).getByRole("button", { name: "OK" }));
    // The dialog gives focus back to where it was: the code.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("textbox", { name: "Code" })));

    fireEvent.change(screen.getByRole("textbox", { name: "Code" }), { target: { value: sent } });
    fireEvent.click(screen.getByRole("button", { name: "Save new password" }));
    fireEvent.click(
      within(await screen.findByRole("dialog", { name: "Your password has been changed" })).getByRole("button", { name: "OK" }),
    );

    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText("Password")));
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "new-secret-1" } });
    fireEvent.click(screen.getByRole("button", { name: "Log in" }));
    const loggedIn = await screen.findByText("Logged in as Kari Nordmann. Check your details before you continue.");
    await waitFor(() => expect(document.activeElement).toBe(loggedIn));
  });
});
