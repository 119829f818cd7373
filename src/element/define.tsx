import r2wc from "@r2wc/react-to-web-component";
import { startTransition } from "react";
import { WidgetRoot, type WidgetRootProps } from "../app/WidgetRoot.tsx";
import { readPaintedPage } from "../app/painted-page.ts";
import { PAINTED_ACTIONS, PAINTED_CLASS } from "../app/painted-first-screen.ts";
import { loadLater } from "../kernel/later/later-door.ts";
import { adoptWidgetStyles } from "../styles/adopt-styles.ts";
import { TAG_NAME } from "./tag-name.ts";

export { TAG_NAME };

// r2wc keeps its props under these global symbols; an attribute removed or emptied is
// not passed on by r2wc (the old value stays), so the element does that itself.
const R2WC_PROPS = Symbol.for("r2wc.props");
const R2WC_RENDER = Symbol.for("r2wc.render");
type R2wcElement = HTMLElement & { [R2WC_PROPS]: Record<string, unknown>; [R2WC_RENDER](): void };
const camelCase = (attribute: string) => attribute.replace(/-([a-z])/g, (_match, letter: string) => letter.toUpperCase());

// The API lives on the server that served this script: a script tag pasted into a
// provider's site still reaches our API.
const scriptApiBase = new URL("/api", import.meta.url).href;

function WidgetWithDefaults(props: WidgetRootProps) {
  return <WidgetRoot {...props} defaultApiBase={scriptApiBase} />;
}

/**
 * A tap already made on a painted copy (or made while the widget takes over) is answered
 * by a later screen (the extras dialog, the staff list): its chunk is fetched now, beside
 * the take-over, rather than when the replayed tap asks for it once React has committed.
 */
function fetchLaterOnTap(root: ShadowRoot): void {
  const fetchLater = () => void loadLater().catch(() => undefined);
  if (((root.host as Element & { [PAINTED_ACTIONS]?: unknown[] })[PAINTED_ACTIONS]?.length ?? 0) > 0) fetchLater();
  else if (root.querySelector(`.${PAINTED_CLASS}`)) root.addEventListener("click", fetchLater, { once: true, capture: true });
}

/**
 * Registers <booking-widget> once. Loading the script twice (two embeds on one page)
 * is harmless: the second call finds the element defined and does nothing.
 */
export function defineBookingWidget(tagName: string = TAG_NAME): CustomElementConstructor {
  const existing = customElements.get(tagName);
  if (existing) return existing;

  const Base = r2wc(WidgetWithDefaults, {
    shadow: "open",
    props: {
      company: "string",
      apiBase: "string",
      lang: "string",
      view: "string",
      options: "string",
      navigation: "string",
      firstName: "string",
      lastName: "string",
      email: "string",
      phone: "string",
      service: "string",
      staff: "string",
      theme: "string",
      sentryDsn: "string",
      sentryReplay: "string",
      preview: "string",
    },
  });

  class BookingWidgetElement extends Base {
    constructor() {
      super();
      if (this.shadowRoot) adoptWidgetStyles(this.shadowRoot);
      const props = (this as unknown as R2wcElement)[R2WC_PROPS];
      // The loader's painted copy (loader.ts) came with the page's data: the first render uses it.
      const painted = readPaintedPage(this);
      if (painted) props.painted = painted;
      if (this.shadowRoot) fetchLaterOnTap(this.shadowRoot);
      // Once per element: a first render React starts again takes the widget (its state,
      // the calls it started) the first one made.
      props.place = {};
      // Every render r2wc asks for (the first one at the first attribute or the connection,
      // then each attribute change) is a transition: React renders it in slices of a few
      // milliseconds that yield to the visitor's input (a default render is one long task,
      // ~0.4 s on a slow phone), and commits it whole. Meanwhile the painted copy stays on
      // screen and notes the taps, which the commit hands on (painted-first-screen.ts).
      const element = this as unknown as R2wcElement;
      const render = element[R2WC_RENDER].bind(element);
      element[R2WC_RENDER] = () => startTransition(render);
      // r2wc reads only non-empty attributes; sentry-dsn="" (reporting off), a bare
      // sentry-replay and a bare preview mean something.
      for (const { name, value } of Array.from(this.attributes))
        if (value === "" && (name.startsWith("sentry-") || name === "preview")) props[camelCase(name)] = "";
    }

    attributeChangedCallback(name: string, old: string | null, value: string | null) {
      const base = Base.prototype as unknown as { attributeChangedCallback(name: string, old: string | null, value: string | null): void };
      if (value) return base.attributeChangedCallback.call(this, name, old, value);
      const element = this as unknown as R2wcElement;
      element[R2WC_PROPS][camelCase(name)] = value ?? undefined;
      element[R2WC_RENDER]();
    }

    // A standalone page arrives with the first screen already painted in a declarative
    // shadow root (src/prerender/first-paint.ts), and on a provider's page the loader may
    // have painted one (loader.ts). attachShadow would empty it; keeping it, the painted
    // services stay on screen until React's first render replaces them.
    override attachShadow(init: ShadowRootInit): ShadowRoot {
      return this.shadowRoot ?? super.attachShadow(init);
    }
  }

  customElements.define(tagName, BookingWidgetElement);
  return BookingWidgetElement;
}
