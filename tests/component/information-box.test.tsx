import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { bookingPage } from "../support/booking-helpers.ts";
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

const { renderWidget, api } = useWidgetTestApi();

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

  it("takes over the painted copy's information box, which the server cleaned, in its first commit (issue 43), and keeps it", async () => {
    const { provider, services } = await bookingPage(api(), "demo-salon");
    const text = provider.informationBoxText!;
    const cleaned = '<p>Welcome to <b>Demo Salon</b>! Read our <a href="https://example.com/salon-policies">salon policies</a></p>';
    const page = {
      bookingLink: "demo-salon",
      provider,
      services: [{ title: "Hair", services: Object.values(services) }],
      sanitizedHtml: { [text]: cleaned },
    };
    // The painted first screen's box, as the server rendered it, still on the page when the widget renders.
    const painted = document.createElement("div");
    painted.setAttribute("data-painted-html", "");
    painted.innerHTML = cleaned;
    document.body.append(painted);
    renderWidget({ company: "demo-salon", page });
    // In the first commit, before any sanitizer could run: the painted nodes themselves, moved.
    const box = screen.getByRole("complementary", { name: "Information" });
    expect(box.querySelector("a")?.textContent).toBe("salon policies");
    expect(box.querySelector("[data-reserved]")).toBeNull();
    expect(painted.childNodes).toHaveLength(0);
    painted.remove();
  });

  it("without a painted copy to take over, holds the box's place until the sanitizer has cleaned the text", async () => {
    const { provider, services } = await bookingPage(api(), "demo-salon");
    const page = {
      bookingLink: "demo-salon",
      provider,
      services: [{ title: "Hair", services: Object.values(services) }],
      sanitizedHtml: { [provider.informationBoxText!]: "<p>cleaned</p>" },
    };
    renderWidget({ company: "demo-salon", page });
    const box = screen.getByRole("complementary", { name: "Information" });
    expect(box.querySelector("[data-reserved]")).not.toBeNull();
    await waitFor(() => expect(box.querySelector("a")?.textContent).toBe("salon policies"));
  });
});
