import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { HOUR_SKELETONS } from "../../src/booking/time/HourList.tsx";
import { useWidgetTestApi } from "../support/widget-test-api.ts";

const { renderWidget } = useWidgetTestApi();

async function openTimeStep(company: string, service: string) {
  renderWidget({ company: company });
  fireEvent.click(await screen.findByRole("button", { name: service }));
  return screen.findByRole("table", { name: "Choose a date" });
}

describe("time step", () => {
  it("opens on the first available day with its hours; an hour moves on to the customer's information", async () => {
    const calendar = await openTimeStep("demo-clinic", "Physiotherapy");
    expect(screen.getByRole("heading", { level: 2, name: "Select time" })).toBeTruthy();
    const selected = within(calendar).getAllByRole("button").find((b) => b.getAttribute("aria-pressed") === "true")!;
    await vi.waitFor(() => expect(selected.getAttribute("aria-label")).toMatch(/, available times$/));
    const hours = await screen.findByRole("region", { name: /^Available times / });
    const first = within(hours).getAllByRole("button")[0]!;
    expect(first.textContent).toMatch(/^\d\d:\d\d$/);
    fireEvent.click(first);
    expect(await screen.findByRole("heading", { level: 2, name: "Your information" })).toBeTruthy();
  });

  it("marks a closed day red, says it has no hours and finds the first available hour", async () => {
    const calendar = await openTimeStep("demo-clinic", "Follow-up");
    await screen.findByRole("region", { name: /^Available times / });
    // The clinic is closed at weekends: pick a weekend day inside the window.
    const weekend = await vi.waitFor(() => {
      const full = within(calendar).getAllByRole("button").find((b) => /^(Saturday|Sunday).*no available times$/.test(b.getAttribute("aria-label") ?? ""));
      if (!full) throw new Error("no red weekend day yet");
      return full;
    });
    fireEvent.click(weekend);
    expect(await screen.findByText("No available hours for this day")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Find first available hour" }));
    const hours = await screen.findByRole("region", { name: /^Available times / });
    await vi.waitFor(() => expect(within(hours).getAllByRole("button").some((b) => /^\d\d:\d\d$/.test(b.textContent ?? ""))).toBe(true));
    expect(screen.queryByText("No available hours for this day")).toBeNull();
  });

  it("shows skeletons while the hours load, and says which zone the times are in", async () => {
    await openTimeStep("demo-clinic", "Sports massage");
    const hours = screen.getByRole("region", { name: /^Available times / });
    expect(hours.querySelectorAll(".bw-hour--skeleton")).toHaveLength(HOUR_SKELETONS);
    // The test runs in UTC; the clinic is in Chicago.
    expect(screen.getByText(/^Times are shown in the local time of Chicago \(GMT-[56]\)\.$/)).toBeTruthy();
  });

  it("pages months only within the booking window", async () => {
    await openTimeStep("demo-clinic", "Physiotherapy");
    const previous = screen.getByRole("button", { name: "Previous month" }) as HTMLButtonElement;
    expect(previous.disabled).toBe(true);
  });
});
