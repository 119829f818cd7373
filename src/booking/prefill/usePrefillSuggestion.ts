import { useEffect, useState } from "react";
import { useWidget } from "../../kernel/widget-context.ts";
import type { BookingFormValues } from "../../validation/booking-form.ts";
import { useBookingStore } from "../store/booking-store-context.ts";
import { prefilledDetails } from "./prefilled-details.ts";

/**
 * The page's prefill over the form's first values, followed as the page changes it:
 * what an open information form follows (InformationForm's `suggested`). Each new
 * prefill goes over the last suggestion, so a value that does not fit changes nothing
 * (it is left out with a warning, as on the form's first render), and an attribute the
 * page removes leaves its field as it was.
 */
export function usePrefillSuggestion(initial: BookingFormValues): BookingFormValues {
  const { warn } = useWidget();
  const prefill = useBookingStore((state) => state.prefill);
  // The first prefill's misfits were told with the form's first values (useAutoFilledDetails).
  const [followed, setFollowed] = useState(() => ({ prefill, values: prefilledDetails(initial, prefill).values }));
  useEffect(() => {
    if (prefill === followed.prefill) return;
    const next = prefilledDetails(followed.values, prefill);
    setFollowed({ prefill, values: next.values });
    warn(next.ignored);
  }, [prefill, followed, warn]);
  return followed.values;
}
