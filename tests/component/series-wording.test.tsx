import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { useWidgetTestApi } from "../support/widget-test-api.ts";

// Issue 57: the series screens say what they do. Rules Studio (test seed): "Physio course"
// repeats every 1 or 2 weeks, 8 times at most, taught by Maya Teacher; a visitor books
// 60 days ahead at most.
const { renderWidget } = useWidgetTestApi();
const user = userEvent.setup({ delay: null });

async function openPhysioCourse() {
  renderWidget({ company: "rules-studio", lang: "en" });
  await user.click(await screen.findByRole("button", { name: "Physio course" }));
  await user.click(await screen.findByRole("checkbox", { name: "Repeat this appointment" }));
}

describe("the series on the time step", () => {
  it("says why 'Times in all' drops when every 2 weeks is chosen: the booking window", async () => {
    await openPhysioCourse();
    const times = screen.getByRole("combobox", { name: "Times in all" }) as HTMLSelectElement;
    await user.selectOptions(times, "8");
    expect(screen.queryByText(/you can book ahead/)).toBeNull();
    await user.selectOptions(screen.getByRole("combobox", { name: "Every" }), "2");
    // Two weeks apart, fewer than 8 fit in 60 days: the count drops, and the control says why.
    const fits = Number(times.value);
    expect(fits).toBeLessThan(8);
    expect(within(times).getAllByRole("option").at(-1)!.textContent).toBe(String(fits));
    const why = await screen.findByText(`Only ${fits} fit within the 60 days you can book ahead.`);
    expect(why.getAttribute("role")).toBe("status");
    expect(times.getAttribute("aria-describedby")).toBe(why.id);
    // Choosing a count that fits is no cut: the why goes.
    await user.selectOptions(times, "2");
    expect(screen.queryByText(/you can book ahead/)).toBeNull();
  });

  it("the series dialog names the interval and the staff member", async () => {
    await openPhysioCourse();
    await user.selectOptions(screen.getByRole("combobox", { name: "Every" }), "2");
    await user.selectOptions(screen.getByRole("combobox", { name: "Times in all" }), "2");
    const hours = await screen.findByRole("region", { name: /^Hours on / });
    const first = (await within(hours).findAllByRole("button"))[0]!;
    const time = first.textContent!;
    await user.click(first);
    const dialog = await screen.findByRole("dialog", { name: "Your series" });
    expect(
      await within(dialog).findByText(`Every 2 weeks at ${time} with Maya Teacher, where it is free. Check each time before you go on.`),
    ).toBeTruthy();
  });
});
