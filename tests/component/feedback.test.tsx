import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { WidgetProviders } from "../../src/app/WidgetProviders.tsx";
import { useWidget, type WidgetServices } from "../../src/kernel/widget-context.ts";
import type { FeedbackServices } from "../../src/feedback/feedback-context.ts";
import { FeedbackHost } from "../../src/feedback/FeedbackHost.tsx";
import { TEST_API_BASE } from "../support/test-api.ts";
import { useWidgetTestApi } from "../support/widget-test-api.ts";

const { api } = useWidgetTestApi();

function renderFeedback(): WidgetServices & FeedbackServices {
  let services: (WidgetServices & FeedbackServices) | undefined;
  // biome-ignore lint/correctness/noComponentHookFactories: a test probe that hands this render's services out
  function Grab() {
    services = useWidget<FeedbackServices>();
    return <FeedbackHost />;
  }
  render(
    <WidgetProviders
      company="demo-salon"
      apiBase={TEST_API_BASE}
      siteBase="http://booking.test/"
      lang="en"
      inIframe={false}
      routes={false}
      fetch={api().fetch}
    >
      <Grab />
    </WidgetProviders>,
  );
  return services!;
}

/** The dialog layer and its messages arrive lazily: load them once with real timers. */
async function loadDialogLayer(feedback: FeedbackServices["feedback"]) {
  act(() => feedback.getState().showDialog({ type: 0, text: "Warm-up" }));
  await screen.findByRole("dialog", { name: "Warm-up" });
  act(() =>
    within(screen.getByRole("dialog", { name: "Warm-up" }))
      .getByRole("button", { name: "OK" })
      .click(),
  );
  await waitFor(() => expect(screen.queryByRole("dialog", { hidden: true })).toBeNull());
}

/** Runs `steps` on fake timers (timers, Date and performance.now), the time moving only when told. */
async function onFakeTimers(steps: () => Promise<void>) {
  vi.useFakeTimers();
  try {
    await steps();
  } finally {
    vi.useRealTimers();
  }
}

/** Lets the layer re-render with what is already loaded: promises, no timers. */
async function settle() {
  for (let i = 0; i < 5; i += 1) await act(async () => {});
}

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe("dialog queue and snackbars (spec §4, §9)", () => {
  it("shows queued dialogs one at a time, ignores a duplicate within 500 ms, and holds the buttons for actionButtonDelay", async () => {
    const { feedback } = renderFeedback();
    await loadDialogLayer(feedback);
    await onFakeTimers(async () => {
      const texts = () => feedback.getState().dialogs.items.map((item) => item.text);
      act(() => {
        feedback.getState().showDialog({ type: 0, text: "First", actionButtonDelay: 1 });
        feedback.getState().showDialog({ type: 0, text: "First" });
        feedback.getState().showDialog({ type: 2, text: "Second?" });
      });
      expect(texts()).toEqual(["First", "Second?"]);
      await settle();
      // Active 100 ms after reaching the head (a step of its own, so that React's effects
      // run at that time, as they would in a browser).
      advance(100);
      // The same text as the last one, 499 ms after it: ignored; 500 ms after: queued.
      advance(399);
      act(() => feedback.getState().showDialog({ type: 0, text: "Second?" }));
      expect(texts()).toEqual(["First", "Second?"]);
      advance(1);
      act(() => feedback.getState().showDialog({ type: 0, text: "Second?" }));
      expect(texts()).toEqual(["First", "Second?", "Second?"]);

      // "First" is active since 100 ms; its OK waits 1 s more (until 1100 ms).
      const ok = within(screen.getByRole("dialog", { name: "First" })).getByRole("button", { name: "OK" }) as HTMLButtonElement;
      expect(ok.disabled).toBe(true);
      advance(599);
      expect(ok.disabled).toBe(true);
      advance(1);
      expect(ok.disabled).toBe(false);
      act(() => ok.click());
      await settle();
      advance(100);
      const second = screen.getByRole("dialog", { name: "Second?" });
      expect(within(second).getByRole("button", { name: "Yes" })).toBeTruthy();
      expect(within(second).getByRole("button", { name: "No" })).toBeTruthy();
    });
  });

  it("closes a snackbar after 4 seconds, or at once with Close", async () => {
    const { feedback } = renderFeedback();
    act(() => feedback.getState().showSnackbar("Warm-up"));
    const region = await screen.findByRole("region", { name: "Notifications" });
    act(() => within(within(region).getByRole("status")).getByRole("button", { name: "Close" }).click());
    await waitFor(() => expect(screen.queryByRole("region", { name: "Notifications" })).toBeNull());

    await onFakeTimers(async () => {
      act(() => {
        feedback.getState().showSnackbar("Saved", "success");
        feedback.getState().showSnackbar("Oops", "error");
      });
      await settle();
      const shown = screen.getByRole("region", { name: "Notifications" });
      expect(within(shown).getByRole("status").textContent).toContain("Saved");
      act(() => within(within(shown).getByRole("alert")).getByRole("button", { name: "Close" }).click());
      expect(within(shown).queryByRole("alert")).toBeNull();
      advance(3999);
      expect(within(shown).getByRole("status").textContent).toContain("Saved");
      advance(1);
      expect(screen.queryByRole("region", { name: "Notifications" })).toBeNull();
    });
  });

  it("holds a snackbar while the pointer is over it or focus is in it, then gives it its whole time again (WCAG 2.2.1)", async () => {
    const { feedback } = renderFeedback();
    act(() => feedback.getState().showSnackbar("Warm-up"));
    const region = await screen.findByRole("region", { name: "Notifications" });
    act(() => within(within(region).getByRole("status")).getByRole("button", { name: "Close" }).click());
    await waitFor(() => expect(screen.queryByRole("region", { name: "Notifications" })).toBeNull());

    await onFakeTimers(async () => {
      act(() => feedback.getState().showSnackbar("Saved", "success"));
      await settle();
      const snackbar = within(screen.getByRole("region", { name: "Notifications" })).getByRole("status");
      advance(3000);
      // Pointer and focus events one at a time under fake timers (the snackbar's clock is the test's).
      fireEvent.mouseEnter(snackbar);
      advance(60_000);
      expect(snackbar.textContent).toContain("Saved");
      fireEvent.focus(within(snackbar).getByRole("button", { name: "Close" }));
      fireEvent.mouseLeave(snackbar);
      advance(60_000);
      expect(snackbar.textContent).toContain("Saved");
      fireEvent.blur(within(snackbar).getByRole("button", { name: "Close" }));
      advance(3999);
      expect(screen.getByRole("region", { name: "Notifications" }).textContent).toContain("Saved");
      advance(1);
      expect(screen.queryByRole("region", { name: "Notifications" })).toBeNull();
    });
  });

  it("makes a dialog active 100 ms after it reaches the head of the queue", async () => {
    const { feedback } = renderFeedback();
    await loadDialogLayer(feedback);
    await onFakeTimers(async () => {
      act(() => feedback.getState().showDialog({ type: 0, text: "Timed" }));
      await settle();
      const dialog = screen.getByRole("dialog", { hidden: true }) as HTMLDialogElement;
      expect(dialog.open).toBe(false);
      advance(99);
      expect(dialog.open).toBe(false);
      advance(1);
      expect(dialog.open).toBe(true);
    });
  });
});
