import type { Provider } from "../schemas/provider.ts";

/**
 * The staff member a booking names counts only where the provider lets visitors choose
 * staff (customerCanSelectStaff, spec §2 "Booking stepper"); elsewhere nobody is chosen
 * and any free staff member takes the booking. Shared by the widget (the request it
 * sends) and the API (the request it honours).
 */
export function chosenStaff(provider: Pick<Provider, "customerCanSelectStaff">, staffMemberId: number | null | undefined): number | null {
  return provider.customerCanSelectStaff ? (staffMemberId ?? null) : null;
}
