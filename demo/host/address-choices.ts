import { CHOSEN_COLOURS } from "./embed-builder/contrast.ts";
import { defaultEmbedOptions, type EmbedOptions } from "./embed-builder/embed-options.ts";
import { themeCss } from "./embed-builder/embed-snippet.ts";

/**
 * The choices a hosted page takes from its address: what the embed builder's iframe
 * variant writes there (embed-snippet.ts frameAddress), since a provider's own attributes
 * and stylesheet cannot reach into a frame. Each value is checked; one that does not fit
 * is left out. A DSN is never taken from an address (a link could send the widget's
 * reports elsewhere): only `sentry-dsn=` (reporting off).
 */
export function addressChoices(search: string): { attributes: [string, string][]; css: string | null } {
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
  take("preview", (value) => value === "");
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
  const { attributes, css } = addressChoices(search);
  for (const [name, value] of attributes) widget.setAttribute(name, value);
  if (css) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  }
}
