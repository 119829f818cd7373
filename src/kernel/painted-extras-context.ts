import { createContext, type ReactNode } from "react";
import type { Provider, Service } from "../contract/schemas/index.ts";

/**
 * The server's first paint (src/prerender/first-paint.ts) gives each service row with
 * extras its extras dialog, closed, so that a tap on the painted row opens it at once,
 * before the widget's own script has come (painted-first-screen.ts hands it over). The
 * widget itself renders none: null outside the server's render. A render function rather
 * than a component: the dialog's code and its messages stay out of the first screen's chunk.
 */
export const PaintedExtrasContext = createContext<((service: Service, provider: Provider) => ReactNode) | null>(null);
