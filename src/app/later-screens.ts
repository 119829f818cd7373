// Every screen after the first (and what only they use), in one lazy chunk. One chunk rather than one per step:
// esbuild gives each combination of lazy chunks sharing a module a chunk of its own,
// and the first screen would pay for every one of those small files.
export { default as StaffStep } from "../booking/staff/StaffStep.tsx";
export { default as TimeStep } from "../booking/time/TimeStep.tsx";
export { default as InformationStep } from "../booking/information/InformationStep.tsx";
export { default as AccountStep } from "../booking/account/AccountStep.tsx";
export { default as ConfirmStep } from "../booking/confirm/ConfirmStep.tsx";
export { default as ReceiptStep } from "../booking/receipt/ReceiptStep.tsx";
export { default as FeedbackLayer } from "../feedback/FeedbackLayer.tsx";
export { default as PaymentReturnView } from "../booking/PaymentReturnView.tsx";
export { default as ExtrasDialog } from "../booking/service/ExtrasDialog.tsx";
export { ChooserView } from "../chooser/ChooserView.tsx";
export { MyPageView } from "../my-page/MyPageView.tsx";
export { forgetSavedToken } from "../customer/saved-details.ts";
export { startBookingProgress } from "../booking/progress/progress-runtime.ts";
export { watchNextSteps } from "../booking/prefetch/watch-next-steps.ts";
export { preselectOnLoad } from "../booking/prefill/preselect-on-load.ts";
export { answerInPreview } from "../api/preview/preview-answers.ts";

// The kernel's door (kernel/later/later-door.ts) knows the chunk's exports through this.
type LaterScreens = typeof import("./later-screens.ts");
declare module "../kernel/later/later-door.ts" {
  interface LaterModule extends LaterScreens {}
}
