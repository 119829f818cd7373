// The standalone page's first script, written into the painted page right after its
// element (demo/server/site.ts), a classic script allowed by its hash: it notes taps and
// choices on the painted copy from the first paint, and enables its controls, instead of
// once the host page's script has arrived (a round trip later, sharing a phone's link with
// the widget's modules). Built on its own (tsup.config.ts): nothing else comes with it.
import { notePaintedActions } from "../app/painted-first-screen.ts";

const painted = document.querySelector("#app > booking-widget");
if (painted) notePaintedActions(painted);
