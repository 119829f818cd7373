import { useLingui } from "@lingui/react";
import type { Provider } from "../../contract/schemas/index.ts";
import { formatPrice } from "../../contract/format-price.ts";
import { intlTag, type Locale } from "../../i18n/locale.ts";
import { formatDate } from "../../contract/format-date-time.ts";
import type { BookingSummary } from "./booking-summary.ts";
import { confirmMessages as m } from "./messages.ts";
import { paymentTermsLines } from "../../kernel/payment/payment-terms-lines.ts";
import { seriesMessages } from "../series/messages.ts";
import type { SeriesPlan } from "../series/series-plan.ts";

/** The confirm step's summary: each service with extras, price, duration and description; the time; the total. */
export function SummaryTable({
  summary,
  provider,
  locale,
  series,
}: {
  summary: BookingSummary;
  provider: Provider;
  locale: Locale;
  /** A series (issue 42): its later occurrences are listed under the time. */
  series?: SeriesPlan | null | undefined;
}) {
  const { _ } = useLingui();
  const price = (amount: number | null) => (amount === null ? _(m.variablePrice) : formatPrice(amount, locale));
  return (
    // Its language, for the hyphenation of long service names (CSS hyphens: auto).
    <table className="bw-summary" part="summary" lang={intlTag(locale)}>
      <caption className="bw-summary__caption">{_(m.summary)}</caption>
      <thead>
        <tr>
          <th scope="col">{_(m.service)}</th>
          <th scope="col">{_(m.duration)}</th>
          {provider.showServicePrice && <th scope="col">{_(m.price)}</th>}
        </tr>
      </thead>
      <tbody>
        {summary.lines.map((line) => (
          <tr key={line.service.id}>
            <th scope="row">
              <span className="bw-summary__service">{line.service.title}</span>
              {line.extras.length > 0 && (
                <span className="bw-summary__extras">
                  {_({ ...m.withExtras, values: { extras: line.extras.map((extra) => extra.title).join(", ") } })}
                </span>
              )}
              {line.service.description && <span className="bw-summary__description">{line.service.description}</span>}
            </th>
            <td>{_({ ...m.minutes, values: { minutes: line.minutes } })}</td>
            {provider.showServicePrice && <td>{price(line.price)}</td>}
          </tr>
        ))}
      </tbody>
      <tfoot>
        {summary.date && (
          <tr>
            <th scope="row">{_(m.time)}</th>
            <td colSpan={provider.showServicePrice ? 2 : 1}>
              {_({ ...m.timeRange, values: { date: formatDate(summary.date), start: summary.start, end: summary.end } })}
            </td>
          </tr>
        )}
        {series && (
          <tr>
            <th scope="row">{_(seriesMessages.summary)}</th>
            <td colSpan={provider.showServicePrice ? 2 : 1}>
              {series.occurrences
                .slice(1)
                .map((occurrence) => `${formatDate(occurrence.date)} ${occurrence.label}`)
                .join(", ")}
            </td>
          </tr>
        )}
        {provider.showServicePrice && (
          <tr>
            <th scope="row">{_(m.total)}</th>
            <td colSpan={2}>{price(summary.total)}</td>
          </tr>
        )}
        {paymentTermsLines(summary.terms, {
          paid: false,
          hoursToCancel: provider.hoursToCancel,
          company: provider.companyName,
          price: (amount) => formatPrice(amount, locale),
        }).map((line) => (
          <tr key={line.id} className="bw-summary__terms">
            <td colSpan={provider.showServicePrice ? 3 : 2}>{_(line)}</td>
          </tr>
        ))}
      </tfoot>
    </table>
  );
}
