import { useLingui } from "@lingui/react";
import { useContext, useId } from "react";
import type { Provider, Service } from "../../contract/schemas/index.ts";
import { customerDuration, formatDuration } from "../../i18n/format-duration.ts";
import { formatPrice } from "../../contract/format-price.ts";
import { servicePrice } from "../../contract/rules/service-price.ts";
import { firstAvailableLabel } from "../../i18n/first-available-label.ts";
import type { Locale } from "../../i18n/locale.ts";
import { firstAvailableDay } from "../../time/first-available.ts";
import { providerToday } from "../../time/provider-today.ts";
import { bookingMessages } from "../messages.ts";
import { PaintedExtrasContext } from "../../kernel/painted-extras-context.ts";

interface ServiceRowProps {
  service: Service;
  provider: Provider;
  /** With multipleServices: whether the service is ticked (undefined: a single choice). */
  selected?: boolean | undefined;
  onChoose: (service: Service) => void;
  /** Its extras dialog is asked for: the row shows itself taken (and busy) until the dialog is there (its code may still be on the way). */
  opening?: boolean | undefined;
}

/** One service: title, description, price (or discount), duration; chosen with a click. */
export function ServiceRow({ service, provider, selected, onChoose, opening }: ServiceRowProps) {
  const { _, i18n } = useLingui();
  const locale = i18n.locale as Locale;
  const detailsId = useId();
  const available = service.firstAvailable !== null;
  const price = (amount: number) => formatPrice(amount, locale);
  const shown = servicePrice(service);
  const painter = useContext(PaintedExtrasContext);

  return (
    <li className={`bw-service${selected || opening ? " bw-service--selected" : ""}`} part="service">
      <button
        type="button"
        className="bw-service__button"
        aria-pressed={selected}
        aria-busy={opening || undefined}
        aria-describedby={detailsId}
        aria-disabled={!available || undefined}
        onClick={() => available && onChoose(service)}
      >
        <span className="bw-service__title">{service.title}</span>
      </button>
      <div id={detailsId} className="bw-service__details">
        {service.description && <p className="bw-service__description">{service.description}</p>}
        <p className="bw-service__meta">
          <span className="bw-service__duration">{formatDuration(customerDuration(service), locale)}</span>
          {service.capacity > 1 && (
            <span className="bw-service__group">{_({ ...bookingMessages.groupService, values: { count: service.capacity } })}</span>
          )}
          {provider.showServicePrice && (
            <span className="bw-service__price">
              {shown.kind === "variable" ? (
                _(bookingMessages.variablePrice)
              ) : shown.kind === "discount" ? (
                <>
                  <s aria-hidden="true">{price(shown.original)}</s> <span aria-hidden="true">{price(shown.price)}</span>
                  <span className="bw-visually-hidden">
                    {_({ ...bookingMessages.discounted, values: { price: price(shown.price), original: price(shown.original) } })}
                  </span>
                </>
              ) : (
                price(shown.price)
              )}
            </span>
          )}
        </p>
        {available ? (
          <p className="bw-service__first-available">
            {firstAvailableLabel(i18n, firstAvailableDay(service.firstAvailable, providerToday(provider.timeZone)))}
          </p>
        ) : (
          <p className="bw-service__unavailable">{_(bookingMessages.noAvailableTimes)}</p>
        )}
      </div>
      {/* The server's painted row only: the dialog a tap opens before the widget has come (the loader opens it). */}
      {painter && available && (service.children ?? []).length > 0 && painter(service, provider)}
    </li>
  );
}
