import { useLingui } from "@lingui/react";
import { providerClockLabel } from "../../calendar/provider-clock-label.ts";
import { useEffect, useState } from "react";
import type { Provider } from "../../contract/schemas/index.ts";
import { now } from "../../time/now.ts";
import { countdown } from "./hold-state.ts";
import { holdMessages as m } from "./messages.ts";
import { useSlotHold } from "./useSlotHold.ts";

/**
 * How long the chosen time is held, above the information and confirm steps. The
 * sentence (a status region: read when it changes) names the clock time the hold ends;
 * the ticking m:ss beside it is for the eye only, so screen readers are not flooded. The
 * clock time is the provider's (a waitlist offer's SMS says the same), named by its place
 * for a visitor in another zone.
 */
export function HoldNote({ provider }: { provider: Provider }) {
  const { _, i18n } = useLingui();
  const { hold, view } = useSlotHold(provider);
  const { status } = view;
  const shownAt = useNow(status.kind === "held");
  // The provider's clock in the page's format, as the SMS and the booked time say it (not the browser's zone and locale).
  const clockTime = (at: Date | number) => providerClockLabel(i18n, at, provider);
  const pending = status.kind === "holding";
  let text = "";
  if (status.kind === "held") text = _({ ...m.heldUntil, values: { time: clockTime(status.deadline) } });
  else if (status.kind === "expired") text = _(m.expired);
  else if (status.kind === "limited") text = _(m.limited);
  return (
    // Always there (empty, it takes no room): a status region must exist before its text changes.
    // While the hold is asked for, the line it will be takes its room, unseen and unread
    // (the same words, wrapped as they will be on a narrow phone, drawn hidden from
    // data-room): the answer does not push the form down under a visitor's finger (or a
    // click) on its way to a button.
    <div className="bw-hold" part="hold-note" data-shown={text ? "" : undefined} data-pending={pending ? "" : undefined}>
      <p
        role="status"
        className="bw-hold__text"
        data-room={pending ? _({ ...m.heldUntil, values: { time: clockTime(shownAt) } }) : undefined}
      >
        {text}
      </p>
      {status.kind === "held" && (
        <span className="bw-hold__clock" aria-hidden="true">
          {_({ ...m.timeLeft, values: { left: countdown(status.deadline, shownAt) } })}
        </span>
      )}
      {pending && <span className="bw-hold__clock" aria-hidden="true" data-room={_({ ...m.timeLeft, values: { left: "10:00" } })} />}
      {(status.kind === "expired" || status.kind === "limited") && (
        <button type="button" className="bw-button bw-button--secondary" onClick={() => void hold.holdAgain()}>
          {_(m.holdAgain)}
        </button>
      )}
    </div>
  );
}

/** The time now, ticking every second while `ticking`. */
function useNow(ticking: boolean): number {
  const [time, setTime] = useState(() => now().getTime());
  useEffect(() => {
    if (!ticking) return;
    setTime(now().getTime());
    const id = setInterval(() => setTime(now().getTime()), 1000);
    return () => clearInterval(id);
  }, [ticking]);
  return time;
}
