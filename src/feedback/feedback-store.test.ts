import { describe, expect, it } from "vitest";
import { createFeedbackStore } from "./feedback-store.ts";

describe("feedback store: snackbars", () => {
  it("shows each message once: the same message again replaces the one shown, with a new id", () => {
    const store = createFeedbackStore(() => 0);
    store.getState().showSnackbar("Wrong verification code", "error");
    store.getState().showSnackbar("Code sent", "success");
    const first = store.getState().snackbars[0]!.id;
    store.getState().showSnackbar("Wrong verification code", "error");
    const shown = store.getState().snackbars;
    expect(shown.map((snackbar) => snackbar.message)).toEqual(["Code sent", "Wrong verification code"]);
    expect(shown[1]!.id).not.toBe(first);
  });

  it("closes one snackbar by its id", () => {
    const store = createFeedbackStore(() => 0);
    store.getState().showSnackbar("a");
    store.getState().showSnackbar("b");
    store.getState().closeSnackbar(store.getState().snackbars[0]!.id);
    expect(store.getState().snackbars.map((snackbar) => snackbar.message)).toEqual(["b"]);
  });
});
