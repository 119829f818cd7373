import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { useWidgetTestApi } from "../support/widget-test-api.ts";

// Issue 15: nothing optional on the critical path. The service rows do not wait for the
// sanitizer; the information box holds its place (its words, invisible) until then.
let openGate: () => void = () => {};
const gate = new Promise<void>((resolve) => {
  openGate = resolve;
});
vi.mock("dompurify", async () => {
  await gate;
  return vi.importActual("dompurify");
});

const { renderWidget } = useWidgetTestApi();

describe("the information box (demo-salon)", () => {
  it("shows the service rows before the sanitizer has loaded, with the box's space held, then its text", async () => {
    renderWidget({ company: "demo-salon" });
    expect(await screen.findByRole("button", { name: "Men's haircut" })).toBeTruthy();
    const box = screen.getByRole("complementary", { name: "Information" });
    const reserved = box.querySelector("[data-reserved]")!;
    expect(reserved.className).toContain("bw-reserved");
    expect(reserved.getAttribute("aria-hidden")).toBe("true");
    expect(reserved.textContent).toMatch(/Welcome to Demo Salon! Read our salon policies/);
    expect(box.querySelector("a")).toBeNull();

    openGate();
    await waitFor(() => expect(box.querySelector("a")?.textContent).toBe("salon policies"));
    expect(box.querySelector("[data-reserved]")).toBeNull();
  });
});
