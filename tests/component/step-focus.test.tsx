import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useWidgetTestApi } from "../support/widget-test-api.ts";
import userEvent from "@testing-library/user-event";

const { renderWidget } = useWidgetTestApi();
// The visitor's pointer and keyboard (user-event): each click and key as a browser sends them.
const user = userEvent.setup({ delay: null });

describe("focus on a step change", () => {
  it("moves to the new step's heading after each step, and takes none on the first screen", async () => {
    renderWidget({ company: "demo-clinic" });
    const service = await screen.findByRole("button", { name: "Physiotherapy" });
    expect(document.activeElement).toBe(document.body);

    await user.click(service);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("heading", { level: 2, name: "Select time" })));

    const hours = await screen.findByRole("region", { name: /^Available times / });
    await user.click((await within(hours).findAllByRole("button", { name: /^\d{2}:\d{2}$/ }))[0]!);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("heading", { level: 2, name: "Your information" })));
  });
});
