// Every screen after the first (and what only they use), in one lazy chunk. One chunk rather than one per step:
// esbuild gives each combination of lazy chunks sharing a module a chunk of its own,
// and the first screen would pay for every one of those small files.
import type { BookingSteps } from "../booking/BookingView.tsx";
import type { MenuLater } from "../booking/BookingMenu.tsx";
import type { PrefetchLater } from "../booking/prefetch/usePrefetchNextSteps.ts";
import type { PrefillLater } from "../booking/prefill/usePagePrefill.ts";
import type { ProgressLater } from "../booking/progress/useBookingProgress.ts";
import type { ServiceLater } from "../booking/service/ServiceStep.tsx";
import type { FeedbackScreens } from "../feedback/FeedbackHost.tsx";

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
export { WaitlistOfferView } from "../booking/waitlist/WaitlistOfferView.tsx";
export { forgetSavedToken } from "../customer/saved-details.ts";
export { startBookingProgress } from "../booking/progress/progress-runtime.ts";
export { watchNextSteps } from "../booking/prefetch/watch-next-steps.ts";
export { preselectOnLoad } from "../booking/prefill/preselect-on-load.ts";
export { previewFetch } from "../api/preview/preview-fetch.ts";

// Each file that takes something from this chunk names it there, with the module it comes from
// (BookingView.tsx's BookingSteps, FeedbackHost.tsx's FeedbackScreens …):
// the chunk must have every part under that name and of that type, or this does not compile.
type LaterChunk = typeof import("./later-screens.ts");
type Parts = BookingSteps & ServiceLater & PrefetchLater & ProgressLater & PrefillLater & MenuLater & FeedbackScreens;
type Holds<Check extends true> = Check;
export type EveryPartNamed = Holds<LaterChunk extends Parts ? true : false>;
