import useSWR from "swr";
import { createBookingCalls } from "../../api/booking-calls.ts";
import { useApiCalls } from "../../kernel/useApiCalls.ts";

/** The provider's custom customer fields (CustomField/asAnonymous). */
export function useCustomFields(userId: number) {
  const booking = useApiCalls(createBookingCalls);
  return useSWR(["custom-fields", userId], () => booking.customFields(userId));
}
