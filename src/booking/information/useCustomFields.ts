import useSWR from "swr";
import { createBookingCalls } from "../../api/booking-calls.ts";
import { useApiCalls } from "../../kernel/useApiCalls.ts";
import { useWidget } from "../../kernel/widget-context.ts";
import { customFieldsKey } from "./custom-fields-key.ts";

/** The provider's custom customer fields (CustomField/asAnonymous); started at the first choice of a service (prefetch/next-step-calls.ts). */
export function useCustomFields(userId: number) {
  const { api } = useWidget();
  const booking = useApiCalls(createBookingCalls);
  return useSWR(customFieldsKey(userId), () => api.started.take(customFieldsKey(userId), () => booking.customFields(userId)));
}
