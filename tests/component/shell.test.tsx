import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useWidgetTestApi } from "../support/widget-test-api.ts";
import userEvent from "@testing-library/user-event";
import { fill } from "../support/user.ts";

const { renderWidget } = useWidgetTestApi();
// The visitor's pointer and keyboard (user-event): each click and key as a browser sends them.
const user = userEvent.setup({ delay: null });

/** demo-salon: Men's haircut, any staff member, the first hour: the account step. */
async function reachAccountStep() {
  renderWidget({ company: "demo-salon" });
  await user.click(await screen.findByRole("button", { name: "Men's haircut" }));
  await user.click(screen.getByRole("button", { name: "Continue (1)" }));
  await user.click(await screen.findByRole("button", { name: /Any staff member/ }));
  const hours = await screen.findByRole("region", { name: /^Hours on / });
  await user.click((await within(hours).findAllByRole("button", { name: /^\d{1,2}:\d{2} [AP]M$/ }))[0]!);
  return screen.findByRole("textbox", { name: "Phone number" });
}

describe("shell: menu, leaving for My Page, logging out", () => {
  it("links to My Page, and asks before leaving a booking in progress", async () => {
    renderWidget({ company: "demo-salon" });
    const menu = await screen.findByRole("navigation", { name: "Menu" });
    const myPage = within(menu).getByRole("link", { name: "My Page" });
    expect(myPage.getAttribute("href")).toBe("http://booking.test/demo-salon/min-side");

    await user.click(await screen.findByRole("button", { name: "Men's haircut" }));
    await user.click(screen.getByRole("button", { name: "Continue (1)" }));
    await screen.findByRole("heading", { level: 2, name: "Select staff" });
    await user.click(myPage);
    const dialog = await screen.findByRole("dialog", { name: /^Leave this booking for My Page\?/ });
    await user.click(await within(dialog).findByRole("button", { name: "No" }));
    expect(screen.getByRole("heading", { level: 2, name: "Select staff" })).toBeTruthy();
  });

  it("opens the mobile menu with the same entry", async () => {
    renderWidget({ company: "demo-salon" });
    const toggle = await screen.findByRole("button", { name: "Menu" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    await user.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    const list = document.getElementById(toggle.getAttribute("aria-controls")!)!;
    expect(within(list).getByRole("link", { name: "My Page" })).toBeTruthy();
  });

  it("logs in with the password, then Log out clears the account and returns to step 1", async () => {
    const phone = await reachAccountStep();
    await fill(user, phone, "2125550123");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    await fill(user, await screen.findByLabelText("Password"), "wrong-password");
    await user.click(screen.getByRole("button", { name: "Log in" }));
    const wrong = await screen.findByRole("dialog", { name: "Wrong password" });
    await user.click(await within(wrong).findByRole("button", { name: "OK" }));

    await fill(user, screen.getByLabelText("Password"), "salon-demo-1");
    await user.click(screen.getByRole("button", { name: "Log in" }));
    expect(await screen.findByText("Logged in as Taylor Brooks. Check your details before you continue.")).toBeTruthy();
    expect((screen.getByRole("textbox", { name: "Email" }) as HTMLInputElement).value).toBe("taylor@example.com");

    const menu = screen.getByRole("navigation", { name: "Menu" });
    await user.click(within(menu).getByRole("button", { name: "Log out" }));
    expect(await screen.findByRole("heading", { level: 2, name: "Select service" })).toBeTruthy();
    expect(within(menu).getByRole("link", { name: "My Page" })).toBeTruthy();
  });
});
