import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useWidgetTestApi } from "../support/widget-test-api.ts";

const { renderWidget } = useWidgetTestApi();

/** The clinic asks for every field: book Physiotherapy's first hour and reach the form. */
async function openClinicForm() {
  renderWidget({ company: "demo-clinic" });
  fireEvent.click(await screen.findByRole("button", { name: "Physiotherapy" }));
  const hours = await screen.findByRole("region", { name: /^Available times / });
  fireEvent.click((await within(hours).findAllByRole("button"))[0]!);
  return screen.findByRole("form", { name: "Your information" });
}

const type = (name: string | RegExp, value: string) => fireEvent.change(screen.getByRole("textbox", { name }), { target: { value } });

describe("information step (accounts off)", () => {
  it("shows every field the clinic requires, the custom fields and the country codes", async () => {
    const form = await openClinicForm();
    for (const name of ["Name", "Phone number", "Email", "Address", "Postal code", "City", "Social security number", "Insurance number", /How did you hear about us\?/]) {
      expect(within(form).getByRole("textbox", { name })).toBeTruthy();
    }
    expect(within(form).getByRole("textbox", { name: /How did you hear about us\? \(optional\)/ })).toBeTruthy();
    const country = within(form).getByRole("combobox", { name: "Country code" }) as HTMLSelectElement;
    expect(country.value).toBe("1");
    expect(country.options.length).toBeGreaterThan(200);
    expect(within(form).getByRole("group", { name: "Birthdate" })).toBeTruthy();
    expect(within(form).getByRole("radio", { name: "Woman" })).toBeTruthy();
  });

  it("says what is wrong in the visitor's language, and moves on once all is right", async () => {
    await openClinicForm();
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByText("Name is required")).toBeTruthy();
    expect(screen.getByText("Insurance number is required")).toBeTruthy();
    expect(screen.getByText("Gender is required")).toBeTruthy();
    expect(screen.getByRole("textbox", { name: "Name" }).getAttribute("aria-invalid")).toBe("true");

    type("Name", "Ola Nordmann");
    type("Phone number", "31255501");
    type("Email", "ola@example");
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByText("Phone number must be 10 digits")).toBeTruthy();
    expect(screen.getByText("Email must be valid")).toBeTruthy();

    type("Phone number", "3125550199");
    type("Email", "ola@example.com");
    type("Address", "1 Main St");
    type("Postal code", "60611");
    type("City", "Chicago");
    type("Social security number", "123-45-6789");
    type("Insurance number", "INS-1");
    fireEvent.change(screen.getByRole("combobox", { name: "Year" }), { target: { value: "1980" } });
    fireEvent.change(screen.getByRole("combobox", { name: "Month" }), { target: { value: "5" } });
    fireEvent.change(screen.getByRole("combobox", { name: "Day" }), { target: { value: "1" } });
    fireEvent.click(screen.getByRole("radio", { name: "Man" }));
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByRole("heading", { level: 2, name: "Booking" })).toBeTruthy();
  });
});
