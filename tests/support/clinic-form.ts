import { fireEvent, screen, within } from "@testing-library/react";

/** Component tests: opens demo-clinic's "Your information" form for Physiotherapy's first hour. */
export async function openClinicForm() {
  fireEvent.click(await screen.findByRole("button", { name: "Physiotherapy" }));
  const hours = await screen.findByRole("region", { name: /^Available times / });
  fireEvent.click((await within(hours).findAllByRole("button", { name: /^\d{2}:\d{2}$/ }))[0]!);
  return screen.findByRole("form", { name: "Your information" });
}

export const type = (name: string | RegExp, value: string) =>
  fireEvent.change(screen.getByRole("textbox", { name }), { target: { value } });

/** Fills every field the clinic requires with valid values. */
export function fillClinicForm(email = "ola@example.com") {
  type("Name", "Ola Nordmann");
  type("Phone number", "3125550199");
  type("Email", email);
  type("Address", "1 Main St");
  type("Postal code", "60611");
  type("City", "Chicago");
  type("Social security number", "123-45-6789");
  type("Insurance number", "INS-1");
  fireEvent.change(screen.getByRole("combobox", { name: "Year" }), { target: { value: "1980" } });
  fireEvent.change(screen.getByRole("combobox", { name: "Month" }), { target: { value: "5" } });
  fireEvent.change(screen.getByRole("combobox", { name: "Day" }), { target: { value: "1" } });
  fireEvent.click(screen.getByRole("radio", { name: "Man" }));
}
