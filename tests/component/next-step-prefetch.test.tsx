import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { useWidgetTestApi } from "../support/widget-test-api.ts";

// Issue 31, "No lazy chunk on the path of a tap": the tap on a service starts the staff
// list and the opening day's hours; the next steps render them from the element's
// cache, and their own answer, asked beside, replaces what changed. A prefetch that
// fails costs nothing.
const { api, renderWidget } = useWidgetTestApi();
const user = userEvent.setup({ delay: null });

/**
 * The widget's calls, as "METHOD path" in order (and those answered); `fail` answers a
 * network error for the paths it names, once each; `second` rewrites the answer to the
 * second call of a path, which waits until released.
 */
function recordedFetch(fail: RegExp | null = null, second?: { call: string; change(answer: unknown): unknown }) {
  const calls: string[] = [];
  const answered: string[] = [];
  const failed = new Set<string>();
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const call = `${request.method} ${new URL(request.url).pathname.replace(/^\/api\//, "")}`;
    calls.push(call);
    if (fail?.test(call) && !failed.has(call)) {
      failed.add(call);
      throw new TypeError("Failed to fetch");
    }
    const response = await api().fetch(request);
    if (second?.call === call && count(calls, call) === 2) {
      await released;
      const changed = second.change(await response.json());
      answered.push(call);
      return new Response(JSON.stringify(changed), { status: response.status, headers: response.headers });
    }
    answered.push(call);
    return response;
  };
  return { calls, answered, fetch, release };
}
/** The later screens' code is compiled on first use in this test run: seconds, not a browser's milliseconds. */
const CODE_LOADS = { timeout: 10_000 };
const count = (calls: string[], call: string) => calls.filter((made) => made === call).length;

describe("the next steps' calls start at the tap", () => {
  it("a tap on a service asks for the staff and the opening day's hours before Continue; the steps show them from memory, and a time gone by the step's own answer is not offered", async () => {
    // The day's hours as the time step asks for them itself: the first hour was taken since.
    const { calls, answered, fetch, release } = recordedFetch(null, {
      call: "POST Appointment/availableHours",
      change: (answer) => {
        const day = answer as { hoursToBook: unknown[] };
        return { ...day, hoursToBook: day.hoursToBook.slice(1) };
      },
    });
    renderWidget({ company: "demo-salon", fetch });
    await user.click(await screen.findByRole("button", { name: "Men's haircut" }));
    // Asked and answered before the visitor's next tap.
    await vi.waitFor(() => {
      expect(answered).toContain("POST StaffMember/asAnonymous/1");
      expect(answered).toContain("POST Appointment/availableHours");
      expect(answered).toContain("POST Appointment/availableHours/month");
    }, CODE_LOADS);
    await user.click(screen.getByRole("button", { name: "Continue (1)" }));
    await user.click(await screen.findByRole("button", { name: /^Any staff member/ }));
    // The hours show while the step's own call is still held: from memory.
    const hours = await screen.findByRole("region", { name: /^Hours on / });
    const shown = await within(hours).findAllByRole("button", { name: /^\d{1,2}:\d{2} [AP]M$/ });
    const first = shown[0]!.textContent!;
    expect(count(calls, "POST Appointment/availableHours")).toBe(2);
    release();
    await vi.waitFor(() => expect(within(hours).queryByRole("button", { name: first })).toBeNull());
    expect(within(hours).getAllByRole("button", { name: /^\d{1,2}:\d{2} [AP]M$/ })).toHaveLength(shown.length - 1);
    // Each step asked once more beside what it showed from memory, never more.
    expect(count(calls, "POST StaffMember/asAnonymous/1")).toBe(2);
    expect(count(calls, "POST Appointment/availableHours/month")).toBe(2);
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
