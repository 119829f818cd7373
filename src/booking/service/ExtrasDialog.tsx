import { useLingui } from "@lingui/react";
import { useEffect, useId, useRef, useState } from "react";
import type { Provider, Service } from "../../contract/schemas/index.ts";
import { formatDuration } from "../../i18n/format-duration.ts";
import { formatPrice } from "../../contract/format-price.ts";
import type { Locale } from "../../i18n/locale.ts";
import { LaterScreen } from "../../kernel/later/LaterScreen.tsx";
import { openModal } from "../../ui/open-modal.ts";
import { extrasMessages as m } from "./extras-messages.ts";

interface ExtrasDialogProps {
  provider: Provider;
  service: Service;
  onChoose(extraServiceIds: number[]): void;
  onCancel(): void;
}

/** Spec §2/§4: a service with children asks which extra services to add (lazy chunk). */
export default function ExtrasDialog(props: ExtrasDialogProps) {
  return (
    <LaterScreen>
      <Extras {...props} />
    </LaterScreen>
  );
}

function Extras({ provider, service, onChoose, onCancel }: ExtrasDialogProps) {
  const { _, i18n } = useLingui();
  const locale = i18n.locale as Locale;
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const extras = service.children ?? [];
  const [ticked, setTicked] = useState<number[]>(() => extras.filter((extra) => extra.selected).map((extra) => extra.id));

  useEffect(() => openModal(ref.current), []);
  const close = (then: () => void) => {
    ref.current?.close?.();
    then();
  };

  return (
    <dialog
      ref={ref}
      className="bw-dialog bw-extras"
      part="dialog extras-dialog"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        close(onCancel);
      }}
    >
      <h2 id={titleId} className="bw-dialog__title">
        {_({ ...m.title, values: { service: service.title } })}
      </h2>
      <fieldset className="bw-fieldset">
        <legend className="bw-visually-hidden">{_(m.legend)}</legend>
        {extras.map((extra) => (
          <label key={extra.id} className="bw-choice bw-extras__choice">
            <input
              type="checkbox"
              checked={ticked.includes(extra.id)}
              onChange={() => setTicked((now) => (now.includes(extra.id) ? now.filter((id) => id !== extra.id) : [...now, extra.id]))}
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
        <button type="button" className="bw-button bw-button--secondary" onClick={() => close(onCancel)}>
          {_(m.cancel)}
        </button>
        <button type="button" className="bw-button" onClick={() => close(() => onChoose(ticked))}>
          {_(m.choose)}
        </button>
      </div>
    </dialog>
  );
}
