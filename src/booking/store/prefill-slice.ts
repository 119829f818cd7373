import type { ServiceBookingSelection } from "../../contract/schemas/index.ts";
import type { PrefillAttributes } from "./prefill-attributes.ts";
import type { SliceSet, StepperData } from "./booking-data.ts";
import { noTime } from "./stepper-slice.ts";

/** The page's prefill attributes and which of them were acted on. */
export interface PrefillSlice {
  /** The element's prefill attributes, as the page gives them (docs/embedding.md "Prefill and pre-selection"). */
  prefill: PrefillAttributes;
  /** The service and staff attribute values already acted on: each value is used once. */
  prefillUsed: { service?: string; staff?: string };
  setPrefill(prefill: PrefillAttributes): void;
  /** The service attribute's services: chosen, and the visitor continues from the next step. */
  preselectServices(value: string, selections: ServiceBookingSelection[]): void;
  /** The staff attribute was acted on (its person chosen, or ignored). */
  usedStaffPrefill(value: string): void;
}

export const createPrefillSlice =
  (prefill: PrefillAttributes) =>
  (set: SliceSet<PrefillSlice & StepperData>): PrefillSlice => ({
    prefill,
    prefillUsed: {},
    setPrefill: (next) => set({ prefill: next }),
    preselectServices: (value, selections) =>
      set((state) => ({
        prefillUsed: { ...state.prefillUsed, service: value },
        ...(selections.length > 0 ? { selectedServices: selections, step: 2, selectedStaffId: null, ...noTime } : {}),
      })),
    usedStaffPrefill: (value) => set((state) => ({ prefillUsed: { ...state.prefillUsed, staff: value } })),
  });
