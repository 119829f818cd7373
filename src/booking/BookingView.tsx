import { useLingui } from "@lingui/react";
import { lazy, Suspense, useEffect, useRef } from "react";
import type { Provider } from "../api/schemas/index.ts";
import { Footer } from "../app/Footer.tsx";
import { ProviderGate } from "../app/ProviderGate.tsx";
import { useBookingStore } from "../app/widget-context.ts";
import { stepTitles } from "./messages.ts";
import { ServiceStep } from "./service/ServiceStep.tsx";
import { Stepper } from "./Stepper.tsx";
import { Loading } from "../ui/Loading.tsx";
import { shellMessages } from "../app/messages.ts";
import { stepKind } from "./steps.ts";

// Steps after the first are chunks of their own: the first screen stays small.
const StaffStep = lazy(() => import("./staff/StaffStep.tsx"));
const TimeStep = lazy(() => import("./time/TimeStep.tsx"));
const InformationStep = lazy(() => import("./information/InformationStep.tsx"));

/** The booking page of one provider: /{company}. */
export function BookingView({ company }: { company: string }) {
  return <ProviderGate bookingLink={company}>{(provider) => <BookingStepper provider={provider} />}</ProviderGate>;
}

function BookingStepper({ provider }: { provider: Provider }) {
  const { _ } = useLingui();
  const step = useBookingStore((state) => state.step);
  const kind = stepKind(step, provider.customerCanSelectStaff);
  const top = useRef<HTMLDivElement>(null);

  // Every step change starts at the top of the widget (spec §2 "Shell").
  useEffect(() => {
    top.current?.scrollIntoView?.({ block: "nearest" });
  }, [step]);

  return (
    <div className="bw-booking" ref={top}>
      <header className="bw-header" part="header">
        <h1 className="bw-header__title">{provider.companyName}</h1>
      </header>
      <Stepper customerCanSelectStaff={provider.customerCanSelectStaff} />
      <div className="bw-main">
        <h2 id="bw-step-title" className="bw-step-title">
          {_(stepTitles[kind])}
        </h2>
        {kind === "service" && <ServiceStep provider={provider} />}
        <Suspense fallback={<Loading label={_(shellMessages.loading)} />}>
          {kind === "staff" && <StaffStep provider={provider} />}
          {kind === "time" && <TimeStep provider={provider} />}
          {kind === "information" && !provider.useCustomerAccounts && <InformationStep provider={provider} />}
        </Suspense>
      </div>
      <Footer companyName={provider.companyName} />
    </div>
  );
}
