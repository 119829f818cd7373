import { notePaintedActions } from "booking-widget/prerender/browser";
import { applyAddressChoices } from "./address-choices.ts";
import { loadScriptOnce } from "./load-script.ts";
import { parseHostRoute } from "./route.ts";

/**
 * The standalone host page: it reads the route and mounts <booking-widget> with the
 * right view, loading the element script exactly as a provider's site would.
 */
const app = document.getElementById("app")!;
const WIDGET_SCRIPT = "/widget/booking-widget.js";
const route = parseHostRoute(location.pathname);

if (route.view === "embed") {
  // The embed builder (embed-builder/): its own chunk, loaded only on its page.
  void import("./embed-builder/mount-embed-builder.tsx").then(({ mountEmbedBuilder }) => mountEmbedBuilder(app, route.company));
} else if (route.view === "home") {
  app.innerHTML = `<section class="host-home"><h1>Booking</h1>
    <p>Open a booking page, for example <a href="/demo-salon">/demo-salon</a>,
    or the place chooser <a href="/velg/demo">/velg/demo</a>.</p></section>`;
} else if (app.querySelector("booking-widget")) {
  // A booking page the server painted (src/prerender/first-paint.ts): the element is there.
  // What the visitor does to the painted copy before the widget's script has run (taps,
  // a language chosen) is noted on the element, and the widget does it again once it has
  // taken over (painted-first-screen.ts); the painted controls are enabled from now on.
  const painted = app.querySelector("booking-widget")!;
  notePaintedActions(painted);
  applyAddressChoices(painted, location.search);
  loadScriptOnce(WIDGET_SCRIPT, { module: true });
} else {
  const widget = document.createElement("booking-widget");
  widget.setAttribute("view", route.view);
  // The host page is standalone: booking and My Page are routes of their own (spec §2).
  widget.setAttribute("navigation", "routes");
  if ("company" in route) widget.setAttribute("company", route.company);
  if (route.view === "booking" && route.options) widget.setAttribute("options", route.options);
  applyAddressChoices(widget, location.search);
  app.append(widget);
  loadScriptOnce(WIDGET_SCRIPT, { module: true });
}
