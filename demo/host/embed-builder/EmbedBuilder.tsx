import { useEffect, useState } from "react";
import { ColourSet } from "./ColourSet.tsx";
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
import { embedSnippet } from "./embed-snippet.ts";
import { eventsExample } from "./events-example.ts";
import { Checks, Choice, SelectField, TextField } from "./fields.tsx";
import { Preselection } from "./Preselection.tsx";
import { Preview } from "./Preview.tsx";
import { type ProviderLists, readProviderLists } from "./provider-lists.ts";

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
