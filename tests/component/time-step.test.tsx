import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { HOUR_SKELETONS } from "../../src/calendar/HourList.tsx";
import { fullDate, longDate } from "../../src/calendar/date-labels.ts";
import { formatOffset, offsetMinutes } from "../../src/time/time-zone-note.ts";
import { addDays, weekdayOf } from "../../src/contract/zoned-time.ts";
import { demoToday, expectedFirstDay } from "../support/expected-times.ts";
import { useWidgetTestApi } from "../support/widget-test-api.ts";
import userEvent from "@testing-library/user-event";

const { api, renderWidget } = useWidgetTestApi();
// The visitor's pointer and keyboard (user-event): each click and key as a browser sends them.
const user = userEvent.setup({ delay: null });

async function openTimeStep(company: string, service: string, fetch?: typeof globalThis.fetch) {
  renderWidget({ company: company, ...(fetch ? { fetch } : {}) });
  await user.click(await screen.findByRole("button", { name: service }));
  return screen.findByRole("grid", { name: "Choose a date" });
}

const hourLabels = (hours: HTMLElement) =>
  within(hours)
    .getAllByRole("button")
    .map((button) => button.textContent);
const monthName = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });

describe("time step", () => {
  it("opens on the first available day with its hours; an hour moves on to the customer's information", async () => {
    const calendar = await openTimeStep("demo-clinic", "Physiotherapy");
    const first = expectedFirstDay("demo-clinic", 45);
    expect(screen.getByRole("heading", { level: 2, name: "Select time" })).toBeTruthy();
    const selected = within(calendar)
      .getAllByRole("button")
      .find((b) => b.getAttribute("aria-pressed") === "true")!;
    await vi.waitFor(
      () => expect(selected.getAttribute("aria-label")).toBe(`${fullDate(first.iso, "en")}, ${first.times.length} times available`),
      { timeout: 8000 },
    );
    const hours = await screen.findByRole("region", { name: `Available times ${longDate(first.iso, "en")}` });
    await vi.waitFor(() => expect(hourLabels(hours)).toEqual(first.times), { timeout: 8000 });
    await user.click(within(hours).getAllByRole("button")[0]!);
    expect(await screen.findByRole("heading", { level: 2, name: "Your information" })).toBeTruthy();
  });

  it("marks a closed day red, says it has no hours and finds the first available hour", async () => {
    const calendar = await openTimeStep("demo-clinic", "Follow-up");
    await screen.findByRole("region", { name: /^Available times / });
    // The clinic is closed at weekends: the first weekend day of the shown month (the
    // first available day's) that lies inside the booking window.
    const first = expectedFirstDay("demo-clinic", 30);
    let weekend = `${first.iso.slice(0, 8)}01`;
    while (weekend < demoToday("demo-clinic") || ![0, 6].includes(weekdayOf(weekend))) weekend = addDays(weekend, 1);
    await user.click(await within(calendar).findByRole("button", { name: `${fullDate(weekend, "en")}, no available times` }));
    expect(await screen.findByText("No available hours for this day")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Find first available hour" }));
    const hours = await screen.findByRole("region", { name: `Available times ${longDate(first.iso, "en")}` });
    await vi.waitFor(() => expect(hourLabels(hours)).toEqual(first.times), { timeout: 8000 });
    expect(screen.queryByText("No available hours for this day")).toBeNull();
  });

  it("shows skeletons while the hours load, and says which zone the times are in", async () => {
    // The day's hours are held back until the skeletons have been seen.
    let answerHours!: () => void;
    const hoursHeld = new Promise<void>((resolve) => {
      answerHours = resolve;
    });
    const fetch: typeof globalThis.fetch = async (input, init) => {
      const request = input instanceof Request ? input : new Request(String(input), init);
      if (/\/Appointment\/availableHours$/.test(new URL(request.url).pathname)) await hoursHeld;
      return api().fetch(request);
    };
    await openTimeStep("demo-clinic", "Sports massage", fetch);
    const hours = screen.getByRole("region", { name: /^Available times / });
    expect(hours.querySelectorAll(".bw-hour--skeleton")).toHaveLength(HOUR_SKELETONS);
    answerHours();
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
    while (!previous.disabled) await user.click(previous);
    expect(shown()).toBe(monthName(today));
    while (!next.disabled) await user.click(next);
    expect(shown()).toBe(monthName(addDays(today, 30)));
  });
});

describe("time step by keyboard (WAI-ARIA date grid, one Tab stop each)", () => {
  const focusedIn = (element: HTMLElement) => (element.getRootNode() as Document | ShadowRoot).activeElement as HTMLElement | null;
  const tabStops = (container: HTMLElement) =>
    within(container)
      .queryAllByRole("button")
      .filter((b) => b.tabIndex === 0 && !(b as HTMLButtonElement).disabled);

  it("moves focus by day, week and month with the keys, and says how many times a day has", async () => {
    const calendar = await openTimeStep("demo-clinic", "Physiotherapy");
    const first = expectedFirstDay("demo-clinic", 45);
    const hours = await screen.findByRole("region", { name: `Available times ${longDate(first.iso, "en")}` });
    await vi.waitFor(() => expect(within(hours).getByRole("status").textContent).toBe(`${first.times.length} times available`), {
      timeout: 8000,
    });

    // The calendar is one Tab stop: the chosen day.
    const stops = tabStops(calendar);
    expect(stops.map((b) => b.dataset.date)).toEqual([first.iso]);
    const day = stops[0]!;
    day.focus();
    // Keys go to the focused day, as the browser sends them.
    const press = (key: string) => user.keyboard(`{${key}}`);
    await press("ArrowRight");
    expect(focusedIn(calendar)!.dataset.date).toBe(addDays(first.iso, 1));
    await press("ArrowLeft");
    await press("ArrowDown");
    expect(focusedIn(calendar)!.dataset.date).toBe(addDays(first.iso, 7));
    // English weeks start on Sunday.
    await press("Home");
    expect(weekdayOf(focusedIn(calendar)!.dataset.date!)).toBe(0);
    await press("End");
    expect(weekdayOf(focusedIn(calendar)!.dataset.date!)).toBe(6);
    expect(tabStops(calendar)).toEqual([focusedIn(calendar)]);

    // PageDown shows the next month (or the window's last day in it) with focus on that day.
    const before = focusedIn(calendar)!.dataset.date!;
    await press("PageDown");
    await vi.waitFor(() => expect(focusedIn(calendar)!.dataset.date! > before).toBe(true));
    const after = focusedIn(calendar)!.dataset.date!;
    expect(screen.getByText(/^[A-Z][a-z]+ \d{4}$/).textContent).toBe(monthName(after));
    expect(tabStops(calendar)).toEqual([focusedIn(calendar)]);
    expect(focusedIn(calendar)!.getAttribute("aria-label")).toMatch(new RegExp(`^${fullDate(after, "en")}(, .+)?$`));
  });

  it("the day's times are one Tab stop; arrows, Home and End move between them", async () => {
    await openTimeStep("demo-clinic", "Physiotherapy");
    const first = expectedFirstDay("demo-clinic", 45);
    const hours = await screen.findByRole("region", { name: `Available times ${longDate(first.iso, "en")}` });
    await vi.waitFor(() => expect(hourLabels(hours)).toEqual(first.times), { timeout: 8000 });
    const buttons = within(hours).getAllByRole("button");
    expect(tabStops(hours)).toEqual([buttons[0]]);
    buttons[0]!.focus();
    await user.keyboard("{ArrowRight}");
    expect(focusedIn(hours)).toBe(buttons[1]);
    await user.keyboard("{End}");
    expect(focusedIn(hours)).toBe(buttons.at(-1));
    expect(tabStops(hours)).toEqual([buttons.at(-1)]);
    await user.keyboard("{Home}");
    expect(focusedIn(hours)).toBe(buttons[0]);
  });
});
