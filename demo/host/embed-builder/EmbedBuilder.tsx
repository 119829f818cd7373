import { useEffect, useId, useRef, useState } from "react";
import { CHOSEN_COLOURS, type ChosenColour, failingPairs, THEME_PALETTES } from "./contrast.ts";
import { CopyTabs } from "./CopyTabs.tsx";
import { cspLines } from "./csp-lines.ts";
import {
  defaultEmbedOptions,
  type EmbedOptions,
  modesOf,
  PREFILL_NAMES,
  type PrefillName,
  WIDGET_EVENTS,
  type WidgetEventName,
} from "./embed-options.ts";
import { embedSnippet, frameAddress, widgetAttributes } from "./embed-snippet.ts";
import { eventsExample } from "./events-example.ts";
import { type ProviderLists, readProviderLists } from "./provider-lists.ts";

const COLOUR_LABELS: Record<ChosenColour, string> = {
  "--bw-color-primary": "Main colour",
  "--bw-color-primary-text": "Text on the main colour",
  "--bw-color-bg": "Background",
  "--bw-color-text": "Text",
};
const LANGUAGES = [
  ["", "The provider's language"],
  ["no", "Norsk"],
  ["en", "English"],
  ["es", "Español"],
] as const;

interface Props {
  bookingLink: string;
  origin: string;
  sentryOrigin: string | null;
}

/** /{bookingLink}/embed: choose, preview live, copy (issue 33). */
export function EmbedBuilder({ bookingLink, origin, sentryOrigin }: Props) {
  const [lists, setLists] = useState<ProviderLists | "not-found" | "failed" | null>(null);
  useEffect(() => {
    readProviderLists(bookingLink).then(setLists, (error: unknown) =>
      setLists(error instanceof Error && error.message === "not-found" ? "not-found" : "failed"),
    );
  }, [bookingLink]);
  const [options, setOptions] = useState<EmbedOptions>(defaultEmbedOptions);
  const change = (changes: Partial<EmbedOptions>) => setOptions((current) => ({ ...current, ...changes }));
  const target = { origin, bookingLink };

  if (lists === null) return <p className="eb-page">Loading the booking page…</p>;
  if (lists === "not-found" || lists === "failed")
    return (
      <main className="eb-page">
        <h1>Embed the booking widget</h1>
        <p role="alert">
          {lists === "not-found"
            ? `There is no booking page named “${bookingLink}”. Check the address: it is /{your booking link}/embed.`
            : "The booking service could not be reached. Reload the page to try again."}
        </p>
      </main>
    );

  const snippet = embedSnippet(options, target);
  const chooserNeedsCompany = options.view === "chooser" && !options.companyId.trim();
  return (
    <main className="eb-page">
      <h1>Embed the booking widget of {lists.provider.companyName}</h1>
      <p>
        Choose how the widget looks and starts, try it in the preview, then copy the snippet into your own site. It works on a page with a
        strict Content Security Policy, with no iframe.
      </p>
      <div className="eb-layout">
        <form className="eb-options" aria-label="Options" onSubmit={(event) => event.preventDefault()}>
          <Choice
            legend="What it shows"
            value={options.view}
            choices={[
              ["booking", "Booking"],
              ["my-page", "My Page (the visitor's appointments)"],
              ["chooser", "Place chooser (every booking page of the company)"],
            ]}
            onChange={(view) => change({ view, ...(view === "my-page" && options.variant === "iframe" ? { variant: "element" } : {}) })}
          />
          {options.view === "chooser" && (
            <TextField
              label="Company id"
              hint="The company whose booking pages the chooser lists, as in /velg/{company id}."
              value={options.companyId}
              onChange={(companyId) => change({ companyId })}
              problem={chooserNeedsCompany ? "Enter the company id: the chooser needs it." : null}
            />
          )}
          <SelectField
            label="Widget language"
            value={options.lang}
            choices={LANGUAGES.map(([value, label]) => [value, label])}
            onChange={(lang) => change({ lang: lang as EmbedOptions["lang"] })}
          />
          <Choice
            legend="Theme"
            value={options.theme}
            choices={[
              ["light", "Light"],
              ["dark", "Dark"],
              ["auto", "Auto (follows the visitor's system)"],
            ]}
            onChange={(theme) => change({ theme })}
          />
          {modesOf(options.theme).map((mode) => (
            <ColourSet
              key={mode}
              mode={mode}
              chosen={options.colours[mode]}
              onPass={(colours) => change({ colours: { ...options.colours, [mode]: colours } })}
            />
          ))}
          {options.view === "booking" && <Preselection lists={lists} options={options} change={change} />}
          {options.view === "booking" && (
            <Checks
              legend="Prefill from your page"
              hint="Attributes your page fills with what it knows of the visitor (placeholders in the snippet)."
              all={PREFILL_NAMES}
              ticked={options.prefill}
              label={(name) => name}
              onChange={(prefill) => change({ prefill: prefill as PrefillName[] })}
            />
          )}
          <Choice
            legend="Embed as"
            value={options.variant}
            choices={[
              ["element", "The element (recommended: no iframe)"],
              ["iframe", "An iframe that sizes itself, for site builders that allow only iframes"],
            ]}
            disabled={options.view === "my-page" ? ["iframe"] : []}
            hint={
              options.view === "my-page" ? "My Page shows a visitor's own data and is never framed: embed it as the element." : undefined
            }
            onChange={(variant) => change({ variant })}
          />
          <label className="eb-check">
            <input
              type="checkbox"
              checked={options.errorReporting}
              onChange={(event) => change({ errorReporting: event.target.checked })}
            />
            Report the widget's errors to us (nothing personal is sent)
          </label>
        </form>
        <Preview options={options} target={target} />
      </div>
      <section aria-labelledby="eb-copy-title" className="eb-copy">
        <h2 id="eb-copy-title">Copy</h2>
        {chooserNeedsCompany ? (
          <p>Enter the company id above to get the snippet.</p>
        ) : (
          <CopyTabs
            tabs={[
              {
                id: "snippet",
                label: "Snippet",
                note:
                  options.variant === "iframe"
                    ? "Paste both lines where the booking should show."
                    : "Paste the lines where the booking should show (the link line may go in the page's head).",
                blocks: [{ label: "HTML", code: snippet.html }, ...(snippet.css ? [{ label: "CSS", code: snippet.css }] : [])],
              },
              {
                id: "csp",
                label: "Content Security Policy",
                note:
                  options.variant === "iframe"
                    ? "If your site sends a Content-Security-Policy, add these sources to its directives."
                    : "If your site sends a Content-Security-Policy, add these sources to its directives (no style-src is needed). If it has a trusted-types directive, add booking-widget to it.",
                blocks: [{ label: "CSP sources", code: cspLines(options, origin, sentryOrigin).join("\n") }],
              },
              {
                id: "events",
                label: "Events",
                note: "Listen to the widget's events for your analytics, in a script file of your own.",
                blocks: [{ label: "Events listener", code: eventsExample(options.events) }],
              },
            ]}
          >
            {(tab) =>
              tab.id === "events" ? (
                <Checks
                  legend="Events your page hears"
                  all={WIDGET_EVENTS}
                  ticked={options.events}
                  label={(name) => name}
                  onChange={(events) => change({ events: events as WidgetEventName[] })}
                />
              ) : null
            }
          </CopyTabs>
        )}
      </section>
    </main>
  );
}

function Choice<T extends string>({
  legend,
  value,
  choices,
  onChange,
  disabled = [],
  hint,
}: {
  legend: string;
  value: T;
  choices: [T, string][];
  onChange: (value: T) => void;
  disabled?: T[];
  hint?: string | undefined;
}) {
  const name = useId();
  return (
    <fieldset>
      <legend>{legend}</legend>
      {choices.map(([choice, label]) => (
        <label key={choice} className="eb-check">
          <input
            type="radio"
            name={name}
            value={choice}
            checked={value === choice}
            disabled={disabled.includes(choice)}
            onChange={() => onChange(choice)}
          />
          {label}
        </label>
      ))}
      {hint && <p className="eb-note">{hint}</p>}
    </fieldset>
  );
}

function Checks<T extends string>({
  legend,
  hint,
  all,
  ticked,
  label,
  onChange,
}: {
  legend: string;
  hint?: string;
  all: readonly T[];
  ticked: readonly T[];
  label: (value: T) => string;
  onChange: (ticked: T[]) => void;
}) {
  return (
    <fieldset>
      <legend>{legend}</legend>
      {hint && <p className="eb-note">{hint}</p>}
      {all.map((value) => (
        <label key={value} className="eb-check">
          <input
            type="checkbox"
            checked={ticked.includes(value)}
            onChange={(event) =>
              onChange(event.target.checked ? all.filter((v) => v === value || ticked.includes(v)) : ticked.filter((v) => v !== value))
            }
          />
          {label(value)}
        </label>
      ))}
    </fieldset>
  );
}

function SelectField({
  label,
  value,
  choices,
  onChange,
}: {
  label: string;
  value: string;
  choices: (readonly [string, string])[];
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="eb-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {choices.map(([choice, text]) => (
          <option key={choice} value={choice}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

function TextField({
  label,
  hint,
  value,
  onChange,
  problem,
}: {
  label: string;
  hint: string;
  value: string;
  onChange: (value: string) => void;
  problem: string | null;
}) {
  const id = useId();
  return (
    <div className="eb-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        value={value}
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${id}-hint${problem ? ` ${id}-problem` : ""}`}
        onChange={(event) => onChange(event.target.value)}
      />
      <p id={`${id}-hint`} className="eb-note">
        {hint}
      </p>
      {problem && (
        <p id={`${id}-problem`} className="eb-problem">
          {problem}
        </p>
      )}
    </div>
  );
}

/** A theme mode's colours: each pick is checked against the widget's surfaces; the snippet keeps the last passing set. */
function ColourSet({
  mode,
  chosen,
  onPass,
}: {
  mode: "light" | "dark";
  chosen: EmbedOptions["colours"]["light"];
  onPass: (colours: EmbedOptions["colours"]["light"]) => void;
}) {
  const [draft, setDraft] = useState(chosen);
  const failing = failingPairs(mode, draft);
  const problemId = useId();
  const pick = (property: ChosenColour, colour: string | undefined) => {
    const next = { ...draft };
    if (colour) next[property] = colour;
    else delete next[property];
    setDraft(next);
    if (failingPairs(mode, next).length === 0) onPass(next);
  };
  const modeName = mode === "light" ? "Light" : "Dark";
  return (
    <fieldset>
      <legend>{modeName} colours</legend>
      {CHOSEN_COLOURS.map((property) => (
        <ColourField
          key={property}
          label={`${modeName}: ${COLOUR_LABELS[property]}`}
          value={draft[property] ?? THEME_PALETTES[mode][property]}
          changed={draft[property] !== undefined}
          describedBy={failing.length ? problemId : undefined}
          onChange={(colour) => pick(property, colour)}
        />
      ))}
      <div id={problemId} role="status" aria-live="polite">
        {failing.length > 0 && (
          <div className="eb-problem">
            <p>Too little contrast (WCAG AA asks 4.5:1 for text); the snippet keeps the last colours that pass:</p>
            <ul>
              {failing.map((pair) => (
                <li key={`${pair.foreground}${pair.background}`}>
                  {pair.where}: {pair.ratio.toFixed(2)}:1 ({pair.foreground} on {pair.background})
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </fieldset>
  );
}

function ColourField({
  label,
  value,
  changed,
  describedBy,
  onChange,
}: {
  label: string;
  value: string;
  changed: boolean;
  describedBy: string | undefined;
  onChange: (colour: string | undefined) => void;
}) {
  const id = useId();
  return (
    <div className="eb-colour">
      <input id={id} type="color" value={value} aria-describedby={describedBy} onChange={(event) => onChange(event.target.value)} />
      <label htmlFor={id}>{label}</label>
      {changed && (
        <button type="button" onClick={() => onChange(undefined)} aria-label={`${label}: back to the theme's own`}>
          Reset
        </button>
      )}
    </div>
  );
}

function Preselection({
  lists,
  options,
  change,
}: {
  lists: ProviderLists;
  options: EmbedOptions;
  change: (c: Partial<EmbedOptions>) => void;
}) {
  const multiple = lists.provider.multipleServices;
  const titles = new Map(lists.services.map((service) => [String(service.id), service.title]));
  return (
    <>
      {multiple ? (
        <Checks
          legend="Start with these services chosen"
          hint="The visitor then starts at the next step."
          all={lists.services.map((service) => String(service.id))}
          ticked={options.services.map(String)}
          label={(id) => titles.get(id) ?? id}
          onChange={(ids) => change({ services: ids.map(Number) })}
        />
      ) : (
        <SelectField
          label="Start with this service chosen"
          value={options.services[0] ? String(options.services[0]) : ""}
          choices={[["", "None: the visitor chooses"], ...lists.services.map((service) => [String(service.id), service.title] as const)]}
          onChange={(id) => change({ services: id ? [Number(id)] : [] })}
        />
      )}
      {lists.provider.customerCanSelectStaff && (
        <SelectField
          label="Start with this staff member chosen"
          value={options.staff === null ? "" : String(options.staff)}
          choices={[["", "None: the visitor chooses"], ...lists.staff.map((member) => [String(member.id), member.name] as const)]}
          onChange={(id) => change({ staff: id ? Number(id) : null })}
        />
      )}
    </>
  );
}

let widgetScriptAdded = false;

/** The live preview: the real widget (or the framed page) with `preview`, at phone or desktop width. */
function Preview({ options, target }: { options: EmbedOptions; target: { origin: string; bookingLink: string } }) {
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
      const onMessage = (event: MessageEvent) => {
        if (event.source === frame.contentWindow && event.data?.type === "booking-widget:height")
          frame.style.height = `${event.data.height}px`;
      };
      addEventListener("message", onMessage);
      place.replaceChildren(frame);
      setWidget(null);
      return () => removeEventListener("message", onMessage);
    }
    if (!widgetScriptAdded) {
      widgetScriptAdded = true;
      const script = document.createElement("script");
      script.type = "module";
      script.src = "/widget/booking-widget.js";
      document.head.append(script);
    }
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
          <ol role="log" aria-labelledby="eb-heard-title">
            {heard.map(({ id, line }) => (
              <li key={id}>
                <code>{line}</code>
              </li>
            ))}
          </ol>
        </div>
      )}
    </section>
  );
}
