import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { englishDayName, expectedFirstDay, expectedStarts, twelveHourClock } from "../support/expected-times.ts";
import { useWidgetTestApi } from "../support/widget-test-api.ts";
import userEvent from "@testing-library/user-event";

const { renderWidget } = useWidgetTestApi();
// The visitor's pointer and keyboard (user-event): each click and key as a browser sends them.
const user = userEvent.setup({ delay: null });

async function openStaffStep() {
  renderWidget({ company: "demo-salon" });
  await user.click(await screen.findByRole("button", { name: "Men's haircut" }));
  await user.click(screen.getByRole("button", { name: "Continue (1)" }));
  expect(await screen.findByRole("heading", { level: 2, name: "Select staff" })).toBeTruthy();
  return screen.findByRole("button", { name: /^Any staff member/ });
}

describe("staff step", () => {
  it("offers anyone first, then each qualified member with the next available time; unavailable ones last and not choosable", async () => {
    await openStaffStep();
    const cards = within(screen.getByRole("region", { name: "Select staff" }))
      .getAllByRole("listitem")
      .map((item) => item.textContent ?? "");
    expect(cards[0]).toMatch(/^.?Any staff member/);
    // Men's haircut: Alex, Sam and Jamie (on vacation for 14 days, so last).
    const names = cards.slice(1).map((text) => /(Alex Morgan|Sam Rivera|Jamie Chen)/.exec(text)?.[1]);
    expect(names.at(-1)).toBe("Jamie Chen");
    expect(new Set(names)).toEqual(new Set(["Alex Morgan", "Sam Rivera", "Jamie Chen"]));
    const first = expectedFirstDay("demo-salon", 30).iso;
    const next = `Next available: ${englishDayName("demo-salon", first)} ${twelveHourClock(expectedStarts("demo-salon", first, 30)[0]!, "America/New_York")}`;
    expect(cards.find((text) => text.includes("Alex Morgan"))).toContain(next);
    expect(cards.find((text) => text.includes("Sam Rivera"))).toContain(next);
    const jamie = screen.getByRole("button", { name: /Jamie Chen/ });
    await user.click(jamie);
    expect(screen.getByRole("heading", { level: 2, name: "Select staff" })).toBeTruthy();
  });

  it("goes on to the time step with the chosen member's hours", async () => {
    await openStaffStep();
    await user.click(screen.getByRole("button", { name: /Sam Rivera/ }));
    expect(await screen.findByRole("heading", { level: 2, name: "Select time" })).toBeTruthy();
    // The salon hides occupied hours (showOccupiedHoursForAnonymousBooking off): "Hours on …".
    const first = expectedFirstDay("demo-salon", 30).iso;
    const hours = await screen.findByRole("region", { name: /^Hours on / });
    const labels = (await within(hours).findAllByRole("button", { name: /^\d{1,2}:\d{2} [AP]M$/ })).map((button) => button.textContent);
    expect(labels).toEqual(expectedStarts("demo-salon", first, 30).map((start) => twelveHourClock(start, "America/New_York")));
  });
});
