import { paintedCopyAddress } from "booking-widget/contract";
import { type EmbedOptions, PREFILL_PLACEHOLDERS, modesOf } from "./embed-options.ts";

/** Where the snippet points: the widget's server, and the booking page the builder was opened for. */
export interface EmbedTarget {
  origin: string;
  bookingLink: string;
}

/** What a provider pastes: HTML for the page, and CSS for its stylesheet (none without chosen colours). */
export interface EmbedSnippet {
  html: string;
  css: string | null;
}

const escapeAttribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/** The element's attributes for `options`, in the order docs/embedding.md lists them. */
export function widgetAttributes(options: EmbedOptions, target: EmbedTarget): [name: string, value: string][] {
  const attributes: [string, string][] = [["company", options.view === "chooser" ? options.companyId.trim() : target.bookingLink]];
  if (options.view !== "booking") attributes.push(["view", options.view]);
  if (options.lang) attributes.push(["lang", options.lang]);
  if (options.theme !== "light") attributes.push(["theme", options.theme]);
  if (options.view === "booking") {
    if (options.services.length > 0) attributes.push(["service", options.services.join(",")]);
    if (options.staff !== null) attributes.push(["staff", String(options.staff)]);
    for (const name of options.prefill) attributes.push([name, PREFILL_PLACEHOLDERS[name]]);
  }
  if (!options.errorReporting) attributes.push(["sentry-dsn", ""]);
  return attributes;
}

/** The snippet: the script tag and the element, or the iframe variant with its height script. */
export function embedSnippet(options: EmbedOptions, target: EmbedTarget): EmbedSnippet {
  return options.variant === "iframe" ? iframeSnippet(options, target) : elementSnippet(options, target);
}

function elementSnippet(options: EmbedOptions, target: EmbedTarget): EmbedSnippet {
  const named = widgetAttributes(options, target);
  const attributes = named.map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`).join("");
  const script = `${target.origin}/widget/booking-widget.js`;
  // The painted first screen the loader will ask for, asked beside the loader itself (one
  // round trip less before the services show): the very address the loader asks, or it is not used.
  const copy = paintedCopyAddress((name) => named.find(([attribute]) => attribute === name)?.[1] ?? null, script, target.origin);
  const html = [
    `<link rel="preconnect" href="${target.origin}">`,
    ...(copy ? [`<link rel="preload" as="fetch" crossorigin href="${escapeAttribute(copy.href)}">`] : []),
    `<script type="module" async src="${script}"></script>`,
    `<booking-widget${attributes}></booking-widget>`,
  ].join("\n");
  return { html, css: themeCss(options, `booking-widget[company="${escapeAttribute(widgetAttributes(options, target)[0]![1])}"]`) };
}

/**
 * The hosted page in a frame (docs/embedding.md "Iframe mode"). The page takes the same
 * choices from its address (demo/host/frame-address.ts), colours included, since a
 * provider's stylesheet cannot reach into a frame; the height script, served beside the
 * widget, sizes the frame to its content (no inline script: it works under a strict CSP).
 */
function iframeSnippet(options: EmbedOptions, target: EmbedTarget): EmbedSnippet {
  const html = [
    `<iframe data-booking-widget-frame src="${escapeAttribute(frameAddress(options, target))}" title="Book an appointment" width="100%" height="720"></iframe>`,
    `<script async src="${target.origin}/widget/frame-height.js"></script>`,
  ].join("\n");
  return { html, css: null };
}

/** The hosted page's address for the iframe variant (`preview` for the builder's own preview). */
export function frameAddress(options: EmbedOptions, target: EmbedTarget, preview = false): string {
  const path =
    options.view === "chooser"
      ? `/velg/${encodeURIComponent(options.companyId.trim())}`
      : options.view === "my-page"
        ? `/${encodeURIComponent(target.bookingLink)}/min-side`
        : `/${encodeURIComponent(target.bookingLink)}/iframe`;
  const query = new URLSearchParams();
  for (const [name, value] of widgetAttributes(options, target).slice(1)) {
    // The frame shows its own page: company and view are the path; prefill has nothing to fill it in a frame.
    if (name === "view" || name in PREFILL_PLACEHOLDERS) continue;
    query.set(name, value);
  }
  for (const mode of modesOf(options.theme))
    for (const [property, colour] of Object.entries(options.colours[mode]))
      if (colour)
        query.set(`${mode === "dark" && options.theme === "auto" ? "dark-" : ""}${property.replace(/^--bw-color-/, "color-")}`, colour);
  if (preview) query.set("preview", "");
  const search = query.toString();
  return `${target.origin}${path}${search ? `?${search}` : ""}`;
}

/** The chosen colours as CSS for the provider's stylesheet, per mode the theme shows. */
export function themeCss(options: EmbedOptions, selector: string): string | null {
  const block = (mode: "light" | "dark", indent: string) => {
    const lines = Object.entries(options.colours[mode])
      .filter(([, colour]) => colour)
      .map(([property, colour]) => `${indent}  ${property}: ${colour};`);
    return lines.length ? `${indent}${selector} {\n${lines.join("\n")}\n${indent}}` : null;
  };
  const blocks =
    options.theme === "auto"
      ? (["light", "dark"] as const).map((mode) => {
          const inner = block(mode, "  ");
          return inner ? `@media (prefers-color-scheme: ${mode}) {\n${inner}\n}` : null;
        })
      : [block(options.theme, "")];
  const css = blocks.filter(Boolean).join("\n");
  return css || null;
}
