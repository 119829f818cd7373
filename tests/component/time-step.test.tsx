import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { HOUR_SKELETONS } from "../../src/booking/time/HourList.tsx";
import { longDate } from "../../src/booking/time/date-labels.ts";
import { formatOffset, offsetMinutes } from "../../src/time/time-zone-note.ts";
import { addDays, weekdayOf } from "../../src/time/zoned-time.ts";
import { demoToday, expectedFirstDay } from "../support/expected-times.ts";
import { useWidgetTestApi } from "../support/widget-test-api.ts";

const { renderWidget } = useWidgetTestApi();

async function openTimeStep(company: string, service: string) {
  renderWidget({ company: company });
  fireEvent.click(await screen.findByRole("button", { name: service }));
  return screen.findByRole("table", { name: "Choose a date" });
}

const hourLabels = (hours: HTMLElement) => within(hours).getAllByRole("button").map((button) => button.textContent);
const monthName = (iso: string) => new Date(`${iso}T12:00:00Z`).toLocaleString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });

describe("time step", () => {
  it("opens on the first available day with its hours; an hour moves on to the customer's information", async () => {
    const calendar = await openTimeStep("demo-clinic", "Physiotherapy");
    const first = expectedFirstDay("demo-clinic", 45);
    expect(screen.getByRole("heading", { level: 2, name: "Select time" })).toBeTruthy();
    const selected = within(calendar).getAllByRole("button").find((b) => b.getAttribute("aria-pressed") === "true")!;
    await vi.waitFor(() => expect(selected.getAttribute("aria-label")).toBe(`${longDate(first.iso, "en")}, available times`), { timeout: 8000 });
    const hours = await screen.findByRole("region", { name: `Available times ${longDate(first.iso, "en")}` });
    await vi.waitFor(() => expect(hourLabels(hours)).toEqual(first.times), { timeout: 8000 });
    fireEvent.click(within(hours).getAllByRole("button")[0]!);
    expect(await screen.findByRole("heading", { level: 2, name: "Your information" })).toBeTruthy();
  });

  it("marks a closed day red, says it has no hours and finds the first available hour", async () => {
    const calendar = await openTimeStep("demo-clinic", "Follow-up");
    await screen.findByRole("region", { name: /^Available times / });
    // The clinic is closed at weekends: the first weekend day of the shown month (the
    // first available day's) that lies inside the booking window.
    const first = expectedFirstDay("demo-clinic", 30);
    let weekend = first.iso.slice(0, 8) + "01";
    while (weekend < demoToday("demo-clinic") || ![0, 6].includes(weekdayOf(weekend))) weekend = addDays(weekend, 1);
    fireEvent.click(await within(calendar).findByRole("button", { name: `${longDate(weekend, "en")}, no available times` }));
    expect(await screen.findByText("No available hours for this day")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Find first available hour" }));
    const hours = await screen.findByRole("region", { name: `Available times ${longDate(first.iso, "en")}` });
    await vi.waitFor(() => expect(hourLabels(hours)).toEqual(first.times), { timeout: 8000 });
    expect(screen.queryByText("No available hours for this day")).toBeNull();
  });

  it("shows skeletons while the hours load, and says which zone the times are in", async () => {
    await openTimeStep("demo-clinic", "Sports massage");
    const hours = screen.getByRole("region", { name: /^Available times / });
    expect(hours.querySelectorAll(".bw-hour--skeleton")).toHaveLength(HOUR_SKELETONS);
    // The test runs in UTC; the clinic is in Chicago, GMT-6 or GMT-5 on the day shown.
    const day = expectedFirstDay("demo-clinic", 60).iso;
    const offset = formatOffset(offsetMinutes("America/Chicago", new Date(`${day}T12:00:00Z`)));
    expect(screen.getByText(`Times are shown in the local time of Chicago (${offset}).`)).toBeTruthy();
  });

  it("pages months only within the booking window: from today's month to the month of today + 30 days", async () => {
    await openTimeStep("demo-clinic", "Physiotherapy");
    const today = demoToday("demo-clinic");
    const previous = screen.getByRole("button", { name: "Previous month" }) as HTMLButtonElement;
    const next = screen.getByRole("button", { name: "Next month" }) as HTMLButtonElement;
    const shown = () => screen.getByText(/^[A-Z][a-z]+ \d{4}$/).textContent;
    expect(shown()).toBe(monthName(expectedFirstDay("demo-clinic", 45).iso));
    while (!previous.disabled) fireEvent.click(previous);
    expect(shown()).toBe(monthName(today));
    while (!next.disabled) fireEvent.click(next);
    expect(shown()).toBe(monthName(addDays(today, 30)));
  });
});
