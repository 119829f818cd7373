import { useLingui } from "@lingui/react";
import { useEffect } from "react";
import { useSWRConfig } from "swr";
import { useStore } from "zustand";
import { createHoldCalls } from "../../api/hold-calls.ts";
import type { Provider } from "../../contract/schemas/index.ts";
import { useApiCalls } from "../../kernel/useApiCalls.ts";
import { useWidget } from "../../kernel/widget-context.ts";
import { stepNumber } from "../steps.ts";
import { errorCatalogue } from "../../kernel/errors/error-catalogue.ts";
import { holdMessages } from "./messages.ts";
import { keptHoldToken } from "./kept-hold-token.ts";
import { slotHoldOf, type HoldServices, type HoldView, type SlotHold } from "./slot-hold.ts";
import type { BookingServices } from "../store/booking-store-context.ts";
import { offerMarker } from "../../waitlist/offer-marker.ts";
import { waitlistMessages } from "../../waitlist/messages.ts";
import type { FeedbackServices } from "../../feedback/feedback-context.ts";

/**
 * This element's held time (slot-hold.ts), for the steps from the calendar on. Started
 * by the first of them to render (also after a reload straight into a later step).
 */
export function useSlotHold(provider: Provider): { hold: SlotHold; view: HoldView } {
  const { _ } = useLingui();
  const services = useWidget<FeedbackServices & BookingServices & HoldServices>();
  const { feedback, store } = services;
  const calls = useApiCalls(createHoldCalls);
  const { mutate } = useSWRConfig();
  const hold = slotHoldOf(services);
  useEffect(() => {
    hold.configure({
      calls,
      userId: provider.userId,
      kept: keptHoldToken(provider.bookingLink),
      onTaken: (why) => {
        if (why === "too-soon") feedback.getState().showSnackbar(_(errorCatalogue.tooSoon), "error", { code: "too-soon" });
        else {
          // A waitlist offer's time, taken after all (notify-all: someone was first): the visitor still waits.
          const fromOffer = offerMarker(provider.bookingLink).isOffer(hold.view.getState().token);
          feedback
            .getState()
            .showSnackbar(_(fromOffer ? waitlistMessages.offerTaken : holdMessages.taken), "error", { code: "time-taken" });
        }
        const state = store.getState();
        if (state.selectedDate) state.chooseDate(state.selectedDate);
        state.goToStep(stepNumber("time", provider.customerCanSelectStaff));
        // The calendar asks again: what it showed before is out of date.
        void mutate((key) => Array.isArray(key) && /^hours-/.test(String(key[0])));
      },
    });
  }, [hold, calls, provider, feedback, store, mutate, _]);
  return { hold, view: useStore(hold.view) };
}
