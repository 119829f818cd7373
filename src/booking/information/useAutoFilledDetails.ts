import { useEffect, useRef, useState } from "react";
import type { CustomField, Provider } from "../../contract/schemas/index.ts";
import { createBookingCalls } from "../../api/booking-calls.ts";
import { useApiCalls } from "../../kernel/useApiCalls.ts";
import { useWidget } from "../../kernel/widget-context.ts";
import { useBookingStore, useBookingStoreApi } from "../store/booking-store-context.ts";
import type { BookingFormValues } from "../../validation/booking-form.ts";
import { autoFilledAuditEntry } from "./auto-fill-audit.ts";
import { emptyInformation } from "../../customer/information-form.ts";
import { autoFilled, readSavedDetails } from "../../customer/saved-details.ts";
import { prefilledDetails } from "../prefill/prefilled-details.ts";

/**
 * The form's first values: what the customer entered (or was typing) earlier in this booking, else
 * the details saved from an earlier booking in this browser (spec §6), else empty. An
 * auto-fill is posted to the provider's audit log once.
 */
export function useAutoFilledDetails(
  provider: Provider,
  customFields: readonly CustomField[],
  base?: BookingFormValues,
): BookingFormValues {
  const { report, warn } = useWidget();
  const store = useBookingStoreApi();
  const booking = useApiCalls(createBookingCalls);
  const current = useBookingStore((state) => state.customer);
  const [initial] = useState(() => {
    if (current) return { values: current, filled: false, ignored: [] };
    // What was typed before a reload, not yet sent on.
    const typed = store.getState().customerDraft;
    if (typed) return { values: typed, filled: false, ignored: [] };
    const empty = base ?? emptyInformation(provider, customFields);
    const saved = readSavedDetails(provider.userId);
    // The page's prefill attributes go over what an earlier booking left in this browser.
    const { values, ignored } = prefilledDetails(saved ? autoFilled(empty, saved) : empty, store.getState().prefill);
    return { values, filled: saved !== undefined, ignored };
  });
  useEffect(() => warn(initial.ignored), [initial.ignored, warn]);
  const posted = useRef(false);
  useEffect(() => {
    if (!initial.filled || posted.current) return;
    posted.current = true;
    booking.postAuditEntry(provider.userId, autoFilledAuditEntry()).catch((error: unknown) => report(error, "audit entry not posted"));
  }, [booking, initial.filled, provider.userId, report]);
  return initial.values;
}
