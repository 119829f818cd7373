import { screen, within } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { fill } from "./user.ts";

/** Component tests: opens demo-clinic's "Your information" form for Physiotherapy's first hour. */
export async function openClinicForm(user: UserEvent) {
  await user.click(await screen.findByRole("button", { name: "Physiotherapy" }));
  const hours = await screen.findByRole("region", { name: /^Available times / });
  await user.click((await within(hours).findAllByRole("button", { name: /^\d{2}:\d{2}$/ }))[0]!);
  return screen.findByRole("form", { name: "Your information" });
}

/** Types `value` into the text field named `name`, as the visitor does. */
export const type = (user: UserEvent, name: string | RegExp, value: string) => fill(user, screen.getByRole("textbox", { name }), value);

/** Fills every field the clinic requires with valid values. */
export async function fillClinicForm(user: UserEvent, email = "ola@example.com") {
  await type(user, "Name", "Ola Nordmann");
  await type(user, "Phone number", "3125550199");
  await type(user, "Email", email);
  await type(user, "Address", "1 Main St");
  await type(user, "Postal code", "60611");
  await type(user, "City", "Chicago");
  await type(user, "Social security number", "123-45-6789");
  await type(user, "Insurance number", "INS-1");
  await user.selectOptions(screen.getByRole("combobox", { name: "Year" }), "1980");
  await user.selectOptions(screen.getByRole("combobox", { name: "Month" }), "5");
  await user.selectOptions(screen.getByRole("combobox", { name: "Day" }), "1");
  await user.click(screen.getByRole("radio", { name: "Man" }));
}

/** demo-clinic: Physiotherapy's first hour, every field filled, on to the confirm step; answers its summary table. */
export async function reachClinicConfirm(user: UserEvent, render: () => void, email: string) {
  render();
  await openClinicForm(user);
  await fillClinicForm(user, email);
  await user.click(screen.getByRole("button", { name: "Continue" }));
  await screen.findByRole("heading", { level: 2, name: "Booking" });
  return screen.findByRole("table", { name: "Your booking" });
}
