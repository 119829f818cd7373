import type { ServiceBookingSelection } from "../../contract/schemas/index.ts";

/** The element's SWR key of the staff who offer a selection; its call is started under the same key ahead of the step. */
export const staffKey = (userId: number, serviceBookings: ServiceBookingSelection[]) =>
  ["staff", userId, JSON.stringify(serviceBookings)] as const;
