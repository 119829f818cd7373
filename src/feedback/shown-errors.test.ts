import { describe, expect, it } from "vitest";
import { createFeedbackStore } from "./feedback-store.ts";
import { shownErrors } from "./shown-errors.ts";

describe("shownErrors", () => {
  it("names each error dialog and snackbar once, when it is added, with its code or 'error'", () => {
    let clock = 0;
    const feedback = createFeedbackStore(() => (clock += 1000));
    const seen: string[] = [];
    feedback.subscribe((next, previous) => seen.push(...shownErrors(previous, next)));
    const { showDialog, showSnackbar, closeSnackbar } = feedback.getState();
    showDialog({ type: 0, icon: "error", text: "Booking failed", code: "booking-failed" });
    showDialog({ type: 2, icon: "question", text: "Cancel?" });
    showSnackbar("Saved", "success");
    showSnackbar("Taken", "error", { code: "occupied" });
    showDialog({ type: 0, icon: "error", text: "Something" });
    closeSnackbar(feedback.getState().snackbars[0]!.id);
    feedback.getState().closeDialog(feedback.getState().dialogs.items[0]!.id);
    expect(seen).toEqual(["booking-failed", "occupied", "error"]);
  });

  it("says nothing for a duplicate dialog the queue ignored", () => {
    const feedback = createFeedbackStore(() => 0);
    const seen: string[] = [];
    feedback.subscribe((next, previous) => seen.push(...shownErrors(previous, next)));
    feedback.getState().showDialog({ type: 0, icon: "error", text: "Wrong code", code: "wrong-code" });
    feedback.getState().showDialog({ type: 0, icon: "error", text: "Wrong code", code: "wrong-code" });
    expect(seen).toEqual(["wrong-code"]);
  });
});
