import { CHOSEN_COLOURS } from "./embed-builder/contrast.ts";
import { defaultEmbedOptions, type EmbedOptions } from "./embed-builder/embed-options.ts";
import { themeCss } from "./embed-builder/embed-snippet.ts";

/**
 * The choices a hosted page takes from its address: what the embed builder's iframe
 * variant writes there (embed-snippet.ts frameAddress), since a provider's own attributes
 * and stylesheet cannot reach into a frame. Each value is checked; one that does not fit
 * is left out. A DSN is never taken from an address (a link could send the widget's
 * reports elsewhere): only `sentry-dsn=` (reporting off). `preview` only inside the
 * builder's own frame (`previewAllowed`): a link that made a provider's page a preview
 * would let visitors believe they had booked.
 */
export function addressChoices(
  search: string,
  { previewAllowed = false }: { previewAllowed?: boolean } = {},
): { attributes: [string, string][]; css: string | null } {
  const query = new URLSearchParams(search);
  const attributes: [string, string][] = [];
  const take = (name: string, fits: (value: string) => boolean) => {
    const value = query.get(name);
    if (value !== null && fits(value)) attributes.push([name, value]);
  };
  take("lang", (value) => ["no", "en", "es"].includes(value));
  take("theme", (value) => ["light", "dark", "auto"].includes(value));
  take("service", (value) => /^\d{1,9}(,\d{1,9}){0,19}$/.test(value));
  take("staff", (value) => /^\d{1,9}$/.test(value));
  take("sentry-dsn", (value) => value === "");
  if (previewAllowed) take("preview", (value) => value === "");
  const theme = (attributes.find(([name]) => name === "theme")?.[1] ?? "light") as EmbedOptions["theme"];
  const colours: EmbedOptions["colours"] = { light: {}, dark: {} };
  for (const property of CHOSEN_COLOURS) {
    const name = property.replace(/^--bw-color-/, "color-");
    const plain = query.get(name);
    const dark = query.get(`dark-${name}`);
    const mode = theme === "dark" ? "dark" : "light";
    if (plain && /^#[0-9a-f]{6}$/i.test(plain)) colours[mode][property] = plain;
    if (theme === "auto" && dark && /^#[0-9a-f]{6}$/i.test(dark)) colours.dark[property] = dark;
  }
  return { attributes, css: themeCss({ ...defaultEmbedOptions(), theme, colours }, "booking-widget") };
}

/** Applies `addressChoices` to the page's widget: attributes on it, colours in a constructed stylesheet (CSP-safe). */
export function applyAddressChoices(widget: Element, search: string): void {
  const { attributes, css } = addressChoices(search, { previewAllowed: framedByOwnPage() });
  for (const [name, value] of attributes) widget.setAttribute(name, value);
  if (css) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  }
}

/** Whether this page is in a frame of a page of its own origin (the embed builder's preview). */
function framedByOwnPage(): boolean {
  if (window.parent === window) return false;
  try {
    return window.parent.location.origin === location.origin;
  } catch {
    // Another origin's frame: its location cannot be read.
    return false;
  }
}
