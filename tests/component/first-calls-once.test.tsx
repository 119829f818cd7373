import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TEST_NOW } from "../support/test-clock.ts";
import { useWidgetTestApi } from "../support/widget-test-api.ts";

// Issue 58: under a busy main thread the widget asks each of its first calls once. CI saw
// the services asked twice under load: a screen that mounts after SWR's dedupe window (2 s)
// asked the query again. What the first screen's calls answered counts as fresh, however
// long the thread (or the visitor) takes before the next screen that shows it mounts.
const { api, renderWidget } = useWidgetTestApi();
const user = userEvent.setup({ delay: null, advanceTimers: (ms) => vi.advanceTimersByTime(ms) });

/** The widget's calls, as "METHOD path", in order. */
function recordedFetch() {
  const calls: string[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    calls.push(`${request.method} ${new URL(request.url).pathname.replace(/^\/api\//, "")}`);
    return api().fetch(request);
  };
  return { calls, fetch };
}
const count = (calls: string[], pattern: RegExp) => calls.filter((call) => pattern.test(call)).length;

/** A main thread busy for `ms`: the timers (SWR's dedupe window among them) run past it at once. */
const busy = (ms: number) => act(() => vi.advanceTimersByTime(ms));

afterEach(() => {
  vi.useRealTimers();
  vi.useFakeTimers({ toFake: ["Date"], now: TEST_NOW });
});

describe("the first calls, under a busy main thread (issue 58)", () => {
  it.each([
    ["a first visit", false],
    ["a returning visitor (the page remembered, its services started with the provider)", true],
  ])(
    "%s: the provider and the services are asked once, however long before the next screen that shows them mounts",
    async (_name, returning) => {
      if (returning) {
        // What an earlier visit saw: the services show at once, and the calls start together.
        const first = recordedFetch();
        const earlier = renderWidget({ company: "demo-salon", fetch: first.fetch });
        await screen.findByRole("button", { name: "Men's haircut" });
        await vi.waitFor(() => expect(localStorage.length).toBeGreaterThan(1));
        earlier.unmount();
      }
      vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"], now: TEST_NOW, shouldAdvanceTime: true });
      const { calls, fetch } = recordedFetch();
      renderWidget({ company: "demo-salon", fetch });
      await screen.findByRole("button", { name: "Men's haircut" });
      await vi.waitFor(() => expect(count(calls, /^GET Service\/asAnonymous$/)).toBe(1));
      await busy(5000);
      // The next screens that show the services and the provider mount: the staff step, then
      // the first step again.
      await user.click(screen.getByRole("button", { name: "Men's haircut" }));
      await user.click(screen.getByRole("button", { name: "Continue (1)" }));
      await screen.findByRole("button", { name: /^Any staff member/ }, { timeout: 10_000 });
      await busy(5000);
      await user.click(screen.getByRole("button", { name: "← Back" }));
      await screen.findByRole("button", { name: "Men's haircut" });
      await busy(5000);
      expect(count(calls, /^GET Service\/asAnonymous$/)).toBe(1);
      expect(count(calls, /^GET User\/ByUser\/demo-salon$/)).toBe(1);
    },
  );
});
