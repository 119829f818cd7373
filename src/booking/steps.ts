/** The screens of the booking stepper, in order (spec §2 "Booking stepper"). */
export type StepKind = "service" | "staff" | "time" | "information" | "confirm" | "receipt";

/** 1-based step numbers map onto these kinds; staff selection adds a step. */
export function bookingSteps(customerCanSelectStaff: boolean): StepKind[] {
  return customerCanSelectStaff
    ? ["service", "staff", "time", "information", "confirm", "receipt"]
    : ["service", "time", "information", "confirm", "receipt"];
}

/** The kind of 1-based `step`; out-of-range numbers clamp to the nearest step. */
export function stepKind(step: number, customerCanSelectStaff: boolean): StepKind {
  const steps = bookingSteps(customerCanSelectStaff);
  const index = Math.min(Math.max(Math.trunc(step), 1), steps.length) - 1;
  return steps[index] as StepKind;
}

/** The desktop back button shows above step 1 and never on the receipt. */
export function canGoBack(step: number, customerCanSelectStaff: boolean): boolean {
  return step > 1 && stepKind(step, customerCanSelectStaff) !== "receipt";
}

/** Back lowers the step by one, never below 1. */
export function previousStep(step: number): number {
  return Math.max(1, step - 1);
}

/** The calendar exists from the time step onward. */
export function showsCalendar(step: number, customerCanSelectStaff: boolean): boolean {
  return step >= bookingSteps(customerCanSelectStaff).indexOf("time") + 1;
}

/** Going to My Page from steps 2–4 would lose a booking in progress: ask first. */
export function leavingNeedsConfirmation(step: number): boolean {
  return step >= 2 && step <= 4;
}

/** The 1-based number of the step of `kind` (the time step after an occupied slot, …). */
export function stepNumber(kind: StepKind, customerCanSelectStaff: boolean): number {
  return bookingSteps(customerCanSelectStaff).indexOf(kind) + 1;
}
