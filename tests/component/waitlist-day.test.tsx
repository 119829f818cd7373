import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { fullDate, longDate } from "../../src/calendar/date-labels.ts";
import { addDays, fromZoned, weekdayOf } from "../../src/contract/zoned-time.ts";
import { demoToday } from "../support/expected-times.ts";
import { useWidgetTestApi } from "../support/widget-test-api.ts";

// Issue 57: a day's waitlist is not offered after the day's last possible start. Demo
// Frisør (test seed) keeps a waitlist and closes at 18:00 (Tuesday to Saturday); colouring
// takes 120 minutes, so nothing can start after 16:00.
const { api, renderWidget } = useWidgetTestApi();
const user = userEvent.setup({ delay: null });

/** The next day Demo Frisør opens, after the test's today. */
const openDay = () => {
  let day = addDays(demoToday("demo-frisor"), 1);
  while (![2, 3, 4, 5, 6].includes(weekdayOf(day))) day = addDays(day, 1);
  return day;
};

/** The widget and the API at `time` (Oslo) on `day`, on colouring's time step showing `day`. */
async function colouringOn(day: string, time: string) {
  const at = fromZoned(day, time, "Europe/Oslo");
  api().clock.set(at);
  vi.setSystemTime(at);
  renderWidget({ company: "demo-frisor", lang: "en" });
  await user.click(await screen.findByRole("button", { name: /^Farging/ }));
  const calendar = await screen.findByRole("grid", { name: "Choose a date" });
  await user.click(await within(calendar).findByRole("button", { name: new RegExp(`^${fullDate(day, "en")}(,|$)`) }));
  return screen.findByRole("region", { name: `Hours on ${longDate(day, "en")}` });
}

describe("the waitlist of a day", () => {
  it("is offered before the day's last possible start", async () => {
    const day = openDay();
    await colouringOn(day, "15:30");
    expect(await screen.findByRole("button", { name: "Join the waitlist" })).toBeTruthy();
  });

  it("is not offered after it (16:01 for a 120-minute colouring), while the next open day offers it", async () => {
    const day = openDay();
    const hours = await colouringOn(day, "16:01");
    expect(await within(hours).findByText("No available hours for this day")).toBeTruthy();
    // The next open day offers it: by then the waitlist's settings and opening days have loaded.
    let next = addDays(day, 1);
    while (![2, 3, 4, 5, 6].includes(weekdayOf(next))) next = addDays(next, 1);
    const calendar = screen.getByRole("grid", { name: "Choose a date" });
    await user.click(within(calendar).getByRole("button", { name: new RegExp(`^${fullDate(next, "en")}(,|$)`) }));
    expect(await screen.findByRole("button", { name: "Join the waitlist" })).toBeTruthy();
    // Back on the day that is over: nothing to join (the same loaded settings and days).
    await user.click(within(calendar).getByRole("button", { name: new RegExp(`^${fullDate(day, "en")}(,|$)`) }));
    expect(await screen.findByRole("region", { name: `Hours on ${longDate(day, "en")}` })).toBeTruthy();
    expect(await screen.findByText("No available hours for this day")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Join the waitlist" })).toBeNull();
  });
});
