import { act, render, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { WidgetProviders } from "../../src/app/WidgetProviders.tsx";
import { useWidget, type WidgetServices } from "../../src/app/widget-context.ts";
import { FeedbackHost } from "../../src/feedback/FeedbackHost.tsx";
import { TEST_API_BASE } from "../support/test-api.ts";
import { useWidgetTestApi } from "../support/widget-test-api.ts";

const { api } = useWidgetTestApi();

function renderFeedback(): WidgetServices {
  let services: WidgetServices | undefined;
  function Grab() {
    services = useWidget();
    return <FeedbackHost />;
  }
  render(
    <WidgetProviders company="demo-salon" apiBase={TEST_API_BASE} siteBase="http://booking.test/" lang="en" inIframe={false} routes={false} fetch={api().fetch}>
      <Grab />
    </WidgetProviders>,
  );
  return services!;
}

describe("dialog queue and snackbars (spec §4, §9)", () => {
  it("shows queued dialogs one at a time, ignores a duplicate within 500 ms, and holds the buttons for actionButtonDelay", async () => {
    const { feedback } = renderFeedback();
    act(() => {
      feedback.getState().showDialog({ type: 0, text: "First", actionButtonDelay: 1 });
      feedback.getState().showDialog({ type: 0, text: "First" });
      feedback.getState().showDialog({ type: 2, text: "Second?" });
    });
    expect(feedback.getState().dialogs.items.map((item) => item.text)).toEqual(["First", "Second?"]);
    const first = await screen.findByRole("dialog", { name: "First" });
    const ok = within(first).getByRole("button", { name: "OK" }) as HTMLButtonElement;
    expect(ok.disabled).toBe(true);
    await waitFor(() => expect(ok.disabled).toBe(false), { timeout: 2500 });
    act(() => ok.click());
    const second = await screen.findByRole("dialog", { name: "Second?" });
    expect(within(second).getByRole("button", { name: "Yes" })).toBeTruthy();
    expect(within(second).getByRole("button", { name: "No" })).toBeTruthy();
  });

  it("closes a snackbar after 4 seconds, or at once with Close", async () => {
    const { feedback } = renderFeedback();
    act(() => {
      feedback.getState().showSnackbar("Saved", "success");
      feedback.getState().showSnackbar("Oops", "error");
    });
    const region = await screen.findByRole("region", { name: "Notifications" });
    expect(within(region).getByRole("status").textContent).toContain("Saved");
    act(() => within(within(region).getByRole("alert")).getByRole("button", { name: "Close" }).click());
    expect(within(region).queryByRole("alert")).toBeNull();
    await waitFor(() => expect(screen.queryByRole("region", { name: "Notifications" })).toBeNull(), { timeout: 6000 });
  }, 10_000);

  it("makes a dialog active 100 ms after it reaches the head of the queue", async () => {
    const { feedback } = renderFeedback();
    // Load the dialog layer first, with real timers.
    act(() => feedback.getState().showDialog({ type: 0, text: "Warm-up" }));
    await screen.findByRole("dialog", { name: "Warm-up" });
    act(() => within(screen.getByRole("dialog", { name: "Warm-up" })).getByRole("button", { name: "OK" }).click());
    await waitFor(() => expect(screen.queryByRole("dialog", { hidden: true })).toBeNull());

    vi.useFakeTimers();
    try {
      act(() => feedback.getState().showDialog({ type: 0, text: "Timed" }));
      // The layer mounts again and finds its (already loaded) messages: promises, no timers.
      for (let i = 0; i < 5; i += 1) await act(async () => {});
      const dialog = screen.getByRole("dialog", { hidden: true }) as HTMLDialogElement;
      expect(dialog.open).toBe(false);
      act(() => vi.advanceTimersByTime(99));
      expect(dialog.open).toBe(false);
      act(() => vi.advanceTimersByTime(1));
      expect(dialog.open).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
