import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useWidgetTestApi } from "../support/widget-test-api.ts";
import { dottedDate, expectedFirstDay, expectedStarts, twelveHourClock } from "../support/expected-times.ts";
import userEvent from "@testing-library/user-event";

const { api, renderWidget } = useWidgetTestApi();
// The visitor's pointer and keyboard (user-event): each click and key as a browser sends them.
const user = userEvent.setup({ delay: null });

const serviceButton = (name: string) => screen.findByRole("button", { name });

describe("service step with multipleServices (demo-salon)", () => {
  it("asks for extras, ticks and unticks services, and continues with the ticked ones", async () => {
    renderWidget({ company: "demo-salon" });
    const panel = await screen.findByRole("complementary", { name: "Selected services" });
    expect(within(panel).getByRole("button", { name: "Continue (0)" }).hasAttribute("disabled")).toBe(true);

    await user.click(await serviceButton("Women's haircut"));
    const extras = await screen.findByRole("dialog", { name: "Add extras to Women's haircut?" });
    await user.click(within(extras).getByRole("checkbox", { name: /Wash and blow-dry \+15 min, \+\$15/ }));
    await user.click(within(extras).getByRole("button", { name: "Choose" }));
    expect(within(panel).getByText(/Women's haircut/).textContent).toBe("Women's haircut + Wash and blow-dry");
    expect((await serviceButton("Women's haircut")).getAttribute("aria-pressed")).toBe("true");

    await user.click(await serviceButton("Men's haircut"));
    expect(within(panel).getByRole("button", { name: "Continue (2)" })).toBeTruthy();
    await user.click(await serviceButton("Men's haircut"));
    expect((await serviceButton("Men's haircut")).getAttribute("aria-pressed")).toBe("false");

    await user.click(within(panel).getByRole("button", { name: "Continue (1)" }));
    expect(await screen.findByRole("heading", { level: 2, name: "Select staff" })).toBeTruthy();
  });

  it("cannot choose a service nobody offers", async () => {
    renderWidget({ company: "demo-salon" });
    const perm = await serviceButton("Perm");
    expect(perm.getAttribute("aria-disabled")).toBe("true");
    await user.click(perm);
    expect(perm.getAttribute("aria-pressed")).toBe("false");
    expect(screen.getByText("No available times for this service")).toBeTruthy();
  });

  it("does not book a service marked unavailable online: it offers a message with service, date and time", async () => {
    renderWidget({ company: "demo-salon" });
    await user.click(await serviceButton("Bridal styling"));
    await user.click(screen.getByRole("button", { name: "Continue (1)" }));
    await user.click(await screen.findByRole("button", { name: /Any staff member/ }));
    // Bridal styling (90 minutes, Alex only): its first free time.
    const day = expectedFirstDay("demo-salon", 90).iso;
    const time = twelveHourClock(expectedStarts("demo-salon", day, 90)[0]!, "America/New_York");
    const hours = await screen.findByRole("region", { name: /^Hours on / });
    const [first] = await within(hours).findAllByRole("button", { name: /^\d{1,2}:\d{2} [AP]M$/ });
    expect(first!.textContent).toBe(time);
    await user.click(first!);
    const dialog = await screen.findByRole("dialog", {
      name: `Bridal styling cannot be booked online. Send us a message to ask for ${dottedDate(day)} at ${time}.`,
    });
    expect(within(dialog).getByRole("button", { name: "Send a message" })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2, name: "Select time" })).toBeTruthy();
  });

  it("says so when no staff member offers the chosen services, and starts over", async () => {
    // The reference API always has someone for the demo's services: answer an empty staff list.
    const fetch: typeof globalThis.fetch = async (input, init) =>
      /StaffMember\/asAnonymous/.test(String(input instanceof Request ? input.url : input))
        ? new Response("[]", { headers: { "content-type": "application/json" } })
        : api().fetch(input, init);
    renderWidget({ company: "demo-salon", fetch });
    await user.click(await serviceButton("Men's haircut"));
    await user.click(screen.getByRole("button", { name: "Continue (1)" }));
    const dialog = await screen.findByRole("dialog", { name: "No providers currently offer this service" });
    await user.click(within(dialog).getByRole("button", { name: "Select another service" }));
    expect(await screen.findByRole("heading", { level: 2, name: "Select service" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Continue (0)" })).toBeTruthy();
  });
});
