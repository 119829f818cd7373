import { type LoadLater, loadLater } from "../kernel/later/later-door.ts";
import { useLingui } from "@lingui/react";
import { useState, type MouseEvent } from "react";
import type { Provider } from "../contract/schemas/index.ts";
import { shellMessages } from "../kernel/shell-messages.ts";
import { useWidget } from "../kernel/widget-context.ts";
import { useSession, useSessionStore } from "../account/session-context.ts";
import { useBookingStoreApi } from "./store/booking-store-context.ts";
import { useViewLink } from "../kernel/useViewLink.ts";
import { bookingMessages } from "./messages.ts";
import { leavingNeedsConfirmation } from "./steps.ts";
import { DialogType } from "../contract/enumerations.ts";
import type { FeedbackServices } from "../feedback/feedback-context.ts";

/** Forgetting a saved token, from the later chunk (app/later-screens.ts checks it has it). */
export interface MenuLater {
  forgetSavedToken: typeof import("../customer/saved-details.ts").forgetSavedToken;
}

/**
 * The header's way to My Page, and the mobile menu (spec §2 "Shell"): "My Page", and
 * "Log out" once a customer is logged in. Leaving a booking in progress (steps 2–4)
 * asks first.
 */
export function BookingMenu({ provider }: { provider: Provider }) {
  const { _ } = useLingui();
  const { feedback } = useWidget<FeedbackServices>();
  const store = useBookingStoreApi();
  const session = useSessionStore();
  const account = useSession((state) => state.account);
  const [open, setOpen] = useState(false);
  const myPage = useViewLink("my-page", provider.bookingLink);

  const goToMyPage = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!leavingNeedsConfirmation(store.getState().step)) return myPage.onClick(event);
    event.preventDefault();
    feedback.getState().showDialog({ type: DialogType.YesNo, icon: "question", text: _(bookingMessages.leaveBooking), action: myPage.go });
  };
  const logOut = () => {
    // The session's end sends the booking back to its first step (app/WidgetProviders.tsx).
    session.getState().logOut();
    // Only a logged-in customer sees Log out, so the later screens are loaded already.
    void (loadLater as LoadLater<MenuLater>)().then((later) => later.forgetSavedToken(provider.userId));
  };

  // My Page is always there (issue 57: a customer proven a moment ago goes to it too); Log out joins it once logged in.
  const entry = (
    <>
      <a className="bw-menu__item" href={myPage.href} onClick={goToMyPage}>
        {_(shellMessages.myPage)}
      </a>
      {account && (
        <button type="button" className="bw-menu__item" onClick={logOut}>
          {_(shellMessages.logOut)}
        </button>
      )}
    </>
  );

  return (
    <nav className="bw-menu" part="menu" aria-label={_(shellMessages.menu)}>
      <div className="bw-menu__wide">{entry}</div>
      <button type="button" className="bw-menu__toggle" aria-expanded={open} aria-controls="bw-menu-list" onClick={() => setOpen(!open)}>
        <span aria-hidden="true">☰ </span>
        {_(shellMessages.menu)}
      </button>
      {open && (
        // Choosing an entry closes the list: the click (or Enter) on its link or button reaches the list.
        // biome-ignore lint/a11y/useKeyWithClickEvents: the entries are a link and a button, keyboard-operable themselves
        <ul id="bw-menu-list" className="bw-menu__list" onClick={() => setOpen(false)}>
          <li>{entry}</li>
        </ul>
      )}
    </nav>
  );
}
