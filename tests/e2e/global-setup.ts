import { existsSync } from "node:fs";

/** The browser tests drive the built widget and host page: `npm test` builds first. */
export default function setup() {
  for (const file of ["dist/booking-widget.js", "demo/dist/host/index.html"]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: run "npm run build" before the browser tests.`);
  }
}
