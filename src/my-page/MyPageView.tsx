import { useLingui } from "@lingui/react";
import { Footer } from "../app/Footer.tsx";
import { shellMessages } from "../app/messages.ts";
import { ProviderGate } from "../app/ProviderGate.tsx";
import { useWidget } from "../app/widget-context.ts";
import { bookingPageUrl } from "../chooser/navigation.ts";
import { LaterScreen } from "../ui/LaterScreen.tsx";
import { myPageMessages } from "./messages.ts";

/** /{bookingLink}/min-side: the customer's own page (login and appointments come later). */
export function MyPageView({ bookingLink }: { bookingLink: string }) {
  return (
    <LaterScreen>
      <MyPage bookingLink={bookingLink} />
    </LaterScreen>
  );
}

function MyPage({ bookingLink }: { bookingLink: string }) {
  const { _ } = useLingui();
  const { siteBase } = useWidget();
  return (
    <ProviderGate bookingLink={bookingLink}>
      {(provider) => (
        <div className="bw-my-page">
          <header className="bw-header" part="header">
            <h1 className="bw-header__title">{provider.companyName}</h1>
          </header>
          <div className="bw-main">
            <h2 className="bw-step-title">{_(shellMessages.myPage)}</h2>
            <a className="bw-button" href={bookingPageUrl(siteBase, provider.bookingLink)}>
              {_(myPageMessages.bookNewAppointment)}
            </a>
          </div>
          <Footer companyName={provider.companyName} />
        </div>
      )}
    </ProviderGate>
  );
}
