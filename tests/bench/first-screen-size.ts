// Prints the first screen's gzip size against its budget (npm run build first).
import { FIRST_SCREEN_BUDGET_GZIP, measureBundle } from "../support/bundle-size.ts";

const [loader, ...widget] = measureBundle("dist/booking-widget.js").firstScreen;
const total = widget.reduce((sum, file) => sum + file.gzip, 0);
console.log(
  `loader: ${loader?.gzip} bytes gzip; widget: ${total} of ${FIRST_SCREEN_BUDGET_GZIP} bytes gzip (${FIRST_SCREEN_BUDGET_GZIP - total} left)`,
);
