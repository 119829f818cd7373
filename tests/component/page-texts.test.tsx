import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { TEST_NOW } from "../support/test-clock.ts";
import { useWidgetTestApi } from "../support/widget-test-api.ts";

// Issue 57's texts: the Spanish month heading, and a page without service categories.
const { renderWidget } = useWidgetTestApi();
const user = userEvent.setup({ delay: null });

describe("texts", () => {
  it("heads the Spanish calendar 'Noviembre de 2026' (only the first letter capital) and names the zone's city in Spanish", async () => {
    renderWidget({ company: "rules-studio", lang: "es" });
    await user.click(await screen.findByRole("button", { name: "Quick trim" }));
    await screen.findByRole("grid");
    // The month of the first free day: today's in New York, or the next month's.
    const spanish = (at: Date) =>
      new Intl.DateTimeFormat("es", { month: "long", year: "numeric", timeZone: "America/New_York" }).format(at);
    const heading = (lower: string) => lower.charAt(0).toUpperCase() + lower.slice(1);
    const next = new Date(TEST_NOW.getTime() + 31 * 86_400_000);
    const shown = screen.getByText(/^\p{L}+ de \d{4}$/iu).textContent;
    expect([heading(spanish(TEST_NOW)), heading(spanish(next))]).toContain(shown);
    // The zone's city in Spanish too (the test's browser is in UTC, so the note is shown).
    expect(screen.getByText(/Nueva York/)).toBeTruthy();
  });

  it("shows no group heading on a page whose services have no category, and the categories' titles where they have one", async () => {
    const { unmount } = renderWidget({ company: "demo-clinic", lang: "en" });
    await screen.findByRole("button", { name: /^Physiotherapy/ });
    expect(screen.queryByRole("heading", { level: 3 })).toBeNull();
    expect(screen.queryByText("Other services")).toBeNull();
    unmount();
    renderWidget({ company: "demo-frisor", lang: "en" });
    await screen.findByRole("button", { name: /^Dameklipp/ });
    expect(screen.getAllByRole("heading", { level: 3 }).map((h) => h.textContent)).toEqual(["Klipp", "Farge"]);
  });
});
