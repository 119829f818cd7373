import r2wc from "@r2wc/react-to-web-component";
import { WidgetRoot, type WidgetRootProps } from "../app/WidgetRoot.tsx";
import { adoptWidgetStyles } from "./styles.ts";

export const TAG_NAME = "booking-widget";

// The API lives on the server that served this script: a script tag pasted into a
// provider's site still reaches our API.
const scriptApiBase = new URL("/api", import.meta.url).href;

function WidgetWithDefaults(props: WidgetRootProps) {
  return <WidgetRoot {...props} defaultApiBase={scriptApiBase} />;
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
    props: { company: "string", apiBase: "string", lang: "string", view: "string", options: "string", navigation: "string" },
  });

  class BookingWidgetElement extends Base {
    constructor() {
      super();
      if (this.shadowRoot) adoptWidgetStyles(this.shadowRoot);
    }

    // A standalone page arrives with the first screen already painted in a declarative
    // shadow root (demo/server/first-paint.ts). attachShadow would empty it; keeping it,
    // the painted services stay on screen until React's first render replaces them.
    override attachShadow(init: ShadowRootInit): ShadowRoot {
      return this.shadowRoot ?? super.attachShadow(init);
    }
  }

  customElements.define(tagName, BookingWidgetElement);
  return BookingWidgetElement;
}
