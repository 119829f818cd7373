import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { useWidgetTestApi } from "../support/widget-test-api.ts";

// Issue 31, "No lazy chunk on the path of a tap": the tap on a service starts the staff
// list and the opening day's hours; the next steps render them from the element's
// cache, without asking again. A prefetch that fails costs nothing.
const { api, renderWidget } = useWidgetTestApi();
const user = userEvent.setup({ delay: null });

/** The widget's calls, as "METHOD path" in order; `fail` answers a network error for the paths it names, once each. */
function recordedFetch(fail: RegExp | null = null) {
  const calls: string[] = [];
  const failed = new Set<string>();
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const call = `${request.method} ${new URL(request.url).pathname.replace(/^\/api\//, "")}`;
    calls.push(call);
    if (fail?.test(call) && !failed.has(call)) {
      failed.add(call);
      throw new TypeError("Failed to fetch");
    }
    return api().fetch(request);
  };
  return { calls, fetch };
}
/** The later screens' code is compiled on first use in this test run: seconds, not a browser's milliseconds. */
const CODE_LOADS = { timeout: 10_000 };
const count = (calls: string[], call: string) => calls.filter((made) => made === call).length;

describe("the next steps' calls start at the tap", () => {
  it("a tap on a service asks for the staff and the opening day's hours before Continue; both steps then render without asking", async () => {
    const { calls, fetch } = recordedFetch();
    renderWidget({ company: "demo-salon", fetch });
    await user.click(await screen.findByRole("button", { name: "Men's haircut" }));
    // Before the visitor's next tap.
    await vi.waitFor(() => {
      expect(calls).toContain("POST StaffMember/asAnonymous/1");
      expect(calls).toContain("POST Appointment/availableHours");
      expect(calls).toContain("POST Appointment/availableHours/month");
    }, CODE_LOADS);
    await user.click(screen.getByRole("button", { name: "Continue (1)" }));
    await user.click(await screen.findByRole("button", { name: /^Any staff member/ }));
    const hours = await screen.findByRole("region", { name: /^Hours on / });
    expect((await within(hours).findAllByRole("button", { name: /^\d{1,2}:\d{2} [AP]M$/ })).length).toBeGreaterThan(0);
    // The steps took the started calls: each was made once.
    expect(count(calls, "POST StaffMember/asAnonymous/1")).toBe(1);
    expect(count(calls, "POST Appointment/availableHours")).toBe(1);
    expect(count(calls, "POST Appointment/availableHours/month")).toBe(1);
  });

  it("a prefetch that failed is asked again by the step, which shows the answer", async () => {
    const { calls, fetch } = recordedFetch(/^POST (StaffMember|Appointment\/availableHours)/);
    renderWidget({ company: "demo-salon", fetch });
    await user.click(await screen.findByRole("button", { name: "Men's haircut" }));
    await vi.waitFor(() => expect(calls).toContain("POST Appointment/availableHours"), CODE_LOADS);
    await user.click(screen.getByRole("button", { name: "Continue (1)" }));
    await user.click(await screen.findByRole("button", { name: /Sam Rivera/ }));
    const hours = await screen.findByRole("region", { name: /^Hours on / });
    expect((await within(hours).findAllByRole("button", { name: /^\d{1,2}:\d{2} [AP]M$/ })).length).toBeGreaterThan(0);
    expect(screen.queryByRole("alert")).toBeNull();
    expect(count(calls, "POST StaffMember/asAnonymous/1")).toBe(2);
  });
});
