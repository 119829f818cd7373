import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fillClinicForm, openClinicForm as openForm, type } from "../support/clinic-form.ts";
import { useWidgetTestApi } from "../support/widget-test-api.ts";
import userEvent from "@testing-library/user-event";
import { fill } from "../support/user.ts";

const { renderWidget } = useWidgetTestApi();
// The visitor's pointer and keyboard (user-event): each click and key as a browser sends them.
const user = userEvent.setup({ delay: null });

/** The clinic asks for every field: book Physiotherapy's first hour and reach the form. */
async function openClinicForm() {
  renderWidget({ company: "demo-clinic" });
  return openForm(user);
}

describe("information step (accounts off)", () => {
  it("shows every field the clinic requires, the custom fields and the country codes", async () => {
    const form = await openClinicForm();
    for (const name of [
      "Name",
      "Phone number",
      "Email",
      "Address",
      "Postal code",
      "City",
      "Social security number",
      "Insurance number",
      /How did you hear about us\?/,
    ]) {
      expect(within(form).getByRole("textbox", { name })).toBeTruthy();
    }
    expect(within(form).getByRole("textbox", { name: /How did you hear about us\? \(optional\)/ })).toBeTruthy();
    const country = within(form).getByRole("combobox", { name: "Country code" }) as HTMLSelectElement;
    // The clinic's +1 is shown as the United States, the main country of the code.
    expect(country.value).toBe("US");
    // Named without a flag emoji (issue 43: 250 of them cost ~0.5 s of text layout on a slow phone).
    expect(country.selectedOptions[0]!.textContent).toBe("United States (+1)");
    // Every country follows the form's first frame.
    await waitFor(() => expect(country.options.length).toBeGreaterThan(200));
    expect([...country.options].some((option) => /\p{Regional_Indicator}/u.test(option.textContent ?? ""))).toBe(false);
    // Another country of the same code stays shown once picked.
    await fill(user, country, "CA");
    expect(country.value).toBe("CA");
    expect(within(form).getByRole("group", { name: "Birthdate" })).toBeTruthy();
    expect(within(form).getByRole("radio", { name: "Woman" })).toBeTruthy();
  });

  it("says what is wrong in the visitor's language, and moves on once all is right", async () => {
    await openClinicForm();
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByText("Name is required")).toBeTruthy();
    expect(screen.getByText("Insurance number is required")).toBeTruthy();
    expect(screen.getByText("Gender is required")).toBeTruthy();
    expect(screen.getByRole("textbox", { name: "Name" }).getAttribute("aria-invalid")).toBe("true");

    await type(user, "Name", "Ola Nordmann");
    await type(user, "Phone number", "31255501");
    await type(user, "Email", "ola@example");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByText("Phone number must be 10 digits")).toBeTruthy();
    expect(screen.getByText("Email must be valid")).toBeTruthy();

    await fillClinicForm(user);
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByRole("heading", { level: 2, name: "Booking" })).toBeTruthy();
  });
});
