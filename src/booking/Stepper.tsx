import { useLingui } from "@lingui/react";
import { bookingMessages, stepTitles } from "./messages.ts";
import { bookingSteps, canGoBack } from "./steps.ts";
import { useBookingStore } from "./store/booking-store-context.ts";

/** The step titles with the current one marked, and the desktop back button. */
export function Stepper({ customerCanSelectStaff }: { customerCanSelectStaff: boolean }) {
  const { _ } = useLingui();
  const step = useBookingStore((state) => state.step);
  const back = useBookingStore((state) => state.back);
  const steps = bookingSteps(customerCanSelectStaff);
  return (
    <div className="bw-stepper" part="stepper">
      {canGoBack(step, customerCanSelectStaff) && (
        <button type="button" className="bw-button bw-button--ghost bw-back" onClick={back} part="back-button">
          ← {_(bookingMessages.back)}
        </button>
      )}
      <nav aria-label={_(bookingMessages.steps)}>
        <ol className="bw-stepper__list">
          {steps.map((kind, index) => (
            <li
              key={kind}
              className="bw-stepper__item"
              aria-current={index + 1 === step ? "step" : undefined}
              data-done={index + 1 < step ? "" : undefined}
            >
              <span className="bw-stepper__number" aria-hidden="true">
                {index + 1}
              </span>
              <span className="bw-stepper__title">{_(stepTitles[kind])}</span>
            </li>
          ))}
        </ol>
      </nav>
      <p className="bw-visually-hidden">{_({ ...bookingMessages.stepOf, values: { step, count: steps.length } })}</p>
    </div>
  );
}
