import { useLingui } from "@lingui/react";
import { Suspense, useEffect, useLayoutEffect, useRef } from "react";
import type { Provider } from "../api/schemas/index.ts";
import { Footer } from "../kernel/Footer.tsx";
import { lazyScreen } from "../app/lazy-screen.ts";
import { ProviderGate } from "../kernel/ProviderGate.tsx";
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

// Steps after the first come from the one later chunk (app/later-screens.ts): the first screen stays small.
const StaffStep = lazyScreen("StaffStep");
const TimeStep = lazyScreen("TimeStep");
const InformationStep = lazyScreen("InformationStep");
const AccountStep = lazyScreen("AccountStep");
const ConfirmStep = lazyScreen("ConfirmStep");
const ReceiptStep = lazyScreen("ReceiptStep");

interface BookingViewProps {
  company: string;
  /** A booking coming back (after a payment): the stepper data to restore once the provider is loaded. */
  resume?: (provider: Provider) => Partial<BookingData>;
}

/** The booking page of one provider: /{company}. */
export function BookingView({ company, resume }: BookingViewProps) {
  const store = useBookingStoreApi();
  return (
    <ProviderGate bookingLink={company} view="booking" onNewProvider={store.getState().providerLoaded}>
      {(provider) => <BookingStepper provider={provider} resume={resume} />}
    </ProviderGate>
  );
}

function BookingStepper({ provider, resume }: { provider: Provider; resume: BookingViewProps["resume"] }) {
  const { _ } = useLingui();
  const { emit } = useWidget();
  const store = useBookingStoreApi();
  const resumed = useRef(false);
  // The provider's load reset the stepper; a returning booking is put back after it.
  useLayoutEffect(() => {
    if (!resume || resumed.current) return;
    resumed.current = true;
    store.getState().restore(resume(provider));
  }, [provider, resume, store]);
  usePagePrefill(provider);
  const step = useBookingStore((state) => state.step);
  const kind = stepKind(step, provider.customerCanSelectStaff);
  const top = useRef<HTMLDivElement>(null);
  const shownStep = useRef(step);
  // A kept booking put back after a reload is where the visitor was: no focus move, no scroll.
  useBookingProgress(provider, Boolean(resume), (restored) => {
    shownStep.current = restored;
  });

  const heading = useRef<HTMLHeadingElement>(null);

  // Every step change starts at the top of the widget (spec §2 "Shell"), moves focus to
  // the new step's heading (so a keyboard or screen-reader user goes on from there, not
  // from the page's top) and tells the page. The first step takes no focus: the page
  // that shows the widget decides where focus starts.
  useEffect(() => {
    top.current?.scrollIntoView?.({ block: "nearest" });
    if (shownStep.current === step) return;
    shownStep.current = step;
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
