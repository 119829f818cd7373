import { useLingui } from "@lingui/react";
import { useEffect, useRef, useState } from "react";
import { refusalOf } from "../api/refusal-of.ts";
import type { CustomerAppointment, Provider } from "../contract/schemas/index.ts";
import { Loaded } from "../kernel/Loaded.tsx";
import { loadOf } from "../kernel/loads.ts";
import { errorCatalogue } from "../kernel/errors/error-catalogue.ts";
import { Footer } from "../kernel/Footer.tsx";
import { shellMessages } from "../kernel/shell-messages.ts";
import { ProviderGate } from "../kernel/provider/ProviderGate.tsx";
import { useViewLink } from "../kernel/useViewLink.ts";
import { useWidget } from "../kernel/widget-context.ts";
import { useSession } from "../account/session-context.ts";
import { accountName } from "../customer/account-values.ts";
import { useServices } from "../kernel/provider/useServices.ts";
import { focusStart } from "../ui/focus.ts";
import { LaterScreen } from "../kernel/later/LaterScreen.tsx";
import { Loading } from "../ui/Loading.tsx";
import { appointmentSelections } from "./appointment-services.ts";
import { AppointmentTable } from "./AppointmentTable.tsx";
import { MyPageLoginForm } from "../account/MyPageLoginForm.tsx";
import { myPageMessages as m } from "./messages.ts";
import { MoveAppointment } from "./MoveAppointment.tsx";
import { ProfileCard } from "../account/ProfileCard.tsx";
import { sessionOf, type MyPageSession } from "../account/session.ts";
import { useAppointmentActions } from "./useAppointmentActions.ts";
import { useMyPageCustomer } from "../account/useMyPageCustomer.ts";
import { useMyPageLogin } from "../account/useMyPageLogin.ts";
import { DialogType } from "../contract/enumerations.ts";
import { MyWaitlist } from "../waitlist/MyWaitlist.tsx";
import type { FeedbackServices } from "../feedback/feedback-context.ts";

/** /{bookingLink}/min-side: the customer's own page (spec §2 "My Page"). */
export function MyPageView({ bookingLink }: { bookingLink: string }) {
  return (
    <LaterScreen>
      <ProviderGate bookingLink={bookingLink} view="my-page">
        {(provider) => <MyPage provider={provider} />}
      </ProviderGate>
    </LaterScreen>
  );
}

function MyPage({ provider }: { provider: Provider }) {
  const { _ } = useLingui();
  const account = useSession((state) => state.account);
  const session = sessionOf(account);
  const login = useMyPageLogin(provider);
  const bookNew = useViewLink("booking", provider.bookingLink);
  const { innerView } = useWidget();
  const top = useRef<HTMLDivElement>(null);
  // Moved to from the booking inside the element: My Page starts at the widget's top. A
  // page that opens on My Page is not moved.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on mount only
  useEffect(() => {
    if (innerView) top.current?.scrollIntoView?.({ block: "nearest" });
  }, []);
  // Logging in with the form (not by link or a kept login) replaces the form: focus goes to the greeting.
  const formShown = useRef(false);
  const loggedIn = Boolean(account && session);
  if (!login.checking && !loggedIn) formShown.current = true;
  // Logging out (its menu button goes with it) starts focus at the login form.
  const wasLoggedIn = useRef(loggedIn);
  useEffect(() => {
    if (wasLoggedIn.current && !loggedIn) focusStart(top.current?.querySelector("form"));
    wasLoggedIn.current = loggedIn;
  }, [loggedIn]);

  return (
    <div className="bw-my-page" ref={top}>
      <header className="bw-header" part="header">
        <h1 className="bw-header__title">{provider.companyName}</h1>
        {session && !login.checking && (
          <nav className="bw-menu" part="menu" aria-label={_(shellMessages.menu)}>
            <button type="button" className="bw-menu__item" onClick={login.logOut}>
              {_(shellMessages.logOut)}
            </button>
          </nav>
        )}
      </header>
      <div className="bw-main">
        <h2 id="bw-step-title" className="bw-step-title" tabIndex={-1}>
          {_(shellMessages.myPage)}
        </h2>
        {login.checking ? (
          <Loading label={_(shellMessages.loading)} />
        ) : account && session ? (
          <MyPageHome
            key={`${session.token}:${session.login}`}
            provider={provider}
            session={session}
            greetWithFocus={formShown.current}
            onSessionLost={login.logOut}
          />
        ) : (
          <MyPageLoginForm provider={provider} login={login} />
        )}
        <p className="bw-my-page__book-new">
          <a className="bw-button" href={bookNew.href} onClick={bookNew.onClick}>
            {_(m.bookNewAppointment)}
          </a>
        </p>
      </div>
      <Footer companyName={provider.companyName} />
    </div>
  );
}

/** A logged-in customer: greeting, appointments (or the move calendar) and the profile. */
function MyPageHome({
  provider,
  session,
  greetWithFocus,
  onSessionLost,
}: {
  provider: Provider;
  session: MyPageSession;
  greetWithFocus: boolean;
  onSessionLost(): void;
}) {
  const { _ } = useLingui();
  const { feedback } = useWidget<FeedbackServices>();
  const account = useSession((state) => state.account);
  const { data, error, mutate } = useMyPageCustomer(provider, session);
  const services = useServices(provider.userId);
  const categories = services.data;
  const [moving, showMoving] = useState<CustomerAppointment | null>(null);
  // Closing the move calendar ("Keep the time") returns focus to that appointment's "Move".
  const home = useRef<HTMLDivElement>(null);
  const movedFrom = useRef<number | null>(null);
  const setMoving = (appointment: CustomerAppointment | null) => {
    movedFrom.current = appointment ? null : (moving?.id ?? null);
    showMoving(appointment);
  };
  useEffect(() => {
    if (moving || movedFrom.current === null) return;
    home.current?.querySelector<HTMLElement>(`[data-move="${movedFrom.current}"]`)?.focus();
    movedFrom.current = null;
  }, [moving]);
  const greeting = useRef<HTMLParagraphElement>(null);
  const loaded = Boolean(data && account);
  useEffect(() => {
    if (loaded && greetWithFocus) greeting.current?.focus();
  }, [loaded, greetWithFocus]);
  const actions = useAppointmentActions({ provider, session, refresh: () => mutate(), onSessionLost });
  const lost = refusalOf(error) === "wrong-code-or-phone";
  // The services name what a move books again; a "Move" pressed before they have loaded
  // waits for them (it must not say the appointment cannot be moved).
  const selections = moving && categories ? appointmentSelections(categories, moving) : null;
  const unmovable = selections?.length === 0;
  useEffect(() => {
    if (!unmovable) return;
    feedback.getState().showDialog({
      type: DialogType.Message,
      icon: "info",
      text: _({ ...m.cannotMove, values: { phone: provider.phoneNumber || provider.companyName } }),
    });
    showMoving(null);
  }, [unmovable, feedback, provider, _]);

  // The token stopped working (another device logged out, the code changed): log in again.
  useEffect(() => {
    if (!lost) return;
    feedback
      .getState()
      .showDialog({ type: DialogType.Message, icon: "error", code: "session-lost", text: _(errorCatalogue.wrongTokenOrPhone) });
    onSessionLost();
  }, [lost, feedback, onSessionLost, _]);

  const startMove = (appointment: CustomerAppointment) => {
    if (!appointment.canCancel) return actions.tooLate();
    setMoving(appointment);
  };
  // A lost session is not an error to show: the dialog above sends the visitor to log in.
  const customer = loadOf({
    data: data && account ? { appointments: data.appointments, account } : undefined,
    error: lost ? undefined : error,
    mutate,
  });

  return (
    <Loaded load={customer} notFound={m.loadFailed}>
      {({ appointments, account }) => (
        <div ref={home}>
          <p className="bw-my-page__greeting" tabIndex={-1} ref={greeting}>
            {_({ ...m.greeting, values: { name: accountName(account) || session.login } })}
          </p>
          {/* A move waits for the services; one that books none (unmovable, said above) keeps the table. */}
          {moving && selections?.length !== 0 ? (
            <Loaded load={loadOf(services)} notFound={m.loadFailed}>
              {() =>
                selections && (
                  <MoveAppointment
                    provider={provider}
                    appointment={moving}
                    session={session}
                    selections={selections}
                    title={_({ ...m.moveTitle, values: actions.named(moving) })}
                    onChooseHour={(hour, restOfSeries) => actions.move(moving, selections, hour, () => setMoving(null), restOfSeries)}
                    onClose={() => setMoving(null)}
                  />
                )
              }
            </Loaded>
          ) : (
            <AppointmentTable
              provider={provider}
              appointments={appointments}
              onCancel={actions.cancel}
              onMove={startMove}
              onCancelRest={actions.cancelRest}
            />
          )}
          <MyWaitlist provider={provider} session={session} />
          <ProfileCard provider={provider} account={account} session={session} onSessionLost={onSessionLost} />
        </div>
      )}
    </Loaded>
  );
}
