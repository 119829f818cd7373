import { createElement } from "react";
import { renderToString } from "react-dom/server";
import type { PreloadedPage } from "../api/preloaded-page.ts";
import { WidgetRoot, type WidgetRootProps } from "../app/WidgetRoot.tsx";
import { PAINTED_CLASS } from "../app/painted-first-screen.ts";
import { FIRST_PAINT_CSS } from "./first-paint-style.ts";
import { dialogCss } from "../styles/dialog-css.ts";
import { provideFirstScreenCatalog } from "../i18n/create-i18n.ts";
import { messages as english } from "../i18n/locales/en/messages.ts";
import { messages as spanish } from "../i18n/locales/es/messages.ts";
import { PaintedExtrasContext } from "../kernel/painted-extras-context.ts";
import { paintExtras } from "./painted-extras.tsx";

/** A quoted attribute's value, safe. */
const attributeValue = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

provideFirstScreenCatalog("en", english);
provideFirstScreenCatalog("es", spanish);

/** The attributes of a provider's element that its painted copy follows (element/paint-first-screen.ts). */
export interface PaintedAttributes {
  lang?: string | undefined;
  options?: string | undefined;
  navigation?: string | undefined;
}

/** A painted copy for the loader: its HTML, and the stylesheet it needs beyond the loader's own ("" when none). */
export interface PaintedCopy {
  html: string;
  /** The dialogs' rules, when a painted row opens its extras dialog (the loader adopts them beside its own). */
  css: string;
}

/**
 * An embedded element's first screen (GET /widget/first-screen/{bookingLink}, asked by the
 * script tag's loader): the React tree the element itself will render from the same
 * page data and attributes, as HTML for its shadow root.
 */
export function paintedCopy(page: PreloadedPage, origin: string, attributes: PaintedAttributes): PaintedCopy {
  const given = Object.fromEntries(Object.entries(attributes).filter(([, value]) => value !== undefined));
  const html = paint({ company: page.bookingLink, view: "booking", ...given, apiBase: `${origin}/api`, page });
  return { html, css: html.includes("<dialog") ? dialogCss : "" };
}

/** The element's React tree as HTML, with what only the painted copy has (a service's extras dialog). */
const paint = (props: WidgetRootProps) =>
  renderToString(createElement(PaintedExtrasContext.Provider, { value: paintExtras }, createElement(WidgetRoot, props)));

export interface FirstPaintOptions {
  /** This site's origin: the painted links point where the widget's will. */
  origin: string;
  /** The booking route's options (iframe). */
  options?: string | undefined;
}

/**
 * A standalone booking page's first screen, painted by the server: the same React tree
 * the element renders, from the page's data island, into a declarative shadow root with
 * the widget's styles. The services are on screen once the HTML is; the element then
 * upgrades in place (define.tsx keeps this shadow root) and React's first render, in the
 * provider's language from the start, replaces the painted copy in one commit. The copy
 * sits in a disabled fieldset: its controls take no tap until the host page notes them.
 */
export function firstPaint(page: PreloadedPage, { origin, options }: FirstPaintOptions): string {
  const props = { company: page.bookingLink, view: "booking", navigation: "routes", ...(options ? { options } : {}) };
  const html = paint({ ...props, apiBase: `${origin}/api`, page });
  const attributes = Object.entries(props)
    .map(([name, value]) => `${name}="${attributeValue(value)}"`)
    .join(" ");
  return `<booking-widget ${attributes}><template shadowrootmode="open"><style>${FIRST_PAINT_CSS}</style><fieldset class="${PAINTED_CLASS}" disabled>${html}</fieldset></template></booking-widget>`;
}
