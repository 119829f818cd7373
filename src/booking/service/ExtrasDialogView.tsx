import { useLingui } from "@lingui/react";
import { useId, type Ref } from "react";
import type { Provider, Service } from "../../contract/schemas/index.ts";
import { formatDuration } from "../../i18n/format-duration.ts";
import { formatPrice } from "../../contract/format-price.ts";
import type { Locale } from "../../i18n/locale.ts";
import { extrasMessages as m } from "./extras-messages.ts";

interface ExtrasDialogViewProps {
  provider: Provider;
  service: Service;
  /** The extras ticked (the widget's state; the painted copy's first state). */
  ticked: number[];
  /** The widget's dialog: React's handlers. Absent in the server's painted copy, whose form closes its dialog by itself. */
  on?: { toggle(extraId: number): void; cancel(): void; choose(): void };
  dialogRef?: Ref<HTMLDialogElement>;
}

/**
 * The extras dialog's markup, the same in the widget (ExtrasDialog.tsx) and in the
 * server's painted first screen (src/prerender/painted-extras.tsx): its hand-over
 * (painted-extras-hand-over.ts) finds a painted control's twin by its place. In the painted
 * copy the checkboxes tick by themselves and the buttons submit the form (method
 * "dialog"), which closes the dialog with the button's value, without any script.
 */
export function ExtrasDialogView({ provider, service, ticked, on, dialogRef }: ExtrasDialogViewProps) {
  const { _, i18n } = useLingui();
  const locale = i18n.locale as Locale;
  const titleId = useId();
  const button = on ? ("button" as const) : ("submit" as const);
  return (
    <dialog
      ref={dialogRef}
      className="bw-dialog bw-extras"
      part="dialog extras-dialog"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        on?.cancel();
      }}
    >
      <form method="dialog">
        <h2 id={titleId} className="bw-dialog__title">
          {_({ ...m.title, values: { service: service.title } })}
        </h2>
        <fieldset className="bw-fieldset">
          <legend className="bw-visually-hidden">{_(m.legend)}</legend>
          {(service.children ?? []).map((extra) => (
            <label key={extra.id} className="bw-choice bw-extras__choice">
              <input
                type="checkbox"
                {...(on
                  ? { checked: ticked.includes(extra.id), onChange: () => on.toggle(extra.id) }
                  : { defaultChecked: ticked.includes(extra.id) })}
              />
              <span>
                {extra.title}
                <span className="bw-extras__meta">
                  {` +${formatDuration(extra.durationInMinutes, locale)}`}
                  {provider.showServicePrice ? `, +${formatPrice(extra.price, locale)}` : ""}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
        <div className="bw-dialog__actions">
          <button type={button} value="cancel" className="bw-button bw-button--secondary" onClick={on?.cancel}>
            {_(m.cancel)}
          </button>
          <button type={button} value="choose" className="bw-button" onClick={on?.choose}>
            {_(m.choose)}
          </button>
        </div>
      </form>
    </dialog>
  );
}

/** The extras a service has ticked from the start. */
export const defaultExtras = (service: Service) => (service.children ?? []).filter((extra) => extra.selected).map((extra) => extra.id);
