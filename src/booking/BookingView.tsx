import { useLingui } from "@lingui/react";
import { Suspense, useCallback, useEffect, useRef } from "react";
import type { CustomerAccount, Provider } from "../contract/schemas/index.ts";
import { useSessionStore } from "../account/session-context.ts";
import { Footer } from "../kernel/Footer.tsx";
import { type LaterScreen, lazyScreen } from "../kernel/later/lazy-screen.ts";
import { ProviderGate } from "../kernel/provider/ProviderGate.tsx";
import { useWidget } from "../kernel/widget-context.ts";
import { useBookingStore, useBookingStoreApi } from "./store/booking-store-context.ts";
import type { BookingData } from "./store/booking-store.ts";
import { stepTitles } from "./messages.ts";
import { ServiceStep } from "./service/ServiceStep.tsx";
import { BookingMenu } from "./BookingMenu.tsx";
import { Stepper } from "./Stepper.tsx";
import { Loading } from "../ui/Loading.tsx";
import { shellMessages } from "../kernel/shell-messages.ts";
import { stepKind } from "./steps.ts";
import { useBookingProgress } from "./progress/useBookingProgress.ts";
import { usePagePrefill } from "./prefill/usePagePrefill.ts";
import { usePrefetchNextSteps } from "./prefetch/usePrefetchNextSteps.ts";

// Steps after the first come from the one later chunk (app/later-screens.ts): the first screen stays small.
/**
 * The steps after the first, from the one later chunk (app/later-screens.ts, which checks
 * it has each under this name): types only, so none of them is in the first screen.
 */
export interface BookingSteps {
  StaffStep: typeof import("./staff/StaffStep.tsx").default;
  TimeStep: typeof import("./time/TimeStep.tsx").default;
  InformationStep: typeof import("./information/InformationStep.tsx").default;
  AccountStep: typeof import("./account/AccountStep.tsx").default;
  ConfirmStep: typeof import("./confirm/ConfirmStep.tsx").default;
  ReceiptStep: typeof import("./receipt/ReceiptStep.tsx").default;
}
const StaffStep = (lazyScreen as LaterScreen<BookingSteps>)("StaffStep");
const TimeStep = (lazyScreen as LaterScreen<BookingSteps>)("TimeStep");
const InformationStep = (lazyScreen as LaterScreen<BookingSteps>)("InformationStep");
const AccountStep = (lazyScreen as LaterScreen<BookingSteps>)("AccountStep");
const ConfirmStep = (lazyScreen as LaterScreen<BookingSteps>)("ConfirmStep");
const ReceiptStep = (lazyScreen as LaterScreen<BookingSteps>)("ReceiptStep");

/** A booking coming back from the payment page (PaymentReturnView). */
export interface ResumedBooking {
  /** Its stepper data: put in the store as the provider arrives, in place of the fresh stepper. */
  data: (provider: Provider) => Partial<BookingData>;
  /** The customer who was logged in when they left for the payment page, back in the session. */
  account: CustomerAccount | null;
  /** Runs once, after the resumed booking is on screen: what the page and the visitor are told. */
  shown: () => void;
}

interface BookingViewProps {
  company: string;
  resume?: ResumedBooking;
}

/** The booking page of one provider: /{company}. */
export function BookingView({ company, resume }: BookingViewProps) {
  const store = useBookingStoreApi();
  const session = useSessionStore();
  // waiting → restored (by the first provider to arrive) → shown (told once).
  const resumed = useRef<"waiting" | "restored" | "shown">("waiting");
  // Runs while the gate renders the newly arrived provider, before the steps mount: the
  // first provider of a resumed booking restores it, any other starts a fresh stepper.
  // One write either way, so no step mounts on a reset only to be replaced.
  const onNewProvider = (provider: Provider) => {
    if (resume && resumed.current === "waiting") {
      resumed.current = "restored";
      store.getState().restore(resume.data(provider));
      if (resume.account) session.getState().setAccount(resume.account);
    } else store.getState().providerLoaded();
  };
  const onShown = useCallback(() => {
    if (resumed.current !== "restored") return;
    resumed.current = "shown";
    resume?.shown();
  }, [resume]);
  return (
    <ProviderGate bookingLink={company} view="booking" onNewProvider={onNewProvider}>
      {(provider) => <BookingStepper provider={provider} resuming={Boolean(resume)} onShown={onShown} />}
    </ProviderGate>
  );
}

function BookingStepper({ provider, resuming, onShown }: { provider: Provider; resuming: boolean; onShown: () => void }) {
  const { _ } = useLingui();
  const { emit, innerView } = useWidget();
  useEffect(onShown, [onShown]);
  usePagePrefill(provider);
  usePrefetchNextSteps(provider);
  const step = useBookingStore((state) => state.step);
  const kind = stepKind(step, provider.customerCanSelectStaff);
  const top = useRef<HTMLDivElement>(null);
  // A resumed booking's step is news (focus moves to its heading, the page is told); the
  // first step is not.
  const shownStep = useRef<number | null>(resuming ? null : step);
  // A kept booking put back after a reload is where the visitor was: no focus move, no scroll.
  useBookingProgress(provider, resuming, (restored) => {
    shownStep.current = restored;
  });

  const heading = useRef<HTMLHeadingElement>(null);

  // Moved to from My Page inside the element: the booking starts at the widget's top.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on mount only
  useEffect(() => {
    if (innerView) top.current?.scrollIntoView?.({ block: "nearest" });
  }, []);

  // Every step change starts at the top of the widget (spec §2 "Shell"), moves focus to
  // the new step's heading (so a keyboard or screen-reader user goes on from there, not
  // from the page's top) and tells the page. The first step neither scrolls nor takes
  // focus: the page that shows the widget decides where its visitor is.
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    top.current?.scrollIntoView?.({ block: "nearest" });
    heading.current?.focus({ preventScroll: true });
    emit("bw-step-change", { step, name: kind });
  }, [step, kind, emit]);

  return (
    <div className="bw-booking" ref={top}>
      <header className="bw-header" part="header">
        <h1 className="bw-header__title">{provider.companyName}</h1>
        <BookingMenu provider={provider} />
      </header>
      <Stepper customerCanSelectStaff={provider.customerCanSelectStaff} />
      <div className="bw-main">
        <h2 id="bw-step-title" className="bw-step-title" tabIndex={-1} ref={heading}>
          {_(stepTitles[kind])}
        </h2>
        {kind === "service" && <ServiceStep provider={provider} />}
        <Suspense fallback={<Loading label={_(shellMessages.loading)} />}>
          {kind === "staff" && <StaffStep provider={provider} />}
          {kind === "time" && <TimeStep provider={provider} />}
          {kind === "information" &&
            (provider.useCustomerAccounts ? <AccountStep provider={provider} /> : <InformationStep provider={provider} />)}
          {kind === "confirm" && <ConfirmStep provider={provider} />}
          {kind === "receipt" && <ReceiptStep provider={provider} />}
        </Suspense>
      </div>
      <Footer companyName={provider.companyName} />
    </div>
  );
}
