import { useEffect, useRef, useState } from "react";
import { CHOSEN_COLOURS } from "./contrast.ts";
import { type EmbedOptions, PREFILL_NAMES, type PrefillName, WIDGET_EVENTS } from "./embed-options.ts";
import { frameAddress, widgetAttributes } from "./embed-snippet.ts";
import { Choice } from "./fields.tsx";
import { loadScriptOnce } from "../load-script.ts";

/** The live preview: the real widget (or the framed page) with `preview`, at phone or desktop width. */
export function Preview({ options, target }: { options: EmbedOptions; target: { origin: string; bookingLink: string } }) {
  const [width, setWidth] = useState<"phone" | "desktop">("desktop");
  const [heard, setHeard] = useState<{ id: number; line: string }[]>([]);
  const holder = useRef<HTMLDivElement>(null);
  const [widget, setWidget] = useState<HTMLElement | null>(null);
  // What the element is made from (its colours aside, which change it in place): a new element when this changes.
  const made = JSON.stringify({
    attributes: widgetAttributes(options, target).filter(([name]) => !PREFILL_NAMES.includes(name as PrefillName)),
    frame: options.variant === "iframe" ? frameAddress(options, target, true) : null,
  });
  const ready = !(options.view === "chooser" && !options.companyId.trim());
  useEffect(() => {
    const place = holder.current;
    if (!place || !ready) return;
    const { attributes, frame: address } = JSON.parse(made) as { attributes: [string, string][]; frame: string | null };
    setHeard([]);
    if (address) {
      const frame = document.createElement("iframe");
      frame.src = address;
      frame.title = "Preview of the framed booking page";
      frame.className = "eb-frame";
      // Sized by the same script the snippet gives providers (src/element/frame-height.ts).
      frame.dataset.bookingWidgetFrame = "";
      loadScriptOnce("/widget/frame-height.js");
      place.replaceChildren(frame);
      setWidget(null);
      return undefined;
    }
    loadScriptOnce("/widget/booking-widget.js", { module: true });
    const element = document.createElement("booking-widget");
    element.setAttribute("preview", "");
    for (const [name, value] of attributes) element.setAttribute(name, value);
    // The events the element sends, as the provider's page would hear them.
    const hear = (event: Event) =>
      setHeard((list) => [
        ...list.slice(-7),
        { id: (list.at(-1)?.id ?? 0) + 1, line: `${event.type} ${JSON.stringify((event as CustomEvent).detail ?? {})}` },
      ]);
    for (const name of WIDGET_EVENTS) element.addEventListener(name, hear);
    place.replaceChildren(element);
    setWidget(element);
    return undefined;
  }, [made, ready]);
  // The colours of the mode on screen (under auto, the system's), set in place through the CSSOM (CSP-safe).
  const shown = options.theme === "auto" ? (matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light") : options.theme;
  const colours = options.colours[shown];
  useEffect(() => {
    if (!widget) return;
    for (const property of CHOSEN_COLOURS) widget.style.removeProperty(property);
    for (const [property, colour] of Object.entries(colours)) if (colour) widget.style.setProperty(property, colour);
  }, [widget, colours]);
  return (
    <section className="eb-preview" aria-labelledby="eb-preview-title">
      <h2 id="eb-preview-title">Preview</h2>
      <p className="eb-note">This preview never books: no code is sent, no time is held.</p>
      <Choice
        legend="Width"
        value={width}
        choices={[
          ["phone", "Phone (360 px)"],
          ["desktop", "Desktop"],
        ]}
        onChange={setWidth}
      />
      <div ref={holder} className={`eb-preview__frame eb-preview__frame--${width}`} data-width={width} />
      {options.variant === "element" && (
        <div className="eb-heard">
          <h3 id="eb-heard-title">Events the preview sent</h3>
          <div role="log" aria-labelledby="eb-heard-title">
            <ol>
              {heard.map(({ id, line }) => (
                <li key={id}>
                  <code>{line}</code>
                </li>
              ))}
            </ol>
          </div>
        </div>
      )}
    </section>
  );
}
