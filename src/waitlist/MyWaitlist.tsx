import { useLingui } from "@lingui/react";
import useSWR from "swr";
import { createWaitlistCalls } from "../api/waitlist-calls.ts";
import type { MyPageSession } from "../account/session.ts";
import { longDate } from "../calendar/date-labels.ts";
import type { Provider, WaitlistEntry } from "../contract/schemas/index.ts";
import type { Locale } from "../i18n/locale.ts";
import { useServices } from "../kernel/provider/useServices.ts";
import { useApiCalls } from "../kernel/useApiCalls.ts";
import { useWidget } from "../kernel/widget-context.ts";
import { myWaitlistMessages as m } from "./messages.ts";
import { windowTimeLabel } from "./window-times.ts";
import type { FeedbackServices } from "../feedback/feedback-context.ts";

/**
 * My Page's waitlist places (issue 46): each live entry of the logged-in customer, with
 * its services, days and part of the day, and a Remove button. Nothing is shown when the
 * customer waits for nothing (or the page keeps no waitlist).
 */
export function MyWaitlist({ provider, session }: { provider: Provider; session: MyPageSession }) {
  const { _, i18n } = useLingui();
  const { feedback, report } = useWidget<FeedbackServices>();
  const waitlist = useApiCalls(createWaitlistCalls);
  const { data: categories } = useServices(provider.userId);
  const { data: entries, mutate } = useSWR(["waitlist-entries", provider.userId, session.token], () =>
    waitlist.entries(provider.userId, session.token),
  );
  if (!entries || entries.length === 0) return null;
  const titles = new Map((categories ?? []).flatMap((category) => category.services).map((service) => [service.id, service.title]));
  const locale = i18n.locale as Locale;
  const named = (entry: WaitlistEntry) =>
    _({
      ...m.entry,
      values: {
        services: entry.serviceIds
          .map((id) => titles.get(id) ?? "")
          .filter(Boolean)
          .join(", "),
        days: entry.days.map((day) => longDate(day, locale)).join(", "),
      },
    });
  const clock = (time: string) => windowTimeLabel(time, provider.timeFormat);
  const window = (entry: WaitlistEntry) =>
    entry.after && entry.before
      ? _({ ...m.window, values: { after: clock(entry.after), before: clock(entry.before) } })
      : entry.after
        ? _({ ...m.from, values: { after: clock(entry.after) } })
        : entry.before
          ? _({ ...m.until, values: { before: clock(entry.before) } })
          : "";
  const remove = (entry: WaitlistEntry) =>
    waitlist.leave(provider.userId, session.token, entry.id).then(
      () => {
        feedback.getState().showSnackbar(_({ ...m.removed, values: { entry: named(entry) } }), "success");
        void mutate();
      },
      (error: unknown) => {
        report(error, "could not leave the waitlist");
        void mutate();
      },
    );
  return (
    <section className="bw-my-page__section bw-my-waitlist" aria-labelledby="bw-my-waitlist-title" part="my-waitlist">
      <h3 id="bw-my-waitlist-title" className="bw-my-page__heading">
        {_(m.title)}
      </h3>
      <ul className="bw-my-waitlist__list">
        {entries.map((entry) => (
          <li key={entry.id} className="bw-my-waitlist__entry">
            <span>
              {named(entry)}
              {window(entry) && <span className="bw-my-waitlist__window"> ({window(entry)})</span>}
            </span>
            <button
              type="button"
              className="bw-button bw-button--ghost"
              aria-label={_({ ...m.remove, values: { entry: named(entry) } })}
              onClick={() => void remove(entry)}
            >
              {_(m.removeLabel)}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
