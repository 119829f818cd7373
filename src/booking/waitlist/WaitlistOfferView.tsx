import { useLingui } from "@lingui/react";
import type { MessageDescriptor } from "@lingui/core";
import { useEffect, useState } from "react";
import { createBookingCalls } from "../../api/booking-calls.ts";
import { isApiError } from "../../api/errors.ts";
import { refusalOf } from "../../api/refusal-of.ts";
import { createWaitlistCalls } from "../../api/waitlist-calls.ts";
import type { Provider } from "../../contract/schemas/index.ts";
import { ApiErrorMessage } from "../../kernel/errors/ApiErrorMessage.tsx";
import { LaterScreen } from "../../kernel/later/LaterScreen.tsx";
import { ProviderGate } from "../../kernel/provider/ProviderGate.tsx";
import { useApiCalls } from "../../kernel/useApiCalls.ts";
import { useViewLink } from "../../kernel/useViewLink.ts";
import { useWidget } from "../../kernel/widget-context.ts";
import { Alert } from "../../ui/Alert.tsx";
import { Loading } from "../../ui/Loading.tsx";
import { BookingView, type ResumedBooking } from "../BookingView.tsx";
import { keptHoldToken } from "../hold/kept-hold-token.ts";
import { offerMarker } from "../../waitlist/offer-marker.ts";
import { waitlistMessages as m } from "../../waitlist/messages.ts";
import { offerBooking, offeredTime, offerTokenFrom } from "./offer-booking.ts";

type Landing =
  | { kind: "opening" }
  | { kind: "ready"; resume: ResumedBooking }
  | { kind: "ended"; message: MessageDescriptor }
  | { kind: "failed"; error: unknown };

/**
 * /{bookingLink}/venteliste?tilbud={secret}: a waitlist offer's link (issue 46). The offer
 * is asked for; its time (held for the link, first in line) becomes the booking's chosen
 * time, its customer is logged in with their details, and the booking goes on from the
 * information step, holding the time with the link's secret. An offer used, run out or
 * taken by someone else says so, with a way to find another time.
 */
export function WaitlistOfferView({ company }: { company: string }) {
  const [landing, setLanding] = useState<Landing>({ kind: "opening" });
  if (landing.kind === "ready") return <BookingView company={company} resume={landing.resume} />;
  return (
    <LaterScreen>
      <ProviderGate bookingLink={company} view="booking">
        {(provider) => <OfferLanding provider={provider} landing={landing} onLanding={setLanding} />}
      </ProviderGate>
    </LaterScreen>
  );
}

function OfferLanding({ provider, landing, onLanding }: { provider: Provider; landing: Landing; onLanding: (landing: Landing) => void }) {
  const { _ } = useLingui();
  const { report, routes } = useWidget();
  const waitlist = useApiCalls(createWaitlistCalls);
  const booking = useApiCalls(createBookingCalls);
  const another = useViewLink("booking", provider.bookingLink);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: asked once per attempt
  useEffect(() => {
    const token = offerTokenFrom(globalThis.location?.search ?? "");
    if (!token) return onLanding({ kind: "ended", message: m.offerUnknown });
    let current = true;
    const open = async (): Promise<Landing> => {
      const offer = await waitlist.offer(provider.userId, token);
      const time = offeredTime(offer, provider.timeZone);
      const [year, month, day] = time.date.split("-").map(Number) as [number, number, number];
      // The day's hours as the holder sees them (the held time is free for the link's secret): the calendar's own labels.
      const hours = await booking.availableHours({
        year,
        month,
        day,
        userId: provider.userId,
        staffMemberId: provider.customerCanSelectStaff ? offer.staffMemberId : null,
        serviceBookings: offer.serviceBookings,
        holdToken: token,
      });
      const hour = hours.hoursToBook.find((one) => one.backendLabel === time.backendLabel);
      if (!hour) return { kind: "ended", message: m.offerTaken };
      // The booking holds the time with the link's secret (slot-hold.ts reads the kept token).
      keptHoldToken(provider.bookingLink).write(token);
      offerMarker(provider.bookingLink).mark(token);
      // On the standalone page the secret leaves the address (the booking page's own): a reload resumes the kept booking.
      if (routes) history.replaceState(history.state, "", location.pathname.replace(/\/venteliste\/?$/, ""));
      return {
        kind: "ready",
        resume: {
          data: (loaded) => offerBooking(offer, hour, loaded.customerCanSelectStaff),
          account: offer.customer,
          shown: () => undefined,
        },
      };
    };
    open().then(
      (next) => current && onLanding(next),
      (error: unknown) => {
        if (!current) return;
        const code = refusalOf(error);
        if (code === "waitlist-offer-used") return onLanding({ kind: "ended", message: m.offerUsed });
        if (code === "waitlist-offer-expired") return onLanding({ kind: "ended", message: m.offerExpired });
        if (code === "waitlist-offer-taken") return onLanding({ kind: "ended", message: m.offerTaken });
        if (isApiError(error) && error.isNotFound) return onLanding({ kind: "ended", message: m.offerUnknown });
        report(error, "could not open the waitlist offer");
        onLanding({ kind: "failed", error });
      },
    );
    return () => {
      current = false;
    };
  }, [provider, attempt]);

  return (
    <div className="bw-booking">
      <header className="bw-header" part="header">
        <h1 className="bw-header__title">{provider.companyName}</h1>
      </header>
      <div className="bw-main">
        {landing.kind === "opening" && <Loading label={_(m.offerOpening)} />}
        {landing.kind === "failed" && (
          <ApiErrorMessage
            error={landing.error}
            notFound={m.offerUnknown}
            name=""
            onRetry={() => {
              onLanding({ kind: "opening" });
              setAttempt((n) => n + 1);
            }}
          />
        )}
        {landing.kind === "ended" && (
          <>
            <Alert tone="info">{_(landing.message)}</Alert>
            <p>
              <a className="bw-button bw-button--secondary" href={another.href} onClick={another.onClick}>
                {_(m.bookAnother)}
              </a>
            </p>
          </>
        )}
      </div>
    </div>
  );
}
