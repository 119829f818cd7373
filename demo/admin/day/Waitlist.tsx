import { useLingui } from "@lingui/react";
import { pad2, toZoned } from "booking-widget/contract";
import { m } from "../i18n/messages.ts";
import { dayName } from "./date-words.ts";
import type { DayView } from "./day-view.ts";

const OFFER_STATES = { open: m.offerOpen, taken: m.offerTaken, expired: m.offerExpired } as const;

/** The waitlist's entries waiting for the dates shown, and the times offered to them. */
export function Waitlist({ view }: { view: DayView }) {
  const { _, i18n } = useLingui();
  const { entries, offers } = view.waitlist;
  if (entries.length === 0 && offers.length === 0) return null;
  const clock = (instant: string) => {
    const at = toZoned(new Date(instant), view.timeZone);
    return `${dayName(at.isoDate, i18n.locale, true)} ${pad2(at.hour)}:${pad2(at.minute)}`;
  };
  const staffName = (id: number) => view.staff.find((member) => member.id === id)?.name ?? "";
  return (
    <section className="admin-waitlist" aria-labelledby="admin-waitlist-title">
      <h2 id="admin-waitlist-title">{_(m.waitlist)}</h2>
      <ul>
        {entries.map((entry) => (
          <li key={`entry-${entry.id}`}>
            {_({
              ...m.waitlistEntry,
              values: {
                name: entry.customerName,
                services: entry.services.map((service) => service.title).join(", "),
                dates: entry.dates.map((date) => dayName(date, i18n.locale, true)).join(", "),
              },
            })}
          </li>
        ))}
        {offers.map((offer) => (
          <li key={`offer-${offer.id}`}>
            {_({
              ...m.waitlistOffer,
              values: {
                time: clock(offer.start),
                staff: staffName(offer.staffMemberId),
                state: _(OFFER_STATES[offer.state]),
                until: clock(offer.expiresAt),
              },
            })}
          </li>
        ))}
      </ul>
    </section>
  );
}
