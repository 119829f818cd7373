import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { testSeed } from "../fixtures/test-seed.ts";
import { aStaffMember } from "../support/builders.ts";
import { useWidgetTestApi } from "../support/widget-test-api.ts";

// Issue 57: a group class shows places per class. Rules Studio's yoga class takes two; with
// a second teacher at the same hours, one time is two classes of two, not one of four.
function seedWithTwoTeachers() {
  const seed = structuredClone(testSeed);
  const studio = seed.companies.flatMap((company) => company.providers).find((page) => page.bookingLink === "rules-studio")!;
  studio.staff = [...studio.staff!, aStaffMember("Noor Teacher", { allServices: true })];
  return seed;
}

const { renderWidget } = useWidgetTestApi({ seed: seedWithTwoTeachers() });
const user = userEvent.setup({ delay: null });

describe("group places", () => {
  it("counts the places of one class, and says how many classes there are at the time", async () => {
    renderWidget({ company: "rules-studio", lang: "en" });
    await user.click(await screen.findByRole("button", { name: /^Yoga class/ }));
    const hours = await screen.findByRole("region", { name: /^Hours on / });
    const names = (await within(hours).findAllByRole("button")).map((button) => button.textContent);
    // Where both teachers are free, two classes of two (never "4 of 4"); around Maya's
    // lunch only Noor's class is there, said as one class ("2 of 2 places left").
    expect(names.filter((name) => /^\d{1,2}:\d{2} [AP]M 2 of 2 places left, 2 classes$/.test(name ?? "")).length).toBeGreaterThan(0);
    expect(names.some((name) => /of 4 places/.test(name ?? ""))).toBe(false);
  });
});
